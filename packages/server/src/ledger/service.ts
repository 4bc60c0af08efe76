/**
 * Balances and balance transactions (`/v1/balance`): read from the ledger's
 * postings (ledger/post.ts), scoped to the caller's organization.
 */
import type { Db } from '../db/database.js';
import type { LedgerEntriesTable, LedgerPostingsTable } from '../db/schema.js';
import { ApiError } from '../errors/api-error.js';
import { paginate, type Page } from '../http/pagination.js';
import { formatMinor } from '../lib/money.js';
import { MERCHANT_ACCOUNTS, type EntryType, type LedgerAccount, type SourceObject } from './accounts.js';
import type { Balance, BalanceTransaction, BalanceTransactionListQuery } from './schemas.js';

/** Signed "12.34" / "-0.05" with the currency's minor digits. */
export function signedMoney(minor: number, currency: string): string {
  return minor < 0 ? `-${formatMinor(-minor, currency)}` : formatMinor(minor, currency);
}

/** Every account's balance of an organization, per currency, in minor units (credits less debits). */
export async function accountBalances(db: Db, organizationId: string): Promise<Map<string, Map<LedgerAccount, number>>> {
  const [credits, debits] = await Promise.all(
    (['credit_account', 'debit_account'] as const).map((side) =>
      db
        .selectFrom('ledger_postings')
        .select(['currency', `${side} as account`, (eb) => eb.fn.sum<string | number>('amount').as('total')])
        .where('organization_id', '=', organizationId)
        .groupBy(['currency', side])
        .execute(),
    ),
  );
  const out = new Map<string, Map<LedgerAccount, number>>();
  const add = (currency: string, account: LedgerAccount, amount: number) => {
    if (!out.has(currency)) out.set(currency, new Map());
    const accounts = out.get(currency)!;
    accounts.set(account, (accounts.get(account) ?? 0) + amount);
  };
  for (const row of credits!) add(row.currency, row.account, Number(row.total));
  for (const row of debits!) add(row.currency, row.account, -Number(row.total));
  return out;
}

function transactionView(entry: LedgerEntriesTable, postings: LedgerPostingsTable[]): BalanceTransaction {
  const money = (minor: number | string) => signedMoney(Number(minor), entry.currency);
  return {
    id: entry.id,
    object: 'balance_transaction',
    type: entry.type as EntryType,
    currency: entry.currency,
    amount: money(entry.amount),
    fee: money(entry.fee),
    net: money(entry.net),
    source: { object: entry.source_object as SourceObject, id: entry.source_id },
    payment_id: entry.payment_id,
    postings: postings
      .sort((a, b) => Number(a.line) - Number(b.line))
      .map((p) => ({ debit: p.debit_account, credit: p.credit_account, amount: money(p.amount) })),
    created_at: entry.created_at,
  };
}

export class LedgerService {
  constructor(private readonly db: Db) {}

  async balance(organizationId: string): Promise<Balance> {
    const balances = await accountBalances(this.db, organizationId);
    return {
      object: 'balance',
      balances: [...balances.keys()].sort().flatMap((currency) => {
        const accounts = balances.get(currency)!;
        // A currency seen only in postings between the operator's accounts is not the merchant's balance.
        if (!MERCHANT_ACCOUNTS.some((a) => accounts.has(a))) return [];
        const of = (account: LedgerAccount) => signedMoney(accounts.get(account) ?? 0, currency);
        return [{ currency, available: of('merchant_available'), pending: of('merchant_pending'), reserved: of('merchant_reserved') }];
      }),
    };
  }

  private async withPostings(entries: LedgerEntriesTable[]): Promise<BalanceTransaction[]> {
    if (entries.length === 0) return [];
    const postings = await this.db
      .selectFrom('ledger_postings')
      .selectAll()
      .where(
        'entry_id',
        'in',
        entries.map((e) => e.id),
      )
      .execute();
    return entries.map((entry) =>
      transactionView(
        entry,
        postings.filter((p) => p.entry_id === entry.id),
      ),
    );
  }

  async transactions(organizationId: string, params: BalanceTransactionListQuery): Promise<Page<BalanceTransaction>> {
    let query = this.db.selectFrom('ledger_entries').selectAll().where('organization_id', '=', organizationId);
    if (params.type) query = query.where('type', '=', params.type);
    if (params.currency) query = query.where('currency', '=', params.currency);
    if (params.payment_id) query = query.where('payment_id', '=', params.payment_id);
    const page = await paginate(query, { id: 'id', createdAt: 'created_at', kind: 'balanceTransaction' }, params);
    return { data: await this.withPostings(page.data), has_more: page.has_more };
  }

  async transaction(organizationId: string, id: string): Promise<BalanceTransaction> {
    const entry = await this.db.selectFrom('ledger_entries').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!entry) throw ApiError.notFound('balance transaction');
    return (await this.withPostings([entry]))[0]!;
  }
}
