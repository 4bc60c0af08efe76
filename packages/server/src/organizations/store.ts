import type { Executor } from '../db/database.js';
import type { OrganizationsTable } from '../db/schema.js';
import { paginate, type ListQuery, type Page } from '../http/pagination.js';

export type OrganizationRow = OrganizationsTable;

export async function insertOrganization(db: Executor, row: OrganizationRow): Promise<void> {
  await db.insertInto('organizations').values(row).execute();
}

/**
 * An organization the caller's organization may see: itself, or one it
 * registered (its child). Anything else is "not found" (tenancy rule).
 */
export function findVisibleOrganization(db: Executor, callerOrgId: string, id: string): Promise<OrganizationRow | undefined> {
  return db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('id', '=', callerOrgId), eb('parent_id', '=', callerOrgId)]))
    .executeTakeFirst();
}

export function listVisibleOrganizations(db: Executor, callerOrgId: string, params: ListQuery): Promise<Page<OrganizationRow>> {
  const query = db
    .selectFrom('organizations')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', callerOrgId), eb('parent_id', '=', callerOrgId)]));
  return paginate(query, { id: 'id', createdAt: 'created_at', kind: 'organization' }, params);
}

export async function renameOrganization(db: Executor, id: string, name: string, at: string): Promise<void> {
  await db.updateTable('organizations').set({ name, updated_at: at }).where('id', '=', id).execute();
}
