/**
 * Test clocks (docs/sandbox.md "Test clocks"): POST /v1/sandbox/clock/advance
 * moves one organization's sandbox time and runs, in order, what fell due,
 * before it answers. Every timer here runs at its default delay (minutes,
 * days): the clock, not sleeping, gets the test there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';
import { Receiver } from './support/receiver.js';
import { eventually } from './support/wait.js';

interface Ran {
  id: string;
  type: string;
  subject_id: string | null;
  run_at: string;
  outcome: string;
}
interface Advanced {
  offset_seconds: number;
  now: string;
  ran: Ran[];
}

const DAY = 86400;

describe.each(dialects)('test clocks on $name', (dialect) => {
  let gw: TestGateway;
  let receiver: Receiver;

  beforeAll(async () => {
    // The defaults: automatic capture after 180 s, authorizations 7 days, chargebacks 7 days to answer.
    gw = await startGateway(dialect);
    receiver = await new Receiver().start();
  });
  afterAll(async () => {
    await gw.close();
    await receiver.close();
  });

  async function merchant() {
    const client = await gw.client();
    const token = await client.token();
    return { token, advance: (seconds: unknown) => gw.request<Advanced>('POST', '/v1/sandbox/clock/advance', { token, body: { seconds } }) };
  }

  it("shows the offset and the organization's time; refuses a bad advance with 422 and the field", async () => {
    const { token, advance } = await merchant();
    const clock = await gw.request<{ offset_seconds: number; now: string }>('GET', '/v1/sandbox/clock', { token });
    expect(clock.status).toBe(200);
    expect(clock.body.offset_seconds).toBe(0);
    expect(Math.abs(Date.parse(clock.body.now) - Date.now())).toBeLessThan(5000);
    for (const seconds of [0, -5, 1.5, '60', null, 366 * DAY + 1]) {
      const reply = await advance(seconds);
      expect({ seconds, status: reply.status }).toEqual({ seconds, status: 422 });
      expect(reply.text).toContain('seconds');
    }
    const missing = await gw.request('POST', '/v1/sandbox/clock/advance', { token, body: {} });
    expect(missing.status).toBe(422);
    const narrow = await (await gw.client({ scopes: ['payments:read'] })).token();
    expect((await gw.request('POST', '/v1/sandbox/clock/advance', { token: narrow, body: { seconds: 5 } })).status).toBe(403);

    const moved = await advance(3600);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ offset_seconds: 3600, ran: [] });
    expect(Date.parse(moved.body.now) - Date.now()).toBeGreaterThan(3590_000);
    expect((await gw.request('GET', '/v1/sandbox/clock', { token })).body).toMatchObject({ offset_seconds: 3600 });
  });

  it('runs the automatic capture when the clock passes it, with its webhook, and leaves other organizations alone', async () => {
    const { token, advance } = await merchant();
    const other = await merchant();
    await gw.request('POST', '/v1/webhooks', { token, body: { url: receiver.url, events: ['payment.card.captured'] } });
    const payment = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4242424242424242' }), amount: 20 });
    const elsewhere = await pay(gw, other.token, { instrumentId: await tokenize(gw, other.token, { number: '4242424242424242' }), amount: 20 });
    expect(payment.body).toMatchObject({ status: 'APPROVED', captured_at: null });

    const early = await advance(120);
    expect(early.body.ran).toEqual([]);
    expect((await gw.request<PaymentReply>('GET', `/v1/payments/${payment.body.id}`, { token })).body.captured_at).toBeNull();

    const later = await advance(70);
    expect(later.status).toBe(200);
    expect(later.body.offset_seconds).toBe(190);
    expect(later.body.ran.map((r) => [r.type, r.subject_id, r.outcome])).toContainEqual(['payment.capture', payment.body.id, 'completed']);
    expect(later.body.ran.map((r) => r.type)).toContain('webhook.deliver');
    // Answered after the work: captured, and the webhook already delivered.
    expect((await gw.request<PaymentReply>('GET', `/v1/payments/${payment.body.id}`, { token })).body).toMatchObject({
      status: 'APPROVED',
      amount_captured: '20.00',
    });
    expect(receiver.received.filter((r) => r.body.includes(payment.body.id) && r.body.includes('payment.card.captured'))).toHaveLength(1);

    expect((await gw.request<PaymentReply>('GET', `/v1/payments/${elsewhere.body.id}`, { token: other.token })).body.captured_at).toBeNull();
    expect((await gw.request('GET', '/v1/sandbox/clock', { token: other.token })).body).toMatchObject({ offset_seconds: 0 });
  });

  it('runs jobs that jobs enqueue, in order: a chargeback card is captured, then its chargeback expires 7 days later', async () => {
    const { token, advance } = await merchant();
    const payment = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4000000000000259' }), amount: 75.5 });
    const reply = await advance(7 * DAY + 600);
    expect(reply.status).toBe(200);
    // Webhook deliveries and the settlement runs (the capture's entry settles two days later) go between them.
    const types = reply.body.ran.filter((r) => r.type !== 'webhook.deliver' && r.type !== 'settlement.run').map((r) => r.type);
    expect(types).toEqual(['payment.capture', 'chargeback.expire']);
    const runAts = reply.body.ran.map((r) => Date.parse(r.run_at));
    expect([...runAts].sort((a, b) => a - b)).toEqual(runAts);
    const chargebacks = await gw.request<{ data: Array<{ payment_id: string; status: string; respond_by: string }> }>('GET', '/v1/chargebacks', { token });
    expect(chargebacks.body.data).toEqual([expect.objectContaining({ payment_id: payment.body.id, status: 'LOST' })]);
    // respond_by: seven days after the capture, in the organization's time.
    const capture = reply.body.ran.find((r) => r.type === 'payment.capture')!;
    expect(Math.abs(Date.parse(chargebacks.body.data[0]!.respond_by) - Date.parse(capture.run_at) - 7 * DAY * 1000)).toBeLessThan(5000);
  });

  it('expires an uncaptured authorization, a payment link and an alternative payment at their times', async () => {
    const { token, advance } = await merchant();
    const held = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4242424242424242' }), capture: false });
    const link = await gw.request<{ id: string; expires_at: string }>('POST', '/v1/links', {
      token,
      body: { type: 'payment', expires_in: 3 * 3600, data: { amount: { value: 150, currency: 'USD' }, description: 'clock' } },
    });
    expect(link.status).toBe(201);
    const intent = await gw.request<{ payment_id: string }>('POST', '/v1/payments/intents', {
      token,
      body: {
        order_id: `clock-${Date.now()}`,
        amount: 25050,
        currency: 'COP',
        rail_id: 'WALLET_PUSH',
        rail_type: 'WALLET',
        customer: { phone_number: '3001234567' },
      },
    });
    expect(intent.status).toBe(201);

    const first = await advance(45 * 60 + 5);
    expect(first.body.ran.map((r) => [r.type, r.subject_id])).toContainEqual(['apm.expire', intent.body.payment_id]);
    expect((await gw.request<{ status: string }>('GET', `/v1/payments/${intent.body.payment_id}`, { token })).body.status).not.toBe('IN_PROGRESS');
    expect((await gw.request<{ status: string }>('GET', `/v1/links/${link.body.id}`, { token })).body.status).not.toBe('expired');

    const second = await advance(3 * 3600);
    expect(second.body.ran.map((r) => r.type)).toContain('link.expire');
    expect((await gw.request<{ status: string }>('GET', `/v1/links/${link.body.id}`, { token })).body.status).toBe('expired');
    expect((await gw.request<PaymentReply>('GET', `/v1/payments/${held.body.id}`, { token })).body.status).toBe('AUTHORIZED');

    // Seven days after the authorization (AUTHORIZATION_TTL_SECONDS).
    const third = await advance(7 * DAY - 3 * 3600);
    expect(third.body.ran.map((r) => [r.type, r.subject_id])).toContainEqual(['payment.expire_authorization', held.body.id]);
    expect((await gw.request<PaymentReply>('GET', `/v1/payments/${held.body.id}`, { token })).body.status).toBe('CANCELLED');
  });

  it('runs webhook retries as the clock reaches them, then gives up after the schedule', async () => {
    const { token, advance } = await merchant();
    const failing = await new Receiver().start();
    try {
      failing.answers = [500, 500, 500, 500, 500, 500, 500, 500, 500];
      const endpoint = await gw.request<{ id: string }>('POST', '/v1/webhooks', { token, body: { url: failing.url, events: ['payment.card.approved'] } });
      const payment = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4242424242424242' }) });
      // The first attempt is at once (and fails); the second is due 5 s later (WEBHOOK_RETRY_SCHEDULE).
      const deliveries = () =>
        gw.request<{ data: Array<{ status: string; attempts: unknown[]; next_attempt_at: string | null }> }>(
          'GET',
          `/v1/webhooks/${endpoint.body.id}/deliveries`,
          { token },
        );
      await advance(1);
      const afterOne = (await deliveries()).body.data[0]!;
      expect(afterOne.status).toBe('pending');
      const attempts = afterOne.attempts.length;
      expect(attempts).toBeGreaterThanOrEqual(1);
      // The schedule's waits add up to about 27.6 hours (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
      const days = await advance(2 * DAY);
      expect(days.status).toBe(200);
      expect(days.body.ran.filter((r) => r.type === 'webhook.deliver')).toHaveLength(8 - attempts);
      const done = (await deliveries()).body.data[0]!;
      expect(done).toMatchObject({ status: 'failed', next_attempt_at: null });
      expect(done.attempts).toHaveLength(8);
      expect(failing.received.filter((r) => r.body.includes(payment.body.id))).toHaveLength(8);
    } finally {
      await failing.close();
    }
  });
});

describe.each(dialects)('a long test clock advance on $name', (dialect) => {
  it('runs jobs for SANDBOX_CLOCK_ADVANCE_RUN_SECONDS, then moves to its target and leaves the rest, due, to the background', async () => {
    const gw = await startGateway(dialect, { SANDBOX_CLOCK_ADVANCE_RUN_SECONDS: '1' });
    const slow = await new Receiver().start();
    try {
      // An endpoint that fails every delivery, slowly: each of its 8 attempts per event takes 300 ms.
      slow.answers = Array.from({ length: 64 }, () => 500);
      slow.delayMs = 300;
      const token = await (await gw.client()).token();
      const endpoint = (await gw.request<{ id: string }>('POST', '/v1/webhooks', { token, body: { url: slow.url, events: ['payment.card.approved'] } })).body
        .id;
      const card = await tokenize(gw, token, { number: '4242424242424242' });
      for (let i = 0; i < 4; i++) await pay(gw, token, { instrumentId: card });
      // The background runner makes each delivery's first attempt at once; the advance starts once
      // all four are over (otherwise, on a busy machine, it could spend its budget waiting for them).
      await eventually(
        async () => (await gw.request<{ data: Array<{ attempts: unknown[] }> }>('GET', `/v1/webhooks/${endpoint}/deliveries`, { token })).body.data,
        (deliveries) => deliveries.length === 4 && deliveries.every((d) => d.attempts.length >= 1),
        15_000,
      );
      // Two days reach every retry of the four deliveries: about 28 attempts, 8 s of waiting on the endpoint.
      const advanced = await gw.request<Advanced>('POST', '/v1/sandbox/clock/advance', { token, body: { seconds: 2 * DAY } });
      expect(advanced.status).toBe(200);
      expect(advanced.body.offset_seconds).toBe(2 * DAY);
      const deliveries = advanced.body.ran.filter((r) => r.type === 'webhook.deliver');
      expect(deliveries.length).toBeGreaterThan(0);
      expect(deliveries.length).toBeLessThan(20);
      // What it left was given back, due: the background runner attempts it without another advance.
      const before = slow.received.length;
      await eventually(
        async () => slow.received.length,
        (n) => n > before,
        10_000,
      );
    } finally {
      await gw.close();
      await slow.close();
    }
  });
});

describe('test clocks in production', () => {
  it('are not served (404)', async () => {
    const gw = await startGateway(dialects[0]!, { ENVIRONMENT: 'production', TRUST_PROXY: 'true' });
    try {
      const headers = { 'x-forwarded-proto': 'https' };
      const c = await gw.client();
      const token = (
        await gw.request<{ access_token: string }>('POST', '/oauth/token', {
          headers,
          body: { grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.secret, audience: 'https://pasarela.test' },
        })
      ).body.access_token;
      expect((await gw.request('GET', '/v1/sandbox/clock', { token, headers })).status).toBe(404);
      expect((await gw.request('POST', '/v1/sandbox/clock/advance', { token, headers, body: { seconds: 60 } })).status).toBe(404);
    } finally {
      await gw.close();
    }
  });
});
