/**
 * One `payments` table for card and rail payments (migrations 050-052), on
 * both dialects: a database with payments of every kind and state goes down
 * to 040 (the two tables, as they were) and up to head again, and every
 * public GET answers exactly as before, with every id kept; the copy resumes
 * after a crash in the middle; one order_id is one payment across methods,
 * also when a card payment and an intent race for it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { migrateToLatest, openDatabase, type Db } from '../src/db/database.js';
import { copyRailPayments } from '../src/db/migrations/051_rail_payments_copy.js';
import { canTransition, statusesBefore } from '../src/payments/methods/status.js';
import { dialects, type Dialect } from './support/dialects.js';
import { startGateway, testEnv, type TestGateway } from './support/gateway.js';
import { encrypt, encryptedCard, merchantKey, pay, tokenize } from './support/cards.js';
import { eventually } from './support/wait.js';
import { migrateTo } from './support/migrations.js';

const CHARGEBACK_CARD = '4000000000000259';

/** Opens the gateway's database by itself (no gateway running), runs `work`, closes it. */
async function withDatabase<T>(dialect: Dialect, env: Record<string, string>, work: (db: Db) => Promise<T>): Promise<T> {
  const handle = openDatabase(loadConfig(await testEnv(dialect, env)));
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

const count = async (db: Db, query: string) => Number((await sql<{ n: number | string }>`${sql.raw(query)}`.execute(db)).rows[0]!.n);

describe('the status table of each method family', () => {
  it('card and rail transitions: finals stay final (REFUNDED only back to APPROVED), IN_PROGRESS is the only way out for a rail', () => {
    expect(canTransition('card', 'AUTHORIZED', 'APPROVED')).toBe(true);
    expect(canTransition('card', 'REJECTED', 'APPROVED')).toBe(false);
    // A refund that fails after it succeeded gives a REFUNDED payment its amount back: APPROVED again, and nothing else.
    expect(canTransition('card', 'REFUNDED', 'APPROVED')).toBe(true);
    expect(canTransition('card', 'REFUNDED', 'CANCELLED')).toBe(false);
    expect(canTransition('card', 'CANCELLED', 'APPROVED')).toBe(false);
    expect(canTransition('rail', 'IN_PROGRESS', 'DECLINED')).toBe(true);
    expect(canTransition('rail', 'APPROVED', 'DECLINED')).toBe(false);
    expect(statusesBefore('rail', 'APPROVED')).toEqual(['IN_PROGRESS']);
    expect(statusesBefore('card', 'CANCELLED').sort()).toEqual(['APPROVED', 'AUTHORIZED']);
  });
});

describe.each(dialects)('one payments table on $name', (dialect) => {
  const freshEnv = async () => ({
    DATABASE_URL: await dialect.databaseUrl(),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'pasarela-data-')),
    RAIL_MOCK_DELAY_SECONDS: '0',
    CAPTURE_DELAY_SECONDS: '0',
  });

  it('moves payments of every kind and state to one table: ids kept, every GET answers as before', async () => {
    const env = await freshEnv();
    let gw: TestGateway = await startGateway(dialect, env);
    const client = await gw.client();
    const token = await client.token();
    const get = async (path: string) => {
      const reply = await gw.request('GET', path, { token });
      return { status: reply.status, body: reply.body as unknown };
    };

    // Card payments in every state a payment of the simulator reaches, with refunds and a chargeback.
    const card = await tokenize(gw, token, { number: '4242424242424242' });
    const approved = await pay(gw, token, { instrumentId: card, amount: 10 });
    const authorized = await pay(gw, token, { instrumentId: card, amount: 11, capture: false });
    const rejected = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4000000000000002' }), amount: 12 });
    const cancelled = await pay(gw, token, { instrumentId: card, amount: 13, capture: false });
    expect((await gw.request('POST', `/v1/payments/${cancelled.body.id}/cancel`, { token })).status).toBe(200);
    const refunded = await pay(gw, token, { instrumentId: card, amount: 14 });
    const partly = await pay(gw, token, { instrumentId: card, amount: 15 });
    const captured = (id: string) =>
      eventually(
        async () => (await get(`/v1/payments/${id}`)).body as { captured_at: string | null },
        (p) => p.captured_at !== null,
      );
    await Promise.all([approved, refunded, partly].map((p) => captured(p.body.id)));
    const refund = await gw.request<{ id: string }>('POST', '/v1/refunds', { token, body: { payment_id: refunded.body.id, amount: 14, currency: 'USD' } });
    expect(refund.status).toBe(201);
    const partRefund = await gw.request<{ id: string }>('POST', '/v1/refunds', { token, body: { payment_id: partly.body.id, amount: 5, currency: 'USD' } });
    const disputed = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: CHARGEBACK_CARD }), amount: 16 });
    await captured(disputed.body.id);
    const cardPayments = [approved, authorized, rejected, cancelled, refunded, partly, disputed].map((p) => p.body.id);
    const cardStatuses = await Promise.all(cardPayments.map(async (id) => ((await get(`/v1/payments/${id}`)).body as { status: string }).status));
    expect(new Set(cardStatuses)).toEqual(new Set(['APPROVED', 'AUTHORIZED', 'REJECTED', 'CANCELLED', 'REFUNDED']));
    expect(((await get(`/v1/chargebacks?payment_id=${disputed.body.id}`)).body as { data: unknown[] }).data).toHaveLength(1);

    // A payment link paid by card.
    const link = await gw.request<{ id: string; url: string }>('POST', '/v1/links', {
      token,
      body: { type: 'payment', data: { amount: { value: 20, currency: 'USD' } } },
    });
    const key = await merchantKey(gw, token);
    const { type: _type, ...encrypted } = await encryptedCard(key, { number: '4242424242424242' });
    const linkPaid = await gw.request<{ payment_id: string }>('POST', `${new URL(link.body.url).pathname}/card`, {
      body: { ...encrypted, cvv_for_payment: await encrypt(key, '123') },
    });
    expect(linkPaid.status).toBe(200);
    // Captured by its job, as the card payments above: before the snapshot, or the snapshots differ by it.
    await captured(linkPaid.body.payment_id);

    // Rail payments on every rail, in every status, with an SMS and a cashout.
    const intent = async (order: string, body: Record<string, unknown>) => {
      const reply = await gw.request<{ payment_id: string; transaction: { id: string } }>('POST', '/v1/payments/intents', {
        token,
        body: { order_id: order, amount: 15050, currency: 'COP', ...body },
      });
      expect(reply.status).toBe(201);
      return reply.body;
    };
    const bank = {
      rail_id: 'BANK_REDIRECT',
      rail_type: 'BANK_TRANSFER',
      return_url: 'https://shop.example/back',
      customer: { bank_id: '1007', document: '1020304050', document_type: 'CC', first_name: 'Ana', last_name: 'Gómez', email: 'ana@example.com' },
    };
    const otp = { rail_id: 'WALLET_OTP', rail_type: 'WALLET', customer: { phone_number: '3001112233' } };
    const push = { rail_id: 'WALLET_PUSH', rail_type: 'WALLET', customer: { phone_number: '3005551234' } };
    const qr = { rail_id: 'QR_INTEROP', rail_type: 'BANK_TRANSFER' };
    const rails = [
      await intent('rail-bank', bank),
      await intent('rail-otp', otp),
      await intent('rail-push', push),
      await intent('rail-qr', qr),
      await intent('rail-approved', push),
      await intent('rail-declined', otp),
      await intent('rail-failed', bank),
    ];
    for (const [index, outcome] of [
      [4, 'approve'],
      [5, 'reject'],
      [6, 'fail'],
    ] as const) {
      expect((await gw.request('POST', `/v1/sandbox/payments/${rails[index]!.payment_id}/simulate`, { token, body: { outcome } })).status).toBe(200);
    }
    const cashout = await gw.request<{ id: string }>('POST', '/v1/cashouts', { token, body: { payment_id: rails[4]!.payment_id, amount: 50 } });
    expect(cashout.status).toBe(201);

    const paths = [
      ...[...cardPayments, linkPaid.body.payment_id, ...rails.map((r) => r.payment_id)].flatMap((id) => [
        `/v1/payments/${id}`,
        `/v1/payments/${id}/transactions`,
      ]),
      ...rails.map((r) => `/v1/transactions/${r.transaction.id}`),
      `/v1/refunds/${refund.body.id}`,
      `/v1/refunds/${partRefund.body.id}`,
      `/v1/chargebacks?payment_id=${disputed.body.id}`,
      `/v1/cashouts/${cashout.body.id}`,
      `/v1/links/${link.body.id}`,
      '/v1/sandbox/sms?phone_number=3001112233',
      '/v1/payments?limit=100',
      '/v1/payments?limit=3',
      '/v1/payments?kind=alternative&limit=100',
      '/v1/payments?status=APPROVED&limit=100',
      '/v1/payments/search?rail_id=WALLET_OTP&limit=100',
      '/v1/payments/search?order_id=rail-push',
    ];
    const snapshot = async () => Promise.all(paths.map(get));
    const before = await snapshot();
    expect(before.every((r) => r.status === 200)).toBe(true);
    expect((before[paths.indexOf('/v1/payments?limit=100')]!.body as { data: unknown[] }).data).toHaveLength(cardPayments.length + 1 + rails.length);
    await gw.close();

    // Down to 040: the rail payments are back in apm_payments. A rail payment there shares a card's order_id (possible then).
    const allIds = [...cardPayments, linkPaid.body.payment_id, ...rails.map((r) => r.payment_id)];
    const cardOrder = await withDatabase(dialect, env, async (db) => {
      await migrateTo(db, '040_metadata');
      expect(await count(db, 'select count(*) as n from apm_payments')).toBe(rails.length);
      expect(await count(db, 'select count(*) as n from payments')).toBe(cardPayments.length + 1);
      const order = (await sql<{ order_id: string }>`select order_id from payments where id = ${approved.body.id}`.execute(db)).rows[0]!.order_id;
      await sql`update apm_payments set order_id = ${order} where id = ${rails[3]!.payment_id}`.execute(db);
      await migrateToLatest(db);
      const rows = await sql<{ id: string; method: string; order_conflict_of: string | null }>`select id, method, order_conflict_of from payments`.execute(db);
      expect(rows.rows.map((r) => r.id).sort()).toEqual([...allIds].sort());
      expect(
        rows.rows
          .filter((r) => r.method === 'rail')
          .map((r) => r.id)
          .sort(),
      ).toEqual(rails.map((r) => r.payment_id).sort());
      expect(rows.rows.filter((r) => r.order_conflict_of !== null)).toEqual([
        { id: rails[3]!.payment_id, method: 'rail', order_conflict_of: approved.body.id },
      ]);
      const tables = await sql<{ n: number }>`select count(*) as n from cashouts c join payments p on p.id = c.payment_id`.execute(db);
      expect(Number(tables.rows[0]!.n)).toBe(1);
      return order;
    });

    gw = await startGateway(dialect, env);
    const after = await snapshot();
    // The one change: the QR payment's order_id, set at 040 above.
    expect(after).toEqual(JSON.parse(JSON.stringify(before).replaceAll('"rail-qr"', `"${cardOrder}"`)));
    await gw.close();
  }, 120_000);

  it('the copy resumes after a crash in the middle: every row once', async () => {
    const env = await freshEnv();
    const gw = await startGateway(dialect, env);
    const token = await (await gw.client()).token();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const reply = await gw.request<{ payment_id: string }>('POST', '/v1/payments/intents', {
        token,
        body: { order_id: `resume-${i}`, amount: 15050, currency: 'COP', rail_id: 'WALLET_OTP', rail_type: 'WALLET', customer: { phone_number: '3001112233' } },
      });
      ids.push(reply.body.payment_id);
    }
    await gw.close();
    await withDatabase(dialect, env, async (db) => {
      await migrateTo(db, '040_metadata');
      await migrateTo(db, '050_one_payment_table');
      // The process dies after the first batch of two.
      expect(await copyRailPayments(db as never, { batch: 2, maxBatches: 1 })).toBe(2);
      expect(await count(db, "select count(*) as n from payments where method = 'rail'")).toBe(2);
      await migrateToLatest(db);
      const rows = await sql<{ id: string }>`select id from payments where method = 'rail' order by id`.execute(db);
      expect(rows.rows.map((r) => r.id)).toEqual([...ids].sort());
      const gone =
        dialect.name === 'postgres'
          ? "select count(*) as n from information_schema.tables where table_schema = current_schema() and table_name = 'apm_payments'"
          : "select count(*) as n from sqlite_master where name = 'apm_payments'";
      expect(await count(db, gone)).toBe(0);
    });
  }, 60_000);

  it('one order_id is one payment across methods: the second method is 409, also when both race', async () => {
    const gw = await startGateway(dialect, { RAIL_MOCK_DELAY_SECONDS: '0' });
    const token = await (await gw.client()).token();
    const instrumentId = await tokenize(gw, token, { number: '4242424242424242' });
    const intentBody = (order: string) => ({
      order_id: order,
      amount: 15050,
      currency: 'COP',
      rail_id: 'WALLET_OTP',
      rail_type: 'WALLET',
      customer: { phone_number: '3001112233' },
    });

    const first = await pay(gw, token, { instrumentId, orderId: 'cross-1', amount: 10 });
    expect(first.status).toBe(201);
    const intent = await gw.request<{ error: { code: string } }>('POST', '/v1/payments/intents', { token, body: intentBody('cross-1') });
    expect([intent.status, intent.body.error.code]).toEqual([409, 'order_id_conflict']);

    const rail = await gw.request<{ payment_id: string }>('POST', '/v1/payments/intents', { token, body: intentBody('cross-2') });
    expect(rail.status).toBe(201);
    const again = await gw.request<{ payment_id: string }>('POST', '/v1/payments/intents', { token, body: intentBody('cross-2') });
    expect([again.status, again.body.payment_id]).toEqual([201, rail.body.payment_id]);
    const cardAfter = await pay(gw, token, { instrumentId, orderId: 'cross-2', amount: 10 });
    expect([cardAfter.status, (cardAfter.body as unknown as { error: { code: string } }).error.code]).toEqual([409, 'order_id_conflict']);

    for (let round = 0; round < 4; round++) {
      const order = `race-${round}`;
      const [byCard, byRail] = await Promise.all([
        pay(gw, token, { instrumentId, orderId: order, amount: 10 }),
        gw.request('POST', '/v1/payments/intents', { token, body: intentBody(order) }),
      ]);
      expect([byCard.status, byRail.status].sort()).toEqual([201, 409]);
      const rows = await gw.db.selectFrom('payments').select('id').where('order_id', '=', order).execute();
      expect(rows).toHaveLength(1);
    }
    await gw.close();
  }, 60_000);
});
