/**
 * The organization's balance settings (`GET` / `PATCH /v1/balance/settings`):
 * whether the (simulated) settlement schedule runs, each method's delay in
 * days (cards T+1, rails T+0 by default), how payouts go (`daily`: after each
 * settlement run, automatically; `manual`: on request) and the bank account
 * they go to. The account number is never stored: only its SHA-256 and its
 * last four digits. In the sandbox an organization without an account is paid
 * to the simulated account SANDBOX_BANK_ACCOUNT; FAILING_BANK_ACCOUNT is the
 * test account whose payouts fail (docs/ledger.md "Payouts").
 */
import { createHash } from 'node:crypto';
import type { Executor } from '../db/database.js';
import type { BalanceSettingsTable } from '../db/schema.js';

export const SANDBOX_BANK_ACCOUNT = '000123456789';
export const FAILING_BANK_ACCOUNT = '000111111116';

export const hashAccount = (number: string) => createHash('sha256').update(number).digest('hex');
export const FAILING_ACCOUNT_HASH = hashAccount(FAILING_BANK_ACCOUNT);

export type Settings = Omit<BalanceSettingsTable, 'updated_at'>;

export function defaultSettings(organizationId: string): Settings {
  return {
    organization_id: organizationId,
    settlements_enabled: 1,
    card_delay_days: 1,
    rail_delay_days: 0,
    payout_interval: 'daily',
    bank_account_last4: null,
    bank_account_hash: null,
  };
}

export async function readSettings(db: Executor, organizationId: string): Promise<Settings> {
  const row = await db.selectFrom('balance_settings').selectAll().where('organization_id', '=', organizationId).executeTakeFirst();
  if (!row) return defaultSettings(organizationId);
  return {
    ...row,
    settlements_enabled: Number(row.settlements_enabled),
    card_delay_days: Number(row.card_delay_days),
    rail_delay_days: Number(row.rail_delay_days),
  };
}

export async function writeSettings(db: Executor, settings: Settings, now: string): Promise<void> {
  const row = { ...settings, updated_at: now };
  await db
    .insertInto('balance_settings')
    .values(row)
    .onConflict((oc) => oc.column('organization_id').doUpdateSet({ ...row }))
    .execute();
}

/** Where payouts go: the organization's account, or in the sandbox the simulated one. */
export function payoutAccount(settings: Settings, sandbox: boolean): { last4: string; hash: string } | undefined {
  if (settings.bank_account_hash && settings.bank_account_last4) return { last4: settings.bank_account_last4, hash: settings.bank_account_hash };
  return sandbox ? { last4: SANDBOX_BANK_ACCOUNT.slice(-4), hash: hashAccount(SANDBOX_BANK_ACCOUNT) } : undefined;
}
