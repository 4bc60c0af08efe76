/**
 * Chargeback fees over HTTP on both dialects: a `chargeback` fee rule (the
 * fee rules API, its 422s), the fee computed once when a chargeback opens
 * (on the chargeback, in its events), the balanced `chargeback_fee` entry the
 * ledger posts with the hold (once, even when the event is handled twice),
 * kept when the chargeback is won, and shown by the balance transactions'
 * list and export. On PostgreSQL, the chaos harness's ledger invariants
 * (scripts/chaos/invariants.mjs) check the fee's entry too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, postgres } from './support/dialects.js';
import { advanceClock } from './support/clock.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';
import { ledgerPosting } from '../src/ledger/reactions.js';
import type { EventType } from '../src/events/types.js';
import { newId } from '../src/lib/ids.js';

const CHARGEBACK_CARD = '4000000000000259';
const CARD = '4111111111111111';

interface Entry {
  id: string;
  type: string;
  amount: string;
  fee: string;
  net: string;
  source: { object: string; id: string };
  payment_id: string | null;
  postings: Array<{ debit: string; credit: string; amount: string }>;
}
interface Chargeback {
  id: string;
  status: string;
  amount: string;
  fee: { amount: string; currency: string; rule_id: string } | null;
}
type ErrorBody = { error: { code: string; details: Array<{ field: string; message: string }> } };
type Balance = { balances: Array<{ currency: string; available: string; pending: string; reserved: string }> };

describe.each(dialects)('chargeback fees on $name', (dialect) => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway(dialect);
  });
  afterAll(() => gw.close());

  /** A fresh organization (rules and balances are per organization). */
  const org = async () => {
    const client = await gw.client();
    const token = await client.token();
    const call = <T>(method: string, path: string, body?: unknown) => gw.request<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
    const entries = async (query = '') => {
      const reply = await call<{ data: Entry[]; has_more: boolean }>('GET', `/v1/balance/transactions${query}`);
      expect(reply.status, reply.text).toBe(200);
      return reply.body.data;
    };
    const balance = async () => (await call<Balance>('GET', '/v1/balance')).body.balances;
    /** Authorizes, then captures at once; the chargeback test card's capture opens a chargeback of the whole amount. */
    const captured = async (number: string, amount: number) => {
      const instrumentId = await tokenize(gw, token, { number });
      const created = await pay(gw, token, { instrumentId, amount, capture: false });
      expect(created.status, created.text).toBe(201);
      const reply = await call<PaymentReply>('POST', `/v1/payments/${created.body.id}/capture`, {});
      expect(reply.status, reply.text).toBe(200);
      return reply.body;
    };
    const chargebackOf = async (paymentId: string) => {
      const list = await call<{ data: Chargeback[] }>('GET', `/v1/chargebacks?payment_id=${paymentId}`);
      expect(list.body.data).toHaveLength(1);
      return list.body.data[0]!;
    };
    const rule = async (body: Record<string, unknown>) => {
      const reply = await call<{ id: string; type: string; fixed_amount: string }>('POST', '/v1/fee-rules', body);
      expect(reply.status, reply.text).toBe(201);
      return reply.body;
    };
    return { client, token, call, entries, balance, captured, chargebackOf, rule };
  };

  it('a chargeback rule is a fee rule of its own type, validated like the others, each problem named', async () => {
    const { call, rule } = await org();
    const created = await rule({ type: 'chargeback', name: 'Dispute fee', percentage_bps: 0, fixed_amount: '15.00', currency: 'USD' });
    expect(created).toMatchObject({ type: 'chargeback', fixed_amount: '15.00' });
    await rule({ type: 'mdr', percentage_bps: 290 });
    const listed = await call<{ data: Array<{ id: string }> }>('GET', '/v1/fee-rules?type=chargeback');
    expect(listed.body.data.map((r) => r.id)).toEqual([created.id]);
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ type: 'chargeback', percentage_bps: 0, fixed_amount: 15 }, ['currency']],
      [{ type: 'chargeback', percentage_bps: 0, fixed_amount: 15.001, currency: 'USD' }, ['fixed_amount']],
      [{ type: 'chargeback', percentage_bps: 0, fixed_amount: -15, currency: 'USD' }, ['fixed_amount']],
      [{ type: 'chargeback', percentage_bps: 10001 }, ['percentage_bps']],
      [{ type: 'chargeback', fixed_amount: 15, currency: 'USD' }, ['percentage_bps']],
      [{ type: 'chargeback', percentage_bps: 0, fixed_amount: 15, currency: 'XXX', merchant_id: 'mer-missing' }, ['currency', 'merchant_id']],
    ];
    for (const [body, fields] of cases) {
      const reply = await call<ErrorBody>('POST', '/v1/fee-rules', body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(reply.body.error.details.map((d) => d.field).sort(), JSON.stringify(body)).toEqual(fields);
    }
    expect((await call<{ data: unknown[] }>('GET', '/v1/fee-rules?type=chargeback')).body.data).toHaveLength(1);
  });

  it('a chargeback rule charges nothing at capture', async () => {
    const { rule, captured, entries } = await org();
    await rule({ type: 'chargeback', percentage_bps: 100, fixed_amount: '15.00', currency: 'USD' });
    const payment = await captured(CARD, 100);
    expect(payment).toMatchObject({ fees: [], fees_total: '0.00', net_amount: '100.00' });
    expect((await entries()).map((e) => [e.type, e.amount, e.fee])).toEqual([['payment', '100.00', '0.00']]);
  });

  it('opening a chargeback computes its fee once, shows it, and posts a balanced chargeback_fee entry with the hold', async () => {
    const { client, token, call, entries, balance, captured, chargebackOf, rule } = await org();
    const fee = await rule({ type: 'chargeback', percentage_bps: 0, fixed_amount: '15.00', currency: 'USD' });
    // Less specific, and a currency nobody pays in here: never chosen.
    await rule({ type: 'chargeback', percentage_bps: 500, currency: 'COP' });
    const payment = await captured(CHARGEBACK_CARD, 80);
    const chargeback = await chargebackOf(payment.id);
    expect(chargeback).toMatchObject({ status: 'OPEN', amount: '80.00', fee: { amount: '15.00', currency: 'USD', rule_id: fee.id } });
    expect((await call<Chargeback>('GET', `/v1/chargebacks/${chargeback.id}`)).body.fee).toEqual(chargeback.fee);

    const opened = await call<{ data: Array<{ data: { chargeback: { id: string; fee: unknown } } }> }>('GET', '/v1/events?type=chargeback.opened');
    expect(opened.body.data.find((e) => e.data.chargeback.id === chargeback.id)!.data.chargeback.fee).toEqual({
      amount: 15,
      currency: 'USD',
      rule_id: fee.id,
    });

    const [entry, ...more] = await entries('?type=chargeback_fee');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      type: 'chargeback_fee',
      amount: '0.00',
      fee: '15.00',
      net: '-15.00',
      source: { object: 'chargeback', id: chargeback.id },
      payment_id: payment.id,
      postings: [{ debit: 'merchant_pending', credit: 'operator_revenue', amount: '15.00' }],
    });
    // The capture's 80.00 is held in reserved; the fee came out of pending.
    expect(await balance()).toEqual([{ currency: 'USD', available: '0.00', pending: '-15.00', reserved: '80.00' }]);

    // The event handled a second time (a redelivery): nothing more is posted.
    const stored = await gw.db
      .selectFrom('events')
      .selectAll()
      .where('organization_id', '=', client.organizationId)
      .where('type', '=', 'chargeback.opened')
      .executeTakeFirstOrThrow();
    await gw.db.transaction().execute((trx) =>
      ledgerPosting.run(trx, {
        id: stored.id,
        organization_id: stored.organization_id,
        type: stored.type as EventType,
        data: JSON.parse(stored.data) as object,
        created_at: stored.created_at,
      }),
    );
    const rows = await gw.db.selectFrom('ledger_entries').select(['type']).where('source_id', '=', chargeback.id).orderBy('type').execute();
    expect(rows.map((r) => r.type)).toEqual(['chargeback_fee', 'chargeback_hold']);

    // Every account of the currency still sums to zero; the operator earned the fee.
    const postings = await gw.db.selectFrom('ledger_postings').selectAll().where('organization_id', '=', client.organizationId).execute();
    const byAccount: Record<string, number> = {};
    for (const p of postings) {
      byAccount[p.credit_account] = (byAccount[p.credit_account] ?? 0) + Number(p.amount);
      byAccount[p.debit_account] = (byAccount[p.debit_account] ?? 0) - Number(p.amount);
    }
    expect(byAccount).toMatchObject({ operator_revenue: 1500, merchant_reserved: 8000, merchant_pending: -1500, processor_clearing: -8000 });

    // Won: the disputed amount comes back, the fee does not.
    const disputed = await call('POST', `/v1/chargebacks/${chargeback.id}/dispute`, { evidence: 'Signed delivery receipt. winning_evidence' });
    expect(disputed.status, disputed.text).toBe(200);
    await advanceClock(gw, token, 301);
    const won = await call<Chargeback>('GET', `/v1/chargebacks/${chargeback.id}`);
    expect(won.body).toMatchObject({ status: 'WON', fee: chargeback.fee });
    expect(await balance()).toEqual([{ currency: 'USD', available: '0.00', pending: '65.00', reserved: '0.00' }]);
    // (One transaction posted the payment, the hold and the fee: their order within it is not the point.)
    expect((await entries(`?payment_id=${payment.id}`)).map((e) => [e.type, e.net]).sort()).toEqual([
      ['chargeback_fee', '-15.00'],
      ['chargeback_hold', '0.00'],
      ['chargeback_release', '0.00'],
      ['payment', '80.00'],
    ]);
    const updated = await call<{ data: Array<{ data: { chargeback: { id: string; status: string; fee: unknown } } }> }>(
      'GET',
      '/v1/events?type=chargeback.updated',
    );
    expect(updated.body.data.find((e) => e.data.chargeback.id === chargeback.id && e.data.chargeback.status === 'WON')!.data.chargeback.fee).toEqual({
      amount: 15,
      currency: 'USD',
      rule_id: fee.id,
    });
  });

  it('the best matching rule applies: a percentage of the disputed amount for the brand, over the general fixed fee', async () => {
    const { captured, chargebackOf, entries, rule } = await org();
    await rule({ type: 'chargeback', percentage_bps: 0, fixed_amount: '15.00', currency: 'USD' });
    const visa = await rule({ type: 'chargeback', percentage_bps: 250, fixed_amount: '1.00', currency: 'USD', brand: 'visa', priority: 10 });
    const payment = await captured(CHARGEBACK_CARD, 40.1);
    // round-half-up(4010 × 250 / 10000) = 100 (100.25), + 100.
    expect((await chargebackOf(payment.id)).fee).toEqual({ amount: '2.00', currency: 'USD', rule_id: visa.id });
    expect((await entries('?type=chargeback_fee')).map((e) => e.fee)).toEqual(['2.00']);
  });

  it('without a chargeback rule, a chargeback has no fee and posts no fee entry', async () => {
    const { captured, chargebackOf, entries, rule } = await org();
    await rule({ type: 'mdr', percentage_bps: 290, currency: 'USD' });
    const payment = await captured(CHARGEBACK_CARD, 20);
    expect((await chargebackOf(payment.id)).fee).toBeNull();
    expect((await entries()).map((e) => e.type).sort()).toEqual(['chargeback_hold', 'payment']);
  });

  it('the balance transactions export and the period report show the fee', async () => {
    const { call, captured, rule } = await org();
    const start = new Date(Date.now() - 60_000).toISOString();
    await rule({ type: 'chargeback', percentage_bps: 0, fixed_amount: '15.00', currency: 'USD' });
    const payment = await captured(CHARGEBACK_CARD, 50);
    const end = new Date(Date.now() + 86_400_000).toISOString();
    const rowsOf = async (type: string) => {
      const report = await call<{ id: string; status: string }>('POST', '/v1/reports', { type, currency: 'USD', period_start: start, period_end: end });
      expect(report.status, report.text).toBe(201);
      const csv = await call('GET', `/v1/reports/${report.body.id}/download`);
      const [header, ...lines] = csv.text.trimEnd().split('\r\n');
      const columns = header!.split(',');
      return lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [columns[i]!, value])));
    };
    const exported = await rowsOf('balance_transactions');
    expect(exported.find((r) => r.type === 'chargeback_fee')).toMatchObject({ payment_id: payment.id, gross: '0.00', fee: '15.00', net: '-15.00' });
    const period = await rowsOf('balance_period');
    expect(period.find((r) => r.type === 'chargeback_fee')).toMatchObject({ payment_id: payment.id, gross: '0.00', fee: '15.00', net: '-15.00' });
  });
});

type DatabaseInvariants = (url: string, options: { organizationId: string; since: string }) => Promise<{ violations: string[] }>;

describe.runIf(postgres)('the chaos harness ledger invariants and chargeback fees on PostgreSQL', () => {
  const dialect = postgres!;
  let gw: TestGateway;
  let url: string;

  beforeAll(async () => {
    url = await dialect.migratedDatabaseUrl();
    gw = await startGateway(dialect, { DATABASE_URL: url });
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('hold after a chargeback with its fee, and report a fee without its entry and an entry without its fee', async () => {
    const script = '../../../scripts/chaos/invariants.mjs';
    const { databaseInvariants } = (await import(script)) as { databaseInvariants: DatabaseInvariants };
    const since = new Date(Date.now() - 60_000).toISOString();
    const client = await gw.client();
    const token = await client.token();
    const organizationId = client.organizationId;
    const violations = async () => (await databaseInvariants(url, { organizationId, since })).violations.filter((v) => v.startsWith('ledger:')).sort();
    const rule = await gw.request('POST', '/v1/fee-rules', { token, body: { type: 'chargeback', percentage_bps: 0, fixed_amount: '15.00', currency: 'USD' } });
    expect(rule.status, rule.text).toBe(201);
    const instrumentId = await tokenize(gw, token, { number: CHARGEBACK_CARD });
    const created = await pay(gw, token, { instrumentId, amount: 30, capture: false });
    expect((await gw.request('POST', `/v1/payments/${created.body.id}/capture`, { token, body: {} })).status).toBe(200);
    expect(await violations()).toEqual([]);

    // Rows written behind the gateway's back: a chargeback with a fee and no entry, one without a fee and with an entry.
    const opened = await gw.db.selectFrom('chargebacks').selectAll().where('payment_id', '=', created.body.id).executeTakeFirstOrThrow();
    const other = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: CARD }), amount: 10 });
    const unposted = newId('chargeback');
    await gw.db
      .insertInto('chargebacks')
      .values({ ...opened, id: unposted, payment_id: other.body.id, fee_amount: 700 })
      .execute();
    const third = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: CARD }), amount: 10 });
    const feeless = newId('chargeback');
    await gw.db
      .insertInto('chargebacks')
      .values({ ...opened, id: feeless, payment_id: third.body.id, fee_amount: null, fee_rule_id: null })
      .execute();
    const entry = newId('balanceTransaction');
    const now = new Date().toISOString();
    await gw.db
      .insertInto('ledger_entries')
      .values({
        id: entry,
        organization_id: organizationId,
        type: 'chargeback_fee',
        currency: 'USD',
        amount: 0,
        fee: 900,
        net: -900,
        source_object: 'chargeback',
        source_id: feeless,
        payment_id: third.body.id,
        created_at: now,
      })
      .execute();
    await gw.db
      .insertInto('ledger_postings')
      .values({
        entry_id: entry,
        line: 0,
        organization_id: organizationId,
        currency: 'USD',
        debit_account: 'merchant_pending',
        credit_account: 'operator_revenue',
        amount: 900,
        created_at: now,
      })
      .execute();
    expect(await violations()).toEqual(
      [`ledger: chargeback fee ${unposted} moved -700 without its entry`, `ledger: chargeback ${feeless} has no fee but a chargeback_fee entry of 900`].sort(),
    );
  });
});
