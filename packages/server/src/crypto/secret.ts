import { inspect } from 'node:util';

/**
 * A value that must never reach a log, an error message or a response by
 * accident: it prints as [redacted] through toJSON, toString and util.inspect.
 * Call `reveal()` at the single place that needs the value.
 */
export class Secret<T = string> {
  readonly #value: T;

  constructor(value: T) {
    this.#value = value;
  }

  reveal(): T {
    return this.#value;
  }

  toJSON(): string {
    return '[redacted]';
  }

  toString(): string {
    return '[redacted]';
  }

  [inspect.custom](): string {
    return '[redacted]';
  }
}
