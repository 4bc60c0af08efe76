/**
 * The careful merchant of the chaos harness: every write carries an
 * Idempotency-Key (and card payments an order_id); the typed client retries
 * network errors, 5xx, 429 and 409 idempotency_conflict under the same key,
 * and past its own retries this loop tries again, same key, until the answer
 * is final or three minutes have passed. Every attempt is recorded (kind,
 * start, latency, status) for the table.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { Pasarela, PasarelaError } from '@pasarela/client';
import { sleep } from './infra.mjs';

const context = new AsyncLocalStorage();

/** Runs `fn` with its HTTP attempts counted under `kind` (the final replays of Idempotency-Keys, for one). */
export function withKind(kind, fn) {
  return context.run({ kind }, fn);
}

export function recordingFetch(attempts, firstAnswers) {
  return async (input, init = {}) => {
    const kind = context.getStore()?.kind ?? 'other';
    const key = init.headers?.['idempotency-key'];
    const started = Date.now();
    const entry = { kind, started, ms: 0, status: 0, key };
    attempts.push(entry);
    try {
      const response = await fetch(input, init);
      entry.status = response.status;
      entry.ms = Date.now() - started;
      if (response.status === 409) {
        try {
          entry.code = JSON.parse(await response.clone().text())?.error?.code;
        } catch {
          entry.code = undefined;
        }
      }
      if (key && response.status >= 200 && response.status < 300 && !firstAnswers.has(key)) {
        const text = await response.clone().text();
        firstAnswers.set(key, { status: response.status, text, method: init.method, url: String(input), body: init.body });
      }
      return response;
    } catch (error) {
      entry.ms = Date.now() - started;
      entry.status = 0;
      throw error;
    }
  };
}

const FINAL_DEADLINE_MS = 180_000;

/** True for an error worth repeating under the same key. */
function transient(error) {
  if (!(error instanceof PasarelaError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 429 || (error.status === 409 && error.code === 'idempotency_conflict');
}

export class Merchant {
  constructor({ baseUrl, clientId, clientSecret, attempts, firstAnswers, random, stats }) {
    this.attempts = attempts;
    this.firstAnswers = firstAnswers;
    this.random = random;
    this.stats = stats;
    this.client = new Pasarela({
      baseUrl,
      clientId,
      clientSecret,
      maxRetries: 5,
      connectTimeout: 25000,
      readTimeout: 30000,
      retryDelay: { baseMs: 250, maxMs: 3000, maxRetryAfterMs: 20000 },
      fetch: recordingFetch(attempts, firstAnswers),
    });
    this.baseUrl = baseUrl;
    this.effects = []; // { kind, id, expect }
    this.outcomes = new Map(); // kind -> { ok, refused, gaveUp }
    this.checks = []; // violations found while running
  }

  outcome(kind, what) {
    const o = this.outcomes.get(kind) ?? { ok: 0, refused: 0, gaveUp: 0 };
    o[what]++;
    this.outcomes.set(kind, o);
  }

  /** One operation, to a final answer: `fn(options)` is a typed-client call; the key stays the same throughout. */
  async call(kind, fn, key = randomUUID()) {
    return context.run({ kind }, async () => {
      const deadline = Date.now() + FINAL_DEADLINE_MS;
      for (;;) {
        try {
          const result = await fn({ idempotencyKey: key });
          this.outcome(kind, 'ok');
          return { ok: true, result, key };
        } catch (error) {
          if (transient(error) && Date.now() < deadline) {
            this.stats.outerRetries++;
            await sleep(1000);
            continue;
          }
          this.outcome(kind, transient(error) ? 'gaveUp' : 'refused');
          return { ok: false, error, key };
        }
      }
    });
  }
}

const CARDS = {
  approve: ['4242424242424242', '5555555555554444', '4000056655665556'],
  decline: ['4000000000000002', '4000000000009995'],
  refundsRejected: ['4000000000005126'],
};

const BANK_CUSTOMER = { bank_id: '1007', document: '1020304050', document_type: 'CC', first_name: 'Ana', last_name: 'Gómez', email: 'ana@example.com' };

export async function prepareInstruments(merchant) {
  const pool = {};
  for (const [behaviour, numbers] of Object.entries(CARDS)) {
    pool[behaviour] = [];
    for (const number of numbers) {
      const card = await merchant.client.cards.encrypt({ number, expMonth: 12, expYear: 2031, holder: 'Ana Garcia', cvv: '123' });
      const created = await merchant.call('instrument', (o) => merchant.client.instruments.create(card, o));
      if (!created.ok) throw new Error(`could not create an instrument: ${created.error}`);
      pool[behaviour].push(created.result.id);
    }
  }
  return pool;
}

const pick = (random, list) => list[Math.floor(random() * list.length)];

/** The workload mix: name, weight, flow. Each flow is one customer's story, several requests long. */
export function flows(merchant, { instruments, receiverUrl, runId, terminals = [], instructionSeconds = 90 }) {
  const c = merchant.client;
  const r = merchant.random;
  let orders = 0;
  const orderId = () => `chaos-${runId}-${++orders}`;
  const amountOf = () => 1000 + Math.floor(r() * 90) * 100 + 37; // COP, not a rail mock amount

  async function pay(capture, behaviour = 'approve') {
    const order = orderId();
    const amount = amountOf();
    const body = {
      amount,
      currency: 'COP',
      order_id: order,
      instrument_id: pick(r, instruments[behaviour]),
      encrypted_cvv: await c.cards.encryptCvv('123'),
      capture,
    };
    const created = await merchant.call('payment.create', (o) => c.payments.create(body, o));
    if (!created.ok) return undefined;
    merchant.effects.push({ kind: 'payment', id: created.result.id, order });
    // The same order again under a new key: the same payment, never a second charge.
    if (r() < 0.2) {
      const again = await merchant.call('payment.create(order replay)', (o) => c.payments.create({ ...body, encrypted_cvv: body.encrypted_cvv }, o));
      if (again.ok && again.result.id !== created.result.id)
        merchant.checks.push(`order ${order}: a second create answered another payment (${again.result.id} != ${created.result.id})`);
    }
    return { payment: created.result, amount };
  }

  async function waitFor(id, statuses, ms = 40_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const got = await merchant.call('payment.retrieve', (o) => c.payments.retrieve(id, o));
      if (got.ok && statuses.includes(got.result.status)) return got.result;
      if (Date.now() > deadline) return got.ok ? got.result : undefined;
      await sleep(1000);
    }
  }

  /** Two partial refunds of 60% each, sent together: at most one can fit. */
  async function racingRefunds(payment, captured) {
    const part = Math.floor(captured * 0.6);
    const results = await Promise.all(
      [0, 1].map(() => merchant.call('refund.create(race)', (o) => c.refunds.create({ payment_id: payment.id, amount: part, currency: 'COP' }, o))),
    );
    for (const result of results) if (result.ok) merchant.effects.push({ kind: 'refund', id: result.result.id, payment: payment.id });
  }

  return [
    [
      'card, automatic capture, refunds racing',
      3,
      async () => {
        const paid = await pay(true);
        if (!paid || paid.payment.status === 'REJECTED') return;
        const captured = await waitFor(paid.payment.id, ['APPROVED', 'REFUNDED', 'CANCELLED']);
        if (captured?.status === 'APPROVED') await racingRefunds(captured, paid.amount);
      },
    ],
    [
      'card, deferred capture, then refunds',
      3,
      async () => {
        const paid = await pay(false);
        if (!paid || paid.payment.status !== 'AUTHORIZED') return;
        const partial = r() < 0.3;
        const capture = await merchant.call('payment.capture', (o) => c.payments.capture(paid.payment.id, partial ? { amount: paid.amount - 500 } : {}, o));
        if (!capture.ok) return;
        merchant.effects.push({ kind: 'capture', id: paid.payment.id });
        await racingRefunds(capture.result, partial ? paid.amount - 500 : paid.amount);
      },
    ],
    [
      'card, deferred capture, cancel',
      2,
      async () => {
        const paid = await pay(false);
        if (!paid || paid.payment.status !== 'AUTHORIZED') return;
        const cancel = await merchant.call('payment.cancel', (o) => c.payments.cancel(paid.payment.id, o));
        if (cancel.ok) merchant.effects.push({ kind: 'cancel', id: paid.payment.id });
      },
    ],
    [
      'card, declined',
      1,
      async () => {
        await pay(true, 'decline');
      },
    ],
    [
      'card, refunds rejected by the network',
      1,
      async () => {
        const paid = await pay(false, 'refundsRejected');
        if (!paid || paid.payment.status !== 'AUTHORIZED') return;
        const capture = await merchant.call('payment.capture', (o) => c.payments.capture(paid.payment.id, {}, o));
        if (capture.ok) {
          merchant.effects.push({ kind: 'capture', id: paid.payment.id });
          await merchant.call('refund.create', (o) => c.refunds.create({ payment_id: paid.payment.id, amount: 500, currency: 'COP' }, o));
        }
      },
    ],
    [
      'alternative payment, one of the four rails',
      3,
      async () => {
        const rail = pick(r, ['QR_INTEROP', 'BANK_REDIRECT', 'WALLET_PUSH', 'WALLET_OTP']);
        const mock = r() < 0.7; // an amount ending in 00: the rail mock approves; else the test data decides
        const amount = mock ? 30000 : 31234;
        const body = { order_id: orderId(), amount, currency: 'COP', rail_id: rail };
        if (rail === 'QR_INTEROP') Object.assign(body, { rail_type: 'BANK_TRANSFER' });
        if (rail === 'BANK_REDIRECT') Object.assign(body, { rail_type: 'BANK_TRANSFER', return_url: 'https://shop.example/back', customer: BANK_CUSTOMER });
        if (rail === 'WALLET_PUSH')
          Object.assign(body, { rail_type: 'WALLET', customer: { phone_number: mock ? '3001234567' : pick(r, ['3991111111', '3992222222']) } });
        if (rail === 'WALLET_OTP')
          Object.assign(body, { rail_type: 'WALLET', customer: { phone_number: '3001234567', document_type: 'CC', document: '1020304050' }, amount: 30000 });
        const created = await merchant.call(`intent.create(${rail})`, (o) => c.intents.create(body, o));
        if (created.ok) merchant.effects.push({ kind: 'intent', id: created.result.payment_id });
      },
    ],
    [
      'payment link, checked out with a QR intent',
      1,
      async () => {
        const link = await merchant.call('link.create', (o) =>
          c.links.create({ type: 'payment', data: { amount: { value: 40000, currency: 'COP' }, description: 'chaos' } }, o),
        );
        if (!link.ok) return;
        merchant.effects.push({ kind: 'link', id: link.result.id });
        const path = new URL(link.result.url).pathname;
        // The hosted page's own call (public, no key): retried by hand on a network error or 5xx.
        await context.run({ kind: 'link.checkout' }, async () => {
          for (let i = 0; i < 20; i++) {
            let status = 0;
            try {
              const response = await merchant.client.transport.settings.fetch(`${merchant.baseUrl}${path}/intent`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ rail_id: 'QR_INTEROP' }),
              });
              status = response.status;
              await response.text();
            } catch {
              status = 0;
            }
            if (status > 0 && status < 500 && status !== 429) return merchant.outcome('link.checkout', status < 300 ? 'ok' : 'refused');
            await sleep(1000);
          }
          merchant.outcome('link.checkout', 'gaveUp');
        });
      },
    ],
    [
      'card-present: payment instruction paid at a terminal simulator',
      terminals.length ? 2 : 0,
      async () => {
        // The till asks a terminal to take a payment; the terminal simulator (terminals.mjs) picks it up over
        // its WebSocket, acknowledges it and reports the card read; the instruction ends COMPLETED, FAILED or EXPIRED.
        const terminal = pick(r, terminals);
        const order = orderId();
        const body = {
          terminal_id: terminal.id,
          amount: amountOf(),
          currency: 'COP',
          order_id: order,
          capture: r() < 0.7,
          expires_in: instructionSeconds,
          description: 'chaos',
        };
        const created = await merchant.call('instruction.create', (o) => c.paymentInstructions.create(body, o));
        if (!created.ok) return;
        merchant.effects.push({ kind: 'instruction', id: created.result.id, order, terminal: terminal.behaviour });
        // The same order again under a new key: the same instruction.
        if (r() < 0.2) {
          const again = await merchant.call('instruction.create(order replay)', (o) => c.paymentInstructions.create(body, o));
          if (again.ok && again.result.id !== created.result.id)
            merchant.checks.push(`order ${order}: a second instruction create answered another instruction (${again.result.id} != ${created.result.id})`);
        }
        const deadline = Date.now() + 150_000;
        while (Date.now() < deadline) {
          await sleep(1000);
          const got = await merchant.call('instruction.retrieve', (o) => c.paymentInstructions.retrieve(created.result.id, o));
          if (got.ok && ['COMPLETED', 'FAILED', 'EXPIRED'].includes(got.result.status)) return;
        }
      },
    ],
    [
      'organization',
      1,
      async () => {
        const org = await merchant.call('organization.create', (o) => c.organizations.create({ name: `chaos ${runId} ${++orders}` }, o));
        if (org.ok) merchant.effects.push({ kind: 'organization', id: org.result.id });
      },
    ],
    [
      'webhook endpoint change',
      0.5,
      async () => {
        const url = `${receiverUrl}/h/${runId}-${++orders}`;
        const created = await merchant.call('webhook.create', (o) =>
          c.webhooks.create(
            { url, events: pick(r, [['*'], ['payment.card.captured', 'payment.card.cancelled'], ['payment.purchase.succeeded']]), description: 'chaos' },
            o,
          ),
        );
        if (!created.ok) return;
        merchant.effects.push({ kind: 'webhook', id: created.result.id });
        // PUT replaces the endpoint: url and events every time.
        const update = await merchant.call('webhook.update', (o) =>
          c.webhooks.update(created.result.id, { url, events: ['*'], description: 'chaos, widened' }, o),
        );
        if (update.ok && r() < 0.3) {
          await merchant.call('webhook.update', (o) => c.webhooks.update(created.result.id, { url, events: ['*'], status: 'disabled' }, o));
          await sleep(2000);
          await merchant.call('webhook.update', (o) => c.webhooks.update(created.result.id, { url, events: ['*'], status: 'enabled' }, o));
        }
      },
    ],
  ];
}

/** Starts flows at `rate` per second for `seconds`, at most `maxInFlight` at once; resolves when all have ended. */
export async function drive(flowList, { rate, seconds, random, maxInFlight = 30, onError }) {
  const total = flowList.reduce((s, [, w]) => s + w, 0);
  const choose = () => {
    let x = random() * total;
    for (const [name, weight, run] of flowList) {
      x -= weight;
      if (x <= 0) return [name, run];
    }
    return [flowList[0][0], flowList[0][2]];
  };
  const running = new Set();
  const counts = new Map();
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    if (running.size < maxInFlight) {
      const [name, run] = choose();
      counts.set(name, (counts.get(name) ?? 0) + 1);
      const p = run()
        .catch((error) => onError(name, error))
        .finally(() => running.delete(p));
      running.add(p);
    }
    await sleep(1000 / rate);
  }
  await Promise.all(running);
  return counts;
}
