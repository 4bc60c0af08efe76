/**
 * Fraud rules of an organization and the evaluation of a card payment
 * (docs/sandbox.md "Fraud rules").
 */
import { Type, type Static, type TObject } from 'typebox';
import { DECIMAL_STRING, type MoneyAmount } from '../lib/money.js';

const Action = Type.Union([Type.Literal('review'), Type.Literal('decline'), Type.Literal('three_ds')], {
  description:
    '`review`: the payment goes on to the network and the evaluation says review. `decline`: the payment is REJECTED (response_code 59) without reaching the network. `three_ds`: the cardholder must pass 3-D Secure before the network is asked (docs/sandbox.md, "3-D Secure"); the evaluation says review.',
});
const Window = Type.Integer({ minimum: 1, maximum: 604800, description: 'The window, in seconds (up to 7 days).' });

const PaymentVelocity = Type.Object({
  max_payments: Type.Integer({ minimum: 1, maximum: 10000, description: 'Hit when this payment would be payment number max_payments + 1 in the window.' }),
  window_seconds: Window,
  action: Action,
});
const NewCards = Type.Object({
  max_cards: Type.Integer({ minimum: 1, maximum: 10000, description: "Hit when this payment's card would be new card number max_cards + 1 in the window." }),
  window_seconds: Window,
  action: Action,
});
const CardDeclines = Type.Object({
  max_declines: Type.Integer({
    minimum: 1,
    maximum: 10000,
    description: 'Hit when the network has already declined this card (the same card number, by fingerprint) max_declines times in the window.',
  }),
  window_seconds: Window,
  action: Action,
});
/** A positive number or null, as one JSON Schema (a union would report both branches). */
/** A money amount as MoneyInput takes it (a number or a decimal string in major units), or null. */
const AmountOrNull = (description: string) =>
  Type.Unsafe<MoneyAmount | null>({
    type: ['number', 'string', 'null'],
    exclusiveMinimum: 0,
    pattern: DECIMAL_STRING.source,
    description: `${description} A JSON number or a decimal string (\`"100000.00"\`), or null.`,
  });

const Threshold = Type.Object({
  currency: Type.String({ minLength: 3, maxLength: 3, description: 'ISO 4217; one entry per currency.' }),
  review_above: Type.Optional(AmountOrNull('Major units: a larger amount is reviewed.')),
  decline_above: Type.Optional(AmountOrNull('Major units: a larger amount is declined.')),
  three_ds_above: Type.Optional(AmountOrNull('Major units: a larger amount must pass 3-D Secure first.')),
});

/**
 * An object or null, as one JSON Schema (`type: [object, null]`), so a bad
 * object is reported by its own fields only (a union would add "must be null").
 */
function OrNull<T extends TObject>(schema: T, description: string) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: ['object', 'null'], description });
}

export const FraudRulesInput = Type.Object({
  instrument_velocity: Type.Optional(OrNull(PaymentVelocity, 'Payments with the same card (instrument). Omitted: the default; null: off.')),
  client_velocity: Type.Optional(OrNull(PaymentVelocity, 'Payments by the same API client. Omitted: the default; null: off.')),
  client_new_cards: Type.Optional(
    OrNull(NewCards, 'Cards new to the organization (not used in it within the window) paid with by the same API client. Omitted: the default; null: off.'),
  ),
  card_declines: Type.Optional(
    OrNull(CardDeclines, 'Declines of the same card by the network (card testing). Default: 5 declines in 3600 s, `decline`. Omitted: the default; null: off.'),
  ),
  amount_thresholds: Type.Optional(Type.Array(Threshold, { maxItems: 50, description: 'Per currency. Omitted: none.' })),
});
export type FraudRulesInput = Static<typeof FraudRulesInput>;

const ThresholdView = Type.Object({
  currency: Type.String(),
  review_above: Type.Union([Type.String(), Type.Null()]),
  decline_above: Type.Union([Type.String(), Type.Null()]),
  three_ds_above: Type.Union([Type.String(), Type.Null()]),
});

export const FraudRules = Type.Object(
  {
    configured: Type.Boolean({ description: 'false: the organization has not set rules, these are the defaults.' }),
    instrument_velocity: Type.Union([PaymentVelocity, Type.Null()]),
    client_velocity: Type.Union([PaymentVelocity, Type.Null()]),
    client_new_cards: Type.Union([NewCards, Type.Null()]),
    card_declines: Type.Union([CardDeclines, Type.Null()]),
    amount_thresholds: Type.Array(ThresholdView),
    updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'FraudRules' },
);
export type FraudRules = Static<typeof FraudRules>;

export const RuleHit = Type.Object({
  rule: Type.Union([
    Type.Literal('instrument_velocity'),
    Type.Literal('client_velocity'),
    Type.Literal('client_new_cards'),
    Type.Literal('card_declines'),
    Type.Literal('amount_threshold'),
  ]),
  action: Action,
  message: Type.String(),
  observed: Type.Optional(
    Type.Integer({
      description:
        'Velocity rules: the count, this payment included (counted up to limit + 1). card_declines: the earlier declines of the card (up to limit + 1).',
    }),
  ),
  limit: Type.Optional(Type.Integer()),
  window_seconds: Type.Optional(Type.Integer()),
  amount: Type.Optional(Type.String()),
  threshold: Type.Optional(Type.String()),
  currency: Type.Optional(Type.String()),
});
export type RuleHit = Static<typeof RuleHit>;

export const FraudEvaluation = Type.Object(
  {
    payment_id: Type.String(),
    score: Type.Integer({ minimum: 0, maximum: 100, description: '0 to 100: 50 per review rule hit, 100 per decline rule hit, capped at 100.' }),
    decision: Type.Union([Type.Literal('approve'), Type.Literal('review'), Type.Literal('decline')], {
      description: 'A rule hit with the action `three_ds` is a review: the payment went on, after 3-D Secure.',
    }),
    rules_hit: Type.Array(RuleHit),
    evaluated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'FraudEvaluation' },
);
export type FraudEvaluation = Static<typeof FraudEvaluation>;
