/**
 * The `stripe` package's requests, sent through the gateway's one connector
 * HTTP client (connectors/http.ts): its time limit, its retries with the
 * same `Idempotency-Key`, its metrics, and its verdict on whether a failed
 * request may have reached Stripe. The package keeps building the requests
 * (paths, form encoding, headers, API version) and reading the answers
 * (objects, typed errors); this class only carries the bytes.
 *
 * A failure reaches the package as the connector client's own error
 * (`ConnectorUnreachable` or `ConnectorOutcomeUnknown`); the package wraps
 * it in a `StripeConnectionError` whose `detail` is that error
 * (errors.ts unwraps it).
 */
import Stripe from 'stripe';
import type { ConnectorHttpClient, HttpClientOptions } from '../http.js';

/** The package's request headers (its `RequestHeaders`). */
type RequestHeaders = Record<string, string | number | string[]>;

/** The answer as the package reads it: status, headers and the JSON body. */
class Answer extends Stripe.HttpClientResponse {
  constructor(
    status: number,
    headers: Record<string, string | string[] | undefined>,
    private readonly body: string,
  ) {
    super(status, headers as Record<string, string | string[]>);
  }

  /** The package hangs the answer's request id and headers on this object (`lastResponse`). */
  override getRawResponse(): object {
    return {};
  }

  override toStream(): never {
    throw new Error('the Stripe connector reads no streamed answers');
  }

  override toJSON(): Promise<unknown> {
    return Promise.resolve(this._parseResponseBody(this.body));
  }
}

export class StripeHttpClient extends Stripe.HttpClient {
  constructor(
    private readonly http: ConnectorHttpClient,
    private readonly limits: HttpClientOptions,
  ) {
    super();
  }

  override getClientName(): string {
    return 'pasarela';
  }

  override async makeRequest(
    host: string,
    port: string,
    path: string,
    method: string,
    headers: RequestHeaders,
    requestData: string,
    protocol: string,
  ): Promise<Answer> {
    const sent: Record<string, string> = {};
    let contentType = 'application/x-www-form-urlencoded';
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      if (lower === 'content-length') continue;
      if (lower === 'content-type') contentType = String(value);
      else sent[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    const response = await this.http.send({
      connector: 'stripe',
      method: method as 'GET' | 'POST' | 'DELETE',
      url: `${protocol}://${host}:${port}${path}`,
      headers: sent,
      ...(method === 'GET' || method === 'DELETE' || !requestData ? {} : { raw: { contentType, text: requestData } }),
      limits: this.limits,
    });
    return new Answer(response.status, response.headers, response.body);
  }
}
