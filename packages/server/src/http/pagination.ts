/**
 * Keyset pagination (docs/api-conventions.md "Lists and pagination"): newest first by id (ids are
 * time-sortable), `limit` 1..100 (default 10), `starting_after` / `ending_before`.
 * A page costs one indexed range scan whatever the size of the table.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { sql, type SelectQueryBuilder } from 'kysely';
import { ApiError } from '../errors/api-error.js';

export const ListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Page size, 1 to 100.' })),
  starting_after: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'An id: the page after it (older).' })),
  ending_before: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'An id: the page before it (newer).' })),
  created_gte: Type.Optional(Type.String({ format: 'date-time' })),
  created_lte: Type.Optional(Type.String({ format: 'date-time' })),
});
export type ListQuery = Static<typeof ListQuery>;

export function ListOf<T extends TSchema>(item: T) {
  return Type.Object({ data: Type.Array(item), has_more: Type.Boolean() });
}

export interface Page<T> {
  data: T[];
  has_more: boolean;
}

/**
 * Applies the cursor and date filters to `query` (which must already be
 * scoped to the caller's organization) and fetches one page.
 */
export async function paginate<DB, TB extends keyof DB, O extends { id: string }>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: { id: string; createdAt: string },
  params: ListQuery,
): Promise<Page<O>> {
  if (params.starting_after && params.ending_before) {
    throw ApiError.validation([{ field: 'ending_before', message: 'use either starting_after or ending_before, not both' }]);
  }
  const limit = params.limit ?? 10;
  // Kysely's reference types cannot see dynamic column names; they are fixed strings from our own code.
  const ref = (c: string) => c as never;
  if (params.created_gte) query = query.where(ref(columns.createdAt), '>=', new Date(params.created_gte).toISOString() as never);
  if (params.created_lte) query = query.where(ref(columns.createdAt), '<=', new Date(params.created_lte).toISOString() as never);
  const backwards = Boolean(params.ending_before);
  if (params.starting_after) query = query.where(ref(columns.id), '<', params.starting_after as never);
  if (params.ending_before) query = query.where(ref(columns.id), '>', params.ending_before as never);
  const rows = await query
    .orderBy(ref(columns.id), backwards ? 'asc' : 'desc')
    // A literal, not a parameter: SQLite compiles a statement with `LIMIT ?` again each time it is bound.
    .limit(sql.lit(limit + 1))
    .execute();
  const has_more = rows.length > limit;
  const data = rows.slice(0, limit);
  if (backwards) data.reverse();
  return { data, has_more };
}

/**
 * One page out of pages of several tables fetched with the same `params` (each
 * holds its `limit` rows nearest the cursor): ids sort by time across tables,
 * so the nearest `limit` of their union are this page, and there is more when
 * any table has more or the union is longer than a page.
 */
export function mergePages<T>(pages: { page: Page<T>; id: (item: T) => string }[], params: ListQuery): Page<T> {
  if (params.starting_after && params.ending_before) {
    throw ApiError.validation([{ field: 'ending_before', message: 'use either starting_after or ending_before, not both' }]);
  }
  const limit = params.limit ?? 10;
  const backwards = Boolean(params.ending_before);
  const all = pages.flatMap(({ page, id }) => page.data.map((item) => ({ key: id(item), item })));
  // Nearest the cursor first: the newest going forwards, the oldest going backwards.
  all.sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0) * (backwards ? -1 : 1));
  const data = all.slice(0, limit).map((entry) => entry.item);
  if (backwards) data.reverse();
  return { data, has_more: all.length > limit || pages.some(({ page }) => page.has_more) };
}
