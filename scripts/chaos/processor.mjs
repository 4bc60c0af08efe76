/**
 * The chaos harness's processor: a fake Mercado Pago on a loopback port,
 * speaking the part of its API the `mercadopago` connector uses (card
 * tokens, payments with `capture: false`, capture and cancel by PUT,
 * refunds, search by `external_reference`), with `X-Idempotency-Key` replay
 * as Mercado Pago documents it. Every card approves; the faults are the
 * harness's:
 *
 * - `down(ms)`: the port closed, connections refused (the processor was
 *   never reached: the gateway moves to the next account of the rule);
 * - `slow(ms, delayMs)`: every answer held `delayMs`, past the gateway's
 *   time limit (the processor acted, the gateway does not know: PENDING,
 *   looked up later, never sent elsewhere).
 *
 * `payments` keeps what was charged, for the invariants (invariants.mjs
 * `processorInvariants`). The logic mirrors the tests' fake
 * (packages/server/test/support/fake-mercadopago.ts), in plain JavaScript
 * because the harness runs without a TypeScript loader.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { sleep } from './infra.mjs';

const failure = (status, error, message) => ({ status, body: { message, error, status, cause: [] } });

export class FakeProcessor {
  constructor() {
    this.accessToken = `TEST-${randomBytes(8).toString('hex')}-112233-${randomBytes(16).toString('hex')}-123456789`;
    this.payments = new Map();
    this.refunds = [];
    this.tokens = new Set();
    this.idempotent = new Map();
    this.delayMs = 0;
    this.sequence = 1_500_000_000;
    this.requests = 0;
    this.refused = 0;
  }

  async start(port = 0) {
    this.server = http.createServer((req, res) => this.receive(req, res));
    await new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', resolve);
    });
    this.port = this.server.address().port;
    this.url = `http://127.0.0.1:${this.port}`;
    return this;
  }

  async close() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Connections refused for `ms`, then the same port again. */
  async down(ms) {
    await this.close();
    await sleep(ms);
    await this.start(this.port);
  }

  /** Every answer held `delayMs` for `ms`. */
  async slow(ms, delayMs) {
    this.delayMs = delayMs;
    await sleep(ms);
    this.delayMs = 0;
  }

  receive(req, res) {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      this.requests++;
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      let body = {};
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        body = {};
      }
      let answer;
      const key = req.headers['x-idempotency-key'];
      if (req.headers.authorization !== `Bearer ${this.accessToken}`) answer = failure(401, 'unauthorized', 'invalid access token');
      else if (req.method !== 'GET' && !key) answer = failure(400, 'bad_request', 'X-Idempotency-Key is required');
      else {
        const fingerprint = createHash('sha256').update(`${req.method} ${url.pathname} ${text}`).digest('hex');
        const earlier = req.method !== 'GET' ? this.idempotent.get(key) : undefined;
        if (earlier && earlier.fingerprint !== fingerprint) answer = failure(409, 'conflict', 'the idempotency key was used with another request');
        else if (earlier) answer = earlier.answer;
        else {
          answer = this.handle(req.method, url, body);
          if (req.method !== 'GET') this.idempotent.set(key, { fingerprint, answer });
        }
      }
      if (this.delayMs) await sleep(this.delayMs);
      if (res.destroyed) return;
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  }

  handle(method, url, body) {
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/card_tokens') {
      const id = randomBytes(16).toString('hex');
      this.tokens.add(id);
      return { status: 201, body: { id, status: 'active', last_four_digits: String(body.card_number ?? '').slice(-4) } };
    }
    if (method === 'POST' && path === '/v1/payments') {
      if (!this.tokens.has(body.token)) return failure(400, 'bad_request', 'Card Token not found');
      if (!Number.isInteger(body.transaction_amount) || body.transaction_amount <= 0) return failure(400, 'bad_request', 'Invalid transaction_amount');
      const payment = {
        id: ++this.sequence,
        status: body.capture === false ? 'authorized' : 'approved',
        status_detail: body.capture === false ? 'pending_capture' : 'accredited',
        captured: body.capture !== false,
        currency_id: 'COP',
        transaction_amount: body.transaction_amount,
        transaction_amount_refunded: 0,
        external_reference: body.external_reference,
        authorization_code: String(this.sequence).slice(-6),
      };
      this.payments.set(payment.id, payment);
      return { status: 201, body: payment };
    }
    if (method === 'GET' && path === '/v1/payments/search') {
      const reference = url.searchParams.get('external_reference');
      const results = [...this.payments.values()].filter((p) => p.external_reference === reference).map((p) => ({ ...p, id: String(p.id) }));
      return { status: 200, body: { paging: { total: results.length, limit: 30, offset: 0 }, results } };
    }
    const match = /^\/v1\/payments\/(\d+)(\/refunds)?$/.exec(path);
    const payment = match && this.payments.get(Number(match[1]));
    if (!payment) return failure(404, 'not_found', 'Payment not found');
    if (method === 'PUT' && body.capture === true) {
      if (payment.status !== 'authorized') return failure(400, 'bad_request', 'Payment must be authorized to be captured');
      const amount = body.transaction_amount ?? payment.transaction_amount;
      if (!(amount > 0) || amount > payment.transaction_amount) return failure(400, 'bad_request', 'Invalid transaction_amount');
      Object.assign(payment, { status: 'approved', status_detail: 'accredited', captured: true, transaction_amount: amount });
      return { status: 200, body: payment };
    }
    if (method === 'PUT' && body.status === 'cancelled') {
      if (payment.status !== 'authorized') return failure(400, 'bad_request', 'Payment cannot be cancelled');
      Object.assign(payment, { status: 'cancelled', status_detail: 'by_collector' });
      return { status: 200, body: payment };
    }
    if (method === 'POST' && match[2]) {
      if (payment.status !== 'approved' && payment.status !== 'refunded') return failure(400, 'bad_request', 'Payment cannot be refunded');
      const left = payment.transaction_amount - payment.transaction_amount_refunded;
      const amount = body.amount ?? left;
      if (!(amount > 0) || amount > left) return failure(400, 'bad_request', 'Invalid refund amount');
      payment.transaction_amount_refunded += amount;
      if (payment.transaction_amount_refunded === payment.transaction_amount) Object.assign(payment, { status: 'refunded', status_detail: 'refunded' });
      const refund = { id: ++this.sequence, payment_id: payment.id, amount, status: 'approved' };
      this.refunds.push(refund);
      return { status: 201, body: refund };
    }
    return failure(400, 'bad_request', 'invalid parameters');
  }
}
