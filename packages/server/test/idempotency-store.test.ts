/**
 * The Idempotency-Key lock (idempotency/store.ts) on a real database, both
 * dialects: who may take over a key whose request looks dead, what the
 * loser of two takers gets, what the old holder can still do, and what a
 * database failure on the insert answers (503: retry; never 409, which would
 * tell the merchant another request holds the key).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { FenceLost } from '../src/db/pg-statements.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeKey, deleteExpiredKeys, fenceStatement, KeyStoreFailure, releaseKey, reserveKey } from '../src/idempotency/store.js';
import type { Executor } from '../src/db/database.js';
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
    expect(await row(key)).toMatchObject({
      status: 'in_progress',
      owner_instance: 'instance-b',
      lock_token: 'token-b',
      locked_at: at(121),
      request_hash: 'hash-1',
    });

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

  it("a lock whose owner is dead is taken over at once; the taker's own failure releases it for the next request", async () => {
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

  /**
   * The database, with `before(statement)` run before each statement reserveKey sends on it
   * ('insert', 'select', 'delete', 'update'): what another request does between two of its
   * statements. The statements themselves run unchanged on the real database.
   */
  function between(before: (statement: string) => Promise<void>): Executor {
    const starts: Record<string, string> = { insertInto: 'insert', selectFrom: 'select', deleteFrom: 'delete', updateTable: 'update' };
    const paused = (builder: object, statement: string): object =>
      new Proxy(builder, {
        get(target, property) {
          const value: unknown = Reflect.get(target, property, target);
          if (typeof value !== 'function') return value;
          if (typeof property === 'string' && property.startsWith('execute'))
            return async (...args: unknown[]) => (await before(statement), value.apply(target, args));
          return (...args: unknown[]) => {
            const next: unknown = value.apply(target, args);
            return next && typeof next === 'object' && 'execute' in next ? paused(next, statement) : next;
          };
        },
      });
    return new Proxy(gw.db, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        const statement = typeof property === 'string' ? starts[property] : undefined;
        return statement ? (...args: unknown[]) => paused(value.apply(target, args) as object, statement) : value.bind(target);
      },
    });
  }
  const reserveBetween = (key: string, who: string, now: number, before: (statement: string) => Promise<void>) =>
    reserveKey(between(before), {
      clientId: 'client-1',
      key,
      requestHash: 'hash-1',
      now: at(now),
      expiresAt: at(now + 86_400),
      staleBefore: at(now - 120),
      owner: `instance-${who}`,
      token: `token-${who}`,
      ownerAlive: async () => true,
    });

  it('a key released between the refused insert and the read is tried again, and reserved', async () => {
    const key = randomUUID();
    await attempt(key, 'a', 0);
    const seen: string[] = [];
    const result = await reserveBetween(key, 'b', 10, async (statement) => {
      seen.push(statement);
      // The holder's request fails and releases the key just after b's insert was refused.
      if (statement === 'select') await releaseKey(gw.db, 'client-1', key, 'token-a');
    });
    expect(seen).toEqual(['insert', 'select', 'insert']);
    expect(result).toEqual({ kind: 'reserved', token: 'token-b', takenOver: false });
    expect(await row(key)).toMatchObject({ owner_instance: 'instance-b', lock_token: 'token-b', status: 'in_progress' });
  });

  it('a key released, taken by another request and released again while it tries twice: a conflict (retry), not an error', async () => {
    const key = randomUUID();
    await attempt(key, 'a', 0);
    let selects = 0;
    let inserts = 0;
    const result = await reserveBetween(key, 'b', 10, async (statement) => {
      if (statement === 'insert' && ++inserts === 2) await attempt(key, 'c', 10);
      if (statement === 'select') await releaseKey(gw.db, 'client-1', key, ++selects === 1 ? 'token-a' : 'token-c');
    });
    expect([inserts, selects]).toEqual([2, 2]);
    expect(result).toEqual({ kind: 'conflict' });
    // b holds nothing: the next attempt reserves it.
    expect(await row(key)).toBeUndefined();
    expect(await attempt(key, 'd', 11)).toEqual({ kind: 'reserved', token: 'token-d', takenOver: false });
  });

  it('a lock from before tokens (lock_token null) is taken over too', async () => {
    const key = randomUUID();
    await gw.db
      .insertInto('idempotency_keys')
      .values({
        client_id: 'client-1',
        key,
        request_hash: 'hash-1',
        status: 'in_progress',
        response_status: null,
        response_body: null,
        locked_at: at(0),
        created_at: at(0),
        expires_at: at(86_400),
        owner_instance: null,
        lock_token: null,
      })
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

  /** Sends one create with `key` while `refuse` makes every insert into idempotency_keys fail; drops it after. */
  async function sendRefused(key: string, refuse: { create: string[]; drop: string[] }) {
    for (const statement of refuse.create) await sql.raw(statement).execute(gw.db);
    try {
      // fetch, not gw.request: the reply is checked here, and must be the documented 503 whatever the error.
      const raw = await fetch(`${gw.baseUrl}/v1/organizations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ name: 'during a failure' }),
      });
      return { status: raw.status, retryAfter: raw.headers.get('retry-after'), text: await raw.text() };
    } finally {
      for (const statement of refuse.drop) await sql.raw(statement).execute(gw.db);
    }
  }

  const postgresql = dialect.name === 'postgres';
  // A failure that is neither a duplicate key nor worth a retry by itself (PostgreSQL's SQLSTATE P0001, SQLite's abort)...
  const raises = postgresql ? "raise exception 'disk I/O refused'" : "select raise(abort, 'disk I/O refused')";
  const refusals: [string, string][] = [
    ['a trigger that raises', raises],
    // ...and a serialization failure, as a busy PostgreSQL gives (SQLite's busy waits for the write lock instead).
    ...(postgresql ? [['a serialization failure', "raise exception 'could not serialize access' using errcode = '40001'"] as [string, string]] : []),
  ];

  /** A trigger that runs `body` before each insert into idempotency_keys. */
  const trigger = (body: string) =>
    postgresql
      ? {
          create: [
            `create function refuse_idempotency_insert() returns trigger language plpgsql as $$ begin ${body}; end $$`,
            'create trigger refuse_idempotency_insert before insert on idempotency_keys for each row execute function refuse_idempotency_insert()',
          ],
          drop: ['drop trigger refuse_idempotency_insert on idempotency_keys', 'drop function refuse_idempotency_insert()'],
        }
      : {
          create: [`create trigger refuse_idempotency_insert before insert on idempotency_keys begin ${body}; end`],
          drop: ['drop trigger refuse_idempotency_insert'],
        };

  it("reserveKey fails with a KeyStoreFailure carrying the database's error, not a conflict", async () => {
    const refuse = trigger(raises);
    for (const statement of refuse.create) await sql.raw(statement).execute(gw.db);
    try {
      const reserving = reserveKey(gw.db, {
        clientId: 'client-1',
        key: randomUUID(),
        requestHash: 'hash-1',
        now: at(0),
        expiresAt: at(86_400),
        staleBefore: at(-120),
        owner: 'instance-a',
        token: 'token-a',
        ownerAlive: async () => true,
      });
      await expect(reserving).rejects.toBeInstanceOf(KeyStoreFailure);
      await expect(reserving).rejects.toMatchObject({
        message: 'the Idempotency-Key store could not take the reservation',
        cause: expect.objectContaining({ message: expect.stringContaining('disk I/O refused') }),
      });
    } finally {
      for (const statement of refuse.drop) await sql.raw(statement).execute(gw.db);
    }
  });

  it.each(refusals)('%s on the insert answers 503 with Retry-After (never 409 or 500), and the retry then runs', async (_name, body) => {
    const key = randomUUID();
    const refuse = trigger(body);
    const reply = await sendRefused(key, refuse);
    expect([reply.status, (JSON.parse(reply.text) as { error: { code: string } }).error.code, reply.retryAfter]).toEqual([503, 'service_unavailable', '1']);
    expect(reply.text).not.toContain('refused');
    expect(reply.text).not.toContain('serialize');
    // Nothing is held: the same request sent again runs (not 409, not a replay).
    expect(await gw.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute()).toEqual([]);
    const retry = await gw.request('POST', '/v1/organizations', { token, body: { name: 'during a failure' }, headers: { 'idempotency-key': key } });
    expect(retry.status, retry.text).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
  });

  it("the key's table gone (renamed) answers 503 too, and the requests after it are served again once it is back", async () => {
    const key = randomUUID();
    const [away, back] = ['alter table idempotency_keys rename to idempotency_keys_away', 'alter table idempotency_keys_away rename to idempotency_keys'];
    const reply = await sendRefused(key, { create: [away], drop: [back] });
    expect([reply.status, reply.retryAfter]).toEqual([503, '1']);
    expect(reply.text).not.toContain('idempotency_keys');
    const retry = await gw.request('POST', '/v1/organizations', { token, body: { name: 'during a failure' }, headers: { 'idempotency-key': key } });
    expect(retry.status, retry.text).toBe(201);
  });
});
