/**
 * The outbox's registry of reactions (events/store.ts): what app.ts registers,
 * in which order, and that a reaction runs only for its types, inside the
 * transaction that records the event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(seen[0]!.event).toMatchObject({ type: 'cashout.succeeded', organization_id: expect.stringMatching(/^org-/), data: { cashout: { id: cashout.body.id } } });
    // The reaction read the cashout through the recording transaction: it was written in it.
    expect(seen[0]!.cashoutInTransaction).toBe('SUCCEEDED');
    const stored = await gw.db.selectFrom('events').select(['id', 'type']).where('id', '=', seen[0]!.event.id).executeTakeFirst();
    expect(stored).toEqual({ id: seen[0]!.event.id, type: 'cashout.succeeded' });
  });
});
