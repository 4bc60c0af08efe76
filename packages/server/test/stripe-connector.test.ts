/**
 * The Stripe connector (src/connectors/stripe/) through the gateway's API,
 * against a fake Stripe on a real port (support/fake-stripe.ts) that the
 * official `stripe` package talks to: an organization's connector account of
 * `stripe` pays, captures, refunds (partly and fully) and cancels; each of
 * Stripe's decline kinds becomes its response code; a refused connection
 * falls back to the next account of the routing rule, a timeout does not
 * (the payment waits PENDING and is looked up); a retry carries the same
 * idempotency key and charges once. Real gateway, real HTTP, both dialects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeConnector } from '../src/connectors/stripe/index.js';
import { advanceClock, MovableTime } from './support/clock.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';
import { dialects } from './support/dialects.js';
import { FakeStripe } from './support/fake-stripe.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { simulatorSaw, stored, whileHeld } from './support/connector-checks.js';
import { REFUSING_PORT } from './support/process.js';

interface ErrorBody {
  error: { code: string; details: Array<{ field: string; message: string }> };
}

const WEBHOOK_SECRET = 'whsec_test0123456789abcdefABCDEF';

async function merchant(gw: TestGateway, fake: FakeStripe | undefined) {
  const token = await (await gw.client()).token();
  const account = async (connector: string, credentials: Record<string, unknown>) => {
    const reply = await gw.request<{ id: string }>('POST', '/v1/connector-accounts', { token, body: { connector, credentials } });
    expect(reply.status, reply.text).toBe(201);
    return reply.body.id;
  };
  const stripe = await account('stripe', { secret_key: fake?.secretKey ?? 'sk_test_nobodylistens0000', webhook_secret: WEBHOOK_SECRET });
  const simulator = await account('simulator', { api_key: 'sim-12345678' });
  const routed = await gw.request('PUT', '/v1/routing', { token, body: { rules: [{ method_family: 'card', connector_accounts: [stripe, simulator] }] } });
  expect(routed.status, routed.text).toBe(200);
  const card = (number: string) => tokenize(gw, token, { number });
  return { token, stripe, simulator, card };
}

const referenceKey = async (gw: TestGateway, accountId: string) =>
  (await gw.db.selectFrom('connector_accounts').select('reference_key').where('id', '=', accountId).executeTakeFirstOrThrow()).reference_key;

describe.each(dialects)('the Stripe connector on $name', (dialect) => {
  let fake: FakeStripe;
  let gw: TestGateway;

  beforeAll(async () => {
    fake = await FakeStripe.start();
    // One retry, at once: a lost answer is asked again with the same idempotency key.
    gw = await startGateway(dialect, {}, { connectors: [stripeConnector(fake.endpoint({ timeoutMs: 3_000, retries: 1 }))] });
  });
  afterAll(async () => {
    await gw.close();
    await fake.close();
  });

  const intentOf = (paymentId: string) => [...fake.intents.values()].filter((i) => i.metadata['pasarela_reference'] === paymentId);
  const sent = (key: string) => fake.requests.filter((r) => r.idempotencyKey === key);

  it('authorizes through Stripe (card tokenized by Stripe, PaymentIntent with manual capture), captures part, refunds part and the rest', async () => {
    const { token, stripe, card } = await merchant(gw, fake);
    const reply = await pay(gw, token, { instrumentId: await card('4242424242424242'), amount: 150, capture: false });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({ status: 'AUTHORIZED', response_code: '00' });
    const [intent] = intentOf(reply.body.id);
    expect(intent).toMatchObject({ amount: 15000, currency: 'usd', capture_method: 'manual', status: 'requires_capture' });
    expect((await stored(gw, reply.body.id)).network_reference).toBe(`${await referenceKey(gw, stripe)}:${intent!.id}`);
    // The card went to Stripe's tokenization only, form-encoded, with the account's secret key and our idempotency keys.
    const tokenized = sent(`pasarela:tokenize:${reply.body.id}`);
    expect(tokenized).toHaveLength(1);
    expect(tokenized[0]).toMatchObject({
      path: '/v1/payment_methods',
      authorization: `Bearer ${fake.secretKey}`,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(tokenized[0]!.form).toMatchObject({ type: 'card', card: { number: '[masked]', cvc: '[masked]' } });
    const authorized = sent(`pasarela:authorize:${reply.body.id}`);
    // A cardholder at a browser may be sent to Stripe's 3-D Secure page and back through the gateway (test/stripe-3ds.test.ts).
    expect(authorized[0]!.form).toMatchObject({ capture_method: 'manual', confirm: 'true' });
    expect(String(authorized[0]!.form['return_url'])).toContain(`/payment-returns/${reply.body.id}/`);
    expect(JSON.stringify(authorized[0]!.form)).not.toContain('4242424242424242');

    const captured = await gw.request<PaymentReply>('POST', `/v1/payments/${reply.body.id}/capture`, { token, body: { amount: 120 } });
    expect(captured.status, captured.text).toBe(200);
    expect(captured.body.amount_captured).toBe('120.00');
    expect(fake.intents.get(intent!.id)).toMatchObject({ status: 'succeeded', amount_received: 12000 });
    expect(sent(`pasarela:capture:${reply.body.id}:capture`)).toHaveLength(1);

    const partial = await gw.request<{ id: string; status: string }>('POST', `/v1/payments/${reply.body.id}/refund`, { token, body: { amount: 20 } });
    expect(partial.status, partial.text).toBe(201);
    expect(partial.body.status).toBe('SUCCEEDED');
    const rest = await gw.request<{ id: string; status: string }>('POST', `/v1/payments/${reply.body.id}/refund`, { token, body: {} });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body.status).toBe('SUCCEEDED');
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === intent!.id);
    expect(refunds.map((r) => r.amount).sort((a, b) => a - b)).toEqual([2000, 10000]);
    expect(sent(`pasarela:refund:${partial.body.id}`)).toHaveLength(1);
    const payment = await gw.request<PaymentReply>('GET', `/v1/payments/${reply.body.id}`, { token });
    expect(payment.body.amount_refunded).toBe('120.00');
    // Nothing more to refund: Stripe refuses, the gateway refuses first.
    expect((await gw.request('POST', `/v1/payments/${reply.body.id}/refund`, { token, body: { amount: 1 } })).status).toBe(409);
  });

  it('a payment in installments is declined 58 before any call to Stripe (Stripe takes no Colombian installments); in one payment the same card pays', async () => {
    const { token, card } = await merchant(gw, fake);
    const instrumentId = await card('4242424242424242');
    const before = fake.requests.length;
    const reply = await pay(gw, token, { instrumentId, amount: 150, capture: false, installments: 12 });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({ status: 'REJECTED', response_code: '58', installments: 12 });
    expect(fake.requests.slice(before)).toEqual([]);
    expect(intentOf(reply.body.id)).toEqual([]);
    const once = await pay(gw, token, { instrumentId, amount: 150, capture: false, installments: 1 });
    expect(once.body).toMatchObject({ status: 'AUTHORIZED', response_code: '00', installments: 1 });
  });

  it("Stripe's dispute event, signed with the account's whsec_ secret, opens the payment's chargeback through the inbound path; a replay changes nothing; disputed, its decision job asks nothing and charge.dispute.closed decides it", async () => {
    const { token, stripe, card } = await merchant(gw, fake);
    const reply = await pay(gw, token, { instrumentId: await card('4242424242424242'), amount: 75, capture: false });
    const captured = await gw.request<PaymentReply>('POST', `/v1/payments/${reply.body.id}/capture`, { token, body: {} });
    expect(captured.body.amount_captured).toBe('75.00');
    const [intent] = intentOf(reply.body.id);
    const send = (id: string, type: string, object: Record<string, unknown>, secret = WEBHOOK_SECRET) => {
      const signed = FakeStripe.signed({ id, type, data: { object } }, secret);
      return gw.request<{ kind: string; payment_id: string; status: string; replayed: boolean }>('POST', `/v1/connector-accounts/${stripe}/notifications`, {
        rawBody: signed.body.toString('utf8'),
        headers: signed.headers,
      });
    };
    const dispute = {
      id: 'dp_1',
      object: 'dispute',
      amount: 7500,
      currency: 'usd',
      reason: 'fraudulent',
      status: 'needs_response',
      payment_intent: intent!.id,
    };
    const chargebacks = async () =>
      (
        await gw.request<{ data: Array<{ id: string; status: string; amount: string; reason_code: string }> }>(
          'GET',
          `/v1/chargebacks?payment_id=${reply.body.id}`,
          {
            token,
          },
        )
      ).body.data;

    expect((await send('evt_forged', 'charge.dispute.created', dispute, 'whsec_notTheAccountsSecret000000')).status).toBe(401);
    expect(await chargebacks()).toHaveLength(0);
    const opened = await send('evt_dispute_1', 'charge.dispute.created', dispute);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body).toMatchObject({ kind: 'dispute.opened', payment_id: reply.body.id, status: 'processed', replayed: false });
    expect(await chargebacks()).toMatchObject([{ status: 'OPEN', amount: '75.00', reason_code: '10.4' }]);
    expect((await send('evt_dispute_1', 'charge.dispute.created', dispute)).body).toMatchObject({ replayed: true });
    expect(await chargebacks()).toHaveLength(1);
    // An event the inbound path has no kind for, and a signed body that is not what Stripe sends: 400, nothing stored.
    const charge = {
      id: 'ch_1',
      object: 'charge',
      amount: 7500,
      amount_refunded: 7500,
      refunded: true,
      currency: 'usd',
      metadata: {},
      payment_intent: intent!.id,
    };
    expect((await send('evt_other', 'charge.refunded', charge)).status).toBe(400);
    expect((await send('evt_odd', 'charge.dispute.created', { id: 'dp_2', object: 'dispute' })).status).toBe(400);

    // Disputed: Stripe decides from the evidence in its Dashboard and tells by charge.dispute.closed. The decision job,
    // due meanwhile, has nothing to ask it: it ends at its first run (not failing an hour apart for a week), the chargeback waits.
    const [chargeback] = await chargebacks();
    const disputed = await gw.request<{ status: string }>('POST', `/v1/chargebacks/${chargeback!.id}/dispute`, {
      token,
      body: { evidence: 'delivery receipt' },
    });
    expect(disputed.body.status).toBe('DISPUTED');
    const due = await advanceClock(gw, token, 301);
    expect(due.ran.filter((r) => r.type === 'chargeback.decide').map((r) => [r.subject_id, r.outcome])).toEqual([[chargeback!.id, 'completed']]);
    expect(await chargebacks()).toMatchObject([{ status: 'DISPUTED' }]);
    const closed = await send('evt_dispute_closed', 'charge.dispute.closed', { ...dispute, status: 'won' });
    expect(closed.body).toMatchObject({ kind: 'dispute.decided', status: 'processed' });
    expect(await chargebacks()).toMatchObject([{ status: 'WON' }]);
  });

  it("follows a capture and a cancellation made in Stripe's dashboard; the echo of its own capture changes nothing", async () => {
    const { token, stripe } = await merchant(gw, fake);
    const instrumentId = await tokenize(gw, token, { number: '4242424242424242' });
    const send = (id: string, type: string, object: unknown) => {
      const signed = FakeStripe.signed({ id, type, data: { object } }, WEBHOOK_SECRET);
      return gw.request<{ kind: string; payment_id: string; status: string; replayed: boolean }>('POST', `/v1/connector-accounts/${stripe}/notifications`, {
        rawBody: signed.body.toString('utf8'),
        headers: signed.headers,
      });
    };
    const read = async (id: string) => (await gw.request<PaymentReply>('GET', `/v1/payments/${id}`, { token })).body;
    const events = async (id: string) =>
      (await gw.request<{ data: Array<{ type: string }> }>('GET', `/v1/events?payment_id=${id}`, { token })).body.data.map((e) => e.type);

    // Captured in Stripe's dashboard, part of it: the payment follows, with its event (fees and ledger react to it).
    const first = await pay(gw, token, { instrumentId, amount: 150, capture: false });
    const [intent] = intentOf(first.body.id);
    const captured = await send('evt_capture_1', 'payment_intent.succeeded', { ...intent!, status: 'succeeded', amount_received: 9000 });
    expect(captured.status, captured.text).toBe(200);
    expect(captured.body).toMatchObject({ kind: 'payment.captured', payment_id: first.body.id, status: 'processed', replayed: false });
    expect(await read(first.body.id)).toMatchObject({ status: 'APPROVED', amount_captured: '90.00' });
    expect(await events(first.body.id)).toContain('payment.card.captured');
    expect((await send('evt_capture_1', 'payment_intent.succeeded', { ...intent!, status: 'succeeded', amount_received: 9000 })).body).toMatchObject({
      replayed: true,
    });
    // Nothing more to capture from here.
    expect((await gw.request('POST', `/v1/payments/${first.body.id}/capture`, { token, body: {} })).status).toBe(409);

    // Cancelled in Stripe's dashboard.
    const second = await pay(gw, token, { instrumentId, amount: 80, capture: false });
    const [other] = intentOf(second.body.id);
    const cancelled = await send('evt_cancel_1', 'payment_intent.canceled', { ...other!, status: 'canceled', cancellation_reason: 'requested_by_customer' });
    expect(cancelled.body).toMatchObject({ kind: 'payment.cancelled', payment_id: second.body.id, status: 'processed' });
    expect(await read(second.body.id)).toMatchObject({ status: 'CANCELLED' });
    expect(await events(second.body.id)).toContain('payment.card.cancelled');

    // The gateway's own capture: Stripe's event about it finds the payment captured already, and changes nothing.
    const third = await pay(gw, token, { instrumentId, amount: 60, capture: false });
    expect((await gw.request('POST', `/v1/payments/${third.body.id}/capture`, { token, body: {} })).status).toBe(200);
    const [own] = intentOf(third.body.id);
    const echo = await send('evt_capture_echo', 'payment_intent.succeeded', fake.intents.get(own!.id));
    expect(echo.body).toMatchObject({ kind: 'payment.captured', status: 'ignored' });
    expect(await read(third.body.id)).toMatchObject({ status: 'APPROVED', amount_captured: '60.00' });
    expect((await events(third.body.id)).filter((t) => t === 'payment.card.captured')).toHaveLength(1);
  });

  it('cancels an uncaptured payment: the PaymentIntent is canceled at Stripe', async () => {
    const { token, card } = await merchant(gw, fake);
    const reply = await pay(gw, token, { instrumentId: await card('5555555555554444'), amount: 80, capture: false });
    expect(reply.body.status).toBe('AUTHORIZED');
    const cancelled = await gw.request<PaymentReply>('POST', `/v1/payments/${reply.body.id}/cancel`, { token });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.status).toBe('CANCELLED');
    expect(intentOf(reply.body.id)[0]).toMatchObject({ status: 'canceled', cancellation_reason: 'requested_by_customer' });
  });

  it("turns Stripe's declines into REJECTED with their response codes", async () => {
    const { token, card } = await merchant(gw, fake);
    for (const [number, code] of [
      ['4000000000000002', '05'],
      ['4000000000009995', '51'],
      ['4000000000000069', '54'],
    ] as const) {
      const reply = await pay(gw, token, { instrumentId: await card(number), amount: 10 });
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body, number).toMatchObject({ status: 'REJECTED', response_code: code });
      const [intent] = intentOf(reply.body.id);
      expect(intent?.status).toBe('requires_payment_method');
      expect((await stored(gw, reply.body.id)).network_reference).toMatch(new RegExp(`:${intent!.id}$`));
      // A decline is an answer: the next account of the rule (the simulator) never sees the payment.
      expect(await simulatorSaw(gw, reply.body.id)).toBe(false);
    }
  });

  it('rate limited: declined 91 without charging; a server error: PENDING, never sent to the next account', async () => {
    const { token, card } = await merchant(gw, fake);
    const authorized = await pay(gw, token, { instrumentId: await card('4242424242424242'), amount: 10, capture: false });
    expect(authorized.body.status).toBe('AUTHORIZED');
    fake.mode = 'rate_limited';
    try {
      // An operation Stripe did not process: 503, nothing captured; its recovery job asks again with the same key.
      const capture = await gw.request<ErrorBody>('POST', `/v1/payments/${authorized.body.id}/capture`, { token, body: {} });
      expect(capture.status, capture.text).toBe(503);
      expect(intentOf(authorized.body.id)[0]?.status).toBe('requires_capture');
      const limited = await pay(gw, token, { instrumentId: await card('4242424242424242'), amount: 10 });
      expect(limited.body).toMatchObject({ status: 'REJECTED', response_code: '91' });
      expect(intentOf(limited.body.id)).toHaveLength(0);
      fake.mode = 'api_error';
      const failing = await pay(gw, token, { instrumentId: await card('4242424242424242'), amount: 10 });
      expect(failing.body.status).toBe('PENDING');
      expect(await simulatorSaw(gw, failing.body.id)).toBe(false);
      // Both attempts carried the same key.
      expect(sent(`pasarela:tokenize:${failing.body.id}`)).toHaveLength(2);
    } finally {
      fake.mode = 'normal';
    }
  });

  it('a capture Stripe did not process, then Stripe unreachable for a day: its recovery job keeps asking with the same key, and captures once Stripe answers', async () => {
    const time = new MovableTime();
    const own = await startGateway(dialect, {}, { connectors: [stripeConnector(fake.endpoint())], time });
    const later = async (seconds: number) => {
      time.advance(seconds);
      await own.gateway.jobs.runDue();
    };
    const row = (id: string) =>
      own.db.selectFrom('payments').select(['status', 'pending_action', 'amount_captured']).where('id', '=', id).executeTakeFirstOrThrow();
    try {
      const { token, card } = await merchant(own, fake);
      const authorized = await pay(own, token, { instrumentId: await card('4242424242424242'), amount: 30, capture: false });
      expect(authorized.body.status).toBe('AUTHORIZED');
      fake.mode = 'rate_limited';
      const capture = await own.request<ErrorBody>('POST', `/v1/payments/${authorized.body.id}/capture`, { token, body: {} });
      expect(capture.status, capture.text).toBe(503);
      // A day of refused captures: far past the 10 attempts (about 17 minutes) a job gets by default.
      for (let hour = 0; hour < 24; hour++) await later(3600);
      const intent = intentOf(authorized.body.id)[0]!;
      const captures = fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${intent.id}/capture`);
      const asked = captures.length;
      // Each with the one idempotency key.
      expect(new Set(captures.map((r) => r.idempotencyKey)).size).toBe(1);
      expect(asked).toBeGreaterThan(11);
      expect(intentOf(authorized.body.id)[0]?.status).toBe('requires_capture');
      expect(await row(authorized.body.id)).toMatchObject({ status: 'AUTHORIZED', pending_action: 'capture' });

      fake.mode = 'normal';
      // The backoff's longest wait: an hour, with up to 20% jitter.
      await later(3600 * 1.2 + 1);
      expect(intentOf(authorized.body.id)[0]?.status).toBe('succeeded');
      expect(await row(authorized.body.id)).toMatchObject({ status: 'APPROVED', pending_action: null });
      expect(Number((await row(authorized.body.id)).amount_captured)).toBe(3000);
    } finally {
      fake.mode = 'normal';
      await own.close();
    }
  });

  it('a timeout after Stripe acted: the payment waits PENDING (no fallback), then takes the answer Stripe kept, one PaymentIntent', async () => {
    // A gateway of its own whose calls to Stripe time out after 1 s: the held authorization waits
    // that long for each of its two attempts (the suite's gateway waits 3 s).
    const own = await startGateway(dialect, {}, { connectors: [stripeConnector(fake.endpoint({ timeoutMs: 1_000, retries: 1 }))] });
    try {
      const { token, card } = await merchant(own, fake);
      const reply = await whileHeld(fake, async () => pay(own, token, { instrumentId: await card('4242424242424242'), amount: 60 }));
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body.status).toBe('PENDING');
      expect(await simulatorSaw(own, reply.body.id)).toBe(false);
      expect(intentOf(reply.body.id)).toHaveLength(1);
      // The pending job looks the payment up at Stripe (search by our reference) after PENDING_CARD_DELAY_SECONDS.
      await advanceClock(own, token, 11);
      const settled = await own.request<PaymentReply>('GET', `/v1/payments/${reply.body.id}`, { token });
      expect(settled.body.status).toBe('APPROVED');
      expect((await stored(own, reply.body.id)).network_reference).toMatch(new RegExp(`:${intentOf(reply.body.id)[0]!.id}$`));
      expect(intentOf(reply.body.id)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('a retry after a lost answer carries the same idempotency key: Stripe replays its answer, one charge', async () => {
    const { token, card } = await merchant(gw, fake);
    fake.dropNextAuthorization = true;
    const reply = await pay(gw, token, { instrumentId: await card('4242424242424242'), amount: 70, capture: false });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.status).toBe('AUTHORIZED');
    const attempts = sent(`pasarela:authorize:${reply.body.id}`);
    expect(attempts).toHaveLength(2);
    expect(intentOf(reply.body.id)).toHaveLength(1);
    expect(fake.replayed.filter((k) => k === `pasarela:authorize:${reply.body.id}`)).toHaveLength(1);
  });

  it('answers 422 naming each malformed Stripe credential, and never returns them', async () => {
    const token = await (await gw.client()).token();
    const bad = await gw.request<ErrorBody>('POST', '/v1/connector-accounts', {
      token,
      body: { connector: 'stripe', credentials: { secret_key: 'pk_test_publishable0000', webhook_secret: 'secret' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.map((d) => d.field).sort()).toEqual(['credentials.secret_key', 'credentials.webhook_secret']);
    const missing = await gw.request<ErrorBody>('POST', '/v1/connector-accounts', { token, body: { connector: 'stripe', credentials: {} } });
    expect(missing.body.error.details.map((d) => d.field).sort()).toEqual(['credentials.secret_key', 'credentials.webhook_secret']);
    const good = await gw.request('POST', '/v1/connector-accounts', {
      token,
      body: { connector: 'stripe', credentials: { secret_key: fake.secretKey, webhook_secret: WEBHOOK_SECRET } },
    });
    expect(good.status).toBe(201);
    expect(good.text).not.toContain(fake.secretKey);
    expect(good.text).not.toContain(WEBHOOK_SECRET);
  });
});

describe.each(dialects)('Stripe refusing connections on $name', (dialect) => {
  let gw: TestGateway;

  beforeAll(async () => {
    const endpoint = { host: '127.0.0.1', port: REFUSING_PORT, protocol: 'http' as const, limits: { timeoutMs: 3_000, retries: 1, backoffMs: 0 } };
    gw = await startGateway(dialect, {}, { connectors: [stripeConnector(endpoint)] });
  });
  afterAll(() => gw.close());

  it('falls back to the next account of the rule, which authorizes and later captures', async () => {
    const { token, simulator, card } = await merchant(gw, undefined);
    const reply = await pay(gw, token, { instrumentId: await card('4242424242424242'), amount: 100, capture: false });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.status).toBe('AUTHORIZED');
    expect(await simulatorSaw(gw, reply.body.id)).toBe(true);
    expect((await stored(gw, reply.body.id)).network_reference).toBe(`${await referenceKey(gw, simulator)}:sim_${reply.body.id}`);
    const captured = await gw.request<PaymentReply>('POST', `/v1/payments/${reply.body.id}/capture`, { token, body: {} });
    expect(captured.status, captured.text).toBe(200);
  });
});

describe.each(dialects)('an authorization still in flight at Stripe on $name', (dialect) => {
  let fake: FakeStripe;
  let gw: TestGateway;
  const time = new MovableTime();

  beforeAll(async () => {
    fake = await FakeStripe.start();
    // The jobs run when the test says (runDue); Stripe's answer may take up to 30 s of real time.
    gw = await startGateway(dialect, { JOBS_ENABLED: 'false' }, { time, connectors: [stripeConnector(fake.endpoint({ timeoutMs: 30_000 }))] });
  });
  let go = () => {};
  afterAll(async () => {
    go();
    await gw.close();
    await fake.close();
  });

  const waiting = () =>
    gw.db.selectFrom('payments').select(['id', 'status', 'response_code', 'pending_action']).where('pending_action', '=', 'authorize').execute();

  it('its recovery job finds nothing at Stripe yet and looks again later instead of declining what Stripe then authorizes; past the longest the calls can take, nothing found is 96', async () => {
    const { token, card } = await merchant(gw, fake);
    const instrumentId = await card('4242424242424242');
    go = fake.stallAuthorizations();
    const paying = pay(gw, token, { instrumentId, amount: 80, capture: false });
    await fake.stalled;
    // The recovery job is due a minute after the intent: Stripe has not acted yet, its search finds nothing.
    time.advance(61);
    await gw.gateway.jobs.runDue();
    expect(await waiting()).toEqual([expect.objectContaining({ status: 'PENDING', response_code: null })]);
    go();
    const reply = await paying;
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({ status: 'AUTHORIZED', response_code: '00' });
    expect((await stored(gw, reply.body.id)).network_reference).toMatch(/^.+:pi_/);
    expect(await waiting()).toEqual([]);

    // A payment whose calls would have ended by now (four minutes on: three attempts of 40 s, twice) with nothing at
    // Stripe was never seen there: declined 96.
    go = fake.stallAuthorizations();
    const lost = pay(gw, token, { instrumentId, amount: 81, capture: false });
    await fake.stalled;
    time.advance(61);
    await gw.gateway.jobs.runDue();
    expect(await waiting()).toHaveLength(1);
    time.advance(200);
    await gw.gateway.jobs.runDue();
    const [declined] = await gw.db.selectFrom('payments').select(['status', 'response_code']).where('amount', '=', 8100).execute();
    expect(declined).toEqual({ status: 'REJECTED', response_code: '96' });
    go();
    expect((await lost).status).toBe(201);
  });
});
