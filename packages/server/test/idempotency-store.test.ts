/**
 * The Idempotency-Key lock (idempotency/store.ts) on a real database, both
 * dialects: who may take over a key whose request looks dead, what the
 * loser of two takers gets, what the old holder can still do, and what a
 * database failure on the insert answers (503: retry; never 409, which would
 * tell the merchant another request holds the key).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { FenceLost } from '../src/db/postgres-client.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeKey, deleteExpiredKeys, fenceStatement, releaseKey, reserveKey } from '../src/idempotency/store.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

describe.each(dialects)('the Idempotency-Key lock on $name', (dialect) => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway(dialect);
  });
  afterAll(() => gw.close());

  /** A reservation at `now` seconds, stale before `now - 120`, kept a day; its owner's liveness as given. */
  const attempt = (key: string, who: string, now: number, options: { hash?: string; alive?: (owner: string) => Promise<boolean> } = {}) =>
    reserveKey(gw.db, {
      clientId: 'client-1',
      key,
      requestHash: options.hash ?? 'hash-1',
      now: at(now),
      expiresAt: at(now + 86_400),
      staleBefore: at(now - 120),
      owner: `instance-${who}`,
      token: `token-${who}`,
      ownerAlive: options.alive ?? (async () => true),
    });
  const row = (key: string) => gw.db.selectFrom('idempotency_keys').selectAll().where('client_id', '=', 'client-1').where('key', '=', key).executeTakeFirst();

  it('a held key is a conflict while its owner lives and is not stale; the answer stored, a replay; another request, a mismatch', async () => {
    const key = randomUUID();
    expect(await attempt(key, 'a', 0)).toEqual({ kind: 'reserved', token: 'token-a', takenOver: false });
    const asked: string[] = [];
    expect(await attempt(key, 'b', 60, { alive: async (owner) => (asked.push(owner), true) })).toEqual({ kind: 'conflict' });
    expect(asked).toEqual(['instance-a']);
    expect(await attempt(key, 'b', 60, { hash: 'hash-2' })).toEqual({ kind: 'mismatch' });
    expect(await row(key)).toMatchObject({ status: 'in_progress', owner_instance: 'instance-a', lock_token: 'token-a', locked_at: at(0) });

    expect(await completeKey(gw.db, 'client-1', key, 'token-b', 201, '{"no":1}')).toBe(false);
    expect(await completeKey(gw.db, 'client-1', key, 'token-a', 201, '{"id":"x"}')).toBe(true);
    expect(await attempt(key, 'c', 500)).toEqual({ kind: 'replay', status: 201, body: '{"id":"x"}' });
    // Completed: neither stale nor a dead owner takes it again.
    expect(await attempt(key, 'c', 500, { alive: async () => false })).toEqual({ kind: 'replay', status: 201, body: '{"id":"x"}' });
    expect(await completeKey(gw.db, 'client-1', key, 'token-a', 500, 'again')).toBe(false);
    expect(await attempt(key, 'c', 500, { hash: 'hash-2' })).toEqual({ kind: 'mismatch' });
  });

  it('a stale lock (older than staleBefore) is taken over even while its owner lives; the old holder can no longer complete, release or commit', async () => {
    const key = randomUUID();
    await attempt(key, 'a', 0);
    // Exactly at staleBefore: not stale yet.
    expect(await attempt(key, 'b', 120)).toEqual({ kind: 'conflict' });
    expect(await attempt(key, 'b', 121)).toEqual({ kind: 'reserved', token: 'token-b', takenOver: true });
    expect(await row(key)).toMatchObject({ status: 'in_progress', owner_instance: 'instance-b', lock_token: 'token-b', locked_at: at(121), request_hash: 'hash-1' });

    // The fence a holder's commit runs: it holds for the new holder only (PostgreSQL's client turns a lost fence into FenceLost).
    const fenceHolds = (token: string) =>
      gw.db.executeQuery(fenceStatement(gw.db, 'client-1', key, token)).then(
        (result) => Number(result.numAffectedRows) === 1,
        (error: unknown) => (error instanceof FenceLost ? false : Promise.reject(error)),
      );
    expect(await fenceHolds('token-a')).toBe(false);
    expect(await fenceHolds('token-b')).toBe(true);
    await releaseKey(gw.db, 'client-1', key, 'token-a');
    expect(await completeKey(gw.db, 'client-1', key, 'token-a', 201, 'old')).toBe(false);
    expect(await row(key)).toMatchObject({ lock_token: 'token-b', status: 'in_progress' });
    expect(await completeKey(gw.db, 'client-1', key, 'token-b', 201, 'new')).toBe(true);
    expect(await attempt(key, 'a', 130)).toEqual({ kind: 'replay', status: 201, body: 'new' });
  });

  it('a lock whose owner is dead is taken over at once; the taker\'s own failure releases it for the next request', async () => {
    const key = randomUUID();
    await attempt(key, 'a', 0);
    expect(await attempt(key, 'b', 1, { alive: async (owner) => owner !== 'instance-a' })).toEqual({ kind: 'reserved', token: 'token-b', takenOver: true });
    await releaseKey(gw.db, 'client-1', key, 'token-b');
    expect(await row(key)).toBeUndefined();
    expect(await attempt(key, 'c', 2, { hash: 'hash-2' })).toEqual({ kind: 'reserved', token: 'token-c', takenOver: false });
  });

  it('two takers of one stale lock: the one that loses the compare-and-set gets a conflict, not the key', async () => {
    const key = randomUUID();
    await attempt(key, 'a', 0);
    // Taker b has read the row and is asking whether a lives; meanwhile taker c takes the key over.
    let cResult: unknown;
    const bResult = await attempt(key, 'b', 10, {
      alive: async () => {
        cResult = await attempt(key, 'c', 10, { alive: async () => false });
        return false;
      },
    });
    expect(cResult).toEqual({ kind: 'reserved', token: 'token-c', takenOver: true });
    expect(bResult).toEqual({ kind: 'conflict' });
    expect(await row(key)).toMatchObject({ owner_instance: 'instance-c', lock_token: 'token-c' });
  });

  it('two takers of one stale lock at the same time: exactly one gets it', async () => {
    const key = randomUUID();
    await attempt(key, 'a', 0);
    const results = await Promise.all(['b', 'c', 'd', 'e'].map((who) => attempt(key, who, 500)));
    const reserved = results.filter((r) => r.kind === 'reserved');
    expect(reserved).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'conflict')).toHaveLength(3);
    expect((await row(key))?.lock_token).toBe((reserved[0] as { token: string }).token);
  });

  it('a lock from before tokens (lock_token null) is taken over too', async () => {
    const key = randomUUID();
    await gw.db
      .insertInto('idempotency_keys')
      .values({ client_id: 'client-1', key, request_hash: 'hash-1', status: 'in_progress', response_status: null, response_body: null, locked_at: at(0), created_at: at(0), expires_at: at(86_400), owner_instance: null, lock_token: null })
      .execute();
    // No owner to ask about: only its age lets it be taken over.
    const asked: unknown[] = [];
    expect(await attempt(key, 'b', 60, { alive: async (owner) => (asked.push(owner), false) })).toEqual({ kind: 'conflict' });
    expect(asked).toEqual([]);
    expect(await attempt(key, 'b', 121)).toEqual({ kind: 'reserved', token: 'token-b', takenOver: true });
  });

  it('an expired key is new again, whatever it held; deleteExpiredKeys removes only expired ones', async () => {
    const key = randomUUID();
    await attempt(key, 'a', 0);
    await completeKey(gw.db, 'client-1', key, 'token-a', 201, 'old');
    expect(await attempt(key, 'b', 86_399, { hash: 'hash-2' })).toEqual({ kind: 'mismatch' });
    expect(await attempt(key, 'b', 86_400, { hash: 'hash-2' })).toEqual({ kind: 'reserved', token: 'token-b', takenOver: false });
    expect(await row(key)).toMatchObject({ request_hash: 'hash-2', status: 'in_progress', expires_at: at(172_800) });

    const other = randomUUID();
    await attempt(other, 'a', 1000);
    const before = await gw.db.selectFrom('idempotency_keys').select('key').where('expires_at', '<=', at(87_400)).execute();
    expect(await deleteExpiredKeys(gw.db, at(87_400))).toBe(before.length);
    expect(before.map((r) => r.key)).toContain(other);
    expect(await row(other)).toBeUndefined();
    expect(await row(key)).toBeDefined();
  });
});

describe.each(dialects)('a database failure while reserving an Idempotency-Key on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    token = await (await gw.client()).token();
  });
  afterAll(() => gw.close());

  it('answers an error of the database (503 with Retry-After when a retry can succeed), never 409 idempotency_conflict; the retry then runs', async () => {
    const key = randomUUID();
    const send = () => gw.request('POST', '/v1/organizations', { token, body: { name: 'during a failure' }, headers: { 'idempotency-key': key } });
    let reply;
    if (dialect.name === 'postgres') {
      // A serialization failure on the insert into idempotency_keys, as a busy PostgreSQL gives: worth a retry.
      await sql`create function refuse_idempotency_insert() returns trigger language plpgsql as $$ begin raise exception 'could not serialize access' using errcode = '40001'; end $$`.execute(gw.db);
      await sql`create trigger refuse_idempotency_insert before insert on idempotency_keys for each row execute function refuse_idempotency_insert()`.execute(gw.db);
      try {
        reply = await send();
      } finally {
        await sql`drop trigger refuse_idempotency_insert on idempotency_keys`.execute(gw.db);
        await sql`drop function refuse_idempotency_insert()`.execute(gw.db);
      }
      expect([reply.status, (reply.body as { error: { code: string } }).error.code, reply.headers.get('retry-after')]).toEqual([503, 'service_unavailable', '1']);
    } else {
      // SQLite's transient error (busy) waits for the write lock instead; any other error of the insert is
      // the database's, not a duplicate key: 500, with nothing of it in the answer.
      await sql`create trigger refuse_idempotency_insert before insert on idempotency_keys begin select raise(abort, 'disk I/O refused'); end`.execute(gw.db);
      try {
        // fetch, not gw.request: an unexpected error's 500 is in no route's documented answers.
        const raw = await fetch(`${gw.baseUrl}/v1/organizations`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({ name: 'during a failure' }),
        });
        reply = { status: raw.status, text: await raw.text() };
      } finally {
        await sql`drop trigger refuse_idempotency_insert`.execute(gw.db);
      }
      expect([reply.status, (JSON.parse(reply.text) as { error: { code: string } }).error.code]).toEqual([500, 'internal_error']);
      expect(reply.text).not.toContain('disk I/O refused');
    }
    expect(await gw.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute()).toEqual([]);
    const retry = await send();
    expect(retry.status, retry.text).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
  });
});
