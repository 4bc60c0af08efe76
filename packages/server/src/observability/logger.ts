/**
 * Structured JSON logs (pino) with the request id on every line. Authorization
 * headers, secrets, card data and CVVs are redacted by path, and values wrapped
 * in Secret (crypto/secret.ts) print as [redacted] wherever they end up.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import type { RealClock } from '../clock/clock.js';

// Explicit paths only: pino's wildcard redaction costs about a tenth of a small
// request. Bodies are never logged; values that are secrets are Secret objects.
const SENSITIVE = ['client_secret', 'secret', 'password', 'access_token', 'api_key', 'card', 'number', 'cvv', 'encrypted_cvv', 'encrypted_number', 'otp'];

// `req` and `res` are left to their serializers below, which keep only safe fields (a
// redaction path under them would run pino's redactor on every request's line).
export const REDACTED_PATHS = [
  ...SENSITIVE,
  ...SENSITIVE.map((key) => `body.${key}`),
  // A revealed card number (GET /v1/instruments/{id}?include=number) is never logged; should a view reach a log call, not its number.
  'card.number',
  'body.card.number',
  'instrument.card.number',
];

const CENSOR = '[redacted]';

/** An id of ours (lib/ids.ts): a prefix and a ULID, logged as it is. */
const OUR_ID = /^[a-z]{2,4}-[0-9a-z]{26}$/;
/** A path segment that looks like a bearer secret: 20+ base64url characters, or a JWT. */
const TOKEN_LIKE = /^(?:[A-Za-z0-9_-]{20,}|[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})$/;

/**
 * The path as the log writes it: a segment that looks like a token (a hosted
 * link's `/l/{token}`, a one-time link a client put in a path) is `[redacted]`.
 * Our own ids stay readable. A path with no segment of 20 characters costs
 * one length check.
 */
export function redactPath(path: string): string {
  if (path.length < 21) return path;
  const segments = path.split('/');
  let changed = false;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment.length >= 20 && TOKEN_LIKE.test(segment) && !OUR_ID.test(segment)) {
      segments[i] = CENSOR;
      changed = true;
    }
  }
  return changed ? segments.join('/') : path;
}

/** Log lines are written to standard output in blocks of at least this many bytes... */
const LOG_BLOCK_BYTES = 4096;
/** ...or, when fewer have come, this often. */
const LOG_FLUSH_MS = 100;
let standardOutput: DestinationStream | undefined;

/**
 * The server's log destination: standard output, written by libuv's thread pool in
 * blocks of LOG_BLOCK_BYTES, or every LOG_FLUSH_MS when traffic is light (pino's default
 * writes each line as it comes). Each write hands the pool a job, and the pool thread it
 * wakes took the event loop's core: in an off-CPU profile of an evenly paced create-payment
 * run, the event loop lost about 500 ms in 5 s to the preemptions at those hand-offs, up to
 * 18 ms at once (docs/benchmarks-history.md, "2026-11-26, reads of a payment in groups on
 * PostgreSQL, the graded cases at four times their connections"; commit 4f5618c). At a
 * process's exit what is buffered is written (pino flushes it synchronously); a process killed
 * with SIGKILL loses at most its last LOG_FLUSH_MS of lines.
 */
export function logDestination(): DestinationStream {
  if (!standardOutput) {
    const stream = pino.destination({ fd: 1, sync: false, minLength: LOG_BLOCK_BYTES });
    setInterval(() => stream.flush(), LOG_FLUSH_MS).unref();
    standardOutput = stream;
  }
  return standardOutput;
}

export function loggerOptions(level: string, clock: RealClock): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: CENSOR },
    base: { service: 'pasarela' },
    timestamp: () => `,"time":"${clock.realIso()}"`,
    serializers: {
      // Only what an operator needs; never bodies, never query strings (they may carry ids of others' data),
      // never a token-like path segment (redactPath).
      // Whether a credential came, never the credential: `[redacted]` in place of any Authorization header.
      req: (req: { id: string; method: string; url: string; headers: Record<string, unknown> }) => ({
        id: req.id,
        method: req.method,
        path: redactPath(req.url.split('?')[0]!),
        headers: { authorization: req.headers.authorization === undefined ? undefined : CENSOR, 'user-agent': req.headers['user-agent'] },
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}

/**
 * One line per request, when its answer has been sent: the request (id, method,
 * path), its status and its time in milliseconds ("request completed", or
 * "request errored" with the error). Fastify's default writes a second line
 * when the request arrives ("incoming request"): half the log writes per
 * request are left out. A request that never answers still gets its line:
 * http/timeout.ts answers it.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
