/**
 * A database that cannot take a statement just now (a deadlock, a lost connection, a
 * write lock held elsewhere) answers 503 with Retry-After, not 500: nothing was
 * committed, and the same request sent again can succeed.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from '../src/db/sqlite-driver.js';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTransientDatabaseError, isUniqueViolation, openDatabase } from '../src/db/database.js';
import { toApiError } from '../src/errors/handler.js';
import { ApiError } from '../src/errors/api-error.js';
import { postgres } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { eventually } from './support/wait.js';

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}

function expectRetryLater(error: unknown) {
  expect(isTransientDatabaseError(error)).toBe(true);
  const mapped = toApiError(error) as ApiError;
  expect(mapped.status).toBe(503);
  expect(mapped.code).toBe('service_unavailable');
  expect(mapped.headers).toEqual({ 'retry-after': '1' });
}

describe('which database errors are worth a retry', () => {
  it('SQLite: the write lock still held by another connection when busy_timeout runs out', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pasarela-busy-')), 'busy.sqlite');
    const holder = new SQLite(file);
    const other = new SQLite(file);
    try {
      holder.pragma('journal_mode = WAL');
      holder.exec('create table t (id integer primary key)');
      other.pragma('busy_timeout = 0');
      holder.exec('begin immediate');
      expectRetryLater(caught(() => other.exec('begin immediate')));
      holder.exec('insert into t (id) values (1); commit');
      // A constraint is the request's own problem: a retry meets it again.
      const duplicate = caught(() => other.exec('insert into t (id) values (1)'));
      expect(isUniqueViolation(duplicate)).toBe(true);
      expect(isTransientDatabaseError(duplicate)).toBe(false);
      expect(toApiError(duplicate).status).toBe(500);
    } finally {
      holder.close();
      other.close();
    }
  });

  it.runIf(postgres)('PostgreSQL: the transaction it aborts to break a deadlock', async () => {
    const url = await postgres!.databaseUrl();
    const [a, b] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await Promise.all([a.connect(), b.connect()]);
    try {
      await a.query('create table deadlocked (id int primary key, v int not null)');
      await a.query('insert into deadlocked (id, v) values (1, 0), (2, 0)');
      await a.query('begin');
      await b.query('begin');
      await a.query('update deadlocked set v = 1 where id = 1');
      await b.query('update deadlocked set v = 1 where id = 2');
      // Each now waits for the other's row: PostgreSQL aborts one of them after deadlock_timeout.
      const outcomes = await Promise.allSettled([a.query('update deadlocked set v = 2 where id = 2'), b.query('update deadlocked set v = 2 where id = 1')]);
      const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect((refused[0]!.reason as { code?: string }).code).toBe('40P01');
      expectRetryLater(refused[0]!.reason);
      const syntax = await a.query('select from').catch((error: unknown) => error);
      expect(isTransientDatabaseError(syntax)).toBe(false);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });
});

describe.runIf(postgres)('a PostgreSQL connection ended by the server while a statement runs on it', () => {
  it('is closed when released, not handed to the next statement', async () => {
    const database = openDatabase({ database: { kind: 'postgres', url: await postgres!.databaseUrl() } }, { poolSize: 1 });
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      const sleeping = sql`select pg_sleep(5)`.execute(database.db).then(
        () => undefined,
        (error: unknown) => error,
      );
      await eventually(
        async () => (await admin.query<{ state: string }>('select state from pg_stat_activity where pid = $1', [rows[0]!.pid])).rows[0]?.state,
        (state) => state === 'active',
      );
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      const ended = await sleeping;
      expect((ended as { code?: string }).code).toBe('57P01');
      expectRetryLater(ended);
      // At once, on the one-connection pool: a new connection, not the ended one.
      const next = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      expect(next.rows[0]!.pid).not.toBe(rows[0]!.pid);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});

describe.runIf(postgres)('a request whose PostgreSQL connection is ended under it (a restart, a failover)', () => {
  let gw: TestGateway;
  let token: string;

  beforeAll(async () => {
    gw = await startGateway(postgres!);
    token = await (await gw.client()).token();
  });
  afterAll(() => gw.close());

  it('answers 503 with Retry-After, and the same request then succeeds', async () => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(gw.db);
    const table = `${rows[0]!.schema}.payments`;
    // The gateway's own database (a test gateway's is made for it, support/dialects.ts).
    const admin = new pg.Client({ connectionString: gw.gateway.config.database.url });
    await admin.connect();
    try {
      // Holds the request's read of payments until its backend is ended, as a fast shutdown ends every backend.
      await admin.query('begin');
      await admin.query(`lock table ${table} in access exclusive mode`);
      const pending = gw.request('GET', '/v1/payments?limit=5', { token });
      const waiting = await eventually(
        async () => (await admin.query<{ pid: number }>('select pid from pg_locks where relation = $1::regclass and not granted', [table])).rows,
        (found) => found.length > 0,
      );
      await admin.query('select pg_terminate_backend($1)', [waiting[0]!.pid]);
      const reply = await pending;
      expect(reply.status).toBe(503);
      expect(reply.headers.get('retry-after')).toBe('1');
      expect((reply.body as { error: { code: string } }).error.code).toBe('service_unavailable');
      expect(reply.text).not.toMatch(/terminating|administrator|at .*\.(ts|js):\d+/);
      await admin.query('commit');
      const again = await gw.request('GET', '/v1/payments?limit=5', { token });
      expect(again.status).toBe(200);
    } finally {
      await admin.end();
    }
  });
});
