/**
 * An empty SQLite database's schema in one transaction instead of every migration.
 *
 * Migrating a new database runs every migration of db/migrations/ in turn: a few hundred
 * statements whose `ALTER TABLE`s each re-read and rewrite the whole schema, a tenth of the
 * CPU `npx pasarela` spent on a first start (docs/benchmarks.md, "Start-up and memory of npx
 * pasarela"). The build migrates a scratch database once (scripts/sqlite-snapshot.mjs) and
 * keeps what that left (the `CREATE` statements SQLite keeps in `sqlite_master`, in their
 * order, the rows the migrations wrote, and the names of the migrations run) in
 * dist/db/sqlite-snapshot.json. Opening a SQLite database that has no table yet applies that
 * (migrateToLatest, db/database.ts), and Kysely's migration table then lists the same
 * migrations as run: a later migration runs on it as on any migrated database.
 *
 * Used only when the snapshot's migrations are exactly the program's (a snapshot from another
 * build is ignored), never on a database that has any table (it migrates as ever), never on
 * PostgreSQL. Without the file (the tests, which run the sources), every database migrates.
 */
import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Db } from './database.js';

export interface SqliteSnapshot {
  /** The migrations the snapshot's database ran, in order (Kysely's migration table). */
  migrations: string[];
  /** `sqlite_master`'s statements: tables, then indexes, triggers and views, each in the order SQLite kept them. */
  schema: { type: string; name: string; sql: string }[];
  /** Rows the migrations wrote (Kysely's own lock row among them), table by table. */
  rows: { table: string; columns: string[]; values: unknown[][] }[];
}

/** Kysely's table of the migrations run; its rows carry when each ran, written at apply time. */
export const MIGRATION_TABLE = 'kysely_migration';
const TYPE_ORDER = ['table', 'index', 'trigger', 'view'];

/** The file the build writes beside this module (absent beside the sources). */
const SNAPSHOT_FILE = new URL('./sqlite-snapshot.json', import.meta.url);

/** The snapshot the build made, or undefined when there is none. */
export function builtSqliteSnapshot(): SqliteSnapshot | undefined {
  if (!existsSync(SNAPSHOT_FILE)) return undefined;
  return JSON.parse(readFileSync(SNAPSHOT_FILE, 'utf8')) as SqliteSnapshot;
}

/** Whether the database has no table, index, trigger or view of its own. */
export async function isEmptySqlite(db: Db): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_master where name not like 'sqlite_%'`.execute(db);
  return rows[0]?.n === 0;
}

/** What a migrated database holds, for a snapshot. */
export async function captureSqliteSnapshot(db: Db): Promise<SqliteSnapshot> {
  const master = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where name not like 'sqlite_%' order by rowid`.execute(db);
  const schema = master.rows
    .filter((row): row is { type: string; name: string; sql: string } => row.sql !== null)
    .map(({ type, name, sql: text }) => ({ type, name, sql: text }))
    .sort((a, b) => TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type));
  const rows: SqliteSnapshot['rows'] = [];
  for (const { type, name } of schema) {
    if (type !== 'table' || name === MIGRATION_TABLE) continue;
    const found = await sql<Record<string, unknown>>`select * from ${sql.id(name)} order by rowid`.execute(db);
    if (found.rows.length === 0) continue;
    const columns = Object.keys(found.rows[0]!);
    const values = found.rows.map((row) => columns.map((column) => row[column]));
    // JSON carries text, numbers and null; a migration writing anything else cannot be snapshotted.
    if (values.flat().some((value) => value !== null && typeof value !== 'string' && typeof value !== 'number')) {
      throw new Error(`sqlite snapshot: table ${name} holds a value JSON cannot carry`);
    }
    rows.push({ table: name, columns, values });
  }
  const ran = await sql<{ name: string }>`select name from ${sql.id(MIGRATION_TABLE)} order by name`.execute(db);
  return { migrations: ran.rows.map((row) => row.name), schema, rows };
}

/** Writes the snapshot into an empty database, in one transaction; `now` is when the migrations are recorded as run. */
export async function applySqliteSnapshot(db: Db, snapshot: SqliteSnapshot, now: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const entry of snapshot.schema) await sql.raw(entry.sql).execute(trx);
    for (const { table, columns, values } of snapshot.rows) {
      for (const row of values) {
        await sql`insert into ${sql.id(table)} (${sql.join(columns.map((c) => sql.id(c)))}) values (${sql.join(row)})`.execute(trx);
      }
    }
    for (const name of snapshot.migrations) {
      await sql`insert into ${sql.id(MIGRATION_TABLE)} (name, timestamp) values (${name}, ${now})`.execute(trx);
    }
  });
}
