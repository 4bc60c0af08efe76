import { Type, type Static } from 'typebox';
import { ListQuery } from '../http/pagination.js';
import { MoneyInput } from '../lib/money.js';
import { EntryMode } from '../card-present/schemas.js';

export const InstructionStatus = Type.Union(
  [
    Type.Literal('PENDING'),
    Type.Literal('DELIVERED'),
    Type.Literal('ACKNOWLEDGED'),
    Type.Literal('PROCESSING'),
    Type.Literal('COMPLETED'),
    Type.Literal('FAILED'),
    Type.Literal('EXPIRED'),
  ],
  {
    description:
      'PENDING (created; the terminal is not connected), DELIVERED (sent to the terminal), ACKNOWLEDGED (the terminal showed it), PROCESSING (the card read arrived; the authorization is in flight), COMPLETED (payment approved or authorized), FAILED (declined, or the order was already paid otherwise), EXPIRED (not paid within its lifetime).',
  },
);

export const PaymentInstruction = Type.Object(
  {
    id: Type.String({ description: '`pin-` prefix.' }),
    status: InstructionStatus,
    terminal_id: Type.String(),
    point_of_sale_id: Type.String({ description: "The terminal's point of sale when the instruction was created." }),
    merchant_id: Type.String(),
    order_id: Type.String({ description: "Becomes the payment's order_id." }),
    amount: Type.String({ description: 'With exactly the currency\'s minor digits ("15000.00"), as on card payments.' }),
    currency: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    capture: Type.Boolean({ description: 'false: the payment is only authorized (capture it with POST /v1/card-present/payments/{id}/capture).' }),
    entry_mode: Type.Union([EntryMode, Type.Null()]),
    payment_id: Type.Union([Type.String(), Type.Null()], { description: 'The card-present payment, once the terminal reported the card read.' }),
    failure: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()], {
      description: 'Why it FAILED (`card_declined` with the response code, `order_id_conflict`).',
    }),
    expires_at: Type.String({ format: 'date-time' }),
    delivered_at: Type.Union([Type.String(), Type.Null()]),
    acknowledged_at: Type.Union([Type.String(), Type.Null()]),
    completed_at: Type.Union([Type.String(), Type.Null()], { description: 'When it reached COMPLETED, FAILED or EXPIRED.' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'PaymentInstruction' },
);
export type PaymentInstruction = Static<typeof PaymentInstruction>;

export const CreatePaymentInstruction = Type.Object({
  terminal_id: Type.String({ minLength: 1, maxLength: 100, description: 'An active terminal of your organization attached to a point of sale.' }),
  amount: MoneyInput({ description: 'In major units of the currency, at most its minor digits.' }),
  currency: Type.String({ minLength: 3, maxLength: 3, description: 'ISO 4217.' }),
  order_id: Type.String({ minLength: 1, maxLength: 255, description: 'Your unique reference; the payment gets it.' }),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  capture: Type.Optional(Type.Boolean({ default: true, description: 'false authorizes only.' })),
  expires_in: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 86400, description: 'Seconds until EXPIRED if not paid. Default PAYMENT_INSTRUCTION_TTL_SECONDS (300).' }),
  ),
});
export type CreatePaymentInstruction = Static<typeof CreatePaymentInstruction>;

export const InstructionListQuery = Type.Object({
  ...ListQuery.properties,
  status: Type.Optional(InstructionStatus),
  terminal_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});
export type InstructionListQuery = Static<typeof InstructionListQuery>;

export const InstructionParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const SocketQuery = Type.Object({
  terminal_id: Type.String({ minLength: 1, maxLength: 100, description: 'The terminal this connection speaks for.' }),
});
