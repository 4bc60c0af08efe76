/**
 * One HTTP exchange with the gateway, with the client's rules: bearer token,
 * an `Idempotency-Key` on every write, retries with exponential backoff and
 * full jitter (network errors, 409 `idempotency_conflict`, 429 honouring
 * `Retry-After`, 5xx) under the same key, one token renewal on a 401, and the
 * connect and read deadlines. Uses the global `fetch` (or the one given).
 */
import { ConnectionError, errorFromResponse, type PasarelaError } from './errors.js';
import { uuid } from './encoding.js';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Per-request options; each overrides the client's setting for this call. */
export interface RequestOptions {
  /** Sent as `Idempotency-Key` (8 to 64 characters). By default a UUID is generated for every POST, PUT, PATCH and DELETE, and kept across retries. */
  idempotencyKey?: string;
  /** Retries after the first attempt. */
  maxRetries?: number;
  /** Milliseconds until the answer's headers arrive. */
  connectTimeout?: number;
  /** Milliseconds until the whole answer is read, from the start of the attempt. */
  readTimeout?: number;
  /** Aborts the request (and its retries); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

export interface RetrySettings {
  maxRetries: number;
  /** The first backoff ceiling, doubled at each retry. */
  baseDelayMs: number;
  /** The largest backoff ceiling. */
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the error is thrown. */
  maxRetryAfterMs: number;
}

export interface TransportSettings {
  baseUrl: string;
  fetch: FetchLike;
  retry: RetrySettings;
  connectTimeout: number;
  readTimeout: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
}

/** Where a request's bearer token comes from. */
export interface Credentials {
  token(): Promise<string>;
  /** Drops `stale` after a 401; false when the token cannot be renewed (a static token). */
  invalidate(stale: string): boolean;
}

export interface Call {
  method: Method;
  path: string;
  query?: object | undefined;
  /** JSON, or FormData for a multipart upload. */
  body?: unknown;
  /** false: no Authorization header (the OAuth endpoints). */
  auth?: boolean;
  /** false: no Idempotency-Key (the OAuth endpoints). */
  idempotent?: boolean;
  /** 'blob': the answer's bytes instead of JSON; 'file': the same as a File named by its Content-Disposition. */
  as?: 'json' | 'blob' | 'file';
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  blob?: Blob;
}

class Timeout extends Error {
  constructor(
    readonly which: 'connect' | 'read',
    ms: number,
  ) {
    super(`no ${which === 'connect' ? 'answer' : 'complete answer'} within ${ms} ms (${which}Timeout)`);
  }
}

const WRITES: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A network failure in words: fetch's "fetch failed" names its reason only in `cause` (ECONNREFUSED, ENOTFOUND, ...). */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  const reason = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : undefined;
  return reason ? `${message} (${reason})` : message;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `Retry-After` in milliseconds: delta-seconds or an HTTP date. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The file name a `Content-Disposition: attachment` answer gives (`filename*=UTF-8''...` or `filename="..."`), or `download`. */
export function attachmentName(headers: Headers): string {
  const value = headers.get('content-disposition') ?? '';
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(value)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(value)?.[1] || /filename\s*=\s*([^;\s]+)/i.exec(value)?.[1] || 'download';
}

export function queryString(query: object | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export class Transport {
  constructor(
    readonly settings: TransportSettings,
    private readonly credentials: Credentials | undefined,
  ) {}

  /** Full jitter: a random wait between 0 and min(maxDelay, base × 2^retry). */
  backoff(retry: number): number {
    const { baseDelayMs, maxDelayMs } = this.settings.retry;
    return Math.floor(this.settings.random() * Math.min(maxDelayMs, baseDelayMs * 2 ** retry));
  }

  /** How long to wait before retrying after `error`, or undefined when it is not retried. */
  private retryDelay(error: PasarelaError, retry: number): number | undefined {
    const retryable = error.status === 429 || error.status >= 500 || (error.status === 409 && error.code === 'idempotency_conflict');
    if (!retryable) return undefined;
    const advised = error.headers ? retryAfterMs(error.headers) : undefined;
    if (advised === undefined) return this.backoff(retry);
    if (advised > this.settings.retry.maxRetryAfterMs) return undefined;
    return advised;
  }

  async request<T>(call: Call, options: RequestOptions = {}): Promise<T> {
    const maxRetries = options.maxRetries ?? this.settings.retry.maxRetries;
    const idempotencyKey = call.idempotent !== false && WRITES.has(call.method) ? (options.idempotencyKey ?? uuid()) : options.idempotencyKey;
    const useToken = call.auth !== false && this.credentials !== undefined;
    let renewed = false;
    for (let retry = 0; ; ) {
      const token = useToken ? await this.credentials.token() : undefined;
      let answer: Answer;
      try {
        answer = await this.attempt(call, { ...options, idempotencyKey }, token);
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason;
        if (retry < maxRetries) {
          await this.settings.sleep(this.backoff(retry++), options.signal);
          continue;
        }
        const message = error instanceof Timeout ? error.message : `could not reach ${this.settings.baseUrl}: ${describe(error)}`;
        throw new ConnectionError(message, error, error instanceof Timeout ? 'timeout' : 'connection_error');
      }
      if (answer.status >= 200 && answer.status < 300) {
        if (call.as === 'blob') return answer.blob as T;
        if (call.as === 'file') return new File([answer.blob!], attachmentName(answer.headers), { type: answer.blob!.type }) as T;
        return (answer.text ? JSON.parse(answer.text) : undefined) as T;
      }
      // A 401 with a token that can be renewed: once, and not counted as a retry.
      if (answer.status === 401 && token !== undefined && !renewed && this.credentials!.invalidate(token)) {
        renewed = true;
        continue;
      }
      const error = errorFromResponse(answer.status, answer.headers, answer.text);
      const delay = retry < maxRetries ? this.retryDelay(error, retry) : undefined;
      if (delay === undefined) throw error;
      retry++;
      await this.settings.sleep(delay, options.signal);
    }
  }

  private async attempt(call: Call, options: RequestOptions, token: string | undefined): Promise<Answer> {
    // Strict handling (RFC 7240): a field or query parameter the server does not know is a 422
    // naming it, not silently ignored (a request's `headers` may say `prefer: handling=lenient`).
    const headers: Record<string, string> = { accept: 'application/json', prefer: 'handling=strict', ...options.headers };
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
    let body: BodyInit | undefined;
    if (call.body instanceof FormData) body = call.body;
    else if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      headers['content-type'] = 'application/json';
    }
    const connectMs = options.connectTimeout ?? this.settings.connectTimeout;
    const readMs = options.readTimeout ?? this.settings.readTimeout;
    const controller = new AbortController();
    let timedOut: Timeout | undefined;
    const expire = (which: 'connect' | 'read', ms: number) => () => {
      timedOut = new Timeout(which, ms);
      controller.abort(timedOut);
    };
    const onAbort = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) throw options.signal.reason;
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const connectTimer = setTimeout(expire('connect', connectMs), connectMs);
    const readTimer = setTimeout(expire('read', readMs), readMs);
    // Also settles when a fetch implementation ignores its signal.
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
    });
    aborted.catch(() => undefined);
    try {
      const response = await Promise.race([
        this.settings.fetch(this.settings.baseUrl + call.path + queryString(call.query), {
          method: call.method,
          headers,
          body,
          signal: controller.signal,
        }),
        aborted,
      ]);
      clearTimeout(connectTimer);
      if ((call.as === 'blob' || call.as === 'file') && response.ok) {
        const blob = await Promise.race([response.blob(), aborted]);
        return { status: response.status, headers: response.headers, text: '', blob };
      }
      return { status: response.status, headers: response.headers, text: await Promise.race([response.text(), aborted]) };
    } catch (error) {
      throw timedOut ?? error;
    } finally {
      clearTimeout(connectTimer);
      clearTimeout(readTimer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }
}
