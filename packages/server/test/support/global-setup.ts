/**
 * Once per test run (vitest's globalSetup): everything the run writes to the
 * temporary directory goes under one directory of its own, and the run removes
 * it, and the PostgreSQL schemas and databases it made, when it ends.
 *
 * Test gateways each take a fresh SQLite file, data directory or PostgreSQL
 * database (support/dialects.ts, support/gateway.ts): a run makes hundreds. TMPDIR
 * is set before the test workers start, so `os.tmpdir()` in the tests, and in
 * the processes they start (gateways, Chromium, nginx), is the run's directory.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export default function setup(): () => Promise<void> {
  const run = randomBytes(4).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), `pasarela-tests-${run}-`));
  process.env.TMPDIR = dir;
  // support/dialects.ts names each schema and database t_<run>_<random>.
  process.env.PASARELA_TEST_RUN = run;
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (!process.env.TEST_DATABASE_URL) return;
    // Cleaning up is not a test: a database gone by now leaves the schemas, with a word.
    await dropSchemas(process.env.TEST_DATABASE_URL, `t_${run}_`).catch((error: unknown) => {
      console.warn(`test run ${run}: its schemas (t_${run}_*) were not dropped: ${error instanceof Error ? error.message : String(error)}`);
    });
    await dropDatabases(process.env.TEST_DATABASE_URL, `t_${run}_`).catch((error: unknown) => {
      console.warn(`test run ${run}: its databases (t_${run}_*) were not dropped: ${error instanceof Error ? error.message : String(error)}`);
    });
  };
}

async function dropSchemas(url: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(`select nspname as name from pg_namespace where starts_with(nspname, $1)`, [prefix]);
    // One schema per statement: a schema's tables and indexes are a few hundred locks.
    for (const { name } of rows) await client.query(`drop schema if exists "${name}" cascade`);
  } finally {
    await client.end();
  }
}

/** Connections that drop the run's databases at once: a drop waits mostly for the checkpoint it forces, which drops in flight share. */
const DROPPING_CONNECTIONS = 4;

async function dropDatabases(url: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let names: string[];
  try {
    const { rows } = await client.query<{ name: string }>(`select datname as name from pg_database where starts_with(datname, $1)`, [prefix]);
    names = rows.map((r) => r.name);
  } finally {
    await client.end();
  }
  // The tests' databases before the templates they were made from; FORCE ends a connection a test left open.
  await dropAll(
    url,
    names.filter((name) => !name.includes('_tpl_')),
  );
  await dropAll(
    url,
    names.filter((name) => name.includes('_tpl_')),
  );
}

async function dropAll(url: string, names: string[]): Promise<void> {
  const queue = [...names];
  await Promise.all(
    Array.from({ length: Math.min(DROPPING_CONNECTIONS, queue.length) }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        for (let name = queue.shift(); name !== undefined; name = queue.shift()) await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    }),
  );
}
