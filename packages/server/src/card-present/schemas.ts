import { Type, type Static } from 'typebox';
import { ListQuery } from '../http/pagination.js';
import { CardPayment, PaymentListQuery } from '../payments/schemas.js';
import { MoneyInput } from '../lib/money.js';

export const EntryMode = Type.Union([Type.Literal('chip'), Type.Literal('contactless'), Type.Literal('swipe')], {
  description: 'How the terminal read the card.',
});

/** The card read a terminal reports: the encrypted fields of POST /v1/instruments, the CVV optional. */
export const CardRead = Type.Object(
  {
    encrypted_number: Type.String({ minLength: 1, maxLength: 2048 }),
    encrypted_expiration_month: Type.String({ minLength: 1, maxLength: 2048 }),
    encrypted_expiration_year: Type.String({ minLength: 1, maxLength: 2048 }),
    encrypted_holder_name: Type.String({ minLength: 1, maxLength: 2048 }),
    encrypted_cvv: Type.Optional(Type.String({ minLength: 1, maxLength: 2048, description: 'Chip, contactless and swipe reads have none.' })),
  },
  { description: "Each field encrypted separately with the organization's active public key (RSA-OAEP, SHA-256, base64), as for POST /v1/instruments." },
);
export type CardRead = Static<typeof CardRead>;

export const CardPresentPayment = Type.Object(
  {
    ...CardPayment.properties,
    entry_mode: Type.Union([EntryMode, Type.Null()]),
  },
  { $id: 'CardPresentPayment', description: 'A card payment with `channel` card_present, made at a terminal of a point of sale.' },
);

export const CreateCardPresentPayment = Type.Object({
  amount: MoneyInput({ description: 'In major units of the currency, at most its minor digits.' }),
  currency: Type.String({ minLength: 3, maxLength: 3, description: 'ISO 4217.' }),
  order_id: Type.String({ minLength: 1, maxLength: 255, description: "Your unique reference: the charge's idempotency key." }),
  point_of_sale_id: Type.String({ minLength: 1, maxLength: 100, description: 'A point of sale of your organization (`pos-`).' }),
  terminal_id: Type.String({ minLength: 1, maxLength: 100, description: 'An active terminal (`ter-`) attached to that point of sale.' }),
  entry_mode: EntryMode,
  card: CardRead,
  description: Type.Optional(Type.String({ maxLength: 500 })),
  capture: Type.Optional(Type.Boolean({ default: true, description: 'false authorizes only.' })),
});
export type CreateCardPresentPayment = Static<typeof CreateCardPresentPayment>;

export const CardPresentListQuery = Type.Object({
  ...ListQuery.properties,
  status: PaymentListQuery.properties.status,
  point_of_sale_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  terminal_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});
export type CardPresentListQuery = Static<typeof CardPresentListQuery>;
