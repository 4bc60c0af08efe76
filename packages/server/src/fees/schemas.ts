/**
 * Fee rules (interchange and MDR, applied at capture; chargeback, applied when
 * a chargeback opens) and the fees shown on a payment and a chargeback
 * (docs/api-conventions.md "fee rules"; docs/sandbox.md "Fees").
 */
import { ListQuery } from '../http/pagination.js';
import { Type, type Static } from 'typebox';
import { MoneyInput } from '../lib/money.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const FEE_TYPES = ['interchange', 'mdr', 'chargeback'] as const;
/** The fees of a capture (payment_fees); a `chargeback` rule prices a chargeback instead (chargeback-fee.ts). */
export const CAPTURE_FEE_TYPES = ['interchange', 'mdr'] as const;
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'diners', 'discover', 'jcb'] as const;
export const CARD_TYPES = ['credit', 'debit', 'prepaid'] as const;

const FeeType = Type.Union([Type.Literal('interchange'), Type.Literal('mdr'), Type.Literal('chargeback')], {
  description:
    "`interchange` (the issuer's fee) or `mdr` (the merchant discount rate), charged on a payment's capture; `chargeback` (a dispute fee), charged once when a chargeback of a payment opens, on the disputed amount, and kept when the chargeback is won.",
});
const CaptureFeeType = Type.Union([Type.Literal('interchange'), Type.Literal('mdr')], {
  description: "`interchange` (the issuer's fee) or `mdr` (the merchant discount rate).",
});

export const FeeRuleInput = Type.Object({
  type: FeeType,
  name: Type.Optional(Type.String({ maxLength: 200 })),
  percentage_bps: Type.Integer({
    minimum: 0,
    maximum: 10000,
    description:
      'The percentage in basis points: 1 bps = 0.01 %, so 2.5 % is 250. Of the captured amount (`interchange`, `mdr`) or of the disputed amount (`chargeback`; 0 for a fixed dispute fee).',
  }),
  fixed_amount: Type.Optional(
    MoneyInput({
      description:
        'A fixed amount added to each fee, in major units of `currency` with at most its minor digits (0.30; a dispute fee of 15.00 per chargeback). Default 0. Requires `currency` when not 0.',
    }),
  ),
  currency: Type.Optional(
    Type.String({
      minLength: 3,
      maxLength: 3,
      description: 'ISO 4217. The rule applies only to payments (chargebacks) in this currency; omitted: any currency (then `fixed_amount` must be 0).',
    }),
  ),
  brand: Type.Optional(
    Type.Union(
      CARD_BRANDS.map((b) => Type.Literal(b)),
      { description: 'Only cards of this brand; omitted: any.' },
    ),
  ),
  card_type: Type.Optional(
    Type.Union(
      CARD_TYPES.map((t) => Type.Literal(t)),
      { description: 'Only cards of this type (from the BIN table); omitted: any.' },
    ),
  ),
  merchant_id: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'Only payments made for this merchant (`merchant_id` of the payment); omitted: any.' }),
  ),
  priority: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1000000,
      default: 100,
      description:
        'Lower wins: of the active rules of a type that match a payment, the lowest priority applies; ties go to the more specific rule (more criteria set), then the older one. Default 100.',
    }),
  ),
  active: Type.Optional(Type.Boolean({ default: true })),
});
export type FeeRuleInput = Static<typeof FeeRuleInput>;

export const FeeRule = Type.Object(
  {
    id: Type.String({ description: '`fee-` prefix.' }),
    type: FeeType,
    name: Nullable(Type.String()),
    percentage_bps: Type.Integer(),
    fixed_amount: Type.String({ description: 'Major units with the currency\'s minor digits ("0.30"); "0" style for rules without currency.' }),
    currency: Nullable(Type.String()),
    brand: Nullable(Type.String()),
    card_type: Nullable(Type.String()),
    merchant_id: Nullable(Type.String()),
    priority: Type.Integer(),
    active: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'FeeRule' },
);
export type FeeRule = Static<typeof FeeRule>;

export const FeeRuleListQuery = Type.Object({
  ...ListQuery.properties,
  type: Type.Optional(FeeType),
});
export type FeeRuleListQuery = Static<typeof FeeRuleListQuery>;

export const FeeRuleParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const FeeRuleDeleted = Type.Object({ id: Type.String(), deleted: Type.Literal(true) });

/** One fee applied to a captured payment (part of the card payment record). */
export const AppliedFee = Type.Object({
  type: CaptureFeeType,
  rule_id: Type.String(),
  amount: Type.String({ description: 'round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment\'s currency ("4.05").' }),
  percentage_bps: Type.Integer(),
  fixed_amount: Type.String(),
});
export type AppliedFee = Static<typeof AppliedFee>;

/** The fee of a chargeback (part of the chargeback record and its events' bodies). */
export const ChargebackFee = Type.Union(
  [
    Type.Object({
      amount: Type.String({ description: 'round-half-up(disputed × percentage_bps / 10000) + fixed_amount, in the chargeback\'s currency ("15.00").' }),
      currency: Type.String(),
      rule_id: Type.String({ description: 'The `chargeback` fee rule that set it.' }),
    }),
    Type.Null(),
  ],
  {
    description:
      'The dispute fee, charged once when the chargeback opened (a `chargeback_fee` balance transaction) and not returned when it is won; null when no `chargeback` fee rule matched.',
  },
);
export type ChargebackFee = Static<typeof ChargebackFee>;

/** The fee fields of the card payment record. */
export const PaymentFeeFields = {
  fees: Type.Array(AppliedFee, { description: 'The fees applied at capture (at most one per type); empty before capture or when no rule matches.' }),
  fees_total: Type.String({ description: 'The sum of `fees`.' }),
  net_amount: Type.String({ description: '`amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture).' }),
};
