/**
 * The double-entry ledger over HTTP on both dialects: the entries a capture
 * (with its fees), a refund, a rail payment, a cashout and a chargeback post
 * in their state change's transaction, the balances they add up to, the
 * balance transactions (filters, pages, tenancy, scope), and the database
 * refusing a changed, deleted or unbalanced posting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dialects } from './support/dialects.js';
import { advanceClock } from './support/clock.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';

const CHARGEBACK_CARD = '4000000000000259';

interface Posting {
  debit: string;
  credit: string;
  amount: string;
}
interface BalanceTransaction {
  id: string;
  object: string;
  type: string;
  currency: string;
  amount: string;
  fee: string;
  net: string;
  source: { object: string; id: string };
  payment_id: string | null;
  postings: Posting[];
  created_at: string;
}
interface Balance {
  object: string;
  balances: Array<{ currency: string; available: string; pending: string; reserved: string }>;
}
type ErrorBody = { error: { code: string; details?: Array<{ field: string; message: string }> } };

describe.each(dialects)('ledger on $name', (dialect) => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway(dialect);
  });
  afterAll(() => gw.close());

  /** A fresh organization (balances are per organization) with a token holding every permission. */
  const org = async () => {
    const client = await gw.client();
    const token = await client.token();
    const call = <T>(method: string, path: string, body?: unknown) => gw.request<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
    const balance = async () => {
      const reply = await call<Balance>('GET', '/v1/balance');
      expect(reply.status, reply.text).toBe(200);
      return reply.body;
    };
    const entries = async (query = '') => {
      const reply = await call<{ data: BalanceTransaction[]; has_more: boolean }>('GET', `/v1/balance/transactions${query}`);
      expect(reply.status, reply.text).toBe(200);
      return reply.body;
    };
    /** Authorizes, then captures at once. */
    const captured = async (number: string, amount: number, currency = 'USD') => {
      const instrumentId = await tokenize(gw, token, { number });
      const created = await pay(gw, token, { instrumentId, amount, currency, capture: false });
      expect(created.status, created.text).toBe(201);
      const reply = await call<PaymentReply>('POST', `/v1/payments/${created.body.id}/capture`, {});
      expect(reply.status, reply.text).toBe(200);
      return reply.body;
    };
    return { client, token, call, balance, entries, captured };
  };

  /** Every account of the organization, per currency, from the stored postings: credits less debits. */
  const accounts = async (organizationId: string) => {
    const rows = await gw.db.selectFrom('ledger_postings').selectAll().where('organization_id', '=', organizationId).execute();
    const out: Record<string, Record<string, number>> = {};
    for (const p of rows) {
      const currency = (out[p.currency] ??= {});
      currency[p.credit_account] = (currency[p.credit_account] ?? 0) + Number(p.amount);
      currency[p.debit_account] = (currency[p.debit_account] ?? 0) - Number(p.amount);
    }
    return out;
  };
  const total = (byAccount: Record<string, number>) => Object.values(byAccount).reduce((a, b) => a + b, 0);

  it('a capture posts its gross to pending and its fees to revenue; a partial refund takes from pending', async () => {
    const { client, call, balance, entries, captured } = await org();
    expect(await balance()).toEqual({ object: 'balance', balances: [] });
    const rule = await call('POST', '/v1/fee-rules', { type: 'mdr', name: 'MDR', percentage_bps: 290, fixed_amount: 0.3, currency: 'USD' });
    expect(rule.status, rule.text).toBe(201);
    const payment = await captured('4111111111111111', 100);
    // 2.90 % of 100.00 + 0.30
    expect(await balance()).toEqual({ object: 'balance', balances: [{ currency: 'USD', available: '0.00', pending: '96.80', reserved: '0.00' }] });
    const [entry] = (await entries()).data;
    expect(entry).toMatchObject({
      object: 'balance_transaction',
      type: 'payment',
      currency: 'USD',
      amount: '100.00',
      fee: '3.20',
      net: '96.80',
      source: { object: 'payment', id: payment.id },
      payment_id: payment.id,
      postings: [
        { debit: 'processor_clearing', credit: 'merchant_pending', amount: '100.00' },
        { debit: 'merchant_pending', credit: 'operator_revenue', amount: '3.20' },
      ],
    });
    expect(entry!.id).toMatch(/^btx-/);

    const refund = await call<{ id: string; status: string }>('POST', '/v1/refunds', { payment_id: payment.id, amount: 40, currency: 'USD' });
    expect(refund.status, refund.text).toBe(201);
    expect(refund.body.status).toBe('SUCCEEDED');
    expect((await balance()).balances).toEqual([{ currency: 'USD', available: '0.00', pending: '56.80', reserved: '0.00' }]);
    const refunds = await entries('?type=refund');
    expect(refunds.data).toHaveLength(1);
    expect(refunds.data[0]).toMatchObject({
      type: 'refund',
      amount: '-40.00',
      fee: '0.00',
      net: '-40.00',
      source: { object: 'refund', id: refund.body.id },
      payment_id: payment.id,
      postings: [{ debit: 'merchant_pending', credit: 'processor_clearing', amount: '40.00' }],
    });
    // The fetched entry is the listed one; every account of the currency sums to zero.
    expect((await call('GET', `/v1/balance/transactions/${refunds.data[0]!.id}`)).body).toEqual(refunds.data[0]);
    const usd = (await accounts(client.organizationId)).USD!;
    expect(usd).toMatchObject({ merchant_pending: 5680, operator_revenue: 320, processor_clearing: -6000 });
    expect(total(usd)).toBe(0);
  });

  it('a declined or uncaptured payment posts nothing', async () => {
    const { token, balance, entries } = await org();
    const instrumentId = await tokenize(gw, token, { number: '4111111111111111' });
    const authorized = await pay(gw, token, { instrumentId, amount: 20, capture: false });
    expect(authorized.body.status).toBe('AUTHORIZED');
    expect((await entries()).data).toEqual([]);
    expect((await balance()).balances).toEqual([]);
  });

  it('a chargeback holds its amount in reserved; won, it returns to pending; accepted, it leaves the balance', async () => {
    const { client, call, balance, entries, captured } = await org();
    const won = await captured(CHARGEBACK_CARD, 75.5);
    const lost = await captured(CHARGEBACK_CARD, 20);
    expect((await balance()).balances).toEqual([{ currency: 'USD', available: '0.00', pending: '0.00', reserved: '95.50' }]);
    const holds = await entries('?type=chargeback_hold');
    expect(holds.data.map((e) => [e.payment_id, e.net, e.postings])).toEqual([
      [lost.id, '0.00', [{ debit: 'merchant_pending', credit: 'merchant_reserved', amount: '20.00' }]],
      [won.id, '0.00', [{ debit: 'merchant_pending', credit: 'merchant_reserved', amount: '75.50' }]],
    ]);
    const chargebackOf = async (paymentId: string) =>
      (await call<{ data: Array<{ id: string }> }>('GET', `/v1/chargebacks?payment_id=${paymentId}`)).body.data[0]!.id;
    const wonId = await chargebackOf(won.id);
    const lostId = await chargebackOf(lost.id);
    expect((await call('POST', `/v1/chargebacks/${wonId}/dispute`, { evidence: 'Signed delivery receipt. winning_evidence' })).status).toBe(200);
    expect((await call('POST', `/v1/chargebacks/${lostId}/accept`)).status).toBe(200);
    // Disputed and accepted: the lost one has left, the disputed one is still held until the network decides.
    expect((await balance()).balances).toEqual([{ currency: 'USD', available: '0.00', pending: '0.00', reserved: '75.50' }]);
    await advanceClock(gw, await client.token(), 301);
    expect((await call<{ status: string }>('GET', `/v1/chargebacks/${wonId}`)).body.status).toBe('WON');
    expect((await balance()).balances).toEqual([{ currency: 'USD', available: '0.00', pending: '75.50', reserved: '0.00' }]);
    expect((await entries('?type=chargeback_release')).data.map((e) => [e.source, e.net])).toEqual([[{ object: 'chargeback', id: wonId }, '0.00']]);
    expect((await entries('?type=chargeback_loss')).data.map((e) => [e.source, e.net, e.postings])).toEqual([
      [{ object: 'chargeback', id: lostId }, '-20.00', [{ debit: 'merchant_reserved', credit: 'processor_clearing', amount: '20.00' }]],
    ]);
    expect(total((await accounts(client.organizationId)).USD!)).toBe(0);
  });

  it('an approved rail payment posts its amount to pending; a cashout takes from it, a failed one posts nothing', async () => {
    const { call, balance, entries } = await org();
    const intent = await call<{ payment_id: string }>('POST', '/v1/payments/intents', {
      order_id: `ledger-${Math.random()}`,
      amount: 30050,
      currency: 'COP',
      rail_id: 'QR_INTEROP',
      rail_type: 'BANK_TRANSFER',
    });
    expect(intent.status, intent.text).toBe(201);
    const paymentId = intent.body.payment_id;
    expect((await entries()).data).toEqual([]);
    expect((await call('POST', `/v1/sandbox/payments/${paymentId}/simulate`, { outcome: 'approve' })).status).toBe(200);
    expect((await balance()).balances).toEqual([{ currency: 'COP', available: '0.00', pending: '30050.00', reserved: '0.00' }]);
    const cashout = await call<{ id: string; status: string }>('POST', '/v1/cashouts', { payment_id: paymentId, amount: 10000 });
    expect(cashout.body.status).toBe('SUCCEEDED');
    // The rail refuses amounts ending in 99: nothing went back, nothing is posted.
    const failed = await call<{ status: string }>('POST', '/v1/cashouts', { payment_id: paymentId, amount: 99.99 });
    expect(failed.body.status).toBe('FAILED');
    expect((await balance()).balances).toEqual([{ currency: 'COP', available: '0.00', pending: '20050.00', reserved: '0.00' }]);
    const listed = await entries(`?payment_id=${paymentId}`);
    expect(listed.data.map((e) => [e.type, e.amount, e.source.object])).toEqual([
      ['cashout', '-10000.00', 'cashout'],
      ['payment', '30050.00', 'payment'],
    ]);
    expect(listed.data[0]!.source.id).toBe(cashout.body.id);
  });

  it('pages newest first, filters by type, currency and created range, and names every bad parameter', async () => {
    const { call, entries, captured } = await org();
    const first = await captured('4111111111111111', 10);
    const second = await captured('4111111111111111', 11, 'COP');
    const third = await captured('4111111111111111', 12);
    const all = await entries();
    expect(all.data.map((e) => e.payment_id)).toEqual([third.id, second.id, first.id]);
    const page = await entries('?limit=2');
    expect([page.data.map((e) => e.payment_id), page.has_more]).toEqual([[third.id, second.id], true]);
    const next = await entries(`?limit=2&starting_after=${page.data[1]!.id}`);
    expect([next.data.map((e) => e.payment_id), next.has_more]).toEqual([[first.id], false]);
    expect((await entries('?currency=COP')).data.map((e) => e.payment_id)).toEqual([second.id]);
    expect((await entries('?type=refund')).data).toEqual([]);
    const middle = all.data[1]!.created_at;
    expect((await entries(`?created_gte=${encodeURIComponent(middle)}`)).data.map((e) => e.payment_id)).toContain(second.id);
    expect((await entries(`?created_lte=${encodeURIComponent(all.data[2]!.created_at)}`)).data.map((e) => e.payment_id)).toContain(first.id);
    const bad = await call<ErrorBody>('GET', '/v1/balance/transactions?type=bogus&limit=0&currency=usd');
    expect(bad.status, bad.text).toBe(422);
    expect(bad.body.error.details!.map((d) => d.field).sort()).toEqual(['currency', 'limit', 'type']);
  });

  it("needs balance:read; another organization's entry is 404 and its balance is not ours", async () => {
    const { captured, entries } = await org();
    await captured('4111111111111111', 10);
    const [entry] = (await entries()).data;
    const other = await org();
    expect((await other.call('GET', `/v1/balance/transactions/${entry!.id}`)).status).toBe(404);
    expect((await other.balance()).balances).toEqual([]);
    expect((await other.entries()).data).toEqual([]);
    const narrow = await (await gw.client()).token('payments:read');
    for (const path of ['/v1/balance', '/v1/balance/transactions']) {
      expect((await gw.request('GET', path, { token: narrow })).status, path).toBe(403);
    }
  });

  it('the database keeps the ledger append-only and every posting balanced', async () => {
    const { client, captured, entries } = await org();
    await captured('4111111111111111', 10);
    const [entry] = (await entries()).data;
    const db = gw.db;
    await expect(db.updateTable('ledger_entries').set({ net: 0 }).where('id', '=', entry!.id).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('ledger_entries').where('id', '=', entry!.id).execute()).rejects.toThrow(/append-only/);
    await expect(db.updateTable('ledger_postings').set({ amount: 1 }).where('entry_id', '=', entry!.id).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('ledger_postings').where('entry_id', '=', entry!.id).execute()).rejects.toThrow(/append-only/);
    const posting = {
      entry_id: entry!.id,
      line: 9,
      organization_id: client.organizationId,
      currency: 'USD',
      debit_account: 'processor_clearing' as const,
      credit_account: 'merchant_available' as const,
      amount: 100,
      created_at: entry!.created_at,
    };
    await expect(
      db
        .insertInto('ledger_postings')
        .values({ ...posting, amount: 0 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('ledger_postings')
        .values({ ...posting, amount: -5 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('ledger_postings')
        .values({ ...posting, credit_account: 'processor_clearing' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('ledger_postings')
        .values({ ...posting, credit_account: sql<never>`${'petty_cash'}` })
        .execute(),
    ).rejects.toThrow();
    expect((await entries()).data).toEqual([entry]);
  });
});
