/**
 * PostgreSQL: a gateway's migrations look at its own schema only (db/pg-schema.ts).
 * Its introspection lists the current schema's tables and no other's, and the
 * migration lock is the schema's: a migration of one schema waits for another
 * migration of the same schema, never for one of another schema.
 */
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { MIGRATION_LOCK_KEY } from '../src/db/pg-schema.js';
import { postgres } from './support/dialects.js';
import { eventually } from './support/wait.js';

describe.runIf(postgres)('one schema per gateway on PostgreSQL', () => {
  let a: DatabaseHandle;
  let b: DatabaseHandle;
  let aUrl: string;

  const open = (url: string) => openDatabase({ database: { kind: 'postgres', url } });
  const schemaOf = async (handle: DatabaseHandle) => (await sql<{ s: string }>`select current_schema() as s`.execute(handle.db)).rows[0]!.s;

  beforeAll(async () => {
    aUrl = await postgres!.databaseUrl();
    a = open(aUrl);
    b = open(await postgres!.databaseUrl());
    await migrateToLatest(a.db);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("introspects the current schema's tables only", async () => {
    const schema = await schemaOf(a);
    const tables = await a.db.introspection.getTables();
    const names = tables.map((t) => t.name);
    expect(names).toContain('payments');
    expect(names).not.toContain('kysely_migration');
    expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([schema]));
    const payments = tables.find((t) => t.name === 'payments')!;
    expect(payments.columns.find((c) => c.name === 'id')).toMatchObject({ isNullable: false });
    // With the migrator's own tables when asked; and a fresh schema has nothing yet.
    expect((await a.db.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name)).toContain('kysely_migration');
    expect(await b.db.introspection.getTables({ withInternalKyselyTables: true })).toEqual([]);
    expect(await b.db.introspection.getSchemas()).toEqual([{ name: await schemaOf(b) }]);
  });

  it("migrates one schema while another schema's migration lock is held, and waits for its own", async () => {
    const holder = new pg.Client({ connectionString: aUrl });
    await holder.connect();
    try {
      // Another process migrating schema a: it holds a's lock (in its own session).
      await holder.query(`select pg_advisory_lock(${MIGRATION_LOCK_KEY}, hashtext(current_schema()))`);
      // Schema b does not wait for it.
      await migrateToLatest(b.db);
      expect((await b.db.introspection.getTables()).map((t) => t.name)).toContain('payments');
      // A second migration of schema a waits for the first.
      const second = open(aUrl);
      try {
        let done = false;
        const migrating = migrateToLatest(second.db).then(() => (done = true));
        const waiting = await eventually(
          async () =>
            (await holder.query(`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and classid = ${MIGRATION_LOCK_KEY}`))
              .rows[0].n as number,
          (n) => n > 0,
        );
        expect(waiting).toBe(1);
        expect(done).toBe(false);
        await holder.query(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY}, hashtext(current_schema()))`);
        await migrating;
        expect(done).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      await holder.end();
    }
  });
});
