/**
 * PostgreSQL: the gateway lives in one schema, the connection's `current_schema()`
 * (the first of DATABASE_URL's search_path), and its migrations look at that schema
 * only.
 *
 * Kysely's own migrator asks its introspector for every column of every table of
 * every schema, several times per start, to find its migration table, and takes
 * one advisory lock shared by every schema of the database. In a database that
 * holds many schemas (one per environment, or one per test gateway: the test suite
 * makes hundreds) a start then took seconds, and starts in different schemas waited
 * for each other. Here the introspector reads the current schema's catalog only, and
 * the migration lock is the current schema's: two processes migrating one schema
 * still take turns; different schemas do not wait for each other.
 */
import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresAdapter,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Dialect,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';
import { dialectWithDriver } from './commit-guard.js';

/** The first key of the two-key advisory lock that guards a schema's migrations (the second is the schema's hash). */
export const MIGRATION_LOCK_KEY = 385_331_479;

/** PostgreSQL's adapter, with the migration lock taken per schema. */
export class SchemaPostgresAdapter extends PostgresAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>): Promise<void> {
    // Kysely's migrator runs this inside its transaction: the timeout (an hour, as Kysely's) is the transaction's.
    await sql`select set_config('lock_timeout', '3600000', true)`.execute(db);
    await sql`select pg_advisory_lock(${sql.lit(MIGRATION_LOCK_KEY)}, hashtext(current_schema()))`.execute(db);
  }

  override async releaseMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_KEY)}, hashtext(current_schema()))`.execute(db);
  }
}

interface ColumnRow {
  table: string;
  kind: string;
  schema: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  auto_incrementing: string | null;
  column_description: string | null;
}

/** Kysely's introspection, over the current schema only. */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.db);
    return rows.filter((row) => row.name !== null);
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as "table", c.relkind as kind, ns.nspname as schema, a.attname as "column",
        typ.typname as type, dtns.nspname as type_schema, a.attnotnull as not_null, a.atthasdef as has_default,
        pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) as auto_incrementing,
        col_description(a.attrelid, a.attnum) as column_description
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace dtns on dtns.oid = typ.typnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum >= 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.db);
    const internal = new Set<string>(options.withInternalKyselyTables ? [] : [DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (internal.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) tables.set(row.table, (table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] }));
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        isAutoIncrementing: row.auto_incrementing !== null,
        hasDefaultValue: row.has_default,
        ...(row.column_description === null ? {} : { comment: row.column_description }),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** `inner` (a PostgreSQL dialect) scoped to the connection's current schema, as above. */
export function currentSchemaDialect(inner: Dialect): Dialect {
  return {
    ...dialectWithDriver(inner, (driver) => driver),
    createAdapter: () => new SchemaPostgresAdapter(),
    createIntrospector: (db) => new CurrentSchemaIntrospector(db),
  };
}
