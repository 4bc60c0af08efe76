/**
 * A fake Stripe on a real loopback port, speaking the part of Stripe's HTTP
 * API the Stripe connector uses (src/connectors/stripe/), as Stripe's API
 * reference defines it: form-encoded bodies with bracketed keys, Bearer
 * secret keys, `Idempotency-Key` replay (the first answer again, with
 * `Idempotent-Replayed: true`; the same key with other parameters is an
 * `idempotency_error`), Stripe's error JSON (`{ error: { type, code,
 * decline_code, message, payment_intent } }`) and its test cards:
 *
 * - 4242424242424242, 5555555555554444: authorized (`requires_capture`).
 * - 4000000000000002: `card_declined`, `generic_decline`.
 * - 4000000000009995: `card_declined`, `insufficient_funds`.
 * - 4000000000000069: `expired_card`.
 * - 4000002500003155: needs authentication (3-D Secure): with
 *   `error_on_requires_action`, `authentication_required`; else
 *   `requires_action`, its `next_action` `redirect_to_url` (to the fake's own
 *   3-D Secure page, `/3ds/{pi}`) when a `return_url` was sent, or
 *   `use_stripe_sdk` (also when `authenticationAction` says so).
 *
 * The fake's 3-D Secure page plays the cardholder: `GET /3ds/{pi}` shows two
 * links, `?result=succeed` (the PaymentIntent `requires_capture`) and
 * `?result=fail` (back to `requires_payment_method` with
 * `payment_intent_authentication_failure`); either answers 302 to the
 * `return_url` with `payment_intent`, `payment_intent_client_secret` and
 * `redirect_status`, as Stripe does. `authenticate(pi, result)` does the same
 * without a browser.
 *
 * Refunds (`POST /v1/refunds`) succeed at once, or answer `pending` while
 * `refundStatus` says so; `GET /v1/refunds/{id}` reads one as it is now (404
 * `resource_missing` for an id Stripe never gave), and `settleRefund` ends a
 * pending one (`succeeded` or `failed`) as the issuer would, without sending
 * its notification; `failRefund` fails one that had succeeded (Stripe's
 * `succeeded` → `failed`, the money back to the balance).
 *
 * Its answers are typed with the `stripe` package's own types
 * (`Stripe.PaymentIntent`, `Stripe.PaymentMethod`, `Stripe.Refund`), so a
 * field the package does not know fails to compile.
 *
 * `mode` injects faults: `slow` processes each PaymentIntent creation but
 * answers only when `release()` is called (a timeout after Stripe acted),
 * `rate_limited` answers 429 and `api_error` 500 without processing;
 * `dropNextAuthorization` processes the next PaymentIntent creation and
 * closes the connection instead of answering (a lost answer). `close()`
 * stops it (connections refused).
 */
import { type FakeServerOptions, listenFake } from './fake-server.js';
import { createHash, randomBytes } from 'node:crypto';
import type http from 'node:http';
import type https from 'node:https';
import Stripe from 'stripe';
import { type Form, id, luhn, parseForm, paymentIntent, paymentMethod, seconds } from './fake-stripe-objects.js';
import type { TestGateway } from './gateway.js';
import { routeCardsTo } from './connector-accounts.js';

export { paymentIntent } from './fake-stripe-objects.js';

type Json = Stripe.PaymentIntent | Stripe.PaymentMethod | Stripe.Refund | Stripe.ApiSearchResult<Stripe.PaymentIntent> | { error: Stripe.StripeRawError };
interface Answer {
  status: number;
  body: Json;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The form body with any card number and CVC masked (the fake keeps no card data in its log). */
  form: Form;
}

const DECLINES: Record<string, Stripe.StripeRawError> = {
  '4000000000000002': { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { type: 'card_error', code: 'expired_card', message: 'Your card has expired.' },
};
const AUTHENTICATION = '4000002500003155';

const error = (status: number, raw: Stripe.StripeRawError): Answer => ({ status, body: { error: raw } });
const unexpectedState = (intent: Stripe.PaymentIntent, action: string): Answer =>
  error(400, {
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    message: `This PaymentIntent could not be ${action} because it has a status of ${intent.status}.`,
  });

export class FakeStripe {
  readonly requests: FakeStripeRequest[] = [];
  readonly intents = new Map<string, Stripe.PaymentIntent>();
  readonly refunds = new Map<string, Stripe.Refund>();
  mode: 'normal' | 'slow' | 'rate_limited' | 'api_error' = 'normal';
  /** How a refund answers: at once, or `pending` until `settleRefund` (some issuers settle card refunds later). */
  refundStatus: 'succeeded' | 'pending' = 'succeeded';
  /** What the 3-D Secure card's PaymentIntent asks for: Stripe's page (with a return_url), or Stripe.js on the merchant's page. */
  authenticationAction: 'redirect_to_url' | 'use_stripe_sdk' = 'redirect_to_url';
  dropNextAuthorization = false;
  /**
   * While set, a PaymentIntent creation waits for it before Stripe acts on it: the request is in
   * flight and Stripe has nothing yet (its search finds no PaymentIntent of ours).
   */
  stall: Promise<void> | undefined;
  /** Resolved as a PaymentIntent creation arrives while `stall` is set. */
  stalled: Promise<void> | undefined;
  private arrived: (() => void) | undefined;
  /** The idempotency keys whose first answer was sent again. */
  readonly replayed: string[] = [];
  private readonly cards = new Map<string, string>();
  private readonly idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  private readonly held: Array<() => void> = [];
  private readonly server: http.Server | https.Server;

  private constructor(
    readonly secretKey: string,
    readonly port: number,
    server: http.Server | https.Server,
    /** Where it listens: `STRIPE_API_URL` for a gateway process. */
    readonly origin: string,
  ) {
    this.server = server;
  }

  static async start(secretKey = `sk_test_${randomBytes(12).toString('hex')}`, options: FakeServerOptions = {}): Promise<FakeStripe> {
    const ready: { fake?: FakeStripe } = {};
    const { server, port, origin } = await listenFake((req, res) => ready.fake!.receive(req, res), options);
    ready.fake = new FakeStripe(secretKey, port, server, origin);
    return ready.fake;
  }

  /** The connector's endpoint option for this fake (src/connectors/stripe/index.ts). */
  endpoint(limits: { timeoutMs?: number; retries?: number; backoffMs?: number } = {}) {
    return {
      host: '127.0.0.1',
      port: this.port,
      protocol: this.origin.startsWith('https:') ? ('https' as const) : ('http' as const),
      limits: { timeoutMs: limits.timeoutMs ?? 5_000, retries: limits.retries ?? 0, backoffMs: limits.backoffMs ?? 0 },
    };
  }

  /** Holds the PaymentIntent creations that arrive from now until the returned function is called (`stall`). */
  stallAuthorizations(): () => void {
    let go!: () => void;
    this.stall = new Promise<void>((resolve) => (go = resolve));
    this.stalled = new Promise<void>((resolve) => (this.arrived = resolve));
    return () => {
      this.stall = undefined;
      go();
    };
  }

  /** Sends the answers `slow` held back. */
  release(): void {
    for (const send of this.held.splice(0)) send();
  }

  /** Stops listening and drops held connections: from now on connections are refused. */
  async close(): Promise<void> {
    this.held.splice(0);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private receive(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'GET' && url.pathname.startsWith('/3ds/')) return this.authenticationPage(url, res);
      if (this.stall && req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        this.arrived?.();
        await this.stall;
      }
      const text = Buffer.concat(chunks).toString('utf8');
      const form = parseForm(text);
      const key = req.headers['idempotency-key'] as string | undefined;
      const masked = structuredClone(form);
      const card = masked['card'];
      if (card && typeof card === 'object') for (const field of ['number', 'cvc']) if (card[field]) card[field] = '[masked]';
      this.requests.push({
        method: req.method ?? '',
        path: url.pathname,
        idempotencyKey: key,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        form: masked,
      });
      const send = (answer: Answer, replayed = false) => {
        const headers: Record<string, string> = { 'content-type': 'application/json', 'request-id': id('req') };
        if (key) headers['idempotency-key'] = key;
        if (replayed) headers['idempotent-replayed'] = 'true';
        res.writeHead(answer.status, headers).end(JSON.stringify(answer.body));
      };
      if (this.mode === 'rate_limited')
        return send(error(429, { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly.' }));
      if (this.mode === 'api_error') return send(error(500, { type: 'api_error', message: 'An unknown error occurred.' }));
      if (req.headers.authorization !== `Bearer ${this.secretKey}`)
        return send(error(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' }));
      let answer: Answer;
      let replayed = false;
      const fingerprint = createHash('sha256').update(`${req.method} ${url.pathname} ${text}`).digest('hex');
      const earlier = key && req.method === 'POST' ? this.idempotent.get(key) : undefined;
      if (earlier && earlier.fingerprint !== fingerprint) {
        answer = error(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      } else if (earlier) {
        answer = earlier.answer;
        replayed = true;
      } else {
        answer = this.handle(req.method ?? 'GET', url, form);
        // The answer as it was sent: a replay sends the same bytes again, whatever the object became since.
        if (key && req.method === 'POST') this.idempotent.set(key, { fingerprint, answer: structuredClone(answer) });
      }
      if (replayed) this.replayed.push(key!);
      const authorization = req.method === 'POST' && url.pathname === '/v1/payment_intents';
      if (authorization && this.dropNextAuthorization) {
        this.dropNextAuthorization = false;
        res.socket?.destroy();
      } else if (authorization && this.mode === 'slow') this.held.push(() => send(answer, replayed));
      else send(answer, replayed);
    });
  }

  private handle(method: string, url: URL, form: Form): Answer {
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/payment_methods') return this.createPaymentMethod(form);
    if (method === 'POST' && path === '/v1/payment_intents') return this.createPaymentIntent(form);
    if (method === 'GET' && path === '/v1/payment_intents/search') return this.search(url.searchParams.get('query') ?? '');
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(form);
    const refundId = /^\/v1\/refunds\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && refundId) {
      const refund = this.refunds.get(refundId);
      return refund
        ? { status: 200, body: refund }
        : error(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such refund: '${refundId}'` });
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(path);
    const intent = match && this.intents.get(match[1]!);
    if (match && !intent)
      return error(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${match[1]}'` });
    if (intent && method === 'GET' && !match[2]) return { status: 200, body: intent };
    if (intent && method === 'POST' && match[2] === 'capture') return this.capture(intent, form);
    if (intent && method === 'POST' && match[2] === 'cancel') return this.cancel(intent, form);
    return error(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  private createPaymentMethod(form: Form): Answer {
    const card = form['card'];
    const number = typeof card === 'object' ? String(card['number'] ?? '') : '';
    if (form['type'] !== 'card' || !luhn(number))
      return error(402, { type: 'card_error', code: 'incorrect_number', param: 'card[number]', message: 'Your card number is incorrect.' });
    const method = paymentMethod(form, number);
    this.cards.set(method.id, number);
    return { status: 200, body: method };
  }

  private createPaymentIntent(form: Form): Answer {
    const number = this.cards.get(String(form['payment_method']));
    if (!number) return error(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method', message: 'No such PaymentMethod.' });
    if (!(Number(form['amount']) > 0))
      return error(400, { type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'amount', message: 'Invalid integer.' });
    const intent = paymentIntent(form, String(form['payment_method']));
    this.intents.set(intent.id, intent);
    if (form['confirm'] !== 'true') return { status: 200, body: intent };
    const decline = DECLINES[number];
    const needsAuthentication = number === AUTHENTICATION;
    if (decline || (needsAuthentication && form['error_on_requires_action'] === 'true')) {
      const raw: Stripe.StripeRawError = decline ?? {
        type: 'card_error',
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      };
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code: raw.code,
        ...(raw.decline_code ? { decline_code: raw.decline_code } : {}),
        message: raw.message!,
      };
      return error(402, { ...raw, payment_intent: intent });
    }
    if (needsAuthentication) {
      intent.status = 'requires_action';
      const returnUrl = typeof form['return_url'] === 'string' ? form['return_url'] : undefined;
      intent.next_action =
        returnUrl && this.authenticationAction === 'redirect_to_url'
          ? { type: 'redirect_to_url', redirect_to_url: { url: `${this.origin}/3ds/${intent.id}`, return_url: returnUrl } }
          : { type: 'use_stripe_sdk', use_stripe_sdk: {} };
      return { status: 200, body: intent };
    }
    const automatic = intent.capture_method !== 'manual';
    intent.status = automatic ? 'succeeded' : 'requires_capture';
    intent.amount_capturable = automatic ? 0 : intent.amount;
    intent.amount_received = automatic ? intent.amount : 0;
    intent.latest_charge = id('ch');
    return { status: 200, body: intent };
  }

  /**
   * The cardholder finishes Stripe's 3-D Secure of a PaymentIntent waiting for
   * it: `succeed` holds the amount (`requires_capture`), `fail` sends it back to
   * `requires_payment_method`. Where Stripe sends the cardholder then, or
   * undefined for a PaymentIntent that waits for no authentication.
   */
  authenticate(intentId: string, result: 'succeed' | 'fail'): string | undefined {
    const intent = this.intents.get(intentId);
    const redirect = intent?.status === 'requires_action' ? intent.next_action?.redirect_to_url : undefined;
    if (!intent || !redirect?.return_url) return undefined;
    intent.next_action = null;
    if (result === 'succeed') Object.assign(intent, { status: 'requires_capture', amount_capturable: intent.amount, latest_charge: id('ch') });
    else
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: {
          type: 'invalid_request_error',
          code: 'payment_intent_authentication_failure',
          message: 'The provided PaymentMethod has failed authentication.',
        },
      });
    const back = new URL(redirect.return_url);
    back.searchParams.set('payment_intent', intent.id);
    back.searchParams.set('payment_intent_client_secret', intent.client_secret ?? '');
    back.searchParams.set('redirect_status', result === 'succeed' ? 'succeeded' : 'failed');
    return back.toString();
  }

  private authenticationPage(url: URL, res: http.ServerResponse): void {
    const intentId = url.pathname.slice('/3ds/'.length);
    const result = url.searchParams.get('result');
    if (result === 'succeed' || result === 'fail') {
      const back = this.authenticate(intentId, result);
      if (!back) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('No authentication waits for this PaymentIntent.');
      return void res.writeHead(302, { location: back }).end();
    }
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="en"><title>3D Secure test</title><main><h1>3D Secure 2 test page</h1>` +
          `<p><a href="?result=succeed">Complete</a> <a href="?result=fail">Fail</a></p></main></html>`,
      );
  }

  private search(query: string): Answer {
    const wanted = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query);
    const data = wanted ? [...this.intents.values()].filter((i) => i.metadata[wanted[1]!] === wanted[2]) : [];
    return { status: 200, body: { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' } };
  }

  private capture(intent: Stripe.PaymentIntent, form: Form): Answer {
    if (intent.status !== 'requires_capture') return unexpectedState(intent, 'captured');
    const amount = form['amount_to_capture'] === undefined ? intent.amount_capturable : Number(form['amount_to_capture']);
    if (!(amount > 0) || amount > intent.amount_capturable)
      return error(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount_to_capture',
        message: 'The amount to capture is too large.',
      });
    Object.assign(intent, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
    return { status: 200, body: intent };
  }

  private cancel(intent: Stripe.PaymentIntent, form: Form): Answer {
    if (intent.status === 'succeeded' || intent.status === 'canceled') return unexpectedState(intent, 'canceled');
    Object.assign(intent, {
      status: 'canceled',
      amount_capturable: 0,
      canceled_at: seconds(),
      cancellation_reason: typeof form['cancellation_reason'] === 'string' ? form['cancellation_reason'] : null,
    });
    return { status: 200, body: intent };
  }

  private createRefund(form: Form): Answer {
    const intent = this.intents.get(String(form['payment_intent']));
    if (!intent) return error(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_intent', message: 'No such payment_intent.' });
    if (intent.status !== 'succeeded')
      return error(400, { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'This PaymentIntent has no successful charge to refund.' });
    const refunded = [...this.refunds.values()]
      .filter((r) => r.payment_intent === intent.id && r.status !== 'failed' && r.status !== 'canceled')
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = form['amount'] === undefined ? intent.amount_received - refunded : Number(form['amount']);
    if (refunded >= intent.amount_received)
      return error(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' });
    if (!(amount > 0) || refunded + amount > intent.amount_received)
      return error(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: 'Refund amount is greater than the unrefunded amount.',
      });
    const refund: Stripe.Refund = {
      id: id('re'),
      object: 'refund',
      amount,
      balance_transaction: id('txn'),
      charge: intent.latest_charge as string,
      created: seconds(),
      currency: intent.currency,
      customer: null,
      customer_account: null,
      metadata: { ...((form['metadata'] ?? {}) as Record<string, string>) },
      payment_intent: intent.id,
      payment_method: intent.payment_method as string,
      reason: null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: this.refundStatus,
      transfer_reversal: null,
    };
    this.refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  /** A pending refund settles (its `refund.updated` or `refund.failed` is for the test to send): the refund as it is now. */
  settleRefund(refundId: string, status: 'succeeded' | 'failed'): Stripe.Refund {
    const refund = this.refunds.get(refundId)!;
    Object.assign(refund, { status, ...(status === 'failed' ? { failure_reason: 'expired_or_canceled_card' } : {}) });
    return refund;
  }

  /**
   * A refund that succeeded fails afterwards (the card's account was closed): Stripe marks it `failed` with its
   * `failure_reason` and gives the money back to the account's balance (a `refund_failure` balance transaction,
   * `failure_balance_transaction`). Its `refund.failed` / `refund.updated` is for the test to send.
   */
  failRefund(refundId: string, reason = 'expired_or_canceled_card'): Stripe.Refund {
    const refund = this.refunds.get(refundId)!;
    Object.assign(refund, { status: 'failed', failure_reason: reason, failure_balance_transaction: id('txn') });
    return refund;
  }

  /** A refund made in Stripe's Dashboard: no metadata of ours; succeeded at once. */
  dashboardRefund(intentId: string, amount: number): Stripe.Refund | undefined {
    const before = this.refundStatus;
    this.refundStatus = 'succeeded';
    try {
      const answer = this.createRefund({ payment_intent: intentId, amount: String(amount) });
      return answer.status === 200 ? (answer.body as Stripe.Refund) : undefined;
    } finally {
      this.refundStatus = before;
    }
  }

  /** A webhook delivery as Stripe signs it: the raw body and its `Stripe-Signature` header (the package's own test header). */
  static signed(event: { id: string; type: string; data: { object: unknown } }, secret: string, timestamp = seconds()) {
    const payload = JSON.stringify({
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: timestamp,
      livemode: false,
      pending_webhooks: 1,
      request: null,
      ...event,
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    return { body: Buffer.from(payload), headers: { 'stripe-signature': header, 'content-type': 'application/json' } };
  }
}

/**
 * A Stripe connector account of the gateway's organization, on this fake, with
 * every card routed to it: its id.
 */
export function routeCardsToStripe(gw: TestGateway, token: string, fake: FakeStripe, webhookSecret: string): Promise<string> {
  return routeCardsTo(gw, token, 'stripe', { secret_key: fake.secretKey, webhook_secret: webhookSecret });
}
