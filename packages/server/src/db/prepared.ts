/**
 * Hot queries built and compiled once per dialect instead of on every
 * request (Kysely rebuilds and recompiles the query tree each time, which
 * costs more than SQLite takes to run it). A query is compiled with a marker
 * for each argument; each call swaps the markers for the values.
 *
 * Reads outside a transaction on SQLite run synchronously (db/database.ts,
 * DirectReader); inside a transaction they run on it.
 */
import { CompiledQuery, PostgresAdapter, type Compilable, type Insertable, type RawBuilder } from 'kysely';
import { directReaders, type Executor } from './database.js';
import type { Database } from './schema.js';
import { appendParameters, combineStatements, DEFERRABLE } from './pg-statements.js';
import { ReadGroups } from './read-groups.js';

const MARKER = '\u0000pasarela-arg-';

/** One compiled query per dialect adapter (a transaction shares its database's adapter). */
function compiledPer<Row>(build: (db: Executor, markers: string[]) => Compilable<Row>, arity: number) {
  const compiled = new WeakMap<object, CompiledQuery<Row>>();
  return (db: Executor, args: readonly unknown[]): CompiledQuery<Row> => {
    const adapter = db.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (!query) {
      query = build(
        db,
        Array.from({ length: arity }, (_, i) => `${MARKER}${i}`),
      ).compile();
      compiled.set(adapter, query);
    }
    const parameters = query.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARKER) ? args[Number(p.slice(MARKER.length))] : p));
    return { ...query, parameters };
  };
}

/** A read bound to its arguments, not yet run: for `readTogether`. */
export interface Read<Row> {
  readonly query: CompiledQuery<Row>;
}

const readGroups = new WeakMap<Executor, ReadGroups>();

/** The database's read groups (PostgreSQL, outside a transaction: db/read-groups.ts). */
function readGroupsOf(db: Executor): ReadGroups {
  let groups = readGroups.get(db);
  if (!groups) {
    groups = new ReadGroups(async (text, values) => (await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, values))).rows);
    readGroups.set(db, groups);
  }
  return groups;
}

async function run<Row>(db: Executor, query: CompiledQuery<Row>, grouped = false): Promise<Row[]> {
  if (db.isTransaction) return (await db.executeQuery<Row>(query)).rows;
  const rows = directReaders.get(db)?.(query.sql, query.parameters);
  if (rows) return rows as Row[];
  if (grouped && db.getExecutor().adapter instanceof PostgresAdapter) return (await readGroupsOf(db).read(query.sql, query.parameters)) as Row[];
  return (await db.executeQuery<Row>(query)).rows;
}

export type PreparedQuery<Args extends unknown[], Row> = ((db: Executor, ...args: Args) => Promise<Row[]>) & {
  /** The same read, bound and not run (readTogether runs it). */
  read(db: Executor, ...args: Args): Read<Row>;
};

/**
 * `grouped`: on PostgreSQL outside a transaction, the read may go with other calls of it
 * as one statement (db/read-groups.ts). Only for a read whose rows need no order: a
 * lookup by a unique key.
 */
export function preparedQuery<Args extends unknown[], Row>(
  build: (db: Executor, ...args: Args) => Compilable<Row>,
  options: { grouped?: boolean } = {},
): PreparedQuery<Args, Row> {
  const bind = compiledPer((db, markers) => build(db, ...(markers as unknown as Args)), build.length - 1);
  const grouped = options.grouped ?? false;
  return Object.assign((db: Executor, ...args: Args): Promise<Row[]> => run(db, bind(db, args), grouped), {
    read: (db: Executor, ...args: Args): Read<Row> => ({ query: bind(db, args) }),
  });
}

type RowsOf<R> = { -readonly [K in keyof R]: R[K] extends Read<infer Row> ? Row[] : [] };

/**
 * Runs independent reads in one round trip to the database where that saves
 * one: on PostgreSQL outside a transaction, as one statement whose columns are
 * the reads' rows as JSON (`json_agg`), so a request that needs rows owned by
 * two features still waits for PostgreSQL once. Only for reads whose columns
 * are text, integers or booleans, which JSON gives back as pg would. On SQLite
 * the reads are synchronous and run one after the other. An undefined read
 * reads nothing (its rows: []).
 */
export async function readTogether<R extends readonly (Read<unknown> | undefined)[]>(db: Executor, ...reads: R): Promise<RowsOf<R>> {
  const present = reads.filter((r): r is Read<unknown> => r !== undefined);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (!postgres || db.isTransaction || present.length < 2) {
    const out: unknown[][] = [];
    for (const r of reads) out.push(r ? await run(db, r.query) : []);
    return out as RowsOf<R>;
  }
  const parts = present.map((r) => ({ text: r.query.sql, values: r.query.parameters }));
  const combined = combineStatements('read', parts, () => {
    const parameters: unknown[] = [];
    const columns = parts.map((p, i) => `(select coalesce(json_agg(r), '[]'::json) from (${appendParameters(parameters, p.text, p.values)}) as r) as "${i}"`);
    return `select ${columns.join(', ')}`;
  });
  const { rows } = await db.executeQuery<Record<string, unknown[]>>(CompiledQuery.raw(combined.text, combined.values));
  const row = rows[0]!;
  let next = 0;
  return reads.map((r) => (r ? row[String(next++)]! : [])) as RowsOf<R>;
}

/**
 * Inserts one row into `table` (columns left undefined take their defaults);
 * the statement is compiled once per dialect and set of columns (the rows of
 * one code path always name the same ones).
 *
 * `deferrable`: inside a PostgreSQL transaction the insert may wait and go
 * with the transaction's other inserts as one statement (db/postgres-client.ts);
 * its error (a unique violation) then fails the transaction as a whole, at the
 * latest at the commit. Only for inserts whose caller does not catch their error.
 */
export function preparedInsert<T extends keyof Database>(table: T, options: { deferrable?: boolean } = {}) {
  const prefix = options.deferrable ? DEFERRABLE : '';
  const byColumns = new Map<string, ReturnType<typeof compiledPer>>();
  return async (db: Executor, row: Insertable<Database[T]>): Promise<void> => {
    const values = row as Record<string, unknown>;
    const columns = Object.keys(values).filter((c) => values[c] !== undefined);
    const key = columns.join(',');
    let bind = byColumns.get(key);
    if (!bind) {
      bind = compiledPer((d, markers) => {
        const query = d.insertInto(table).values(Object.fromEntries(columns.map((c, i) => [c, markers[i]])) as Insertable<Database[T]>);
        if (!prefix) return query;
        const compiled = query.compile();
        return { compile: () => ({ ...compiled, sql: prefix + compiled.sql }) };
      }, columns.length);
      byColumns.set(key, bind);
    }
    await db.executeQuery(
      bind(
        db,
        columns.map((c) => values[c]),
      ),
    );
  };
}

/**
 * A statement written with Kysely's `sql` template (an `INSERT ... SELECT`, say),
 * compiled once per dialect like preparedQuery; it returns nothing.
 * `deferrable`: as for preparedInsert, for an `insert into <table> ...` whose
 * caller does not catch its error.
 */
export function preparedStatement<Args extends unknown[]>(build: (...args: Args) => RawBuilder<unknown>, options: { deferrable?: boolean } = {}) {
  const prefix = options.deferrable ? DEFERRABLE : '';
  const bind = compiledPer((db, markers) => {
    const compiled = build(...(markers as unknown as Args)).compile(db);
    return { compile: () => ({ ...compiled, sql: prefix + compiled.sql }) };
  }, build.length);
  return async (db: Executor, ...args: Args): Promise<void> => {
    await db.executeQuery(bind(db, args));
  };
}
