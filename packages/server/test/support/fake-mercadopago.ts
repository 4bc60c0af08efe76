/**
 * A fake Mercado Pago on a real loopback port, speaking the part of its
 * Checkout API the Mercado Pago connector uses (src/connectors/mercadopago/)
 * as its API reference defines it: JSON bodies, `Authorization: Bearer
 * <access token>`, `X-Idempotency-Key` replay (the first answer again; the
 * same key with another body is a 409), its error JSON (`{ message, error,
 * status, cause: [{ code, description }] }`) and its test cards' outcomes,
 * chosen, as in its sandbox, by the cardholder name:
 *
 * - `APRO`: approved (`authorized` with `capture: false`).
 * - `OTHE`: rejected `cc_rejected_other_reason`; `FUND`: `cc_rejected_insufficient_amount`;
 *   `SECU`: `cc_rejected_bad_filled_security_code`; `EXPI`: `cc_rejected_bad_filled_date`;
 *   `CALL`: `cc_rejected_call_for_authorize`; `3DSM`: `cc_rejected_3ds_mandatory`.
 * - any other name: approved.
 *
 * PSE (`payment_method_id: "pse"`) and Efecty cash (`"efecty"`) payments
 * are created `pending` as Mercado Pago creates them, with the bank's page or
 * the printable voucher in `transaction_details.external_resource_url`
 * (Efecty's also a reference and barcode digits), after the checks its API
 * documents for them: a PSE payment needs `transaction_details.financial_institution`
 * (one of PSE's institutions: not the gateway's sandbox test banks, 9001 and on),
 * `callback_url`, `additional_info.ip_address`, the payer's `entity_type`
 * (`individual`, `association`) and identification; an Efecty payment a
 * `date_of_expiration`; each answers 400 with its `cause` otherwise. `settle()`
 * plays the customer (paid, refused by the bank, lapsed) as its notification
 * then reports.
 *
 * A refund (`POST /v1/payments/{id}/refunds`) is `approved` at once, or
 * `in_process` while `refundStatus` says so, until `settleRefund` ends it;
 * `GET /v1/payments/{id}/refunds/{refund_id}` reads one as it is now (404,
 * `2032`, for a refund the payment does not have).
 *
 * Its answers are typed with the `mercadopago` package's own response types
 * (`PaymentResponse`, `CardTokenResponse`, `RefundResponse`, `PaymentSearch`),
 * so a field the package does not know fails to compile.
 *
 * `mode` injects faults: `slow` processes each payment creation but answers
 * only when `release()` is called (a timeout after Mercado Pago acted),
 * `rate_limited` answers 429 and `server_error` 500 without processing.
 * `close()` stops it (connections refused). `signed()` makes a webhook
 * delivery as Mercado Pago signs it.
 */
import { type FakeServerOptions, listenFake } from './fake-server.js';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type http from 'node:http';
import type https from 'node:https';
import type { CardTokenResponse } from 'mercadopago/dist/clients/cardToken/commonTypes.js';
import type { PaymentResponse } from 'mercadopago/dist/clients/payment/commonTypes.js';
import type { PaymentSearch } from 'mercadopago/dist/clients/payment/search/types.js';
import type { RefundResponse } from 'mercadopago/dist/clients/paymentRefund/commonTypes.js';
import type { MercadoPagoChargeback } from '../../src/connectors/mercadopago/notifications.js';

type Body =
  | Omit<PaymentResponse, 'api_response'>
  | Omit<CardTokenResponse, 'api_response'>
  | Omit<RefundResponse, 'api_response'>
  | PaymentSearch
  | MercadoPagoChargeback
  | ErrorBody;
interface ErrorBody {
  message: string;
  error: string;
  status: number;
  cause: Array<{ code: string | number; description: string }>;
}
interface Answer {
  status: number;
  body: Body;
}

export interface FakeMercadoPagoRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  /** The JSON body with any card number and security code masked. */
  body: Record<string, unknown>;
}

const REJECTIONS: Record<string, string> = {
  OTHE: 'cc_rejected_other_reason',
  FUND: 'cc_rejected_insufficient_amount',
  SECU: 'cc_rejected_bad_filled_security_code',
  EXPI: 'cc_rejected_bad_filled_date',
  CALL: 'cc_rejected_call_for_authorize',
  '3DSM': 'cc_rejected_3ds_mandatory',
};

const failure = (status: number, error: string, message: string, cause: ErrorBody['cause'] = []): Answer => ({
  status,
  body: { message, error, status, cause },
});
let sequence = 1_300_000_000;
const nextId = () => ++sequence;

export class FakeMercadoPago {
  readonly requests: FakeMercadoPagoRequest[] = [];
  readonly payments = new Map<number, Omit<PaymentResponse, 'api_response'>>();
  readonly refunds: Array<Omit<RefundResponse, 'api_response'>> = [];
  readonly chargebacks = new Map<string, MercadoPagoChargeback>();
  mode: 'normal' | 'slow' | 'rate_limited' | 'server_error' = 'normal';
  /** How a refund answers: `approved` at once, or `in_process` until `settleRefund` (the issuer settles it later). */
  refundStatus: 'approved' | 'in_process' = 'approved';
  /** The idempotency keys whose first answer was sent again. */
  readonly replayed: string[] = [];
  private readonly tokens = new Map<string, { number: string; holder: string }>();
  private readonly idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  private readonly held: Array<() => void> = [];

  private constructor(
    readonly accessToken: string,
    readonly port: number,
    private readonly server: http.Server | https.Server,
    /** Where it listens: `MERCADOPAGO_API_URL` for a gateway process. */
    readonly origin: string,
  ) {}

  static async start(
    accessToken = `TEST-${randomBytes(8).toString('hex')}-112233-${randomBytes(16).toString('hex')}-123456789`,
    options: FakeServerOptions = {},
  ): Promise<FakeMercadoPago> {
    const ready: { fake?: FakeMercadoPago } = {};
    const { server, port, origin } = await listenFake((req, res) => ready.fake!.receive(req, res), options);
    ready.fake = new FakeMercadoPago(accessToken, port, server, origin);
    return ready.fake;
  }

  /** The connector's endpoint option for this fake (src/connectors/mercadopago/api.ts). */
  endpoint(limits: { timeoutMs?: number; retries?: number; backoffMs?: number } = {}) {
    return {
      baseUrl: this.origin,
      limits: { timeoutMs: limits.timeoutMs ?? 5_000, retries: limits.retries ?? 0, backoffMs: limits.backoffMs ?? 0 },
    };
  }

  release(): void {
    for (const send of this.held.splice(0)) send();
  }

  /** The body of the first answer to a write under this `X-Idempotency-Key` (what a retry with it gets again), if any. */
  firstAnswer(key: string): Body | undefined {
    return this.idempotent.get(key)?.answer.body;
  }

  async close(): Promise<void> {
    this.held.splice(0);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A chargeback Mercado Pago opened on one of its payments (read by the connector after the notification). */
  openChargeback(paymentId: number, amount: number, deadline: string): MercadoPagoChargeback {
    const chargeback: MercadoPagoChargeback = {
      id: String(nextId()),
      payment_id: paymentId,
      payments: [paymentId],
      status: 'open',
      amount,
      currency_id: 'COP',
      reason_id: '4837',
      reason: 'No cardholder authorization',
      date_created: '2026-01-01T00:00:00.000-05:00',
      coverage_applied: null,
      documentation_status: 'pending',
      date_documentation_deadline: deadline,
    };
    this.chargebacks.set(chargeback.id!, chargeback);
    return chargeback;
  }

  private receive(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      const key = req.headers['x-idempotency-key'] as string | undefined;
      const masked = { ...body };
      for (const field of ['card_number', 'security_code']) if (masked[field]) masked[field] = '[masked]';
      this.requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey: key, authorization: req.headers.authorization, body: masked });
      const send = (answer: Answer) =>
        res.writeHead(answer.status, { 'content-type': 'application/json', 'x-request-id': randomBytes(8).toString('hex') }).end(JSON.stringify(answer.body));
      if (this.mode === 'rate_limited') return send(failure(429, 'too_many_requests', 'Too many requests'));
      if (this.mode === 'server_error') return send(failure(500, 'internal_error', 'Internal server error'));
      if (req.headers.authorization !== `Bearer ${this.accessToken}`) return send(failure(401, 'unauthorized', 'invalid access token'));
      const write = req.method !== 'GET';
      if (write && !key) return send(failure(400, 'bad_request', 'X-Idempotency-Key is required'));
      const fingerprint = createHash('sha256').update(`${req.method} ${url.pathname} ${text}`).digest('hex');
      const earlier = write && key ? this.idempotent.get(key) : undefined;
      let answer: Answer;
      if (earlier && earlier.fingerprint !== fingerprint) answer = failure(409, 'conflict', 'the idempotency key was used with another request');
      else if (earlier) {
        answer = earlier.answer;
        this.replayed.push(key!);
      } else {
        answer = this.handle(req.method ?? 'GET', url, body);
        // The answer as it was sent: a replay sends the same body again, whatever the resource became since.
        if (write && key) this.idempotent.set(key, { fingerprint, answer: structuredClone(answer) });
      }
      if (this.mode === 'slow' && req.method === 'POST' && url.pathname === '/v1/payments') this.held.push(() => send(answer));
      else send(answer);
    });
  }

  private handle(method: string, url: URL, body: Record<string, unknown>): Answer {
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/card_tokens') return this.createToken(body);
    if (method === 'POST' && path === '/v1/payments') return this.createPayment(body);
    if (method === 'GET' && path === '/v1/payments/search') {
      const reference = url.searchParams.get('external_reference');
      const results = [...this.payments.values()].filter((p) => p.external_reference === reference).map((p) => ({ ...p, id: String(p.id) }));
      return { status: 200, body: { paging: { total: results.length, limit: 30, offset: 0 }, results } as PaymentSearch };
    }
    const chargeback = /^\/v1\/chargebacks\/([^/]+)$/.exec(path);
    if (method === 'GET' && chargeback) {
      const found = this.chargebacks.get(chargeback[1]!);
      return found ? { status: 200, body: found } : failure(404, 'not_found', 'chargeback not found');
    }
    const refundOf = /^\/v1\/payments\/(\d+)\/refunds\/(\d+)$/.exec(path);
    if (method === 'GET' && refundOf) {
      if (!this.payments.has(Number(refundOf[1]))) return failure(404, 'not_found', 'Payment not found', [{ code: 2000, description: 'Payment not found' }]);
      const found = this.refunds.find((r) => r.payment_id === Number(refundOf[1]) && r.id === Number(refundOf[2]));
      return found ? { status: 200, body: found } : failure(404, 'not_found', 'Refund not found', [{ code: 2032, description: 'Refund not found' }]);
    }
    const match = /^\/v1\/payments\/(\d+)(\/refunds)?$/.exec(path);
    const payment = match && this.payments.get(Number(match[1]));
    if (!payment) return failure(404, 'not_found', `Payment not found`);
    if (method === 'GET' && !match[2]) return { status: 200, body: payment };
    if (method === 'PUT' && !match[2]) return this.update(payment, body);
    if (method === 'POST' && match[2]) return this.refund(payment, body);
    return failure(404, 'not_found', 'resource not found');
  }

  private createToken(body: Record<string, unknown>): Answer {
    const number = String(body['card_number'] ?? '');
    if (!/^\d{13,19}$/.test(number)) return failure(400, 'bad_request', 'invalid parameters', [{ code: 'E301', description: 'invalid card_number' }]);
    if (!/^\d{1,2}$/.test(String(body['expiration_month'] ?? '')))
      return failure(400, 'bad_request', 'invalid parameters', [{ code: '325', description: 'invalid expiration_month' }]);
    const id = randomBytes(16).toString('hex');
    const holder = String((body['cardholder'] as { name?: string } | undefined)?.name ?? '');
    this.tokens.set(id, { number, holder });
    const token: Omit<CardTokenResponse, 'api_response'> = {
      id,
      first_six_digits: number.slice(0, 6),
      last_four_digits: number.slice(-4),
      expiration_month: Number(body['expiration_month']),
      expiration_year: Number(body['expiration_year']),
      status: 'active',
      luhn_validation: true,
      live_mode: false,
      card_number_length: number.length,
      security_code_length: String(body['security_code'] ?? '').length,
    };
    return { status: 201, body: token };
  }

  /** The customer paid (`approved`), the bank refused (`rejected`) or the payment lapsed (`cancelled`) at Mercado Pago. */
  settle(paymentId: number, status: 'approved' | 'rejected' | 'cancelled'): void {
    const payment = this.payments.get(paymentId);
    if (!payment) throw new Error(`the fake has no payment ${paymentId}`);
    const detail = { approved: 'accredited', rejected: 'rejected_by_bank', cancelled: 'expired' }[status];
    Object.assign(payment, {
      status,
      status_detail: detail,
      ...(status === 'approved' ? { captured: true, date_approved: '2026-01-01T00:00:00.000-05:00' } : {}),
    });
  }

  /** A payment of the application that no Pasarela payment made (another integration's). */
  foreignPayment(): number {
    const id = nextId();
    this.payments.set(id, {
      id,
      status: 'approved',
      status_detail: 'accredited',
      payment_method_id: 'pse',
      payment_type_id: 'bank_transfer',
      currency_id: 'COP',
    });
    return id;
  }

  private createRailPayment(method: 'pse' | 'efecty', body: Record<string, unknown>): Answer {
    const amount = Number(body['transaction_amount']);
    const causes: ErrorBody['cause'] = [];
    if (!(amount > 0) || !Number.isInteger(amount)) causes.push({ code: 4037, description: 'Invalid transaction_amount' });
    const payer = (body['payer'] ?? {}) as { email?: string; entity_type?: string; identification?: { type?: string; number?: string } };
    if (!payer.email) causes.push({ code: 4050, description: 'payer.email must be a valid email' });
    if (method === 'pse') {
      const details = (body['transaction_details'] ?? {}) as { financial_institution?: string };
      if (!details.financial_institution) causes.push({ code: 4020, description: 'transaction_details.financial_institution is required' });
      // PSE's institutions are 4-digit codes; the gateway's sandbox test banks (9001, ...) are none of them.
      else if (!/^[1-8]\d{3}$/.test(details.financial_institution)) causes.push({ code: 4020, description: 'Invalid financial_institution' });
      if (!body['callback_url']) causes.push({ code: 4020, description: 'callback_url is required' });
      if (!(body['additional_info'] as { ip_address?: string } | undefined)?.ip_address)
        causes.push({ code: 4020, description: 'additional_info.ip_address is required' });
      if (payer.entity_type !== 'individual' && payer.entity_type !== 'association')
        causes.push({ code: 4020, description: 'payer.entity_type must be individual or association' });
      if (!payer.identification?.type || !payer.identification.number) causes.push({ code: 2067, description: 'Invalid user identification number' });
    } else if (!body['date_of_expiration']) causes.push({ code: 4020, description: 'date_of_expiration is required' });
    if (causes.length) return failure(400, 'bad_request', causes[0]!.description, causes);
    const id = nextId();
    const reference = String(id).padStart(10, '0');
    const payment: Omit<PaymentResponse, 'api_response'> = {
      id,
      status: 'pending',
      status_detail: method === 'pse' ? 'pending_waiting_transfer' : 'pending_waiting_payment',
      captured: true,
      currency_id: 'COP',
      transaction_amount: amount,
      transaction_amount_refunded: 0,
      payment_method_id: method,
      payment_type_id: method === 'pse' ? 'bank_transfer' : 'ticket',
      external_reference: String(body['external_reference'] ?? ''),
      metadata: body['metadata'],
      live_mode: false,
      ...(method === 'efecty' ? { date_of_expiration: String(body['date_of_expiration']) } : {}),
      transaction_details:
        method === 'pse'
          ? {
              financial_institution: String((body['transaction_details'] as { financial_institution: string }).financial_institution),
              external_resource_url: `${this.origin}/pse/redirect/${id}`,
            }
          : {
              external_resource_url: `${this.origin}/vouchers/efecty/${id}`,
              payment_method_reference_id: reference,
              barcode: { content: `415770999800001580200${reference}3900${String(amount).padStart(10, '0')}` },
            },
    };
    this.payments.set(id, payment);
    return { status: 201, body: payment };
  }

  private createPayment(body: Record<string, unknown>): Answer {
    if (body['payment_method_id'] === 'pse' || body['payment_method_id'] === 'efecty') return this.createRailPayment(body['payment_method_id'], body);
    const card = this.tokens.get(String(body['token']));
    if (!card) return failure(400, 'bad_request', 'Card Token not found', [{ code: 2006, description: 'Card Token not found' }]);
    const amount = Number(body['transaction_amount']);
    if (!(amount > 0) || !Number.isInteger(amount))
      return failure(400, 'bad_request', 'Invalid transaction_amount', [{ code: 4037, description: 'Invalid transaction_amount' }]);
    if (!(body['payer'] as { email?: string } | undefined)?.email)
      return failure(400, 'bad_request', 'payer.email must be a valid email', [{ code: 4050, description: 'payer.email must be a valid email' }]);
    const rejection = REJECTIONS[card.holder.toUpperCase()];
    const capture = body['capture'] !== false;
    const payment: Omit<PaymentResponse, 'api_response'> = {
      id: nextId(),
      status: rejection ? 'rejected' : capture ? 'approved' : 'authorized',
      status_detail: rejection ?? (capture ? 'accredited' : 'pending_capture'),
      captured: !rejection && capture,
      currency_id: 'COP',
      transaction_amount: amount,
      transaction_amount_refunded: 0,
      installments: Number(body['installments'] ?? 1),
      payment_method_id: String(body['payment_method_id']),
      payment_type_id: 'credit_card',
      external_reference: String(body['external_reference'] ?? ''),
      metadata: body['metadata'],
      binary_mode: body['binary_mode'] === true,
      live_mode: false,
      ...(rejection ? {} : { authorization_code: String(nextId()).slice(-6) }),
    };
    this.payments.set(payment.id!, payment);
    return { status: 201, body: payment };
  }

  private update(payment: Omit<PaymentResponse, 'api_response'>, body: Record<string, unknown>): Answer {
    if (body['capture'] === true) {
      if (payment.status !== 'authorized')
        return failure(400, 'bad_request', 'Payment must be authorized to be captured', [{ code: 4042, description: 'invalid status' }]);
      const amount = body['transaction_amount'] === undefined ? payment.transaction_amount! : Number(body['transaction_amount']);
      if (!(amount > 0) || amount > payment.transaction_amount!)
        return failure(400, 'bad_request', 'Invalid transaction_amount', [{ code: 4037, description: 'Invalid transaction_amount' }]);
      Object.assign(payment, { status: 'approved', status_detail: 'accredited', captured: true, transaction_amount: amount });
      return { status: 200, body: payment };
    }
    if (body['status'] === 'cancelled') {
      if (payment.status !== 'authorized' && payment.status !== 'pending' && payment.status !== 'in_process')
        return failure(400, 'bad_request', 'Payment cannot be cancelled', [{ code: 4042, description: 'invalid status' }]);
      Object.assign(payment, { status: 'cancelled', status_detail: 'by_collector' });
      return { status: 200, body: payment };
    }
    return failure(400, 'bad_request', 'invalid parameters');
  }

  private refund(payment: Omit<PaymentResponse, 'api_response'>, body: Record<string, unknown>): Answer {
    if (payment.status !== 'approved' && payment.status !== 'refunded')
      return failure(400, 'bad_request', 'Payment cannot be refunded', [{ code: 2063, description: 'invalid status' }]);
    const left = payment.transaction_amount! - payment.transaction_amount_refunded!;
    const amount = body['amount'] === undefined ? left : Number(body['amount']);
    if (!(amount > 0) || amount > left)
      return failure(400, 'bad_request', 'Invalid refund amount', [{ code: 4037, description: 'amount exceeds the refundable amount' }]);
    payment.transaction_amount_refunded = payment.transaction_amount_refunded! + amount;
    if (payment.transaction_amount_refunded === payment.transaction_amount) Object.assign(payment, { status: 'refunded', status_detail: 'refunded' });
    const refund: Omit<RefundResponse, 'api_response'> = {
      id: nextId(),
      payment_id: payment.id!,
      amount,
      status: this.refundStatus,
      refund_mode: 'standard',
      date_created: '2026-01-01T00:00:00.000-05:00',
    };
    this.refunds.push(refund);
    return { status: 201, body: refund };
  }

  /**
   * The issuer settles a refund left `in_process`: `approved`, or `rejected` (its amount refundable again). Mercado
   * Pago sends no notification of it that the gateway reads: `GET /v1/payments/{id}/refunds/{refund_id}` tells.
   */
  settleRefund(refundId: number, status: 'approved' | 'rejected'): Omit<RefundResponse, 'api_response'> {
    const refund = this.refunds.find((r) => r.id === refundId);
    if (!refund) throw new Error(`the fake has no refund ${refundId}`);
    refund.status = status;
    const payment = this.payments.get(refund.payment_id!)!;
    if (status === 'rejected') {
      payment.transaction_amount_refunded = payment.transaction_amount_refunded! - refund.amount!;
      if (payment.status === 'refunded') Object.assign(payment, { status: 'approved', status_detail: 'accredited' });
    }
    return refund;
  }

  /** A webhook delivery as Mercado Pago signs it: the body, its `x-signature` and `x-request-id` headers, and the query with `data.id`. */
  static signed(topic: string, dataId: string, secret: string, timestampSeconds: number) {
    const requestId = randomBytes(16).toString('hex');
    const manifest = `id:${dataId.toLowerCase()};request-id:${requestId};ts:${timestampSeconds};`;
    const v1 = createHmac('sha256', secret).update(manifest).digest('hex');
    const body = JSON.stringify({
      id: nextId(),
      live_mode: false,
      type: topic,
      date_created: '2026-01-01T00:00:00.000-05:00',
      user_id: 44444,
      api_version: 'v1',
      action: 'created',
      data: { id: dataId },
    });
    return {
      body,
      query: `data.id=${encodeURIComponent(dataId)}&type=${encodeURIComponent(topic)}`,
      headers: { 'x-signature': `ts=${timestampSeconds},v1=${v1}`, 'x-request-id': requestId, 'content-type': 'application/json' },
    };
  }
}
