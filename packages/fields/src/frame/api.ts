/**
 * The iframe's calls to the gateway. The iframe is served by the gateway, so
 * these are same-origin requests (no CORS; CSP connect-src 'self'), made with
 * the checkout session's token (docs/fields.md "Checkout sessions"). Paths
 * resolve against the frame's own address, so a gateway mounted under a path
 * prefix works too.
 *
 * Network errors, 429 and 5xx are retried twice with backoff and jitter,
 * with the same body and Idempotency-Key: tokenization is idempotent by card
 * fingerprint and a charge by order_id (spec 4.4), so a retry never charges twice.
 */
import type { ResultError } from '../types.js';

export type ApiReply<T> = { ok: true; body: T } | { ok: false; error: ResultError };

const ATTEMPTS = 3;
const TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function errorOf(status: number, body: unknown): ResultError {
  const error = (body as { error?: Partial<ResultError> & { code?: unknown; message?: unknown } } | undefined)?.error;
  if (error && typeof error === 'object' && typeof error.code === 'string') {
    return {
      code: error.code,
      message: typeof error.message === 'string' ? error.message : `HTTP ${status}`,
      http_status: status,
      ...(typeof error.request_id === 'string' ? { request_id: error.request_id } : {}),
      ...(Array.isArray(error.details) && error.details.length > 0 ? { details: error.details } : {}),
    };
  }
  return { code: 'http_error', message: `The gateway answered HTTP ${status}.`, http_status: status };
}

export class GatewayApi {
  constructor(private readonly token: string) {}

  post<T>(path: string, body: unknown, idempotencyKey = randomKey()): Promise<ApiReply<T>> {
    return this.send<T>('POST', path, body, idempotencyKey);
  }

  get<T>(path: string): Promise<ApiReply<T>> {
    return this.send<T>('GET', path);
  }

  private async send<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<ApiReply<T>> {
    const url = new URL(`../..${path}`, location.href).toString();
    let last: ResultError = { code: 'network_error', message: 'The gateway could not be reached.' };
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      if (attempt > 1) await sleep(250 * 2 ** (attempt - 2) * (1 + Math.random()));
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
      try {
        const response = await fetch(url, {
          method,
          headers:
            method === 'POST'
              ? { authorization: `Bearer ${this.token}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey ?? randomKey() }
              : { authorization: `Bearer ${this.token}` },
          ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
          credentials: 'omit',
          cache: 'no-store',
          signal: abort.signal,
        });
        const text = await response.text();
        let parsed: unknown;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          parsed = undefined;
        }
        if (response.ok) return { ok: true, body: parsed as T };
        last = errorOf(response.status, parsed);
        if (response.status !== 429 && response.status < 500) return { ok: false, error: last };
      } catch (error) {
        last =
          (error as Error)?.name === 'AbortError'
            ? { code: 'timeout', message: 'The gateway did not answer in time.' }
            : { code: 'network_error', message: 'The gateway could not be reached.' };
      } finally {
        clearTimeout(timer);
      }
    }
    return { ok: false, error: last };
  }
}
