/**
 * Organizations (spec 4.7, 2): every resource belongs to one. A client acts in
 * its own organization and may register new ones, which become its children:
 * it can read and rename those too, and nothing else.
 */
import type { Db, Executor } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import type { ListQuery, Page } from '../http/pagination.js';
import { newId } from '../lib/ids.js';
import type { RealClock } from '../lib/time.js';
import { findVisibleOrganization, insertOrganization, listVisibleOrganizations, renameOrganization, type OrganizationRow } from './store.js';

export async function createOrganization(db: Executor, name: string, parentId: string | null, clock: RealClock): Promise<OrganizationRow> {
  const at = clock.realIso();
  const row: OrganizationRow = { id: newId('organization'), name: name.trim(), parent_id: parentId, created_at: at, updated_at: at };
  await insertOrganization(db, row);
  return row;
}

export class OrganizationService {
  constructor(
    private readonly db: Db,
    private readonly clock: RealClock,
  ) {}

  create(callerOrgId: string, name: string): Promise<OrganizationRow> {
    return createOrganization(this.db, name, callerOrgId, this.clock);
  }

  async get(callerOrgId: string, id: string): Promise<OrganizationRow> {
    const row = await findVisibleOrganization(this.db, callerOrgId, id);
    if (!row) throw ApiError.notFound('organization');
    return row;
  }

  list(callerOrgId: string, params: ListQuery): Promise<Page<OrganizationRow>> {
    return listVisibleOrganizations(this.db, callerOrgId, params);
  }

  async update(callerOrgId: string, id: string, name: string): Promise<OrganizationRow> {
    return this.db.transaction().execute(async (trx) => {
      const row = await findVisibleOrganization(trx, callerOrgId, id);
      if (!row) throw ApiError.notFound('organization');
      const at = this.clock.realIso();
      await renameOrganization(trx, id, name.trim(), at);
      return { ...row, name: name.trim(), updated_at: at };
    });
  }
}
