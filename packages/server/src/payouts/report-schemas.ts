import { Type, type Static } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description: string) => Type.Union([t, Type.Null()], { description });
const ReportType = Type.Union([Type.Literal('payout_reconciliation'), Type.Literal('balance_period'), Type.Literal('balance_transactions')], {
  description:
    '`payout_reconciliation`: the entries one payout paid (`payout_id`); `balance_period`: the entries of one currency booked in a period that go through settlement; `balance_transactions`: every entry of one currency booked in a period, whatever its type (the export of GET /v1/balance/transactions).',
});
const Format = Type.Union([Type.Literal('csv'), Type.Literal('json')], { description: 'Default `csv`.' });

export const ReportCreate = Type.Object({
  type: ReportType,
  format: Type.Optional(Format),
  payout_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'For `payout_reconciliation`.' })),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'For `balance_period` and `balance_transactions`: ISO 4217.' })),
  period_start: Type.Optional(
    Type.String({ format: 'date-time', description: 'For `balance_period` and `balance_transactions`: the first instant (inclusive).' }),
  ),
  period_end: Type.Optional(Type.String({ format: 'date-time', description: 'For `balance_period` and `balance_transactions`: the end (exclusive).' })),
});
export type ReportCreate = Static<typeof ReportCreate>;

const Money = Type.String({ description: "Signed, in the currency's major units." });

export const Report = Type.Object(
  {
    id: Type.String({ description: '`rpt-` prefix.' }),
    object: Type.Literal('report'),
    type: ReportType,
    format: Format,
    currency: Type.String(),
    payout_id: Nullable(Type.String(), 'The payout it reconciles.'),
    period_start: Nullable(Type.String({ format: 'date-time' }), 'The period it covers (balance_period, balance_transactions).'),
    period_end: Nullable(Type.String({ format: 'date-time' }), 'The end of the period, exclusive.'),
    status: Type.Union([Type.Literal('pending'), Type.Literal('running'), Type.Literal('succeeded'), Type.Literal('failed')], {
      description: 'Generated in the background: download it (GET /v1/reports/{id}/download) when `succeeded`.',
    }),
    progress: Type.Object(
      { rows_done: Type.Integer(), rows_total: Nullable(Type.Integer(), 'Known once it runs.') },
      { description: 'Rows written so far, of how many.' },
    ),
    totals: Nullable(
      Type.Object({ gross: Money, fee: Money, net: Money }),
      "The rows' sums once `succeeded`; a payout's report `net` equals the payout's amount.",
    ),
    error: Nullable(Type.String(), 'Why it failed.'),
    created_at: Type.String({ format: 'date-time' }),
    completed_at: Nullable(Type.String({ format: 'date-time' }), 'When it succeeded.'),
  },
  { $id: 'Report' },
);
export type Report = Static<typeof Report>;
