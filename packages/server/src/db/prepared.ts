/**
 * Hot queries built and compiled once per dialect instead of on every
 * request (Kysely rebuilds and recompiles the query tree each time, which
 * costs more than SQLite takes to run it). A query is compiled with a marker
 * for each argument; each call swaps the markers for the values.
 *
 * Reads outside a transaction on SQLite run synchronously (db/database.ts,
 * DirectReader); inside a transaction they run on it.
 */
import type { Compilable, CompiledQuery, Insertable, RawBuilder } from 'kysely';
import { directReaders, type Db, type Executor } from './database.js';
import type { Database } from './schema.js';
import { DEFERRABLE } from './postgres-client.js';

const MARKER = '\u0000pasarela-arg-';

/** One compiled query per dialect adapter (a transaction shares its database's adapter). */
function compiledPer<Row>(build: (db: Executor, markers: string[]) => Compilable<Row>, arity: number) {
  const compiled = new WeakMap<object, CompiledQuery<Row>>();
  return (db: Executor, args: readonly unknown[]): CompiledQuery<Row> => {
    const adapter = db.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (!query) {
      query = build(db, Array.from({ length: arity }, (_, i) => `${MARKER}${i}`)).compile();
      compiled.set(adapter, query);
    }
    const parameters = query.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARKER) ? args[Number(p.slice(MARKER.length))] : p));
    return { ...query, parameters };
  };
}

export function preparedQuery<Args extends unknown[], Row>(build: (db: Executor, ...args: Args) => Compilable<Row>) {
  const bind = compiledPer((db, markers) => build(db, ...(markers as unknown as Args)), build.length - 1);
  return async (db: Executor, ...args: Args): Promise<Row[]> => {
    const query = bind(db, args);
    const rows = db.isTransaction ? undefined : directReaders.get(db as Db)?.(query.sql, query.parameters);
    if (rows) return rows as Row[];
    return (await db.executeQuery<Row>(query)).rows;
  };
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
export function preparedInsert<T extends keyof Database & string>(table: T, options: { deferrable?: boolean } = {}) {
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
    await db.executeQuery(bind(db, columns.map((c) => values[c])));
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
