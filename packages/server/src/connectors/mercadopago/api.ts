/**
 * Mercado Pago's REST API as the official `mercadopago` package speaks it,
 * carried by the gateway's one connector HTTP client (connectors/http.ts).
 *
 * The package's clients (`Payment`, `CardToken`, `PaymentRefund`) send
 * through a global `fetch` to a fixed base URL, with retries of their own: no
 * way to carry them over our client's time limit, retries and verdict on
 * whether a failed request reached Mercado Pago, which decides the routing
 * fallback. So this module sends what those clients send (the same paths,
 * `Authorization: Bearer <access token>`, JSON bodies typed with the
 * package's request types, `X-Idempotency-Key` on every write) and reads the
 * answers as the package does: a 2xx body typed with its response types, any
 * other status turned into its typed error by its own `buildError`
 * (`MPPaymentError`, `MPRateLimitError`, `MPServerError`, ...).
 */
import { buildError, type MercadoPagoError } from 'mercadopago';
import type { ConnectorHttpClient, HttpClientOptions } from '../http.js';

export interface MercadoPagoEndpoint {
  /** `https://api.mercadopago.com`, or a fake's loopback address in tests. */
  baseUrl: string;
  /** The connector client's limits for Mercado Pago's calls. */
  limits: HttpClientOptions;
}

/** Mercado Pago's API: an authorization may take it and the issuer tens of seconds. */
export const MERCADOPAGO_API: MercadoPagoEndpoint = { baseUrl: 'https://api.mercadopago.com', limits: { timeoutMs: 40_000, retries: 2, backoffMs: 500 } };

/** Mercado Pago's idempotency key of one operation on one of our objects (`X-Idempotency-Key`, at most 64 characters as it documents). */
export function idempotencyKey(operation: string, reference: string): string {
  return `pasarela:${operation}:${reference}`.slice(0, 64);
}

/** A non-2xx answer, as the package's own typed error (`buildError`). */
export class MercadoPagoAnswerError extends Error {
  constructor(readonly error: MercadoPagoError) {
    super(error.message);
  }
}

export class MercadoPagoApi {
  constructor(
    private readonly http: ConnectorHttpClient,
    private readonly endpoint: MercadoPagoEndpoint,
    private readonly accessToken: string,
  ) {}

  /**
   * Sends one call; answers the typed body of a 2xx. Throws the connector
   * client's `ConnectorUnreachable` / `ConnectorOutcomeUnknown` as they are,
   * and `MercadoPagoAnswerError` (the package's typed error) for any other status.
   */
  async call<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { body?: object; idempotencyKey?: string; query?: Record<string, string> } = {},
  ): Promise<T> {
    const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
    const response = await this.http.send({
      connector: 'mercadopago',
      method,
      url: `${this.endpoint.baseUrl}${path}${query}`,
      headers: { authorization: `Bearer ${this.accessToken}` },
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey, idempotencyHeader: 'x-idempotency-key' } : {}),
      limits: this.endpoint.limits,
    });
    const json = (response.json ?? {}) as Record<string, unknown>;
    if (response.status >= 200 && response.status < 300) return json as T;
    const retryAfter = Number(response.headers['retry-after']);
    throw new MercadoPagoAnswerError(buildError(response.status, json, Number.isFinite(retryAfter) ? retryAfter : null));
  }
}
