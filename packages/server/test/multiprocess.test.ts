/**
 * Two server processes on one PostgreSQL (scale-out): the rate limit, the
 * idempotency keys and the job table hold across them. PostgreSQL only.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgres } from './support/dialects.js';
import { AUDIENCE, TEST_MASTER_KEY } from './support/gateway.js';
import { startServerProcess, startServerProcesses, type ServerProcess } from './support/process.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { enqueueJob } from '../src/jobs/store.js';
import { MAINTENANCE_JOB } from '../src/jobs/maintenance.js';
import { eventually } from './support/wait.js';
import { provisionClient } from '../src/auth/clients.service.js';
import { realClock } from '../src/clock/clock.js';
import { sql } from 'kysely';

// vitest.config.ts leaves this file out when TEST_DATABASE_URL is not set.
if (!postgres) throw new Error('multiprocess.test.ts needs TEST_DATABASE_URL (PostgreSQL)');

async function call(base: string, method: string, path: string, token: string | undefined, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(base + path, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

/** The environment of server processes sharing one fresh PostgreSQL schema, with a bootstrap client. */
async function sharedDatabaseEnv(clientId: string, secret: string, more: Record<string, string>) {
  return {
    DATABASE_URL: await postgres!.databaseUrl(),
    MASTER_KEY: TEST_MASTER_KEY,
    PUBLIC_BASE_URL: AUDIENCE,
    BOOTSTRAP_CLIENT_ID: clientId,
    BOOTSTRAP_CLIENT_SECRET: secret,
    JOB_POLL_INTERVAL_MS: '20',
    LOG_LEVEL: 'warn',
    ...more,
  } as { DATABASE_URL: string } & Record<string, string>;
}

describe('two server processes on one PostgreSQL', () => {
  let servers: ServerProcess[] = [];
  let database: DatabaseHandle;
  let token: string;
  let burstToken: string;
  const clientId = `multi-${randomUUID()}`;
  const secret = randomUUID();
  const limit = 40;

  beforeAll(async () => {
    const env = await sharedDatabaseEnv(clientId, secret, {
      // A policy of its own, so no other test shares these counters.
      RATE_LIMIT_REQUESTS: String(limit),
      // One window for the whole file, so that no count starts over in the middle of a test.
      RATE_LIMIT_WINDOW_SECONDS: '3600',
      RATE_LIMIT_SYNC_MS: '50',
    });
    // Started together: migrations, signing key and bootstrap client must survive the race.
    servers = await startServerProcesses([env, env]);
    database = openDatabase({ database: { kind: 'postgres', url: env.DATABASE_URL } });
    const reply = await call(servers[0]!.url, 'POST', '/oauth/token', undefined, {
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: secret,
      audience: AUDIENCE,
    });
    expect(reply.status).toBe(200);
    token = reply.body.access_token as string;
    // A second client (its own rate-limit key) for the burst test, issued now: /oauth/token counts per
    // address, and the address's budget is spent by an earlier test.
    const made = await provisionClient(database.db, { name: 'rate limit burst', pciSaqD: false }, realClock());
    const issued = await call(servers[0]!.url, 'POST', '/oauth/token', undefined, {
      grant_type: 'client_credentials',
      client_id: made.client_id,
      client_secret: made.client_secret.reveal(),
      audience: AUDIENCE,
    });
    expect(issued.status).toBe(200);
    burstToken = issued.body.access_token as string;
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
  });

  it('a token from one process is the same token, and works, on the other', async () => {
    const other = await call(servers[1]!.url, 'POST', '/oauth/token', undefined, {
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: secret,
      audience: AUDIENCE,
    });
    expect(other.body.access_token).toBe(token);
    expect((await call(servers[1]!.url, 'GET', '/v1/organizations', token)).status).toBe(200);
  });

  it('an Idempotency-Key used on one process replays on the other; racing on both creates one object', async () => {
    const key = randomUUID();
    const first = await call(servers[0]!.url, 'POST', '/v1/organizations', token, { name: 'across' }, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const second = await call(servers[1]!.url, 'POST', '/v1/organizations', token, { name: 'across' }, { 'idempotency-key': key });
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body.id).toBe(first.body.id);

    const raceKey = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(servers[i % 2]!.url, 'POST', '/v1/organizations', token, { name: `race ${raceKey}` }, { 'idempotency-key': raceKey }),
      ),
    );
    expect(replies.filter((r) => r.status === 201 && !r.headers.get('idempotent-replayed'))).toHaveLength(1);
    expect(replies.every((r) => r.status === 201 || (r.status === 409 && (r.body.error as { code: string }).code === 'idempotency_conflict'))).toBe(true);
    const rows = await database.db.selectFrom('organizations').select('id').where('name', '=', `race ${raceKey}`).execute();
    expect(rows).toHaveLength(1);
  });

  it('the rate limit is shared: alternating between the processes, together they admit at most the limit plus one request per interval of the other', async () => {
    // Each process counts in memory and synchronises with the table every RATE_LIMIT_SYNC_MS. Here
    // every request is in the table before the next one, on the other process, is sent: the other
    // process has missed at most the one request made since its own last synchronisation, which is
    // the documented overshoot ((processes - 1) x requests per interval) for this pace.
    const key = `requests_${limit}_3600:client:${clientId}`;
    const counted = async () => Number((await database.db.selectFrom('rate_limits').select('points').where('key', '=', key).executeTakeFirst())?.points ?? 0);
    let ok = 0;
    // The earlier tests' requests, once both processes have sent them (two reads a few intervals apart agree).
    let sent = -1;
    for (let previous = -2; sent !== previous; ) {
      previous = sent;
      await new Promise((r) => setTimeout(r, 300));
      sent = await counted();
    }
    const statuses: number[] = [];
    for (let i = 0; i < limit + 6; i++) {
      const reply = await call(servers[i % 2]!.url, 'GET', '/v1/organizations', token);
      statuses.push(reply.status);
      if (reply.status === 200) ok++;
      sent++;
      expect(await eventually(counted, (n) => n >= sent)).toBe(sent);
    }
    const before = sent - (limit + 6);
    expect(ok).toBeGreaterThanOrEqual(limit - before);
    expect(ok).toBeLessThanOrEqual(limit - before + 1);
    // Once over, both processes refuse, with Retry-After.
    expect(statuses.slice(-4)).toEqual([429, 429, 429, 429]);
    const refused = await call(servers[0]!.url, 'GET', '/v1/organizations', token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('jobs in the shared table are run exactly once, by both processes between them', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) ids.push((await enqueueJob(database.db, { type: MAINTENANCE_JOB, payload: { batch: i } }, realClock()))!);
    const deadline = Date.now() + 30_000;
    let rows: Array<{ status: string; attempts: number; locked_by: string | null }> = [];
    while (Date.now() < deadline) {
      rows = await database.db.selectFrom('jobs').select(['status', 'attempts', 'locked_by']).where('id', 'in', ids).execute();
      if (rows.every((r) => r.status === 'completed')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(rows).toHaveLength(200);
    expect(rows.every((r) => r.status === 'completed')).toBe(true);
    // attempts is incremented by every claim: 1 everywhere means no job was claimed twice.
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    // Both server processes took part (other test files' gateways on this database may have helped too).
    for (const server of servers) expect(rows.some((r) => r.locked_by?.includes(`:${server.child.pid}:`))).toBe(true);
  });

  it('a revoke through one process holds there at once, and on the other within TOKEN_REVOCATION_CACHE_MS', async () => {
    const body = { grant_type: 'client_credentials', client_id: clientId, client_secret: secret, audience: AUDIENCE };
    expect((await call(servers[1]!.url, 'POST', '/oauth/revoke', undefined, body)).status).toBe(200);
    expect((await call(servers[1]!.url, 'GET', '/v1/organizations', token)).status).toBe(401);
    const other = await eventually(
      () => call(servers[0]!.url, 'GET', '/v1/organizations', token),
      (r) => r.status === 401,
      5000,
    );
    expect(other.status).toBe(401);
  });

  it('the rate limit is shared: a burst on both processes at once admits at most the limit plus what one process admits alone, then both refuse', async () => {
    // Public routes count per address. A burst shorter than one interval is the worst case: each
    // process decides on what it knew at its last synchronisation.
    const first = await call(servers[0]!.url, 'GET', '/.well-known/jwks.json', undefined);
    const remaining = Number(/r=(\d+)/.exec(first.headers.get('ratelimit') ?? '')?.[1]);
    const replies = await Promise.all(
      Array.from({ length: remaining + limit + 10 }, (_, i) => call(servers[i % 2]!.url, 'GET', '/.well-known/jwks.json', undefined)),
    );
    const ok = replies.filter((r) => r.status === 200).length;
    expect(ok).toBeGreaterThanOrEqual(remaining);
    expect(ok).toBeLessThanOrEqual(remaining + limit);
    expect(replies.some((r) => r.status === 429)).toBe(true);
    // After their next synchronisation both processes know the shared count and refuse.
    for (const server of servers) {
      expect(
        (
          await eventually(
            () => call(server.url, 'GET', '/.well-known/jwks.json', undefined),
            (r) => r.status === 429,
            5000,
          )
        ).status,
      ).toBe(429);
    }
  });

  it('the rate limit is shared: after a burst that stayed under the limit on each process but not on both, both refuse a few intervals later', async () => {
    // A client of its own (its own key, burstToken). 30 requests on each process, limit 40: neither process reaches the
    // limit on its own count; each refuses once it has read back the other's. The process whose last
    // synchronisation came first has not seen the other's last requests: it reads the key back for a while
    // after its own last request (ratelimit/limiter.ts), so it knows too, without a request in between.
    const own = burstToken;
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => call(servers[i % 2]!.url, 'GET', '/v1/organizations', own)));
    expect(burst.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(limit);
    await new Promise((r) => setTimeout(r, 300));
    const after = await Promise.all(Array.from({ length: 20 }, (_, i) => call(servers[i % 2]!.url, 'GET', '/v1/organizations', own)));
    expect(after.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 429));
  });
});

describe('WORKERS=2: one server, two worker processes on one port', () => {
  let server: ServerProcess;
  let database: DatabaseHandle;
  const clientId = `workers-${randomUUID()}`;
  const secret = randomUUID();

  beforeAll(async () => {
    const env = await sharedDatabaseEnv(clientId, secret, { WORKERS: '2' });
    server = await startServerProcess(env);
    database = openDatabase({ database: { kind: 'postgres', url: env.DATABASE_URL } });
  });

  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  it('announces both workers, answers on the port, and both workers run (their job runners claim jobs)', async () => {
    expect(server.output()).toMatch(/listening on .* with 2 worker processes/);
    const reply = await call(server.url, 'POST', '/oauth/token', undefined, {
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: secret,
      audience: AUDIENCE,
    });
    expect(reply.status).toBe(200);
    expect((await call(server.url, 'GET', '/v1/organizations', reply.body.access_token as string)).status).toBe(200);

    const ids: string[] = [];
    for (let i = 0; i < 100; i++) ids.push((await enqueueJob(database.db, { type: MAINTENANCE_JOB, payload: { batch: i } }, realClock()))!);
    const rows = await eventually(
      () => database.db.selectFrom('jobs').select(['status', 'locked_by']).where('id', 'in', ids).execute(),
      (r) => r.every((j) => j.status === 'completed'),
      30_000,
    );
    expect(rows.every((r) => r.status === 'completed')).toBe(true);
    // locked_by is host:pid:suffix; the primary (the child we started) runs no job runner.
    const pids = new Set(rows.map((r) => r.locked_by?.split(':')[1]).filter((pid) => pid !== undefined));
    pids.delete(String(server.child.pid));
    expect(pids.size).toBeGreaterThanOrEqual(2);
  });

  it('stops all its workers on SIGTERM', async () => {
    await server.stop();
    expect(server.child.exitCode).toBe(0);
  });
});

describe('a PostgreSQL connection ended by the server (restart, shutdown)', () => {
  it('fails the statement of a checked-out connection instead of ending the process; the next query gets a new connection', async () => {
    const database = openDatabase({ database: { kind: 'postgres', url: await postgres!.databaseUrl() } }, { poolSize: 2 });
    const admin = openDatabase({ database: { kind: 'postgres', url: process.env.TEST_DATABASE_URL! } }, { poolSize: 1 });
    try {
      const failed = await database.db
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          // What a fast shutdown does to every backend, while this transaction holds its connection between two statements.
          await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(admin.db);
          await new Promise((r) => setTimeout(r, 300));
          await sql`select 1`.execute(trx);
          return false;
        })
        .catch(() => true);
      expect(failed).toBe(true);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(rows[0]!.one).toBe(1);
    } finally {
      await database.close();
      await admin.close();
    }
  });
});
