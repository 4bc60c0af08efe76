import { Type, type Static } from 'typebox';
import { ListQuery } from '../http/pagination.js';

const Money = (description: string) => Type.String({ description: `${description} In the currency's major units, signed ("-4.05").` });
const Currency = Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217.' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description: string) => Type.Union([t, Type.Null()], { description });

export const Settlement = Type.Object(
  {
    id: Type.String({ description: '`stl-` prefix.' }),
    object: Type.Literal('settlement'),
    currency: Type.String(),
    method: Type.Union([Type.Literal('card'), Type.Literal('rail')], {
      description: 'Whose schedule settled it: card payments (T+1 by default) or rail payments (T+0).',
    }),
    gross: Money('The entries before fees.'),
    fee: Money('The fees the entries paid (taken at capture).'),
    net: Money('What the batch moved from pending to available: the sum of its entries.'),
    entry_count: Type.Integer({ description: 'How many ledger entries it settled (GET /v1/settlements/{id}/entries).' }),
    cutoff: Type.String({ format: 'date-time', description: "Entries booked before this instant (the organization's time) were due." }),
    simulated: Type.Boolean({ description: 'True in the sandbox: bookkeeping only, no money moved.' }),
    balance_transaction_id: Nullable(Type.String(), 'The `settlement` ledger entry (null when the batch nets to 0).'),
    payout_id: Nullable(Type.String(), 'The payout carrying it; null while it is available (or after that payout failed).'),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Settlement' },
);
export type Settlement = Static<typeof Settlement>;

export const SettlementEntry = Type.Object(
  {
    balance_transaction_id: Type.String({ description: 'The ledger entry (GET /v1/balance/transactions/{id}).' }),
    type: Type.String({ description: 'The entry type: `payment`, `refund`, `cashout`, `chargeback_hold`, `chargeback_fee`, `chargeback_release`.' }),
    payment_id: Nullable(Type.String(), 'The payment the money belongs to.'),
    gross: Money('`net` plus `fee`.'),
    fee: Money('The fees of the entry.'),
    net: Money('What the entry moved from pending to available.'),
  },
  { $id: 'SettlementEntry' },
);
export type SettlementEntry = Static<typeof SettlementEntry>;

export const SettlementListQuery = Type.Object({
  ...ListQuery.properties,
  currency: Type.Optional(Currency),
  payout_id: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'Only the settlements this payout carries (or carried, when it failed).' }),
  ),
});
export type SettlementListQuery = Static<typeof SettlementListQuery>;

export const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const PayoutStatus = Type.Union([Type.Literal('in_transit'), Type.Literal('paid'), Type.Literal('failed')], {
  description: '`in_transit` until its arrival date, then `paid` or `failed` (its money back to available).',
});

export const Payout = Type.Object(
  {
    id: Type.String({ description: '`po-` prefix.' }),
    object: Type.Literal('payout'),
    amount: Money('What it pays: the settlements it carries.'),
    currency: Type.String(),
    status: PayoutStatus,
    automatic: Type.Boolean({ description: 'Made by the `daily` payout schedule (false: POST /v1/payouts).' }),
    simulated: Type.Boolean({ description: 'True in the sandbox: no money moves.' }),
    bank_account: Type.Object({ last4: Type.String() }, { description: 'Where it goes: the last four digits of the account number.' }),
    arrival_date: Type.String({ format: 'date-time', description: "When it is expected to arrive (the organization's time)." }),
    failure_code: Nullable(Type.String(), 'Why it failed (`no_account`), or null.'),
    failure_message: Nullable(Type.String(), 'A sentence for a person, or null.'),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Payout' },
);
export type Payout = Static<typeof Payout>;

export const PayoutListQuery = Type.Object({
  ...ListQuery.properties,
  currency: Type.Optional(Currency),
  status: Type.Optional(PayoutStatus),
});
export type PayoutListQuery = Static<typeof PayoutListQuery>;

export const PayoutCreate = Type.Object({
  currency: Type.String({ pattern: '^[A-Z]{3}$', description: 'The currency whose whole available balance to pay out.' }),
});

export const BalanceSettings = Type.Object(
  {
    object: Type.Literal('balance_settings'),
    settlements: Type.Object({
      enabled: Type.Boolean({ description: 'False: nothing settles, everything stays pending (the sandbox simulation switched off).' }),
      card_delay_days: Type.Integer({ minimum: 0, maximum: 30, description: 'Card payments settle at the end of day T + this (default 1).' }),
      rail_delay_days: Type.Integer({ minimum: 0, maximum: 30, description: 'Rail payments settle at the end of day T + this (default 0).' }),
    }),
    payouts: Type.Object({
      interval: Type.Union([Type.Literal('daily'), Type.Literal('manual')], {
        description: '`daily`: the available balance is paid out after each settlement run; `manual`: only on POST /v1/payouts.',
      }),
    }),
    bank_account: Nullable(Type.Object({ last4: Type.String() }), 'The account payouts go to (null: the sandbox simulated account).'),
    simulated: Type.Boolean({ description: 'True in the sandbox: settlements and payouts are bookkeeping only.' }),
  },
  { $id: 'BalanceSettings' },
);
export type BalanceSettings = Static<typeof BalanceSettings>;

export const BalanceSettingsUpdate = Type.Object({
  settlements: Type.Optional(
    Type.Object({
      enabled: Type.Optional(Type.Boolean()),
      card_delay_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 30 })),
      rail_delay_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 30 })),
    }),
  ),
  payouts: Type.Optional(Type.Object({ interval: Type.Optional(Type.Union([Type.Literal('daily'), Type.Literal('manual')])) })),
  bank_account: Type.Optional(
    Type.Object({ account_number: Type.String({ pattern: '^[0-9]{4,17}$', description: 'Digits only; stored hashed, shown by its last four.' }) }),
  ),
});
export type BalanceSettingsUpdate = Static<typeof BalanceSettingsUpdate>;
