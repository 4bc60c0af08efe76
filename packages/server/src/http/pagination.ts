/**
 * Keyset pagination (docs/api-conventions.md "Lists and pagination"): newest first by id (ids are
 * time-sortable), `limit` 1..100 (default 10), `starting_after` / `ending_before`.
 * A page costs one indexed range scan whatever the size of the table.
 *
 * A cursor is an id of the kind of the list's items (`pay-` and 26 characters for payments): a
 * malformed one, or an id of another kind, is `422` naming the parameter. A well-formed id of the
 * right kind is a position, not looked up: the page is the caller's items older (newer) than it,
 * whether an object has that id, had it (since deleted) or belongs to another organization, so an
 * id of another organization's object tells nothing an unknown id does not.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { sql, type SelectQueryBuilder } from 'kysely';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { ID_PREFIXES, type IdKind } from '../lib/ids.js';

/** What `starting_after` / `ending_before` take (docs/api-conventions.md "Lists and pagination"). */
const cursorDescription = (side: 'after' | 'before', items: 'older' | 'newer') =>
  `The page ${side} it (${items}): an id of the kind of this list's items (\`pay-...\` in a list of payments), such as the ${side === 'after' ? 'last' : 'first'} \`id\` of a page; anything else is 422. Not looked up: a well-formed id is a position, the page being your items ${items} than it, whether an object of yours has that id or not (one deleted since still pages).`;

export const ListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Page size, 1 to 100.' })),
  starting_after: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: cursorDescription('after', 'older') })),
  ending_before: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: cursorDescription('before', 'newer') })),
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
 * An id as newId makes it: a known prefix, `-`, a lowercase ULID (26 Crockford base32 characters).
 * A delivery of an event's fan-out (webhooks/outbox.ts) has the event's ULID and `-` and a number,
 * one per subscribed endpoint.
 */
const ID = /^([a-z]+)-[0-9a-hjkmnp-tv-z]{26}(-[1-9][0-9]{0,8})?$/;
const NUMBERED: ReadonlySet<IdKind> = new Set(['webhookDelivery']);
const KIND_OF_PREFIX = new Map<string, IdKind>(Object.entries(ID_PREFIXES).map(([kind, prefix]) => [prefix, kind as IdKind]));

/** The kind of a well-formed id, or undefined. */
export function idKind(id: string): IdKind | undefined {
  const match = ID.exec(id);
  const kind = match ? KIND_OF_PREFIX.get(match[1]!) : undefined;
  return kind && (match![2] === undefined || NUMBERED.has(kind)) ? kind : undefined;
}

/** `paymentInstruction` -> `payment instruction`. */
const kindName = (kind: IdKind) => kind.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
/** `a payment id`, `an event id`. */
const aKind = (kind: IdKind) => `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kindName(kind)} id`;

/**
 * What a list of `kind` items says of its cursors (`starting_after`, `ending_before`): 422 details,
 * none when they are well-formed ids of that kind. `accept` admits an id of another form that
 * names an item of the list (a client id an operator chose).
 */
async function cursorProblems(params: ListQuery, kind: IdKind, accept?: (id: string) => Promise<boolean>): Promise<ErrorDetail[]> {
  const details: ErrorDetail[] = [];
  if (params.starting_after && params.ending_before) {
    details.push({ field: 'ending_before', message: 'use either starting_after or ending_before, not both' });
  }
  const form = NUMBERED.has(kind) ? ', maybe then `-` and a number' : '';
  const expected = `${aKind(kind)} (\`${ID_PREFIXES[kind]}-\` and 26 letters and digits${form})`;
  for (const field of ['starting_after', 'ending_before'] as const) {
    const cursor = params[field];
    if (cursor === undefined) continue;
    const found = idKind(cursor);
    if (found === kind) continue;
    if (accept && (await accept(cursor))) continue;
    details.push({
      field,
      message: found
        ? `is ${aKind(found)}; this list pages by ${expected}, the id of one of its items`
        : `must be ${expected}, the id of an item of this list such as the last one of the previous page`,
    });
  }
  return details;
}

/** 422 unless the cursors suit a list of `kind` items (see cursorProblems); for a list that pages without paginate. */
export async function checkCursors(params: ListQuery, kind: IdKind): Promise<void> {
  const details = await cursorProblems(params, kind);
  if (details.length > 0) throw ApiError.validation(details);
}

/**
 * Applies the cursor and date filters to `query` (which must already be
 * scoped to the caller's organization) and fetches one page. `columns.kind`:
 * the kind of the ids in `columns.id`, which a cursor must have (422 otherwise);
 * `columns.accept`: ids of another form the list also holds (see cursorProblems).
 */
export async function paginate<DB, TB extends keyof DB, O extends { id: string }>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: { id: string; createdAt: string; kind: IdKind; accept?: (id: string) => Promise<boolean> },
  params: ListQuery,
): Promise<Page<O>> {
  const problems = await cursorProblems(params, columns.kind, columns.accept);
  if (problems.length > 0) throw ApiError.validation(problems);
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
