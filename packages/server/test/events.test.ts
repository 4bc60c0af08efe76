/**
 * The outbox's registry of reactions (events/store.ts): what app.ts registers,
 * in which order, and that a reaction runs only for its types, inside the
 * transaction that records the event.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillEventPayments } from '../src/db/migrations/016_delivery_bodies_event_payment.js';
import { newId } from '../src/lib/ids.js';
import { pay, tokenize } from './support/cards.js';
import { registerReactions, registeredReactions, type Reaction, type RecordedEvent } from '../src/events/store.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';

describe.each(dialects)('event reactions on $name', (dialect) => {
  let gw: TestGateway;
  const seen: Array<{ event: RecordedEvent; cashoutInTransaction: string | undefined }> = [];
  const probe: Reaction = {
    name: `test.probe.${dialect.name}`,
    types: ['cashout.succeeded'],
    run: async (db, event) => {
      const id = (event.data as { cashout: { id: string } }).cashout.id;
      const row = await db.selectFrom('cashouts').select('status').where('id', '=', id).executeTakeFirst();
      seen.push({ event, cashoutInTransaction: row?.status });
    },
  };

  beforeAll(async () => {
    gw = await startGateway(dialect);
  });
  afterAll(() => gw.close());

  it('app.ts registers the fan-out, then the link and instruction settlements; a second gateway adds nothing', async () => {
    const expected = ['webhooks.fan_out', 'links.settlement', 'payment_instructions.settlement'];
    expect(registeredReactions().slice(0, 3)).toEqual(expected);
    const second = await startGateway(dialect);
    await second.close();
    expect(registeredReactions().filter((name) => expected.includes(name))).toEqual(expected);
    expect(() => registerReactions([{ ...probe, name: 'links.settlement' }])).toThrow(/already registered as links.settlement/);
  });

  it('a reaction runs for its types only, inside the transaction that records the event', async () => {
    registerReactions([probe]);
    const token = await (await gw.client()).token();
    const intent = await gw.request<{ payment_id: string }>('POST', '/v1/payments/intents', {
      token,
      body: { order_id: `evt-${Math.random()}`, amount: 15050, currency: 'COP', rail_id: 'QR_INTEROP', rail_type: 'BANK_TRANSFER' },
    });
    await gw.request('POST', `/v1/sandbox/payments/${intent.body.payment_id}/simulate`, { token, body: { outcome: 'approve' } });
    expect(seen).toEqual([]); // payment.purchase.pending and .succeeded are not its types
    const cashout = await gw.request<{ id: string }>('POST', '/v1/cashouts', { token, body: { payment_id: intent.body.payment_id, amount: 50 } });
    expect(cashout.status).toBe(201);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.event).toMatchObject({
      type: 'cashout.succeeded',
      organization_id: expect.stringMatching(/^org-/),
      data: { cashout: { id: cashout.body.id } },
    });
    // The reaction read the cashout through the recording transaction: it was written in it.
    expect(seen[0]!.cashoutInTransaction).toBe('SUCCEEDED');
    const stored = await gw.db.selectFrom('events').select(['id', 'type']).where('id', '=', seen[0]!.event.id).executeTakeFirst();
    expect(stored).toEqual({ id: seen[0]!.event.id, type: 'cashout.succeeded' });
  });

  it('GET /v1/events?payment_id= lists the events about one payment (its own, its refunds), through an index', async () => {
    const client = await gw.client();
    const token = await client.token();
    const card = await tokenize(gw, token, { number: '4242424242424242' });
    const payment = await pay(gw, token, { instrumentId: card, amount: 40, capture: false });
    const other = await pay(gw, token, { instrumentId: card, amount: 41, capture: false });
    expect((await gw.request('POST', `/v1/payments/${payment.body.id}/capture`, { token, body: {} })).status).toBe(200);
    expect((await gw.request('POST', '/v1/refunds', { token, body: { payment_id: payment.body.id, amount: 15, currency: 'USD' } })).status).toBe(201);
    const about = await gw.request<{ data: Array<{ id: string; type: string; data: Record<string, unknown> }> }>(
      'GET',
      `/v1/events?payment_id=${payment.body.id}&limit=100`,
      { token },
    );
    expect(about.status).toBe(200);
    expect(about.body.data.map((e) => e.type)).toEqual(['refund.succeeded', 'payment.card.captured', 'payment.card.authorized']);
    expect(JSON.stringify(about.body.data)).not.toContain(other.body.id);
    const typed = await gw.request<{ data: Array<{ type: string }> }>('GET', `/v1/events?payment_id=${payment.body.id}&type=refund.succeeded`, { token });
    expect(typed.body.data.map((e) => e.type)).toEqual(['refund.succeeded']);
    // Another organization sees none of them.
    const stranger = await (await gw.client()).token();
    expect((await gw.request<{ data: unknown[] }>('GET', `/v1/events?payment_id=${payment.body.id}`, { token: stranger })).body.data).toEqual([]);

    // The query is a range scan of events_org_payment_idx, not a scan of the table.
    const query = sql`select id from events where organization_id = ${client.organizationId} and payment_id = ${payment.body.id} order by id desc limit 11`;
    if (dialect.name === 'sqlite') {
      const plan = await sql<{ detail: string }>`explain query plan ${query}`.execute(gw.db);
      expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/USING (COVERING )?INDEX events_org_payment_idx/);
    } else {
      const plan = await gw.db.transaction().execute(async (trx) => {
        // A small table would be read whole anyway: ask whether the index can serve the query.
        await sql`set local enable_seqscan = off`.execute(trx);
        return sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx);
      });
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/events_org_payment_idx/);
    }
  });

  it('GET /v1/events?type= takes a known type only: an unknown one is 422 naming `type` and listing the types', async () => {
    const token = await (await gw.client()).token();
    const unknown = await gw.request<{ error: { code: string; details: Array<{ field: string; message: string }> } }>('GET', '/v1/events?type=nope', { token });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe('validation_failed');
    expect(unknown.body.error.details).toHaveLength(1);
    expect(unknown.body.error.details[0]!.field).toBe('type');
    expect(unknown.body.error.details[0]!.message).toMatch(
      /^must be one of payment\.purchase\.pending, .*payment\.card\.approved, .*refund\.succeeded, .*instrument\.number_revealed, webhook\.test$/,
    );
    // A subscription's wildcard is no type of an event.
    expect((await gw.request('GET', '/v1/events?type=*', { token })).status).toBe(422);
    for (const type of ['payment.card.approved', 'instrument.number_revealed', 'webhook.test']) {
      const listed = await gw.request<{ data: unknown[] }>('GET', `/v1/events?type=${type}`, { token });
      expect(listed.status, type).toBe(200);
      expect(listed.body.data).toEqual([]);
    }
  });

  it('migration 016 gives older events the payment named in their JSON', async () => {
    const client = await gw.client();
    const rows = [
      { type: 'payment.card.captured', data: { payment: { id: 'pay-old-1' } } },
      { type: 'refund.succeeded', data: { refund: { id: 'ref-1', payment_id: 'pay-old-2' } } },
      { type: 'chargeback.opened', data: { chargeback: { id: 'chb-1', payment_id: 'pay-old-3' } } },
      { type: 'link.paid', data: { link: { id: 'lnk-1', payment_id: 'pay-old-4' } } },
      { type: 'link.expired', data: { link: { id: 'lnk-2' } } },
    ].map((r) => ({
      id: newId('event'),
      organization_id: client.organizationId,
      type: r.type,
      data: JSON.stringify(r.data),
      payment_id: null,
      created_at: new Date().toISOString(),
    }));
    await gw.db.insertInto('events').values(rows).execute();
    await backfillEventPayments(gw.db as never, dialect.name === 'postgres');
    const after = await gw.db
      .selectFrom('events')
      .select(['id', 'payment_id'])
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('id')
      .execute();
    expect(after.map((r) => r.payment_id)).toEqual(['pay-old-1', 'pay-old-2', 'pay-old-3', 'pay-old-4', null]);
  });
});
