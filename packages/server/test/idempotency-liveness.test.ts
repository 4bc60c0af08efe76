/**
 * Lock-owner liveness and the fence of Idempotency-Keys (idempotency/liveness.ts,
 * idempotency/plugin.ts, db/commit-guard.ts; docs/reliability.md): a key held
 * by a dead instance is taken over by the next retry at once, one held by a
 * live instance is not, and an owner whose key was taken over commits nothing
 * more, so a paused process that wakes up cannot double an effect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { eventually } from './support/wait.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';
import { endCommitGuard, withCommitGuard, type CommitGuard } from '../src/db/commit-guard.js';
import { guardedWork } from './support/fence.js';
import { completeKey, fenceStatement, reserveKey } from '../src/idempotency/store.js';

describe.each(dialects)('Idempotency-Key lock owners on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  let clientId: string;
  let self: string;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    const client = await gw.client();
    clientId = client.clientId;
    token = await client.token();
    // The gateway's own heartbeat row, written before it took its first request.
    const rows = await gw.db.selectFrom('gateway_instances').selectAll().execute();
    expect(rows).toHaveLength(1);
    self = rows[0]!.id;
    expect(Date.parse(rows[0]!.heartbeat_at)).toBeGreaterThan(Date.now() - 60_000);
  });
  afterAll(() => gw.close());

  /** Puts a completed key back to in progress, held by `owner` since now: as if that instance were still running the request. */
  async function heldBy(key: string, owner: string): Promise<void> {
    const changed = await gw.db
      .updateTable('idempotency_keys')
      .set({
        status: 'in_progress',
        response_status: null,
        response_body: null,
        owner_instance: owner,
        lock_token: 'the-old-owners-token',
        locked_at: new Date().toISOString(),
      })
      .where('key', '=', key)
      .executeTakeFirst();
    expect(Number(changed.numUpdatedRows)).toBe(1);
  }

  const createOrg = (key: string, name = 'liveness') =>
    gw.request<{ id: string }>('POST', '/v1/organizations', { token, body: { name }, headers: { 'idempotency-key': key } });

  it('a key held by a dead instance (no heartbeat, or one older than INSTANCE_DEAD_AFTER_SECONDS) is taken over by the next retry', async () => {
    const gone = `ins_gone_${randomUUID()}`;
    const silent = `ins_silent_${randomUUID()}`;
    await gw.db
      .insertInto('gateway_instances')
      .values({ id: silent, started_at: new Date(Date.now() - 60_000).toISOString(), heartbeat_at: new Date(Date.now() - 11_000).toISOString() })
      .execute();
    for (const owner of [gone, silent]) {
      const key = randomUUID();
      expect((await createOrg(key)).status).toBe(201);
      await heldBy(key, owner);
      const retry = await createOrg(key);
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
      const row = await gw.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'completed', owner_instance: self });
      expect(row.lock_token).not.toBe('the-old-owners-token');
    }
  });

  it('a key held by a live instance is not taken over: 409 idempotency_conflict', async () => {
    // SQLite is one process: the only live instance is this one. PostgreSQL: another process with a fresh heartbeat.
    const live = dialect.name === 'sqlite' ? self : `ins_live_${randomUUID()}`;
    if (live !== self)
      await gw.db.insertInto('gateway_instances').values({ id: live, started_at: new Date().toISOString(), heartbeat_at: new Date().toISOString() }).execute();
    const key = randomUUID();
    expect((await createOrg(key)).status).toBe(201);
    await heldBy(key, live);
    const retry = await createOrg(key);
    expect(retry.status).toBe(409);
    expect(retry.body).toMatchObject({ error: { code: 'idempotency_conflict' } });
    expect(retry.headers.get('retry-after')).toBe('1');
    expect(await gw.db.selectFrom('idempotency_keys').select(['status', 'owner_instance']).where('key', '=', key).executeTakeFirstOrThrow()).toEqual({
      status: 'in_progress',
      owner_instance: live,
    });
  });

  /** What reserveKey needs of a request under `key`, its times from now. */
  function reservation(key: string) {
    return {
      clientId,
      key,
      requestHash: 'h',
      now: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      staleBefore: new Date(Date.now() - 120_000).toISOString(),
    };
  }

  /** The Idempotency-Key layer's guard of a request under `key` holding `token`. */
  const fenceOf = (key: string, token: string): CommitGuard => ({
    work: `${clientId}:${key}`,
    active: true,
    statement: () => fenceStatement(gw.db, clientId, key, token),
    lost: () => new Error(`lock lost by ${token}`),
  });

  /** A committed effect: a row of its own in a small table. */
  const effect = (id: string) => {
    const now = new Date().toISOString();
    return gw.db.transaction().execute((trx) => trx.insertInto('gateway_instances').values({ id, started_at: now, heartbeat_at: now }).execute());
  };
  const exists = async (id: string) => (await gw.db.selectFrom('gateway_instances').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

  it('after a takeover the old owner commits nothing more: its transactions roll back and its answer is not stored', async () => {
    const key = randomUUID();
    const common = reservation(key);
    const guardOf = (token: string) => fenceOf(key, token);
    // The old owner: a process that froze (its heartbeat stopped) with the request in its hands.
    const paused = `ins_paused_${randomUUID()}`;
    expect(await reserveKey(gw.db, { ...common, owner: paused, token: 'old-token', ownerAlive: async () => true })).toMatchObject({
      kind: 'reserved',
      takenOver: false,
    });
    // While its lock is its own, its transactions commit.
    await guardedWork(guardOf('old-token'), () => effect(`before-${key}`));
    expect(await exists(`before-${key}`)).toBe(true);
    // A live owner's key is not taken.
    expect(await reserveKey(gw.db, { ...common, owner: self, token: 'new-token', ownerAlive: async () => true })).toEqual({ kind: 'conflict' });
    // Its heartbeat stopped: the retry takes the key over.
    expect(await reserveKey(gw.db, { ...common, owner: self, token: 'new-token', ownerAlive: async (owner) => owner !== paused })).toMatchObject({
      kind: 'reserved',
      takenOver: true,
    });

    // The old owner wakes up: its next commit fails (rolled back), and so does the storing of its answer.
    await expect(guardedWork(guardOf('old-token'), () => effect(`after-${key}`))).rejects.toThrow('lock lost');
    expect(await exists(`after-${key}`)).toBe(false);
    expect(await completeKey(gw.db, clientId, key, 'old-token', 201, '{"old":true}')).toBe(false);
    // The new owner commits and answers.
    await guardedWork(guardOf('new-token'), () => effect(`new-${key}`));
    expect(await exists(`new-${key}`)).toBe(true);
    expect(await completeKey(gw.db, clientId, key, 'new-token', 201, '{"new":true}')).toBe(true);
    expect(
      await gw.db.selectFrom('idempotency_keys').select(['status', 'response_body', 'owner_instance']).where('key', '=', key).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'completed', response_body: '{"new":true}', owner_instance: self });
    // The old owner's late commits keep failing once the key is completed.
    await expect(guardedWork(guardOf('old-token'), () => effect(`late-${key}`))).rejects.toThrow('lock lost');
  });

  it('the fence holds for work still running when other work ends, and for work begun after all had ended', async () => {
    // On Node 20 and 22 the guard follows the work with async hooks, which are turned off while no
    // guarded work is active (db/commit-guard.ts): one work's end must not leave another's commits unchecked.
    const key = randomUUID();
    expect(await reserveKey(gw.db, { ...reservation(key), owner: self, token: 'holder', ownerAlive: async () => true })).toMatchObject({ kind: 'reserved' });
    const guardOf = (token: string) => fenceOf(key, token);
    const gate = () => {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { open, opened };
    };

    // Two works at once: the key's holder, and one that lost it (a stale token).
    const holder = guardOf('holder');
    const stale = guardOf('stale');
    const holderGate = gate();
    const staleGate = gate();
    const holderWork = withCommitGuard(holder, async () => {
      await holderGate.opened;
      await effect(`holder-${key}`);
    });
    const staleWork = withCommitGuard(stale, async () => {
      await staleGate.opened;
      await effect(`stale-${key}`);
    });
    holderGate.open();
    await holderWork;
    expect(await exists(`holder-${key}`)).toBe(true);
    // The holder's work ends while the stale one still waits: the stale one's commit is still checked.
    endCommitGuard(holder);
    staleGate.open();
    await expect(staleWork).rejects.toThrow('lock lost by stale');
    expect(await exists(`stale-${key}`)).toBe(false);
    endCommitGuard(stale);

    // No guarded work is active now: work begun afterwards is checked again.
    const late = guardOf('late');
    await expect(
      withCommitGuard(late, async () => {
        await Promise.resolve();
        await effect(`late-${key}`);
      }),
    ).rejects.toThrow('lock lost by late');
    expect(await exists(`late-${key}`)).toBe(false);
    endCommitGuard(late);
    // Ended work is not checked: what it left behind commits.
    await withCommitGuard(late, () => effect(`left-${key}`));
    expect(await exists(`left-${key}`)).toBe(true);
  });

  it('a refund request run again after its owner died finds the refund it made: one refund, not two', async () => {
    const visa = await tokenize(gw, token, { number: '4242424242424242' });
    const payment = await pay(gw, token, { instrumentId: visa, amount: 100, capture: false });
    expect((await gw.request<PaymentReply>('POST', `/v1/payments/${payment.body.id}/capture`, { token, body: {} })).status).toBe(200);
    const key = randomUUID();
    const body = { payment_id: payment.body.id, amount: 10, currency: 'USD' };
    const first = await gw.request<{ id: string; status: string }>('POST', '/v1/refunds', { token, body, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    // The owner died after committing the refund and before storing its answer.
    await heldBy(key, `ins_dead_${randomUUID()}`);
    const retry = await gw.request<{ id: string; status: string }>('POST', '/v1/refunds', { token, body, headers: { 'idempotency-key': key } });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(retry.body).toMatchObject({ id: first.body.id, status: 'SUCCEEDED' });
    const refunds = await gw.request<{ data: { id: string }[] }>('GET', `/v1/refunds?payment_id=${payment.body.id}`, { token });
    expect(refunds.body.data.map((r) => r.id)).toEqual([first.body.id]);
    expect((await gw.request<PaymentReply>('GET', `/v1/payments/${payment.body.id}`, { token })).body).toMatchObject({ amount_refunded: '10.00' });
    // Without the key's record a second refund would have been made: another key is another refund.
    const other = await gw.request<{ id: string }>('POST', '/v1/refunds', { token, body, headers: { 'idempotency-key': randomUUID() } });
    expect(other.status).toBe(201);
    expect(other.body.id).not.toBe(first.body.id);
  });

  it('a graceful shutdown deletes the heartbeat row', async () => {
    const other = await startGateway(dialect, { DATABASE_URL: gw.gateway.config.database.url });
    const ids = async () => (await gw.db.selectFrom('gateway_instances').select('id').execute()).map((r) => r.id);
    const during = await ids();
    await other.close();
    const after = await ids();
    expect(during.length - after.length).toBe(1);
    expect(after).toContain(self);
  });
});

describe.each(dialects)('a key whose release failed on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  // A test operation that, when asked, takes the idempotency table away (as a database restart would,
  // for this one table) and fails: its key cannot be freed at once.
  const away = { on: false };
  const testOperation: FastifyPluginAsync = async (app) => {
    app.post(
      '/v1/test-fails-with-the-database-away',
      {
        config: { scopes: ['payments:write'] },
        schema: {
          tags: ['Test'],
          summary: 'Fails when asked',
          description: 'Test only.',
          body: Type.Object({ n: Type.Integer() }),
          response: { 200: Type.Object({ ok: Type.Boolean() }), 500: { description: 'When asked.', $ref: 'Error#' } },
        },
      },
      async () => {
        if (away.on) {
          await sql`alter table idempotency_keys rename to idempotency_keys_away`.execute(gw.db);
          throw new Error('the database went away');
        }
        return { ok: true };
      },
    );
  };

  beforeAll(async () => {
    gw = await startGateway(dialect, {}, { plugins: [testOperation] });
    token = await (await gw.client()).token();
  });
  afterAll(() => gw.close());

  it('is freed as soon as the database is back, not after the 2-minute stale lock', async () => {
    const key = randomUUID();
    const send = () =>
      gw.request<{ ok: boolean }>('POST', '/v1/test-fails-with-the-database-away', { token, body: { n: 1 }, headers: { 'idempotency-key': key } });
    away.on = true;
    expect((await send()).status).toBe(500);
    away.on = false;
    await sql`alter table idempotency_keys_away rename to idempotency_keys`.execute(gw.db);
    // The key is still held by this live process: a retry now may get 409; within a few seconds it is freed.
    const row = () => gw.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).executeTakeFirst();
    expect(await eventually(row, (r) => r === undefined, 10_000)).toBeUndefined();
    const retry = await send();
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
  });
});
