import { Type, type Static } from 'typebox';
import { ListQuery } from '../http/pagination.js';
import { ENTRY_TYPES, LEDGER_ACCOUNTS, type EntryType, type LedgerAccount } from './accounts.js';

const Money = (description: string) => Type.String({ description: `${description} In the currency's major units, signed ("-4.05").` });

export const CurrencyBalance = Type.Object(
  {
    currency: Type.String({ description: 'ISO 4217.' }),
    available: Money('Settled: the merchant may be paid it out.'),
    pending: Money('Captured or approved, not settled yet, less refunds, cashouts, fees and disputed amounts.'),
    reserved: Money('Held for open chargebacks.'),
  },
  { $id: 'CurrencyBalance' },
);

export const Balance = Type.Object(
  {
    object: Type.Literal('balance'),
    balances: Type.Array(CurrencyBalance, { description: 'One per currency the organization has moved money in, by currency code.' }),
  },
  { $id: 'Balance' },
);
export type Balance = Static<typeof Balance>;

const EntryType = Type.Unsafe<EntryType>(
  Type.Union(
    ENTRY_TYPES.map((t) => Type.Literal(t)),
    {
      description:
        "`payment` (a card capture or an approved rail payment), `refund`, `refund_failure` (a refund that succeeded and then failed at the processor: its amount back to pending), `cashout`, `chargeback_hold` (the disputed amount moved into reserved), `chargeback_fee` (the dispute fee, from pending to the operator's revenue when the chargeback opens; not returned when it is won), `chargeback_release` (a won chargeback: back to pending), `chargeback_loss` (a chargeback accepted or lost: the amount leaves reserved), `settlement`, `payout`, `payout_paid`, `payout_failure`.",
    },
  ),
);

const Account = Type.Unsafe<LedgerAccount>(Type.Union(LEDGER_ACCOUNTS.map((a) => Type.Literal(a))));

export const BalanceTransaction = Type.Object(
  {
    id: Type.String({ description: '`btx-` prefix.' }),
    object: Type.Literal('balance_transaction'),
    type: EntryType,
    currency: Type.String(),
    amount: Money("What the entry does to the merchant's balances before fees (available + pending + reserved)."),
    fee: Money("The part of `amount` that went to the operator's revenue (0 or more)."),
    net: Money("`amount` less `fee`: the change of the merchant's balances."),
    source: Type.Object(
      {
        object: Type.Union([
          Type.Literal('payment'),
          Type.Literal('refund'),
          Type.Literal('cashout'),
          Type.Literal('chargeback'),
          Type.Literal('settlement'),
          Type.Literal('payout'),
        ]),
        id: Type.String(),
      },
      { description: 'The object whose state change posted the entry (GET it at its own path).' },
    ),
    payment_id: Type.Union([Type.String(), Type.Null()], { description: 'The payment the money belongs to.' }),
    postings: Type.Array(
      Type.Object({
        debit: Account,
        credit: Account,
        amount: Type.String({ description: 'Greater than 0, major units.' }),
      }),
      { description: 'The double-entry lines: each moves `amount` from the `debit` account to the `credit` account.' },
    ),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'BalanceTransaction' },
);
export type BalanceTransaction = Static<typeof BalanceTransaction>;

export const BalanceTransactionListQuery = Type.Object({
  ...ListQuery.properties,
  type: Type.Optional(EntryType),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217.' })),
  payment_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Only the entries of this payment.' })),
});
export type BalanceTransactionListQuery = Static<typeof BalanceTransactionListQuery>;

export const BalanceTransactionParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
