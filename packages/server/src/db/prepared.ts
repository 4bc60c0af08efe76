/**
 * Hot read queries built and compiled once per database instead of on every
 * request (Kysely rebuilds the query tree each time). The query is compiled
 * with a marker for each argument; each call swaps the markers for the values.
 * On a SQLite file they run synchronously on the read connection (db/database.ts).
 */
import type { Compilable, CompiledQuery } from 'kysely';
import { directReaders, type Db } from './database.js';

const MARKER = '\u0000pasarela-arg-';

export function preparedQuery<Args extends string[], Row>(build: (db: Db, ...args: Args) => Compilable<Row>) {
  const compiled = new WeakMap<Db, CompiledQuery<Row>>();
  return async (db: Db, ...args: Args): Promise<Row[]> => {
    let query = compiled.get(db);
    if (!query) {
      const markers = args.map((_, i) => `${MARKER}${i}`) as Args;
      query = build(db, ...markers).compile();
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((p) =>
      typeof p === 'string' && p.startsWith(MARKER) ? args[Number(p.slice(MARKER.length))] : p,
    );
    const direct = directReaders.get(db);
    if (direct) return direct(query.sql, parameters) as Row[];
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
