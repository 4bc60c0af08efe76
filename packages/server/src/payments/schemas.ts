import { ListQuery } from '../http/pagination.js';
import { Type, type Static } from 'typebox';
import { Transaction } from './transactions/schemas.js';
import { PaymentFeeFields } from '../fees/schemas.js';
import { MoneyInput } from '../lib/money.js';
import { MetadataInput, MetadataQuery, MetadataView } from '../lib/metadata.js';
import { NextAction, ThreeDsRequest, ThreeDsResult } from './three-ds-view.js';

const PaymentStatus = Type.Union(
  [
    Type.Literal('PENDING'),
    Type.Literal('APPROVED'),
    Type.Literal('AUTHORIZED'),
    Type.Literal('REJECTED'),
    Type.Literal('CANCELLED'),
    Type.Literal('REFUNDED'),
  ],
  { description: 'Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED.' },
);

const Money = (description: string) => Type.String({ description: `${description}, with exactly the currency's minor digits ("15000.00").` });

/** Who served a payment (card or rail): on `GET /v1/payments/{id}` for a caller with `connector-accounts:read`. */
export const PaymentProcessor = Type.Object(
  {
    connector: Type.String({
      description: "The connector that authorized it: `stripe`, `mercadopago`, or the deployment's default (`simulator` in the sandbox).",
    }),
    connector_account_id: Type.Union([Type.String(), Type.Null()], {
      description: "The organization's connector account (`GET /v1/connector-accounts/{id}`); null for the deployment's default.",
    }),
    reference: Type.Union([Type.String(), Type.Null()], {
      description: "The processor's own id of the payment (a Stripe PaymentIntent `pi_...`, a Mercado Pago payment id); null while its answer is awaited.",
    }),
  },
  {
    description:
      "Which processor served the payment and its id there, to find it in the processor's own dashboard. Shown on `GET /v1/payments/{id}` to a caller with `connector-accounts:read`; absent before any authorization was sent.",
  },
);
export type PaymentProcessor = Static<typeof PaymentProcessor>;

export const CardPayment = Type.Object(
  {
    id: Type.String({ description: '`pay-` prefix.' }),
    status: PaymentStatus,
    response_code: Type.Union([Type.String(), Type.Null()], { description: 'ISO 8583 issuer response code (`00` approved).' }),
    approval_code: Type.Optional(Type.String({ description: 'Present when approved.' })),
    amount: Money('The amount'),
    currency: Type.String(),
    order_id: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    capture: Type.Boolean({ description: 'false: deferred capture (AUTHORIZED until POST .../capture).' }),
    amount_captured: Money('Captured so far'),
    amount_refunded: Money('Refunded so far'),
    amount_authorized: Type.Optional(Money('Held by the authorization (after any adjustment)')),
    // Fees (fees/): applied at capture.
    ...PaymentFeeFields,
    instrument: Type.Object({ id: Type.String(), card_brand: Type.String(), last_four_digits: Type.String() }),
    installments: Type.Integer({
      minimum: 1,
      maximum: 36,
      description: 'The monthly installments the cardholder chose (1: one payment; always 1 on a debit or prepaid card and on a card-present payment).',
    }),
    three_ds: Type.Union([ThreeDsResult, Type.Null()], { description: 'The 3-D Secure authentication; null when the payment did not ask for it.' }),
    next_action: Type.Optional(
      Type.Object(NextAction.properties, {
        description:
          "Present while the payment is PENDING for the cardholder's 3-D Secure challenge: send them to `redirect_to_url.url` (GET /v1/payments/{id} gives it again; lists leave it out).",
      }),
    ),
    authorized_at: Type.Union([Type.String(), Type.Null()]),
    captured_at: Type.Union([Type.String(), Type.Null()], { description: 'Automatic capture happens CAPTURE_DELAY_SECONDS after approval.' }),
    cancelled_at: Type.Union([Type.String(), Type.Null()]),
    merchant_id: Type.Union([Type.String(), Type.Null()], { description: 'The merchant (`mer-`) the payment was made for, if named.' }),
    point_of_sale_id: Type.Union([Type.String(), Type.Null()], { description: 'The point of sale (`pos-`), if named.' }),
    terminal_id: Type.Union([Type.String(), Type.Null()], { description: 'The terminal (`ter-`) of a card-present payment.' }),
    channel: Type.Union([Type.Literal('ecommerce'), Type.Literal('card_present')]),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    metadata: MetadataView,
    processor: Type.Optional(PaymentProcessor),
    transaction: Type.Optional(
      Type.Object(Transaction.properties, { description: 'In the answer to an action: the transaction (`trx-`) the action recorded.' }),
    ),
  },
  { $id: 'CardPayment' },
);
export type CardPayment = Static<typeof CardPayment>;

export const CreatePayment = Type.Object({
  amount: MoneyInput({ description: 'In major units of the currency, at most its minor digits (COP 2, CLP 0).' }),
  currency: Type.String({ minLength: 3, maxLength: 3, description: 'ISO 4217.' }),
  order_id: Type.String({
    minLength: 1,
    maxLength: 255,
    description:
      "Your unique reference: the charge's idempotency key. Sent again, the first payment is answered; with another amount, currency, instrument, number of installments or `capture`, `409 order_id_conflict`.",
  }),
  instrument_id: Type.String({ minLength: 1, maxLength: 100 }),
  encrypted_cvv: Type.String({ minLength: 1, maxLength: 2048, description: 'The CVV encrypted with the active key; never in clear text.' }),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  capture: Type.Optional(Type.Boolean({ default: true, description: 'false authorizes only.' })),
  merchant_id: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'A merchant of your organization (`mer-`); 422 if there is none with this id. Fee rules can match on it.',
    }),
  ),
  point_of_sale_id: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'A point of sale (`pos-`) of that merchant; alone, it names its merchant too.' }),
  ),
  installments: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 36,
      default: 1,
      description:
        'The monthly installments ("cuotas") the cardholder chose, 1 to 36 (default 1: one payment). Only a credit card takes more than 1: a debit or prepaid card (the BIN table\'s `card_type`, `GET /v1/bins/{bin}`) is 422 naming `installments`.',
    }),
  ),
  three_ds: Type.Optional(ThreeDsRequest),
  card: Type.Optional(Type.Unknown({ description: 'Never accepted here: tokenize first (422).' })),
  metadata: Type.Optional(MetadataInput()),
});
export type CreatePayment = Static<typeof CreatePayment>;

export const CapturePayment = Type.Object({
  amount: Type.Optional(MoneyInput({ description: 'Capture less than authorized (the rest is released). Default: all of it.' })),
});

export const PaymentParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const PaymentListQuery = Type.Object({
  ...ListQuery.properties,
  status: Type.Optional(PaymentStatus),
  merchant_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  point_of_sale_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  metadata: MetadataQuery,
});
export type PaymentListQuery = Static<typeof PaymentListQuery>;

/** Card payment statuses, and an alternative payment's `transaction.status` (APPROVED is both). */
export const CARD_PAYMENT_STATUSES = ['PENDING', 'APPROVED', 'AUTHORIZED', 'REJECTED', 'CANCELLED', 'REFUNDED'] as const;
export const ALTERNATIVE_PAYMENT_STATUSES = ['IN_PROGRESS', 'APPROVED', 'DECLINED', 'FAILED'] as const;
export const PAYMENT_KINDS = ['card', 'alternative'] as const;

/** What GET /v1/payments and its search add to the card list: both kinds of payment; `rails`: the registered rails' ids. */
const kindFilters = (rails: readonly string[]) => ({
  kind: Type.Optional(
    Type.Union(
      PAYMENT_KINDS.map((k) => Type.Literal(k)),
      { description: '`card` or `alternative` (the Colombian rails); both when absent.' },
    ),
  ),
  rail_id: Type.Optional(
    Type.Union(
      rails.map((r) => Type.Literal(r)),
      { description: `Alternative payments on this rail only (${rails.join(', ')}).` },
    ),
  ),
  status: Type.Optional(
    Type.Union(
      [...new Set([...CARD_PAYMENT_STATUSES, ...ALTERNATIVE_PAYMENT_STATUSES])].map((s) => Type.Literal(s)),
      {
        description: "A card payment's `status` or an alternative payment's `transaction.status` (IN_PROGRESS, APPROVED, DECLINED, FAILED).",
      },
    ),
  ),
});

/**
 * GET /v1/payments (`list`: card and alternative payments; `merchant_id` and
 * `point_of_sale_id` match card payments only) and its search, for these rails.
 */
export function paymentListQueries(rails: readonly string[]) {
  const filters = kindFilters(rails);
  return {
    list: Type.Object({ ...PaymentListQuery.properties, ...filters }),
    search: Type.Object({
      ...PaymentListQuery.properties,
      ...filters,
      currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3, description: 'ISO 4217.' })),
      order_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
      instrument_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Card payments only.' })),
      amount_gte: Type.Optional(Type.Number({ description: 'At least this amount, in major units of `currency` (required with it).' })),
      amount_lte: Type.Optional(Type.Number({ description: 'At most this amount, in major units of `currency` (required with it).' })),
    }),
  };
}
export type PaymentSearchQuery = Static<ReturnType<typeof paymentListQueries>['search']>;
