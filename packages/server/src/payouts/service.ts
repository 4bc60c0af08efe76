/**
 * Settlements, payouts and the balance settings over HTTP (routes.ts): the
 * reads scoped to the caller's organization (another organization's object
 * is 404), a payout on request and the settings.
 */
import type { SandboxClock } from '../clock/clock.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import { paginate, type ListQuery, type Page } from '../http/pagination.js';
import { scheduleSettlementRun } from '../ledger/queue.js';
import { signedMoney } from '../ledger/service.js';
import type { PayoutEngine } from './engine.js';
import type { BalanceSettings, BalanceSettingsUpdate, Payout, PayoutListQuery, Settlement, SettlementEntry, SettlementListQuery } from './schemas.js';
import { hashAccount, readSettings, writeSettings, type Settings } from './settings.js';
import { payoutView, settlementView } from './views.js';

export class PayoutService {
  constructor(
    private readonly db: Db,
    private readonly engine: PayoutEngine,
    private readonly clock: SandboxClock,
  ) {}

  async settlements(organizationId: string, params: SettlementListQuery): Promise<Page<Settlement>> {
    let query = this.db.selectFrom('settlements').selectAll().where('organization_id', '=', organizationId);
    if (params.currency) query = query.where('currency', '=', params.currency);
    if (params.payout_id) {
      const payoutId = params.payout_id;
      query = query.where('id', 'in', (eb) => eb.selectFrom('payout_settlements').select('settlement_id').where('payout_id', '=', payoutId));
    }
    const page = await paginate(query, { id: 'id', createdAt: 'created_at', kind: 'settlement' }, params);
    return { data: page.data.map(settlementView), has_more: page.has_more };
  }

  async settlement(organizationId: string, id: string): Promise<Settlement> {
    const row = await this.db.selectFrom('settlements').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!row) throw ApiError.notFound('settlement');
    return settlementView(row);
  }

  /** The entries a settlement settled, newest first, paginated by entry id. */
  async settlementEntries(organizationId: string, id: string, params: ListQuery): Promise<Page<SettlementEntry>> {
    const settlement = await this.settlement(organizationId, id);
    const query = this.db
      .selectFrom('settlement_entries as s')
      .innerJoin('ledger_entries as e', 'e.id', 's.entry_id')
      .select(['s.entry_id as id', 'e.type', 'e.payment_id', 's.amount', 's.fee', 'e.created_at'])
      .where('s.settlement_id', '=', id)
      .where('s.organization_id', '=', organizationId);
    const page = await paginate(query, { id: 's.entry_id', createdAt: 'e.created_at', kind: 'balanceTransaction' }, params);
    const money = (minor: number) => signedMoney(minor, settlement.currency);
    return {
      data: page.data.map((r) => ({
        balance_transaction_id: r.id,
        type: r.type,
        payment_id: r.payment_id,
        gross: money(Number(r.amount) + Number(r.fee)),
        fee: money(Number(r.fee)),
        net: money(Number(r.amount)),
      })),
      has_more: page.has_more,
    };
  }

  async payouts(organizationId: string, params: PayoutListQuery): Promise<Page<Payout>> {
    let query = this.db.selectFrom('payouts').selectAll().where('organization_id', '=', organizationId);
    if (params.currency) query = query.where('currency', '=', params.currency);
    if (params.status) query = query.where('status', '=', params.status);
    const page = await paginate(query, { id: 'id', createdAt: 'created_at', kind: 'payout' }, params);
    return { data: page.data.map(payoutView), has_more: page.has_more };
  }

  async payout(organizationId: string, id: string): Promise<Payout> {
    const row = await this.db.selectFrom('payouts').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!row) throw ApiError.notFound('payout');
    return payoutView(row);
  }

  /** Pays out the currency's whole available balance now. */
  async createPayout(organizationId: string, currency: string): Promise<Payout> {
    if (!this.engine.sandbox) {
      throw new ApiError('service_unavailable', 'No payout connector is configured in this deployment: payouts are simulated in the sandbox only.');
    }
    return this.db.transaction().execute(async (trx) => {
      const settings = await readSettings(trx, organizationId);
      const row = await this.engine.payout(trx, organizationId, currency, false, settings);
      if (!row) {
        throw new ApiError('balance_insufficient', `Nothing is available to pay out in ${currency}.`, [
          { field: 'currency', message: `the available ${currency} balance is not above 0 (money becomes available when it settles)` },
        ]);
      }
      return payoutView(row);
    });
  }

  async settings(organizationId: string): Promise<BalanceSettings> {
    return this.settingsView(await readSettings(this.db, organizationId));
  }

  private settingsView(s: Settings): BalanceSettings {
    return {
      object: 'balance_settings',
      settlements: { enabled: Boolean(s.settlements_enabled), card_delay_days: s.card_delay_days, rail_delay_days: s.rail_delay_days },
      payouts: { interval: s.payout_interval },
      bank_account: s.bank_account_last4 ? { last4: s.bank_account_last4 } : null,
      simulated: this.engine.sandbox,
    };
  }

  /** Changes the settings; a schedule switched on or changed runs now (it settles what is due under the new one). */
  async updateSettings(organizationId: string, body: BalanceSettingsUpdate): Promise<BalanceSettings> {
    return this.db.transaction().execute(async (trx) => {
      const current = await readSettings(trx, organizationId);
      const next: Settings = { ...current };
      const s = body.settlements;
      if (s?.enabled !== undefined) next.settlements_enabled = s.enabled ? 1 : 0;
      if (s?.card_delay_days !== undefined) next.card_delay_days = s.card_delay_days;
      if (s?.rail_delay_days !== undefined) next.rail_delay_days = s.rail_delay_days;
      if (body.payouts?.interval) next.payout_interval = body.payouts.interval;
      if (body.bank_account) {
        next.bank_account_last4 = body.bank_account.account_number.slice(-4);
        next.bank_account_hash = hashAccount(body.bank_account.account_number);
      }
      const now = this.clock.realIso();
      await writeSettings(trx, next, now);
      if (s && next.settlements_enabled) await scheduleSettlementRun(trx, organizationId, now, now);
      return this.settingsView(next);
    });
  }
}
