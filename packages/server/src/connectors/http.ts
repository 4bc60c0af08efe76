/**
 * The one outbound HTTP client of connectors: a time limit per attempt,
 * retries that carry the SAME `Idempotency-Key` (so the processor dedupes
 * them: a retry after a timeout never charges twice), and Prometheus metrics
 * per connector (`pasarela_connector_requests_total` by outcome,
 * `pasarela_connector_request_duration_seconds`).
 *
 * It tells the caller whether the request may have reached the processor,
 * which decides the routing fallback (connectors/routed-card-network.ts):
 * `ConnectorUnreachable` only when no attempt ever connected (refused, no
 * such host, no route): the processor cannot have acted, another account may
 * be tried. Anything after a connection (a timeout, a reset) is
 * `ConnectorOutcomeUnknown`: the payment stays pending and is looked up later.
 */
import http from 'node:http';
import https from 'node:https';
import { Counter, Histogram, type Registry } from 'prom-client';
import { ProcessorFailure } from '../errors/api-error.js';

/** The connector never reached the processor: nothing can have happened there. */
export class ConnectorUnreachable extends ProcessorFailure {
  override readonly name = 'ConnectorUnreachable';
}

/** The request may have reached the processor, and its answer is unknown (a timeout or a reset after connecting). */
export class ConnectorOutcomeUnknown extends ProcessorFailure {
  override readonly name = 'ConnectorOutcomeUnknown';
}

export interface ConnectorRequest {
  /** The registered connector's id: the metrics' label. */
  connector: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is instead of `body`, with its content type (a processor whose API takes form-encoded bodies, as its own package encoded them). */
  raw?: { contentType: string; text: string };
  /** Sent as `Idempotency-Key` on every attempt (the processor's name for it may be set in `idempotencyHeader`). */
  idempotencyKey?: string;
  idempotencyHeader?: string;
  /** This request's own limits, where the processor documents others than the client's defaults. */
  limits?: Partial<HttpClientOptions>;
}

export interface ConnectorResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Parsed when the body is JSON; undefined otherwise. */
  json: unknown;
  attempts: number;
}

export interface HttpClientOptions {
  /** Per attempt, from sending to the end of the answer. */
  timeoutMs: number;
  /** Attempts after the first, on a refused connection, a timeout, a reset, 429 or 5xx. */
  retries: number;
  /** Before retry n (from 1): backoffMs × 2^(n−1). */
  backoffMs: number;
}

const DEFAULTS: HttpClientOptions = { timeoutMs: 10_000, retries: 2, backoffMs: 250 };
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);
const MAX_BODY_BYTES = 1 << 20;

type AttemptOutcome = { kind: 'answer'; response: Omit<ConnectorResponse, 'attempts'> } | { kind: 'unreachable' | 'unknown'; error: Error };

export class ConnectorHttpClient {
  private readonly options: HttpClientOptions;
  private readonly requests: Counter<'connector' | 'outcome'>;
  private readonly duration: Histogram<'connector'>;

  constructor(registry: Registry, options: Partial<HttpClientOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
    this.requests = new Counter({
      name: 'pasarela_connector_requests_total',
      help: 'Connector HTTP attempts, by connector and outcome (2xx, 4xx, 5xx, unreachable, timeout_or_reset).',
      labelNames: ['connector', 'outcome'] as const,
      registers: [registry],
    });
    this.duration = new Histogram({
      name: 'pasarela_connector_request_duration_seconds',
      help: 'Connector HTTP attempts, from sending to the end of the answer or the failure.',
      labelNames: ['connector'] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    });
  }

  /**
   * Sends the request, retrying on a refused connection, a timeout, a reset,
   * 429 and 5xx (with the same idempotency key). Answers the last HTTP
   * answer (any status); throws ConnectorUnreachable when no attempt
   * connected, ConnectorOutcomeUnknown when the last failure came after one did.
   */
  async send(request: ConnectorRequest): Promise<ConnectorResponse> {
    const limits = { ...this.options, ...request.limits };
    let everConnected = false;
    let last: AttemptOutcome | undefined;
    for (let attempt = 0; attempt <= limits.retries; attempt++) {
      if (attempt > 0 && limits.backoffMs > 0) await pause(limits.backoffMs * 2 ** (attempt - 1));
      last = await this.attempt(request, limits.timeoutMs);
      if (last.kind === 'answer') {
        everConnected = true;
        const status = last.response.status;
        if (status !== 429 && status < 500) return { ...last.response, attempts: attempt + 1 };
      } else if (last.kind === 'unknown') {
        everConnected = true;
      }
    }
    if (last!.kind === 'answer') return { ...last!.response, attempts: limits.retries + 1 };
    if (!everConnected) throw new ConnectorUnreachable(`${request.connector}: ${last!.error.message}`);
    throw new ConnectorOutcomeUnknown(`${request.connector}: ${last!.error.message}`);
  }

  private attempt(request: ConnectorRequest, timeoutMs: number): Promise<AttemptOutcome> {
    const target = new URL(request.url);
    const transport = target.protocol === 'https:' ? https : http;
    const payload = request.raw ? request.raw.text : request.body === undefined ? undefined : JSON.stringify(request.body);
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'Pasarela-Connectors/1', ...request.headers };
    if (payload !== undefined) {
      headers['content-type'] = request.raw ? request.raw.contentType : 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    if (request.idempotencyKey) headers[request.idempotencyHeader ?? 'idempotency-key'] = request.idempotencyKey;
    const started = performance.now();
    const finish = (outcome: AttemptOutcome, label: string): AttemptOutcome => {
      this.requests.inc({ connector: request.connector, outcome: label });
      this.duration.observe({ connector: request.connector }, (performance.now() - started) / 1000);
      return outcome;
    };
    return new Promise((resolve) => {
      let connected = false;
      let settled = false;
      const settle = (outcome: AttemptOutcome, label: string) => {
        if (settled) return;
        settled = true;
        resolve(finish(outcome, label));
      };
      const req = transport.request(target, { method: request.method, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_BODY_BYTES) chunks.push(chunk);
        });
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = body ? JSON.parse(body) : undefined;
          } catch {
            json = undefined;
          }
          const status = response.statusCode ?? 0;
          settle({ kind: 'answer', response: { status, headers: response.headers, body, json } }, `${Math.floor(status / 100)}xx`);
        });
        response.on('error', (error) => settle({ kind: 'unknown', error }, 'timeout_or_reset'));
      });
      req.on('socket', (socket) => {
        if (!socket.connecting) connected = true;
        else socket.once('connect', () => (connected = true));
      });
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', (error: NodeJS.ErrnoException) => {
        const neverSent = !connected && (NOT_CONNECTED.has(error.code ?? '') || !error.code);
        if (neverSent) settle({ kind: 'unreachable', error }, 'unreachable');
        else settle({ kind: 'unknown', error }, 'timeout_or_reset');
      });
      req.end(payload);
    });
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
