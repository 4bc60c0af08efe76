/**
 * The dialects every storage test runs on: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL points at one. TEST_DIALECTS=sqlite (or postgres) narrows it.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../src/db/database.js';

export interface Dialect {
  name: 'sqlite' | 'postgres';
  /**
   * A DATABASE_URL of its own (SQLite: a fresh file; PostgreSQL: a fresh schema
   * of the test database, so gateways of parallel test files never run each
   * other's jobs with each other's settings). Processes that share one
   * database share one URL.
   */
  databaseUrl(): Promise<string>;
  /**
   * The same, with every migration already run: a copy of a database this
   * test process migrated once (SQLite: the file; PostgreSQL: a database made
   * from a template database), so a test gateway's start finds nothing to
   * migrate. Running the migrations on an empty database is what a start did
   * otherwise, about 0.4 s of CPU each time, hundreds of times a run; the
   * migrations themselves are tested where a test opens `databaseUrl()`.
   */
  migratedDatabaseUrl(): Promise<string>;
}

const run = () => process.env.PASARELA_TEST_RUN ?? 'x';

async function adminQuery(base: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `base` with another database name, its other parts kept. */
function withDatabase(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

let sqliteTemplate: Promise<string> | undefined;

/** A migrated SQLite file of this process, made once; each test copies it. */
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pasarela-template-')), 'template.sqlite');
    const handle = openDatabase({ database: { kind: 'sqlite', url: file } });
    try {
      await migrateToLatest(handle.db);
      // Everything into the database file, so that the file alone is the copy.
      await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
    } finally {
      await handle.close();
    }
    return file;
  })();
  return sqliteTemplate;
}

let postgresTemplate: Promise<string> | undefined;

/** A migrated database of this process (t_<run>_tpl_<random>), made once; each test's database is made from it. */
function migratedPostgresTemplate(base: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `t_${run()}_tpl_${randomBytes(6).toString('hex')}`;
    await adminQuery(base, `create database ${name}`);
    const handle = openDatabase({ database: { kind: 'postgres', url: withDatabase(base, name) } });
    try {
      await migrateToLatest(handle.db);
    } finally {
      // A template database takes no connections while another database is made from it.
      await handle.close();
    }
    return name;
  })();
  return postgresTemplate;
}

async function freshSchema(base: string): Promise<string> {
  // t_<run>_<random>: the run drops its own schemas when it ends (support/global-setup.ts).
  const schema = `t_${run()}_${randomBytes(6).toString('hex')}`;
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

async function migratedPostgresDatabase(base: string): Promise<string> {
  const template = await migratedPostgresTemplate(base);
  const name = `t_${run()}_${randomBytes(6).toString('hex')}`;
  await adminQuery(base, `create database ${name} template ${template}`);
  return withDatabase(base, name);
}

const freshSqliteFile = () => join(mkdtempSync(join(tmpdir(), 'pasarela-test-')), 'test.sqlite');

export const dialects: Dialect[] = [
  {
    name: 'sqlite' as const,
    databaseUrl: async () => freshSqliteFile(),
    migratedDatabaseUrl: async () => {
      const file = freshSqliteFile();
      copyFileSync(await migratedSqliteTemplate(), file);
      return file;
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'postgres' as const,
          databaseUrl: () => freshSchema(process.env.TEST_DATABASE_URL!),
          migratedDatabaseUrl: () => migratedPostgresDatabase(process.env.TEST_DATABASE_URL!),
        },
      ]
    : []),
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
