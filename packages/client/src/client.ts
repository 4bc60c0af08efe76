/**
 * `new Pasarela({ baseUrl, clientId, clientSecret })` on a server, or
 * `new Pasarela({ baseUrl, token })` with a browser credential (for example a
 * checkout session's token). See the package README.
 */
import { Cards } from './cards.js';
import { ClientCredentials, StaticToken } from './credentials.js';
import * as r from './resources.js';
import { sleep, Transport, type Credentials, type FetchLike, type RequestOptions, type RetrySettings } from './transport.js';
import type { AccessToken, RequestBody, ResponseBody } from './types.js';
import { verifyWebhook } from './webhooks.js';

interface CommonOptions {
  /** The gateway's address, e.g. `https://sandbox.pasarela.example` (a path prefix is kept). */
  baseUrl: string;
  /** Retries after the first attempt (default 2). */
  maxRetries?: number;
  /** Milliseconds until an answer's headers arrive (default 10 000). */
  connectTimeout?: number;
  /** Milliseconds until an answer is completely read, from the start of the attempt (default 20 000). */
  readTimeout?: number;
  /** Backoff: the first ceiling (default 500 ms), doubled at each retry up to `maxDelayMs` (default 8 000 ms). */
  retryDelay?: { baseMs?: number; maxMs?: number; maxRetryAfterMs?: number };
  /** Another fetch (a proxy agent, tests). Default: the global fetch. */
  fetch?: FetchLike;
  /** Waits between retries (tests). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Random numbers in [0, 1) for the jitter (tests). */
  random?: () => number;
}

export interface ClientCredentialsOptions extends CommonOptions {
  clientId: string;
  clientSecret: string;
  /** Space-separated permissions, a subset of the client's (default: all of them). */
  scope?: string;
  /** The deployment's PUBLIC_BASE_URL, the token's audience. Default: `baseUrl`. */
  audience?: string;
  token?: never;
}

export interface TokenOptions extends CommonOptions {
  /** A bearer token (a browser credential, or one you manage yourself). Never put client secrets in a browser. */
  token: string;
  clientId?: never;
  clientSecret?: never;
}

export type PasarelaOptions = ClientCredentialsOptions | TokenOptions;

export const DEFAULTS = {
  maxRetries: 2,
  connectTimeout: 10_000,
  readTimeout: 20_000,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
} as const;

export class Pasarela {
  /** Webhook verification, with no client needed: `await Pasarela.webhooks.verify(rawBody, headers, secret)`. */
  static readonly webhooks = { verify: verifyWebhook };

  readonly transport: Transport;
  readonly payments;
  readonly intents;
  readonly transactions;
  readonly refunds;
  readonly instruments;
  readonly encryptionKeys;
  readonly cards: Cards;
  readonly links;
  /** Webhook endpoints (`/v1/webhooks`); `verify` checks a delivery. */
  readonly webhooks;
  readonly events;
  readonly organizations;
  readonly chargebacks;
  readonly users;
  readonly cashouts;
  /** Bre-B keys (`/v1/bre-b/keys`): register, list, retrieve, delete, look up, static QR. */
  readonly breB;
  readonly merchants;
  readonly pointsOfSale;
  readonly terminals;
  readonly feeRules;
  readonly fraud;
  readonly threeDs;
  readonly cardPresent;
  readonly paymentInstructions;
  readonly bins;
  readonly banks;
  readonly sandbox;
  /** The balance (`/v1/balance`), its ledger entries and settings. */
  readonly balance;
  readonly settlements;
  readonly payouts;
  /** Reconciliation and balance reports; `download` gives the rows as a File. */
  readonly reports;
  readonly connectorAccounts;
  readonly connectors;
  readonly routing;
  readonly oauth;

  constructor(options: PasarelaOptions) {
    if (!options?.baseUrl) throw new TypeError('Pasarela: baseUrl is required');
    const baseUrl = options.baseUrl.replace(/\/+$/, '');
    const fetchImpl = options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));
    const retry: RetrySettings = {
      maxRetries: options.maxRetries ?? DEFAULTS.maxRetries,
      baseDelayMs: options.retryDelay?.baseMs ?? DEFAULTS.baseDelayMs,
      maxDelayMs: options.retryDelay?.maxMs ?? DEFAULTS.maxDelayMs,
      maxRetryAfterMs: options.retryDelay?.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs,
    };
    const settings = {
      baseUrl,
      fetch: fetchImpl,
      retry,
      connectTimeout: options.connectTimeout ?? DEFAULTS.connectTimeout,
      readTimeout: options.readTimeout ?? DEFAULTS.readTimeout,
      sleep: options.sleep ?? sleep,
      random: options.random ?? Math.random,
    };
    // The token endpoint is called through a transport of its own: same retries, no bearer, no idempotency key.
    const tokenTransport = new Transport(settings, undefined);
    let credentials: Credentials;
    if (typeof options.token === 'string') credentials = new StaticToken(options.token);
    else if (options.clientId && options.clientSecret) {
      const grant = {
        grant_type: 'client_credentials',
        client_id: options.clientId,
        client_secret: options.clientSecret,
        audience: options.audience ?? baseUrl,
        ...(options.scope ? { scope: options.scope } : {}),
      };
      credentials = new ClientCredentials(() =>
        tokenTransport.request<AccessToken>({ method: 'POST', path: '/oauth/token', body: grant, auth: false, idempotent: false }),
      );
      this.oauthGrant = grant;
    } else throw new TypeError('Pasarela: give either clientId and clientSecret, or token');
    this.transport = new Transport(settings, credentials);

    const api = new r.Api(this.transport);
    this.payments = r.payments(api);
    this.intents = this.payments.intents;
    this.transactions = r.transactions(api);
    this.refunds = r.refunds(api);
    this.instruments = r.instruments(api);
    this.encryptionKeys = r.encryptionKeys(api);
    this.cards = new Cards({ retrieve: () => this.encryptionKeys.retrieve(), create: () => this.encryptionKeys.create() });
    this.links = r.links(api);
    this.webhooks = { ...r.webhookEndpoints(api), verify: verifyWebhook };
    this.events = r.events(api);
    this.organizations = r.organizations(api);
    this.chargebacks = r.chargebacks(api);
    this.users = r.users(api);
    this.cashouts = r.cashouts(api);
    this.breB = r.breB(api);
    this.merchants = r.merchants(api);
    this.pointsOfSale = r.pointsOfSale(api);
    this.terminals = r.terminals(api);
    this.feeRules = r.feeRules(api);
    this.fraud = r.fraud(api);
    this.threeDs = r.threeDs(api);
    this.cardPresent = r.cardPresent(api);
    this.paymentInstructions = r.paymentInstructions(api);
    const reference = r.reference(api);
    this.bins = reference.bins;
    this.banks = reference.banks;
    this.sandbox = reference.sandbox;
    this.balance = r.balance(api);
    this.settlements = r.settlements(api);
    this.payouts = r.payouts(api);
    this.reports = r.reports(api);
    this.connectorAccounts = r.connectorAccounts(api);
    this.connectors = r.connectors(api);
    this.routing = r.routing(api);
    this.oauth = {
      /** Revokes this client's tokens (or one, with `token`); the next call fetches a new one. */
      revoke: (body: Pick<RequestBody<'oauth.revoke'>, 'token'> = {}, requestOptions?: RequestOptions) => {
        if (!this.oauthGrant) throw new TypeError('Pasarela: revoking needs client credentials');
        return tokenTransport.request<ResponseBody<'oauth.revoke'>>(
          { method: 'POST', path: '/oauth/revoke', body: { ...this.oauthGrant, ...body }, auth: false, idempotent: false },
          requestOptions,
        );
      },
    };
  }

  private oauthGrant: Record<string, string> | undefined;
}
