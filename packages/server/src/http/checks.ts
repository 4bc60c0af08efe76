/**
 * A route's own checks of its body or query string, reported with its schema's problems
 * (docs/api-conventions.md "Errors": every problem of a request in one 422).
 *
 * A route declares them once, in its config (`config.checks.body`, `config.checks.query`):
 * functions of what validation left of the request (unknown fields dropped, defaults filled in,
 * a query string's values coerced where they could be), which may still be ill-typed when the
 * schema failed. A check reads each field with the readers below, which give undefined for a
 * value of the wrong type, so it skips what the schema already refuses; it never reads the
 * database (what needs it stays in the handler, after validation). http/validation.ts runs it
 * inside the route's validator, on the failing path and the passing one alike: its details are
 * merged with the schema's (a field the schema already named keeps the schema's one message), and
 * a request whose checks fail never reaches its handler (unless `whenValid: 'handler'`).
 */
import type { FastifyRequest } from 'fastify';
import type { ErrorDetail } from '../errors/api-error.js';

/** A body or query string as a check sees it: an object whose values may be of any type. */
export type Loose = Readonly<Record<string, unknown>>;

/** `request`: the request (its principal, for a check that depends on the caller). */
export type RequestCheck = (input: Loose, request: FastifyRequest) => ErrorDetail[];

export interface RouteChecks {
  body?: RequestCheck;
  query?: RequestCheck;
  /**
   * `handler`: the handler runs the same checks itself, with the ones that need the database, so
   * that those come together too (a payment's amount with its unknown merchant): the validator runs
   * them only beside the schema's own problems, and leaves a request the schema accepts to the handler.
   */
  whenValid?: 'handler';
}

export const isLoose = (value: unknown): value is Loose => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The string at `key`, or undefined (absent, or of another type). */
export const textOf = (input: Loose, key: string): string | undefined => {
  const value = input[key];
  return typeof value === 'string' ? value : undefined;
};

/** The number at `key`, or undefined. */
export const numberOf = (input: Loose, key: string): number | undefined => {
  const value = input[key];
  return typeof value === 'number' ? value : undefined;
};

/** The boolean at `key`, or undefined. */
export const booleanOf = (input: Loose, key: string): boolean | undefined => {
  const value = input[key];
  return typeof value === 'boolean' ? value : undefined;
};

/** The object at `key`, or undefined. */
export const objectOf = (input: Loose, key: string): Loose | undefined => {
  const value = input[key];
  return isLoose(value) ? value : undefined;
};

/** A money amount (MoneyInput: a number or a string; the string's form is the schema's to check), or undefined. */
export const amountOf = (input: Loose, key: string): number | string | undefined => {
  const value = input[key];
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? value : undefined;
};
