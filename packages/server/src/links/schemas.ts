import { Type, type Static } from 'typebox';
import { MetadataInput, MetadataView } from '../lib/metadata.js';
import { MoneyInput } from '../lib/money.js';

const Url = (description: string) => Type.Optional(Type.String({ maxLength: 2048, description }));

export const CreatePaymentLink = Type.Object({
  type: Type.Literal('payment'),
  expires_in: Type.Optional(Type.Integer({ description: 'Seconds; default 43200 (12 h), at most 86400 (24 h).' })),
  data: Type.Object({
    amount: Type.Object({
      value: Type.Optional(
        MoneyInput({ description: "Fixed amount in major units (not for `custom`); not below the currency's LINK_MIN_AMOUNT (COP 1000, USD 0.50, ...): 422." }),
      ),
      currency: Type.String({ minLength: 3, maxLength: 3 }),
      type: Type.Optional(
        Type.Union([Type.Literal('fixed'), Type.Literal('custom')], { description: '`custom`: the customer chooses within min_amount..max_amount.' }),
      ),
      min_amount: Type.Optional(
        MoneyInput({
          description:
            "`custom`: the lowest amount the customer may pay. Default, and floor: the currency's LINK_MIN_AMOUNT (COP 1000, USD 0.50, ...); below it is 422.",
        }),
      ),
      max_amount: Type.Optional(MoneyInput({ description: '`custom`: the highest amount (required); not below the floor either.' })),
    }),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    redirect_url: Url('Where the customer goes after paying (with payment_id).'),
    cancel_url: Url('Where "cancel" goes.'),
    multi_use: Type.Optional(Type.Boolean()),
    max_uses: Type.Optional(Type.Integer()),
  }),
  multi_use: Type.Optional(Type.Boolean({ description: 'Reusable link (also accepted inside data).' })),
  max_uses: Type.Optional(Type.Integer({ description: 'Payments a multi-use link accepts (1 to 10000).' })),
  metadata: Type.Optional(MetadataInput()),
});
export type CreatePaymentLink = Static<typeof CreatePaymentLink>;

export const CreateEnrollment = Type.Object({
  type: Type.Literal('card_enrollment'),
  expires_in: Type.Integer({ description: 'Seconds, 60 to 2592000 (30 days).' }),
  data: Type.Object({
    webhook: Type.String({ maxLength: 2048, description: 'Receives POST {"instrument_id"} with header Api-Key.' }),
    api_key: Type.String({ minLength: 8, maxLength: 500, description: 'Sent as the Api-Key header; stored encrypted.' }),
    allowed_origins: Type.Optional(
      Type.Array(Type.String({ maxLength: 300 }), {
        maxItems: 10,
        description:
          "The origins (`https://shop.example.com`, scheme, host and port only; `https` in production) of the pages allowed to embed the form in an iframe: its `Content-Security-Policy: frame-ancestors`, and the only origins its `postMessage` of the result goes to. Without it the form cannot be framed (`frame-ancestors 'none'`) and posts no message: open it as a page; the webhook gets the `instrument_id` either way.",
      }),
    ),
  }),
  metadata: Type.Optional(
    Type.Object({
      styleConfig: Type.Optional(
        Type.Object({
          text: Type.Optional(
            Type.Object({ headerTitle: Type.Optional(Type.String({ maxLength: 80 })), buttonText: Type.Optional(Type.String({ maxLength: 40 })) }),
          ),
          colors: Type.Optional(
            Type.Object({ primary: Type.Optional(Type.String({ pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$', description: 'Hex colour.' })) }),
          ),
          layout: Type.Optional(
            Type.Object({
              hideHeader: Type.Optional(Type.Boolean()),
              compact: Type.Optional(Type.Boolean()),
              borderRadius: Type.Optional(Type.Integer({ minimum: 0, maximum: 24 })),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type CreateEnrollment = Static<typeof CreateEnrollment>;

export const Link = Type.Object(
  {
    id: Type.String({ description: '`lnk-` prefix.' }),
    url: Type.String(),
    type: Type.Union([Type.Literal('payment'), Type.Literal('card_enrollment')]),
    status: Type.Union([Type.Literal('created'), Type.Literal('opened'), Type.Literal('used'), Type.Literal('expired')]),
    expires_at: Type.String({ format: 'date-time' }),
    payment_id: Type.Optional(Type.String({ description: 'Present once paid (the latest payment).' })),
    multi_use: Type.Boolean(),
    max_uses: Type.Integer(),
    uses: Type.Integer(),
    payments: Type.Array(Type.Object({ payment_id: Type.String(), status: Type.String() }), { description: 'Payments made through the link.' }),
    data: Type.Record(Type.String(), Type.Unknown()),
    instrument_id: Type.Optional(Type.String({ description: 'Enrollment links: the card saved.' })),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    metadata: MetadataView,
  },
  { $id: 'Link' },
);
export type LinkView = Static<typeof Link>;
