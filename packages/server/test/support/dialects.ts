/**
 * The dialects every storage test runs on: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL points at one. TEST_DIALECTS=sqlite (or postgres) narrows it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { it } from 'vitest';

export interface Dialect {
  name: 'sqlite' | 'postgres';
  /**
   * A DATABASE_URL of its own (SQLite: a fresh file; PostgreSQL: a fresh schema
   * of the test database, so gateways of parallel test files never run each
   * other's jobs with each other's settings). Processes that share one
   * database share one URL.
   */
  databaseUrl(): Promise<string>;
}

async function freshSchema(base: string): Promise<string> {
  // t_<run>_<random>: the run drops its own schemas when it ends (support/global-setup.ts).
  const schema = `t_${process.env.PASARELA_TEST_RUN ?? 'x'}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(`create schema ${schema}`);
  } finally {
    await client.end();
  }
  return `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

const only = process.env.TEST_DIALECTS?.split(',');

export const dialects: Dialect[] = [
  {
    name: 'sqlite' as const,
    databaseUrl: async () => join(mkdtempSync(join(tmpdir(), 'pasarela-test-')), 'test.sqlite'),
  },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres' as const, databaseUrl: () => freshSchema(process.env.TEST_DATABASE_URL!) }] : []),
].filter((d) => !only || only.includes(d.name));

export const postgres = dialects.find((d) => d.name === 'postgres');

/**
 * `it` for a browser test of what a page shows (layout, wording, accessibility),
 * not of what is stored or raced: the pages render the same on every dialect,
 * so such a test is registered on the first dialect of the list only (SQLite,
 * or PostgreSQL alone with TEST_DIALECTS=postgres). On the others it is not
 * registered at all.
 */
export function renderingIt(dialect: Dialect): typeof it {
  return dialect === dialects[0] ? it : ((() => undefined) as unknown as typeof it);
}
