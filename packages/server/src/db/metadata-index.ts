/**
 * The index of the merchant's metadata pairs (`metadata_entries`, migration 040):
 * written in the transaction that writes the object, read by the lists'
 * `metadata[key]=value` filters. The pairs' rules and schemas: lib/metadata.ts.
 */
import type { Executor } from './database.js';
import type { Metadata, MetadataKind } from '../lib/metadata.js';

/** Writes an object's pairs to the index, in the transaction that writes the object. */
export async function indexMetadata(db: Executor, organizationId: string, kind: MetadataKind, objectId: string, metadata: Metadata | undefined): Promise<void> {
  const pairs = Object.entries(metadata ?? {});
  if (pairs.length === 0) return;
  await db
    .insertInto('metadata_entries')
    .values(pairs.map(([key, value]) => ({ organization_id: organizationId, object_kind: kind, key, value, object_id: objectId })))
    .execute();
}

/** Replaces an object's pairs in the index (an update that sends `metadata`). */
export async function reindexMetadata(db: Executor, organizationId: string, kind: MetadataKind, objectId: string, metadata: Metadata): Promise<void> {
  await db
    .deleteFrom('metadata_entries')
    .where('object_id', '=', objectId)
    .where('organization_id', '=', organizationId)
    .where('object_kind', '=', kind)
    .execute();
  await indexMetadata(db, organizationId, kind, objectId, metadata);
}

/**
 * A list query narrowed to the objects that have every pair of `filter`: one
 * `id in (select ...)` per pair, each an index range of metadata_entries.
 */
export function whereMetadata<Q extends { where: (...args: never[]) => Q }>(
  query: Q,
  db: Executor,
  idColumn: string,
  organizationId: string,
  kind: MetadataKind,
  filter: Metadata | undefined,
): Q {
  let narrowed = query;
  for (const [key, value] of Object.entries(filter ?? {})) {
    const ids = db
      .selectFrom('metadata_entries')
      .select('object_id')
      .where('organization_id', '=', organizationId)
      .where('object_kind', '=', kind)
      .where('key', '=', key)
      .where('value', '=', value);
    narrowed = (narrowed.where as unknown as (column: string, op: string, values: unknown) => Q)(idColumn, 'in', ids);
  }
  return narrowed;
}
