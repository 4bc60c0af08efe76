import { ListQuery } from '../http/pagination.js';
import { Type, type Static } from 'typebox';
import { NewUser } from '../users/routes.js';
import { MoneyInput } from '../lib/money.js';

export const CHECKOUT_SESSION_MAX_SECONDS = 86_400;
export const CHECKOUT_SESSION_DEFAULT_SECONDS = 900;
export const MAX_ALLOWED_ORIGINS = 10;

export const CreateCheckoutSession = Type.Object({
  mode: Type.Optional(
    Type.Union([Type.Literal('payment'), Type.Literal('enrollment')], {
      default: 'payment',
      description:
        "`payment`: the browser may make one card payment of this session. `enrollment`: it may save one card for the session's user, without charging.",
    }),
  ),
  amount: Type.Optional(
    MoneyInput({ description: 'Mode payment (required): in major units of the currency, at most its minor digits, as POST /v1/payments takes it.' }),
  ),
  currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3, description: 'Mode payment (required): ISO 4217.' })),
  order_id: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      description:
        "Mode payment: the payment's `order_id` (its idempotency key). Default: the session id. An order_id that already has a payment is 409 `order_id_conflict`.",
    }),
  ),
  description: Type.Optional(Type.String({ maxLength: 500, description: "Mode payment: the payment's description." })),
  user_id: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'Mode enrollment: an existing user (`usr-`) of your organization. Give this or `user`.' }),
  ),
  user: Type.Optional(Type.Object(NewUser.properties, { description: 'Mode enrollment: a new user, created with the session (as POST /v1/users does).' })),
  allowed_origins: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
      maxItems: MAX_ALLOWED_ORIGINS,
      description:
        "The origins of the pages that may mount the embedded fields with this session (`https://shop.example`; in the sandbox also `http://localhost:<port>`). Empty or absent: any origin. The gateway's frame refuses to start on any other page.",
    }),
  ),
  expires_in: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: CHECKOUT_SESSION_MAX_SECONDS,
      default: CHECKOUT_SESSION_DEFAULT_SECONDS,
      description: 'Seconds until the session (and its token) expires: default 900 (15 minutes), at most 86400.',
    }),
  ),
});
export type CreateCheckoutSession = Static<typeof CreateCheckoutSession>;

const Nullable = (schema: ReturnType<typeof Type.String>) => Type.Union([schema, Type.Null()]);

export const CheckoutSession = Type.Object(
  {
    id: Type.String({ description: '`cs-` prefix.' }),
    mode: Type.Union([Type.Literal('payment'), Type.Literal('enrollment')]),
    status: Type.Union([Type.Literal('open'), Type.Literal('complete'), Type.Literal('expired')], {
      description: '`complete` once its payment was created (approved or not) or its card saved; `expired` at `expires_at` or after POST .../expire.',
    }),
    amount: Nullable(Type.String({ description: 'Mode payment: with exactly the currency\'s minor digits ("15000.00").' })),
    currency: Nullable(Type.String()),
    order_id: Nullable(Type.String()),
    description: Nullable(Type.String()),
    user_id: Nullable(Type.String({ description: 'Mode enrollment: the user the card is saved for.' })),
    allowed_origins: Type.Array(Type.String()),
    instrument_id: Nullable(Type.String({ description: 'The card the session tokenized last: the only one its payment or enrollment may use.' })),
    payment_id: Nullable(Type.String({ description: 'Mode payment, once complete.' })),
    payment_status: Type.Optional(
      Type.String({
        description:
          "GET of one session, once its payment exists: the payment's status (`PENDING` while its 3-D Secure challenge waits for the cardholder, then `APPROVED` or `REJECTED`).",
      }),
    ),
    expires_at: Type.String({ format: 'date-time' }),
    completed_at: Nullable(Type.String({ format: 'date-time' })),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    token: Type.Optional(
      Type.String({
        description:
          "Only in the answer to POST /v1/checkout/sessions (and its idempotent replay): the Bearer token for the browser (PasarelaFields.mount `token`). It can read the public key, tokenize a card, and make this session's one payment or enrollment; nothing else. Never returned by GET.",
      }),
    ),
  },
  { $id: 'CheckoutSession' },
);
export type CheckoutSession = Static<typeof CheckoutSession>;

export const CheckoutSessionParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const ListCheckoutSessionsQuery = Type.Object({
  ...ListQuery.properties,
  status: Type.Optional(
    Type.Union([Type.Literal('open'), Type.Literal('complete'), Type.Literal('expired')], {
      description: 'Only sessions in this status, as GET answers it (an open session past `expires_at` is `expired`).',
    }),
  ),
});
export type ListCheckoutSessionsQuery = Static<typeof ListCheckoutSessionsQuery>;
