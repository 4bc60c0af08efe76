/**
 * The dialects every storage test runs on: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL points at one. TEST_DIALECTS=sqlite (or postgres) narrows it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Dialect {
  name: 'sqlite' | 'postgres';
  /** A DATABASE_URL for one gateway (SQLite: a fresh file; PostgreSQL: the shared test database). */
  databaseUrl(): string;
}

const only = process.env.TEST_DIALECTS?.split(',');

export const dialects: Dialect[] = [
  {
    name: 'sqlite' as const,
    databaseUrl: () => join(mkdtempSync(join(tmpdir(), 'pasarela-test-')), 'test.sqlite'),
  },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'postgres' as const, databaseUrl: () => process.env.TEST_DATABASE_URL! }]
    : []),
].filter((d) => !only || only.includes(d.name));

export const postgres = dialects.find((d) => d.name === 'postgres');
