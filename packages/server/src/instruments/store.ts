import type { Selectable } from 'kysely';
import type { Executor } from '../db/database.js';
import { preparedQuery, type Read } from '../db/prepared.js';
import type { InstrumentsTable } from '../db/schema.js';
import { paginate, type ListQuery, type Page } from '../http/pagination.js';
import { type Metadata } from '../lib/metadata.js';
import { whereMetadata } from '../db/metadata-index.js';

export type InstrumentRow = Selectable<InstrumentsTable>;

const findInstrumentQuery = preparedQuery((db: Executor, organizationId: string, id: string) =>
  db.selectFrom('instruments').selectAll().where('id', '=', id).where('organization_id', '=', organizationId),
);

export async function findInstrument(db: Executor, organizationId: string, id: string): Promise<InstrumentRow | undefined> {
  return (await findInstrumentQuery(db, organizationId, id))[0];
}

/** findInstrument as a read not yet run (db/prepared.ts, readTogether): its rows are the instrument or none. */
export function instrumentRead(db: Executor, organizationId: string, id: string): Read<InstrumentRow> {
  return findInstrumentQuery.read(db, organizationId, id);
}

export function findActiveByFingerprint(db: Executor, organizationId: string, fingerprint: string): Promise<InstrumentRow | undefined> {
  return db
    .selectFrom('instruments')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('fingerprint', '=', fingerprint)
    .where('status', '=', 'ACTIVE')
    .where('browser_origin', 'is', null)
    .executeTakeFirst();
}

export async function insertInstrument(db: Executor, row: InstrumentRow): Promise<void> {
  await db.insertInto('instruments').values(row).execute();
}

export async function updateInstrument(
  db: Executor,
  id: string,
  changes: Partial<Pick<InstrumentRow, 'exp_month' | 'exp_year' | 'holder_name' | 'status' | 'deleted_at' | 'updated_at' | 'metadata'>>,
): Promise<void> {
  await db.updateTable('instruments').set(changes).where('id', '=', id).execute();
}

export function listInstruments(db: Executor, organizationId: string, params: ListQuery & { metadata?: Metadata }): Promise<Page<InstrumentRow>> {
  let query = db.selectFrom('instruments').selectAll().where('organization_id', '=', organizationId).where('status', '=', 'ACTIVE');
  query = whereMetadata(query, db, 'id', organizationId, 'instrument', params.metadata);
  return paginate(query, { id: 'id', createdAt: 'created_at', kind: 'instrument' }, params);
}
