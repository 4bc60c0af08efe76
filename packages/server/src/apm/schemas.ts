import { Type, type Static } from 'typebox';
import { MetadataInput, MetadataView } from '../lib/metadata.js';
import { MoneyInput } from '../lib/money.js';

export const RAILS = ['BANK_REDIRECT', 'WALLET_PUSH', 'WALLET_OTP', 'QR_INTEROP'] as const;
export type RailId = (typeof RAILS)[number];
export const RAIL_TYPES: Record<RailId, 'BANK_TRANSFER' | 'WALLET'> = {
  BANK_REDIRECT: 'BANK_TRANSFER',
  WALLET_PUSH: 'WALLET',
  WALLET_OTP: 'WALLET',
  QR_INTEROP: 'BANK_TRANSFER',
};

const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }));

export const CreateIntent = Type.Object({
  order_id: Type.String({ minLength: 1, maxLength: 255, description: 'Your unique reference: the idempotency key of the intent.' }),
  amount: MoneyInput({ description: 'COP, greater than 0, at most 2 decimals.' }),
  currency: Type.String({ description: 'Must be COP.' }),
  rail_id: Type.String({ description: 'BANK_REDIRECT, WALLET_PUSH, WALLET_OTP or QR_INTEROP.' }),
  rail_type: Type.String({ description: 'BANK_TRANSFER (bank redirect, QR) or WALLET (both wallets).' }),
  description: Text(500),
  return_url: Type.Optional(Type.String({ maxLength: 2048, description: 'Bank redirect: where the customer returns after the bank.' })),
  customer: Type.Optional(
    Type.Object({
      phone_number: Text(20),
      bank_id: Text(16),
      document: Text(20),
      document_type: Text(10),
      first_name: Text(100),
      last_name: Text(100),
      email: Text(254),
    }),
  ),
  metadata: Type.Optional(MetadataInput()),
});
export type CreateIntent = Static<typeof CreateIntent>;

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const ApmPayment = Type.Object(
  {
    id: Type.String({
      description:
        "`pay-` prefix: the payment's id, equal to `payment_id`. Every payment, card or alternative, carries `id`, so a list of both pages by it (`starting_after`).",
    }),
    status: Type.String({
      description: "The payment's status: its `transaction.status` (IN_PROGRESS, APPROVED, DECLINED or FAILED), as the list's `status` filter reads it.",
    }),
    payment_id: Type.String({ description: "`pay-` prefix: status queries and the OTP confirm step (the intent creation response's name of `id`)." }),
    order_id: Type.String(),
    currency: Type.Literal('COP'),
    description: Nullable(Type.String()),
    transaction: Type.Object({
      id: Type.String({ description: '`trx-` prefix.' }),
      type: Type.Literal('PURCHASE'),
      status: Type.String({ description: 'IN_PROGRESS, APPROVED, DECLINED or FAILED (spec section 3).' }),
      status_detail: Type.String({ description: 'PENDING, PENDING_PROVIDER, SUCCESS or REJECTED.' }),
      amount: Type.Number(),
    }),
    rail: Type.Object({
      id: Type.String(),
      payment_link: Type.Optional(Type.String({ description: 'Bank redirect: where to send the customer.' })),
      qr: Type.Optional(
        Type.Object({ image: Type.String({ description: 'PNG data URI.' }), content: Type.String({ description: 'EMVCo merchant-presented payload.' }) }),
      ),
      alias: Type.Optional(Type.String({ description: 'QR rail: a short code the customer can type.' })),
    }),
    expires_at: Type.String({ format: 'date-time' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    metadata: MetadataView,
  },
  { $id: 'ApmPayment' },
);
export type ApmPayment = Static<typeof ApmPayment>;
