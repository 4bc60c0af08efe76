import { Type, type Static, type TSchema } from 'typebox';
import type { MethodRegistry } from '../methods/registry.js';
import { MetadataInput, MetadataView } from '../../lib/metadata.js';
import { MoneyInput } from '../../lib/money.js';
import { PaymentProcessor } from '../schemas.js';

const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }));

/** The customer fields of the built-in rails in the order the request schema has always listed them; another method's follow. */
const CUSTOMER_ORDER = ['phone_number', 'bank_id', 'document', 'document_type', 'first_name', 'last_name', 'email'];

/** POST /v1/payments/intents: `rail_id` and `customer` from the registered rails (their ids, their `customer` fragments). */
export function createIntentSchema(methods: MethodRegistry) {
  const fragments: Record<string, TSchema> = {};
  for (const rail of methods.rails()) Object.assign(fragments, rail.customer ?? {});
  const names = [...CUSTOMER_ORDER.filter((name) => name in fragments), ...Object.keys(fragments).filter((name) => !CUSTOMER_ORDER.includes(name))];
  return Type.Object({
    order_id: Type.String({ minLength: 1, maxLength: 255, description: 'Your unique reference: the idempotency key of the intent.' }),
    amount: MoneyInput({ description: 'COP, greater than 0, at most 2 decimals.' }),
    currency: Type.String({ description: 'Must be COP.' }),
    rail_id: Type.String({ description: `${methods.railList()}.` }),
    rail_type: Type.String({ description: 'BANK_TRANSFER (bank redirect, QR), WALLET (both wallets) or CASH (cash at a store).' }),
    expires_in: Type.Optional(
      Type.Integer({
        description:
          "CASH only: seconds the customer has to pay, from 3600 (one hour) to 2592000 (30 days); default CASH_VALIDITY_SECONDS (72 hours). Other rails: 422, their validity is the deployment's setting.",
      }),
    ),
    description: Text(500),
    return_url: Type.Optional(Type.String({ maxLength: 2048, description: 'Bank redirect: where the customer returns after the bank.' })),
    customer: Type.Optional(Type.Object(Object.fromEntries(names.map((name) => [name, fragments[name]!])))),
    metadata: Type.Optional(MetadataInput()),
  });
}

export interface CreateIntent {
  order_id: string;
  amount: Static<ReturnType<typeof MoneyInput>>;
  currency: string;
  rail_id: string;
  rail_type: string;
  expires_in?: number | undefined;
  description?: string | undefined;
  return_url?: string | undefined;
  customer?: Record<string, string | undefined> | undefined;
  metadata?: Static<ReturnType<typeof MetadataInput>> | undefined;
}

const CashVoucher = Type.Object(
  {
    reference: Type.String({
      description:
        "The payment reference the customer gives at the store, unique across the gateway: the gateway's own (the sandbox's) is 12 digits, the last a Luhn check digit; a processor's (Mercado Pago's Efecty) is the one it gave.",
    }),
    agreement_code: Type.Union([Type.String(), Type.Null()], {
      description:
        "The collector's agreement code (\"convenio\") the store asks for with the reference; null for a processor's voucher (Mercado Pago's Efecty: `rail.payment_link`, its printable voucher, shows it).",
    }),
    barcode: Type.Object({
      url: Type.String({ description: 'The Code 128 barcode as an SVG image, a public URL of the gateway the customer can open or print.' }),
      text: Type.String({
        description:
          "The barcode's human-readable line. The gateway's own (GS1-128): (415) collector location number, (8020) reference, (3900) amount in whole pesos, (96) last day to pay (YYYYMMDD, Colombian time); a processor's: the digits it gave.",
      }),
    }),
    expires_at: Type.String({ format: 'date-time', description: 'The customer must pay before this; then the payment is DECLINED / REJECTED.' }),
  },
  { description: 'CASH: the voucher the customer pays at a store or banking agent with; `rail.payment_link` is its printable page.' },
);

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
      alias: Type.Optional(
        Type.String({
          description:
            "QR rail: what the customer types in their bank's app: the merchant's active Bre-B key (the first registered; GET /v1/bre-b/keys), or, for a merchant without one, the payment's own short code.",
        }),
      ),
      cash: Type.Optional(CashVoucher),
    }),
    expires_at: Type.String({ format: 'date-time' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    metadata: MetadataView,
    processor: Type.Optional(PaymentProcessor),
  },
  { $id: 'ApmPayment' },
);
export type ApmPayment = Static<typeof ApmPayment>;
