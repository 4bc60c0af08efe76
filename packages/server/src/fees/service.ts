/**
 * Fee rules (`/v1/fee-rules`): create, read, replace, delete, list. Scopes
 * `merchants:read` / `merchants:write` (a fee rule prices the merchants'
 * payments; the permission table has no fees permission).
 */
import type { Db } from '../db/database.js';
import type { FeeRulesTable } from '../db/schema.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { paginate, type Page } from '../http/pagination.js';
import { newId } from '../lib/ids.js';
import { amountProblemMessage, CURRENCIES, formatMinor, isZeroAmount, toMinorUnits, type MoneyAmount } from '../lib/money.js';
import type { RealClock } from '../clock/clock.js';
import type { FeeRule, FeeRuleInput, FeeRuleListQuery } from './schemas.js';

export function feeRuleView(row: FeeRulesTable): FeeRule {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    percentage_bps: Number(row.percentage_bps),
    fixed_amount: row.currency ? formatMinor(Number(row.fixed_amount), row.currency) : String(Number(row.fixed_amount)),
    currency: row.currency,
    brand: row.brand,
    card_type: row.card_type,
    merchant_id: row.merchant_id,
    priority: Number(row.priority),
    active: Boolean(Number(row.active)),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A fixed amount in major units to minor units, without floating-point arithmetic (0 allowed). */
function fixedMinor(amount: MoneyAmount, currency: string): { minor: number } | { message: string } {
  if (isZeroAmount(amount)) return { minor: 0 };
  if (typeof amount === 'number' && amount < 0) return { message: 'must be 0 or more' };
  const parsed = toMinorUnits(amount, currency);
  if ('problem' in parsed) return { message: amountProblemMessage(parsed.problem, currency) };
  if (parsed.minor > 999_999_999) return { message: 'is too large' };
  return parsed;
}

export class FeeRuleService {
  constructor(
    private readonly db: Db,
    private readonly clock: RealClock,
  ) {}

  private async row(organizationId: string, id: string): Promise<FeeRulesTable> {
    const row = await this.db.selectFrom('fee_rules').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!row) throw ApiError.notFound('fee rule');
    return row;
  }

  /** The editable fields, every problem reported at once. */
  private async fields(organizationId: string, input: FeeRuleInput) {
    const details: ErrorDetail[] = [];
    const currency = input.currency ?? null;
    if (currency !== null && CURRENCIES[currency] === undefined) details.push({ field: 'currency', message: 'is not a supported ISO 4217 currency' });
    let fixed = 0;
    const amount = input.fixed_amount ?? 0;
    if (!isZeroAmount(amount) && currency === null) details.push({ field: 'currency', message: 'is required with a fixed_amount other than 0' });
    else if (currency !== null && CURRENCIES[currency] !== undefined) {
      const parsed = fixedMinor(amount, currency);
      if ('message' in parsed) details.push({ field: 'fixed_amount', message: parsed.message });
      else fixed = parsed.minor;
    }
    const merchantId = input.merchant_id ?? null;
    if (merchantId) {
      const merchant = await this.db
        .selectFrom('merchants')
        .select('id')
        .where('id', '=', merchantId)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      if (!merchant) details.push({ field: 'merchant_id', message: 'no such merchant in this organization' });
    }
    if (details.length > 0) throw ApiError.validation(details);
    return {
      type: input.type,
      name: input.name?.trim() || null,
      percentage_bps: input.percentage_bps,
      fixed_amount: fixed,
      currency,
      brand: input.brand ?? null,
      card_type: input.card_type ?? null,
      merchant_id: merchantId,
      priority: input.priority ?? 100,
      active: input.active === false ? 0 : 1,
    };
  }

  async create(organizationId: string, input: FeeRuleInput): Promise<FeeRule> {
    const now = this.clock.realIso();
    const row: FeeRulesTable = {
      id: newId('feeRule'),
      organization_id: organizationId,
      ...(await this.fields(organizationId, input)),
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto('fee_rules').values(row).execute();
    return feeRuleView(row);
  }

  async get(organizationId: string, id: string): Promise<FeeRule> {
    return feeRuleView(await this.row(organizationId, id));
  }

  /** PUT: replaces every editable field; an omitted optional field returns to its default. */
  async update(organizationId: string, id: string, input: FeeRuleInput): Promise<FeeRule> {
    const current = await this.row(organizationId, id);
    const row: FeeRulesTable = { ...current, ...(await this.fields(organizationId, input)), updated_at: this.clock.realIso() };
    const { id: _id, organization_id: _org, created_at: _created, ...changes } = row;
    await this.db.updateTable('fee_rules').set(changes).where('id', '=', id).where('organization_id', '=', organizationId).execute();
    return feeRuleView(row);
  }

  /** Hard delete; fees already applied keep the rule's id and terms. */
  async remove(organizationId: string, id: string): Promise<{ id: string; deleted: true }> {
    await this.row(organizationId, id);
    await this.db.deleteFrom('fee_rules').where('id', '=', id).where('organization_id', '=', organizationId).execute();
    return { id, deleted: true };
  }

  async list(organizationId: string, params: FeeRuleListQuery): Promise<Page<FeeRule>> {
    let query = this.db.selectFrom('fee_rules').selectAll().where('organization_id', '=', organizationId);
    if (params.type) query = query.where('type', '=', params.type);
    const page = await paginate(query, { id: 'id', createdAt: 'created_at', kind: 'feeRule' }, params);
    return { data: page.data.map(feeRuleView), has_more: page.has_more };
  }
}
