/**
 * The chaos harness's ledger invariants (scripts/chaos/invariants.mjs,
 * docs/reliability.md) on a real gateway's PostgreSQL database (the harness
 * runs on PostgreSQL only): a capture and a refund made through the API
 * leave no violation; a movement without its entry, an entry whose amount
 * differs from its movement, and an entry without postings (rows written
 * behind the gateway's back, as a crash between the two would leave them)
 * are each reported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pay, tokenize } from './support/cards.js';
import { postgres } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { newId } from '../src/lib/ids.js';
import { postEntry } from '../src/ledger/post.js';

type DatabaseInvariants = (
  url: string,
  options: { organizationId: string; endpoints?: string[]; since: string; processorKey?: string },
) => Promise<{ violations: string[]; facts: Record<string, unknown> }>;

describe.runIf(postgres)('the chaos harness ledger invariants on PostgreSQL', () => {
  const dialect = postgres!;
  let gw: TestGateway;
  let url: string;
  let token: string;
  let organizationId: string;
  let databaseInvariants: DatabaseInvariants;
  const since = new Date(Date.now() - 60_000).toISOString();
  const call = <T>(method: string, path: string, body?: unknown) => gw.request<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
  const ledgerViolations = async () => (await databaseInvariants(url, { organizationId, since })).violations.filter((v) => v.startsWith('ledger:')).sort();

  beforeAll(async () => {
    const script = '../../../scripts/chaos/invariants.mjs';
    databaseInvariants = ((await import(script)) as { databaseInvariants: DatabaseInvariants }).databaseInvariants;
    url = await dialect.migratedDatabaseUrl();
    gw = await startGateway(dialect, { DATABASE_URL: url });
    const client = await gw.client();
    organizationId = client.organizationId;
    token = await client.token();
  });
  afterAll(async () => {
    await gw?.close();
  });

  /** A payment of USD 100.00 captured, and a refund of 30.00 of it that succeeded. */
  async function capturedAndRefunded() {
    const instrumentId = await tokenize(gw, token, { number: '4111111111111111' });
    const created = await pay(gw, token, { instrumentId, amount: 100, capture: false });
    expect(created.status, created.text).toBe(201);
    expect((await call('POST', `/v1/payments/${created.body.id}/capture`, {})).status).toBe(200);
    const refund = await call<{ id: string; status: string }>('POST', '/v1/refunds', { payment_id: created.body.id, amount: '30.00', currency: 'USD' });
    expect(refund.body.status).toBe('SUCCEEDED');
    return { created, refund };
  }

  it('holds after real movements and reports each kind of broken one', async () => {
    const { created, refund } = await capturedAndRefunded();
    expect(await ledgerViolations()).toEqual([]);
    expect((await databaseInvariants(url, { organizationId, since })).facts).toMatchObject({ ledgerEntries: 2, ledgerMovements: 2 });

    // A capture whose entry never came (the payment row copied, captured, with nothing in the ledger).
    const payment = await gw.db.selectFrom('payments').selectAll().where('id', '=', created.body.id).executeTakeFirstOrThrow();
    const orphan = newId('payment');
    await gw.db
      .insertInto('payments')
      .values({ ...payment, id: orphan, order_id: `orphan-${orphan}`, network_reference: null })
      .execute();
    // An entry of another amount than its movement, with postings that agree with it.
    await gw.db.updateTable('refunds').set({ amount: 3100 }).where('id', '=', refund.body.id).execute();
    // An entry without postings.
    const bare = newId('balanceTransaction');
    await gw.db
      .insertInto('ledger_entries')
      .values({
        id: bare,
        organization_id: organizationId,
        type: 'cashout',
        currency: 'USD',
        amount: -500,
        fee: 0,
        net: -500,
        source_object: 'cashout',
        source_id: bare,
        payment_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await ledgerViolations()).toEqual(
      [
        `ledger: capture ${orphan} moved 10000 without its entry`,
        `ledger: entry ${bare} (cashout) has no postings`,
        `ledger: ${organizationId} USD: the balances add up to 7000, its entries to 6500`,
        `ledger: refund ${refund.body.id} moved -3100, its entry -3000`,
      ].sort(),
    );
  });

  it('a refund REJECTED after it succeeded keeps its entry only with the refund_failure that gives it back', async () => {
    const { created, refund } = await capturedAndRefunded();
    const aboutIt = async () => (await ledgerViolations()).filter((v) => v.includes(refund.body.id));
    expect(await aboutIt()).toEqual([]);

    // Failed after it succeeded, written behind the gateway's back: REJECTED, its refund entry not given back.
    await gw.db.updateTable('refunds').set({ status: 'REJECTED' }).where('id', '=', refund.body.id).execute();
    expect(await aboutIt()).toEqual([`ledger: refund ${refund.body.id} is REJECTED but has an entry it should not have`]);
    // Its refund_failure, as the gateway books it: the entry's mirror image.
    const { created_at } = await gw.db.selectFrom('refunds').select('created_at').where('id', '=', refund.body.id).executeTakeFirstOrThrow();
    await postEntry(gw.db, {
      organizationId,
      type: 'refund_failure',
      currency: 'USD',
      source: { object: 'refund', id: refund.body.id },
      paymentId: created.body.id,
      postings: [{ debit: 'processor_clearing', credit: 'merchant_pending', amount: 3000 }],
      createdAt: created_at,
    });
    expect(await aboutIt()).toEqual([]);
    // A SUCCEEDED refund with a refund_failure is as wrong.
    await gw.db.updateTable('refunds').set({ status: 'SUCCEEDED' }).where('id', '=', refund.body.id).execute();
    expect(await aboutIt()).toEqual([`ledger: refund ${refund.body.id} is SUCCEEDED but has an entry it should not have`]);
  });
});
