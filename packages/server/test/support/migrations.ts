/** Runs the gateway's migrations up (or down) to one of them: for tests of a migration on a database holding rows from before it. */
import { Migrator, PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import { migrations } from '../../src/db/migrations/index.js';

async function migrator(db: Db): Promise<Migrator> {
  let migrationTableSchema: string | undefined;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    migrationTableSchema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema;
  }
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
}

/** Migrates `db` up or down to the migration `name`; throws the first one's error. */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const { error, results } = await (await migrator(db)).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const failed = results?.find((r) => r.status === 'Error');
  if (failed) throw new Error(`migration ${failed.migrationName} failed`);
}
