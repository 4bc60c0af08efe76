/**
 * `metadata`: the merchant's own key-value pairs on payments (card and
 * alternative), refunds, links, instruments and users (docs/api-conventions.md
 * "Metadata"). Stripe's shape and limits: at most 50 keys, a key 1 to 40
 * characters (letters, digits, `_`, `-`, `.`), a value a string of at most 500
 * characters. Kept on the object's row as JSON text (null when none) and, one
 * row per pair, in `metadata_entries`, the index of the lists' exact
 * `metadata[key]=value` filter (migration 040; its queries: db/metadata-index.ts).
 */
import { Type } from 'typebox';

export const METADATA_MAX_KEYS = 50;
export const METADATA_KEY_MAX = 40;
export const METADATA_VALUE_MAX = 500;
/** A list takes at most this many `metadata[key]=value` filters (ANDed). */
export const METADATA_MAX_FILTERS = 5;
const KEY_PATTERN = '^[A-Za-z0-9_.-]+$';

export type Metadata = Record<string, string>;
export type MetadataKind = 'payment' | 'refund' | 'link' | 'instrument' | 'user';

const DESCRIPTION = `Your own key-value pairs, returned as sent and copied into the object's events: at most ${METADATA_MAX_KEYS} keys; a key 1 to ${METADATA_KEY_MAX} characters of letters, digits, \`_\`, \`-\` and \`.\`; a value a string of at most ${METADATA_VALUE_MAX} characters. Lists filter on it with \`metadata[key]=value\` (exact match). Not for card numbers or other secrets.`;

/** The request schema (create and update). */
export const MetadataInput = (description = DESCRIPTION) =>
  Type.Unsafe<Metadata>({
    type: 'object',
    maxProperties: METADATA_MAX_KEYS,
    propertyNames: { minLength: 1, maxLength: METADATA_KEY_MAX, pattern: KEY_PATTERN },
    additionalProperties: { type: 'string', maxLength: METADATA_VALUE_MAX },
    description,
  });

/** The response schema: every object that carries metadata shows it, `{}` when none. */
export const MetadataView = Type.Record(Type.String(), Type.String(), { description: 'Your key-value pairs (`{}` when none).' });

/** The query schema of a list: `metadata[key]=value`, folded into an object by the query-string parser (foldBracketKeys). */
export const MetadataQuery = Type.Optional(
  Type.Unsafe<Metadata>({
    type: 'object',
    maxProperties: METADATA_MAX_FILTERS,
    propertyNames: { minLength: 1, maxLength: METADATA_KEY_MAX, pattern: KEY_PATTERN },
    additionalProperties: { type: 'string', maxLength: METADATA_VALUE_MAX },
    description: `Objects whose metadata has each of these pairs (exact match): \`metadata[order_ref]=A-1001\`; at most ${METADATA_MAX_FILTERS}.`,
  }),
);

/** The row's column: JSON text, or null for none. */
export function metadataColumn(metadata: Metadata | undefined): string | null {
  return metadata && Object.keys(metadata).length > 0 ? JSON.stringify(metadata) : null;
}

/** The view of a row's column. */
export function metadataOf(column: string | null | undefined): Metadata {
  return column ? (JSON.parse(column) as Metadata) : {};
}

/**
 * Query-string keys `metadata[key]` folded into `metadata: {key: value}` (OpenAPI's `deepObject`
 * style), so a route's schema can validate them as one object. Other bracketed keys stay as they
 * are (and are refused as unknown). A repeated key keeps its last value.
 */
export function foldBracketKeys(query: Record<string, unknown>): Record<string, unknown> {
  const pairs: Array<[string, unknown]> = [];
  const rest: Array<[string, unknown]> = [];
  for (const [name, value] of Object.entries(query)) {
    const match = /^metadata\[([^[\]]*)\]$/.exec(name);
    if (match) pairs.push([match[1]!, Array.isArray(value) ? value[value.length - 1] : value]);
    else rest.push([name, value]);
  }
  if (pairs.length === 0) return query;
  // A plain `metadata=...` beside them is kept, and refused by the schema (not an object).
  if (query.metadata !== undefined) return query;
  // fromEntries defines each key as an own property (a key `__proto__` included).
  return Object.fromEntries([...rest, ['metadata', Object.fromEntries(pairs)]]);
}
