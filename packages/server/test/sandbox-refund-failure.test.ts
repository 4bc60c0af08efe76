/**
 * The sandbox's card whose refunds fail after they succeeded
 * (4000000000005134, docs/sandbox.md "Test cards"), as Stripe's refunds of
 * its test card 4000000000005126 do: the refund is SUCCEEDED at once, and the
 * gateway's later look at it (`refund.confirm`, payments/refunds/confirm.ts,
 * four days after it succeeded) finds it failed at the simulator: REJECTED
 * with code `54`, its amount out of the payment's `amount_refunded` again,
 * `refund.rejected` recorded and delivered. Another card's refund, read by
 * the same look, stays SUCCEEDED. What the simulator answers is in the
 * database (its ledger, `simulator_operations`), so a gateway started again
 * on it answers the same. Time moves on the gateway's injected clock, or on
 * the organization's test clock (`POST /v1/sandbox/clock/advance`); nothing
 * sleeps. Real gateway, real HTTP, both dialects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardNetworkSimulator } from '../src/connectors/card-network/simulator.js';
import { REFUND_CONFIRM_AFTER_SECONDS, REFUND_CONFIRM_JOB } from '../src/payments/refunds/confirm.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';
import { advanceClock, MovableTime } from './support/clock.js';
import { dialects } from './support/dialects.js';
import { AUDIENCE, startGateway, type TestClient, type TestGateway } from './support/gateway.js';
import { Receiver } from './support/receiver.js';

const FAILS_LATER = '4000000000005134';
const VISA = '4242424242424242';

interface RefundReply {
  id: string;
  payment_id: string;
  amount: string;
  status: string;
  response_code: string | null;
}
interface EventList {
  data: Array<{ type: string; data: { refund?: { id: string; status: string; amount: number } } }>;
}

describe.each(dialects)('the sandbox card whose refunds fail after they succeeded, on $name', (dialect) => {
  const time = new MovableTime();
  const receiver = new Receiver();
  let databaseUrl: string;
  let gw: TestGateway;
  let client: TestClient;
  let token: string;

  beforeAll(async () => {
    await receiver.start();
    databaseUrl = await dialect.migratedDatabaseUrl();
    gw = await startGateway(dialect, { DATABASE_URL: databaseUrl }, { time });
    client = await gw.client();
    token = await client.token();
    const endpoint = await gw.request('POST', '/v1/webhooks', {
      token,
      body: { url: receiver.url, events: ['refund.succeeded', 'refund.rejected'] },
    });
    expect(endpoint.status, endpoint.text).toBe(201);
  });
  afterAll(async () => {
    await gw.close();
    await receiver.close();
  });

  /** A token of `client` from the gateway running now (the first one's `client.token()` asks a gateway that is closed). */
  async function tokenOf(of: TestClient): Promise<string> {
    const reply = await gw.request<{ access_token: string }>('POST', '/oauth/token', {
      body: { grant_type: 'client_credentials', client_id: of.clientId, client_secret: of.secret, audience: AUDIENCE },
    });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.access_token;
  }

  /** A payment of `amount` USD with `number`, captured now (deferred capture). */
  async function captured(as: string, number: string, amount: number): Promise<string> {
    const paid = await pay(gw, as, { instrumentId: await tokenize(gw, as, { number }), amount, capture: false });
    expect(paid.body.status, paid.text).toBe('AUTHORIZED');
    const capture = await gw.request<PaymentReply>('POST', `/v1/payments/${paid.body.id}/capture`, { token: as, body: {} });
    expect(capture.body.captured_at, capture.text).not.toBeNull();
    return paid.body.id;
  }

  const refund = async (as: string, paymentId: string, amount: number) => {
    const reply = await gw.request<RefundReply>('POST', '/v1/refunds', { token: as, body: { payment_id: paymentId, amount, currency: 'USD' } });
    expect(reply.status, reply.text).toBe(201);
    return reply.body;
  };
  const getRefund = async (as: string, id: string) => (await gw.request<RefundReply>('GET', `/v1/refunds/${id}`, { token: as })).body;
  const getPayment = async (as: string, id: string) => (await gw.request<PaymentReply>('GET', `/v1/payments/${id}`, { token: as })).body;
  /** The types of the refund's events, from the public event list of its payment, oldest first. */
  const refundEvents = async (as: string, paymentId: string, refundId: string) => {
    const list = await gw.request<EventList>('GET', `/v1/events?payment_id=${paymentId}&limit=100`, { token: as });
    return list.body.data
      .filter((e) => e.data.refund?.id === refundId)
      .map((e) => e.type)
      .reverse();
  };
  /**
   * The refund's events delivered to the webhook endpoint. (Their signatures are not checked here: they are
   * timestamped with the gateway's time, days ahead of this process's clock, which a receiver checks them against.)
   */
  const delivered = (refundId: string) =>
    receiver
      .events()
      .filter((e) => (e.data['refund'] as { id?: string } | undefined)?.id === refundId)
      .map((e) => [e.type, (e.data['refund'] as { status: string }).status]);
  /** The refund's later looks: [look, status] of each `refund.confirm` job. */
  const looks = async (refundId: string) =>
    (await gw.db.selectFrom('jobs').select(['payload', 'status']).where('type', '=', REFUND_CONFIRM_JOB).orderBy('run_at').execute())
      .map((j) => ({ payload: JSON.parse(j.payload) as { refund_id: string; look?: number }, status: j.status }))
      .filter((j) => j.payload.refund_id === refundId)
      .map((j) => [j.payload.look ?? 0, j.status]);

  it('refunded SUCCEEDED; after a restart, four days on, the later look finds it failed: REJECTED 54, its amount refundable again, refund.rejected delivered; a Visa refund stays SUCCEEDED', async () => {
    const failing = await captured(token, FAILS_LATER, 100);
    const kept = await captured(token, VISA, 100);

    const first = await refund(token, failing, 40);
    expect(first).toMatchObject({ payment_id: failing, amount: '40.00', status: 'SUCCEEDED', response_code: '00' });
    const other = await refund(token, kept, 30);
    expect(other).toMatchObject({ status: 'SUCCEEDED', response_code: '00' });
    expect(await getPayment(token, failing)).toMatchObject({ status: 'APPROVED', amount_refunded: '40.00' });
    await gw.gateway.jobs.runDue();
    expect(await refundEvents(token, failing, first.id)).toEqual(['refund.succeeded']);
    expect(delivered(first.id)).toEqual([['refund.succeeded', 'SUCCEEDED']]);

    // A new process on the same database: the simulator's answers are in it, not in memory.
    await gw.close();
    gw = await startGateway(dialect, { DATABASE_URL: databaseUrl }, { time });

    time.advance(REFUND_CONFIRM_AFTER_SECONDS[0] - 60);
    await gw.gateway.jobs.runDue();
    token = await tokenOf(client);
    expect(await getRefund(token, first.id)).toMatchObject({ status: 'SUCCEEDED', response_code: '00' });
    expect(await looks(first.id)).toEqual([[0, 'pending']]);

    time.advance(61);
    await gw.gateway.jobs.runDue();

    expect(await getRefund(token, first.id)).toMatchObject({ status: 'REJECTED', response_code: '54', amount: '40.00' });
    expect(await getPayment(token, failing)).toMatchObject({ status: 'APPROVED', amount_refunded: '0.00' });
    const history = await gw.request<{ data: Array<{ type: string; status: string; response_code: string | null; refund_id: string | null }> }>(
      'GET',
      `/v1/payments/${failing}/transactions`,
      { token },
    );
    expect(history.body.data.find((t) => t.refund_id === first.id)).toMatchObject({ type: 'refund', status: 'REJECTED', response_code: '54' });
    expect(await refundEvents(token, failing, first.id)).toEqual(['refund.succeeded', 'refund.rejected']);
    expect(delivered(first.id)).toEqual([
      ['refund.succeeded', 'SUCCEEDED'],
      ['refund.rejected', 'REJECTED'],
    ]);
    // Looked at once, and never again: it is REJECTED for good.
    expect(await looks(first.id)).toEqual([[0, 'completed']]);

    // The Visa refund was read by the same look, found as it was, and is read once more at thirty days.
    expect(await getRefund(token, other.id)).toMatchObject({ status: 'SUCCEEDED', response_code: '00' });
    expect(await getPayment(token, kept)).toMatchObject({ amount_refunded: '30.00' });
    expect(await refundEvents(token, kept, other.id)).toEqual(['refund.succeeded']);
    expect(await looks(other.id)).toEqual([
      [0, 'completed'],
      [1, 'pending'],
    ]);

    // The failed amount can be refunded again (and that refund too succeeds, to fail at its own look).
    expect(await refund(token, failing, 100)).toMatchObject({ amount: '100.00', status: 'SUCCEEDED' });
    expect(await getPayment(token, failing)).toMatchObject({ status: 'REFUNDED', amount_refunded: '100.00' });
  });

  it("the organization's test clock reaches the look: an advance of four days runs it, and the refund is REJECTED", async () => {
    const own = await gw.client();
    const ownToken = await tokenOf(own);
    const payment = await captured(ownToken, FAILS_LATER, 25);
    const made = await refund(ownToken, payment, 25);
    expect(made.status).toBe('SUCCEEDED');
    expect(await getPayment(ownToken, payment)).toMatchObject({ status: 'REFUNDED', amount_refunded: '25.00' });

    const early = await advanceClock(gw, ownToken, REFUND_CONFIRM_AFTER_SECONDS[0] - 60);
    expect(early.ran.filter((r) => r.type === REFUND_CONFIRM_JOB)).toEqual([]);
    expect((await getRefund(ownToken, made.id)).status).toBe('SUCCEEDED');

    const due = await advanceClock(gw, ownToken, 61);
    expect(due.ran.filter((r) => r.type === REFUND_CONFIRM_JOB).map((r) => [r.subject_id, r.outcome])).toEqual([[made.id, 'completed']]);
    expect(await getRefund(ownToken, made.id)).toMatchObject({ status: 'REJECTED', response_code: '54' });
    expect(await getPayment(ownToken, payment)).toMatchObject({ status: 'APPROVED', amount_refunded: '0.00' });
    expect(await refundEvents(ownToken, payment, made.id)).toEqual(['refund.succeeded', 'refund.rejected']);
  });

  it("the simulator reads a refund by its own id of it: the card's refund failed, another card's as it was; an id it never gave is an error", async () => {
    const simulator = new CardNetworkSimulator(gw.db, gw.gateway.clock);
    const failing = await captured(token, FAILS_LATER, 10);
    const kept = await captured(token, VISA, 10);
    const failingRefund = await refund(token, failing, 10);
    const keptRefund = await refund(token, kept, 10);
    const referenceOf = async (id: string) =>
      (await gw.db.selectFrom('refunds').select('network_reference').where('id', '=', id).executeTakeFirstOrThrow()).network_reference!;
    const paymentReference = async (id: string) =>
      (await gw.db.selectFrom('payments').select('network_reference').where('id', '=', id).executeTakeFirstOrThrow()).network_reference!;

    expect(await referenceOf(failingRefund.id)).toBe(`sim_${failingRefund.id}`);
    expect(await simulator.refundOf({ networkReference: await paymentReference(failing), refundReference: await referenceOf(failingRefund.id) })).toEqual({
      outcome: 'rejected',
      responseCode: '54',
      networkReference: `sim_${failingRefund.id}`,
    });
    expect(await simulator.refundOf({ networkReference: await paymentReference(kept), refundReference: await referenceOf(keptRefund.id) })).toEqual({
      outcome: 'succeeded',
      responseCode: '00',
      networkReference: `sim_${keptRefund.id}`,
    });
    await expect(simulator.refundOf({ networkReference: await paymentReference(kept), refundReference: 'sim_ref-unknown' })).rejects.toThrow(/sim_ref-unknown/);
  });
});
