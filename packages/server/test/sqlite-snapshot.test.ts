/**
 * An empty SQLite database gets the build's snapshot of a migrated one in one transaction
 * (db/sqlite-snapshot.ts): it must hold exactly what running every migration leaves, and a
 * database that is not empty, a snapshot of other migrations, and PostgreSQL still migrate.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db, type DatabaseHandle } from '../src/db/database.js';
import { migrations } from '../src/db/migrations/index.js';
import { captureSqliteSnapshot, type SqliteSnapshot } from '../src/db/sqlite-snapshot.js';
import { postgres } from './support/dialects.js';

const AT = '2031-01-02T03:04:05.000Z';

function sqliteFile(): DatabaseHandle {
  return openDatabase({ database: { kind: 'sqlite', url: join(mkdtempSync(join(tmpdir(), 'pasarela-snapshot-')), 'db.sqlite') } });
}

/** Everything a database holds: sqlite_master's entries, every table's rows, the migrations recorded. */
async function contents(db: Db) {
  const master = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
    select type, name, tbl_name, sql from sqlite_master order by type, name`.execute(db);
  const tables: Record<string, unknown[]> = {};
  for (const { type, name } of master.rows) {
    if (type !== 'table' || name === 'kysely_migration' || name === 'sqlite_sequence') continue;
    tables[name] = (await sql`select * from ${sql.id(name)} order by rowid`.execute(db)).rows;
  }
  const ran = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name`.execute(db);
  return { master: master.rows, tables, migrations: ran.rows.map((r) => r.name), timestamps: new Set(ran.rows.map((r) => r.timestamp)) };
}

async function migrated(): Promise<{ handle: DatabaseHandle; snapshot: SqliteSnapshot }> {
  const handle = sqliteFile();
  await migrateToLatest(handle.db, { sqliteSnapshot: null, now: () => AT });
  return { handle, snapshot: await captureSqliteSnapshot(handle.db) };
}

describe('the SQLite snapshot of an empty database', () => {
  it('leaves exactly what running every migration leaves: schema, rows and the migrations recorded', async () => {
    const { handle: reference, snapshot } = await migrated();
    const fresh = sqliteFile();
    try {
      expect(snapshot.migrations).toEqual(Object.keys(migrations));
      await migrateToLatest(fresh.db, { sqliteSnapshot: snapshot, now: () => AT });
      const want = await contents(reference.db);
      const got = await contents(fresh.db);
      expect(got.master).toEqual(want.master);
      expect(got.master.length).toBeGreaterThan(100);
      expect(got.tables).toEqual(want.tables);
      // The migrations' own rows came along (the test card ranges, Kysely's lock row).
      expect(got.tables.bins?.length).toBeGreaterThan(0);
      expect(got.tables.kysely_migration_lock).toEqual([{ id: 'migration_lock', is_locked: 0 }]);
      expect(got.migrations).toEqual(want.migrations);
      // Recorded as run when the snapshot was applied, not copied from the build.
      expect(got.timestamps).toEqual(new Set([AT]));
      expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(fresh.db)).rows).toEqual([{ integrity_check: 'ok' }]);
      // Nothing left to run: migrating again changes nothing.
      await migrateToLatest(fresh.db, { sqliteSnapshot: snapshot, now: () => AT });
      expect((await contents(fresh.db)).master).toEqual(want.master);
    } finally {
      await reference.close();
      await fresh.close();
    }
  });

  it('is not applied to a database that has tables: the rest of the migrations run', async () => {
    const { handle: reference, snapshot } = await migrated();
    const partial = sqliteFile();
    try {
      const names = Object.keys(migrations);
      const halfway = names[Math.floor(names.length / 2)]!;
      const { error } = await new Migrator({ db: partial.db, provider: { getMigrations: () => Promise.resolve(migrations) } }).migrateTo(halfway);
      expect(error).toBeUndefined();
      await migrateToLatest(partial.db, { sqliteSnapshot: snapshot, now: () => AT });
      const got = await contents(partial.db);
      const want = await contents(reference.db);
      expect(got.migrations).toEqual(names);
      expect(got.timestamps.has(AT)).toBe(false);
      expect(got.master.map(({ type, name, tbl_name }) => ({ type, name, tbl_name }))).toEqual(
        want.master.map(({ type, name, tbl_name }) => ({ type, name, tbl_name })),
      );
    } finally {
      await reference.close();
      await partial.close();
    }
  });

  it('is ignored when it was made from other migrations than the program has', async () => {
    const { handle: reference, snapshot } = await migrated();
    const fresh = sqliteFile();
    try {
      const older = { ...snapshot, migrations: snapshot.migrations.slice(0, -1) };
      await migrateToLatest(fresh.db, { sqliteSnapshot: older, now: () => AT });
      const got = await contents(fresh.db);
      expect(got.timestamps.has(AT)).toBe(false);
      expect(got.migrations).toEqual(Object.keys(migrations));
      expect(got.master.map((e) => e.name)).toEqual((await contents(reference.db)).master.map((e) => e.name));
    } finally {
      await reference.close();
      await fresh.close();
    }
  });

  it.runIf(postgres)('is never applied on PostgreSQL: an empty schema migrates', async () => {
    const { handle: reference, snapshot } = await migrated();
    await reference.close();
    const handle = openDatabase({ database: { kind: 'postgres', url: await postgres!.databaseUrl() } });
    try {
      await migrateToLatest(handle.db, { sqliteSnapshot: snapshot, now: () => AT });
      const ran = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name`.execute(handle.db);
      expect(ran.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
      expect(ran.rows.some((r) => r.timestamp === AT)).toBe(false);
    } finally {
      await handle.close();
    }
  });
});
