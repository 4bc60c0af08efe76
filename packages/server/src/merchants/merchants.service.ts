/**
 * Merchants and sub-merchants (docs/api-conventions.md). A sub-merchant names its
 * parent, a merchant of the same organization. Deleting a merchant that still
 * has points of sale or sub-merchants is refused (409 merchant_in_use); deleting
 * any other merchant removes its row for good.
 */
import type { Db } from '../db/database.js';
import type { MerchantsTable } from '../db/schema.js';
import { documentProblem } from '../payments/methods/documents.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { paginate, type ListQuery, type Page } from '../http/pagination.js';
import { newId } from '../lib/ids.js';
import type { RealClock } from '../clock/clock.js';
import type { Deleted, Merchant, MerchantInput } from './schemas.js';

export function merchantView(row: MerchantsTable): Merchant {
  return {
    id: row.id,
    name: row.name,
    legal_name: row.legal_name,
    tax_id: row.tax_id,
    tax_id_type: row.tax_id_type,
    mcc: row.mcc,
    country: row.country,
    parent_id: row.parent_id,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export class MerchantService {
  constructor(
    private readonly db: Db,
    private readonly clock: RealClock,
  ) {}

  async row(organizationId: string, id: string): Promise<MerchantsTable> {
    const row = await this.db.selectFrom('merchants').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!row) throw ApiError.notFound('merchant');
    return row;
  }

  /** The editable fields, checked; `self` is the merchant being updated (a parent may not be itself or one of its descendants). */
  private async fields(organizationId: string, input: MerchantInput, self?: string) {
    const details: ErrorDetail[] = [];
    const taxId = input.tax_id?.trim() || null;
    if (input.tax_id_type && !taxId) details.push({ field: 'tax_id', message: 'tax_id is required with tax_id_type' });
    if (input.tax_id_type && taxId) {
      const problem = documentProblem(input.tax_id_type, taxId);
      if (problem) details.push({ field: 'tax_id', message: problem });
    }
    const parentId = input.parent_id ?? null;
    if (parentId) {
      const parent = await this.db
        .selectFrom('merchants')
        .select('id')
        .where('id', '=', parentId)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      if (!parent) details.push({ field: 'parent_id', message: 'no such merchant in this organization' });
      else if (self && (await this.isSelfOrDescendant(parentId, self)))
        details.push({ field: 'parent_id', message: 'a merchant cannot be its own parent or the parent of its ancestor' });
    }
    if (details.length > 0) throw ApiError.validation(details);
    return {
      name: input.name.trim(),
      legal_name: input.legal_name?.trim() || null,
      tax_id: taxId,
      tax_id_type: taxId ? (input.tax_id_type ?? null) : null,
      mcc: input.mcc ?? null,
      country: input.country ?? 'COL',
      parent_id: parentId,
    };
  }

  /** Walks up from `candidate`: true when `self` is on the way (the new parent would close a cycle). */
  private async isSelfOrDescendant(candidate: string, self: string): Promise<boolean> {
    let current: string | null = candidate;
    for (let depth = 0; current && depth < 100; depth++) {
      if (current === self) return true;
      const next: { parent_id: string | null } | undefined = await this.db
        .selectFrom('merchants')
        .select('parent_id')
        .where('id', '=', current)
        .executeTakeFirst();
      current = next?.parent_id ?? null;
    }
    return false;
  }

  async create(organizationId: string, input: MerchantInput): Promise<Merchant> {
    const now = this.clock.realIso();
    const row: MerchantsTable = {
      id: newId('merchant'),
      organization_id: organizationId,
      ...(await this.fields(organizationId, input)),
      status: 'active',
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto('merchants').values(row).execute();
    return merchantView(row);
  }

  async get(organizationId: string, id: string): Promise<Merchant> {
    return merchantView(await this.row(organizationId, id));
  }

  /** PUT: replaces every editable field; an omitted optional field is cleared (country goes back to COL). */
  async update(organizationId: string, id: string, input: MerchantInput): Promise<Merchant> {
    const current = await this.row(organizationId, id);
    const row: MerchantsTable = { ...current, ...(await this.fields(organizationId, input, id)), updated_at: this.clock.realIso() };
    const { id: _id, organization_id: _org, created_at: _created, ...changes } = row;
    await this.db.updateTable('merchants').set(changes).where('id', '=', id).execute();
    return merchantView(row);
  }

  async remove(organizationId: string, id: string): Promise<Deleted> {
    await this.row(organizationId, id);
    const child = await this.db.selectFrom('merchants').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst();
    if (child) throw new ApiError('merchant_in_use', 'The merchant has sub-merchants; delete or move them first.');
    const point = await this.db.selectFrom('points_of_sale').select('id').where('merchant_id', '=', id).limit(1).executeTakeFirst();
    if (point) throw new ApiError('merchant_in_use', 'The merchant has points of sale; delete them first.');
    await this.db.deleteFrom('merchants').where('id', '=', id).execute();
    return { id, deleted: true };
  }

  async list(organizationId: string, params: ListQuery): Promise<Page<Merchant>> {
    const page = await paginate(
      this.db.selectFrom('merchants').selectAll().where('organization_id', '=', organizationId),
      { id: 'id', createdAt: 'created_at', kind: 'merchant' },
      params,
    );
    return { data: page.data.map(merchantView), has_more: page.has_more };
  }

  async subMerchants(organizationId: string, id: string, params: ListQuery): Promise<Page<Merchant>> {
    await this.row(organizationId, id);
    const query = this.db.selectFrom('merchants').selectAll().where('organization_id', '=', organizationId).where('parent_id', '=', id);
    const page = await paginate(query, { id: 'id', createdAt: 'created_at', kind: 'merchant' }, params);
    return { data: page.data.map(merchantView), has_more: page.has_more };
  }
}
