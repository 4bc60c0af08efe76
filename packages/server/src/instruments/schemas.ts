import { Type, type Static } from 'typebox';
import { MetadataInput, MetadataQuery, MetadataView } from '../lib/metadata.js';

const Encrypted = (what: string) =>
  Type.Optional(Type.String({ minLength: 1, maxLength: 2048, description: `${what}, RSA-OAEP-SHA256 with the active public key, base64.` }));

export const BinData = Type.Object(
  {
    bin: Type.String(),
    card_brand: Type.String({ description: 'visa, mastercard, amex, diners, discover, jcb or unknown.' }),
    card_type: Type.String({ description: 'credit, debit, prepaid or unknown.' }),
    issuer: Type.Union([Type.String(), Type.Null()]),
    country: Type.Union([Type.String(), Type.Null()], { description: 'ISO 3166-1 alpha-3.' }),
    three_ds_version: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: 'The 3-D Secure version the BIN supports (`2.2.0`, `2.1.0`, `1.0.2`), null when none. Shown by GET /v1/bins/{bin}.',
      }),
    ),
    installments: Type.Optional(
      Type.Object(
        {
          allowed: Type.Boolean({ description: 'Whether a payment may be charged in more than one installment (credit cards).' }),
          min: Type.Integer({ minimum: 1, maximum: 1, description: 'Always 1.' }),
          max: Type.Integer({ minimum: 1, maximum: 36, description: '36 when allowed, 1 otherwise: the range of `installments` on POST /v1/payments.' }),
        },
        { description: 'The installments the card takes. Shown by GET /v1/bins/{bin}.' },
      ),
    ),
  },
  { $id: 'BinData' },
);

export const Instrument = Type.Object(
  {
    id: Type.String({ description: '`ins-` prefix.' }),
    type: Type.Literal('CARD'),
    status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('DELETED')]),
    card: Type.Object({
      last_four_digits: Type.String(),
      bin_data: BinData,
      expiration_month: Type.Integer(),
      expiration_year: Type.Integer(),
      holder_name: Type.String(),
    }),
    metadata: MetadataView,
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Instrument' },
);
export type Instrument = Static<typeof Instrument>;

/** GET /v1/instruments/{id}: the same view, with the full number when revealed (`?include=number`). */
export const InstrumentWithNumber = Type.Object({
  ...Instrument.properties,
  card: Type.Object({
    ...Instrument.properties.card.properties,
    number: Type.Optional(
      Type.String({
        description:
          'The full card number: only with `?include=number`, for a token with `instruments:read-sensitive-data` of a client marked PCI DSS SAQ D. Each such read is recorded (event `instrument.number_revealed`).',
      }),
    ),
  }),
});
export type InstrumentWithNumber = Static<typeof InstrumentWithNumber>;

export const InstrumentQuery = Type.Object({
  include: Type.Optional(Type.Literal('number', { description: '`number`: the full card number (see `card.number`).' })),
});

export const CreateInstrument = Type.Object({
  type: Type.Literal('CARD'),
  encrypted_number: Encrypted('Card number'),
  encrypted_expiration_month: Encrypted('Expiry month (1-12)'),
  encrypted_expiration_year: Encrypted('Expiry year (4 digits)'),
  encrypted_holder_name: Encrypted('Cardholder name'),
  encrypted_cvv: Encrypted('CVV (checked, never stored)'),
  card: Type.Optional(
    Type.Object(
      {
        number: Type.String({ maxLength: 32 }),
        expiration_month: Type.String({ maxLength: 4 }),
        expiration_year: Type.String({ maxLength: 4 }),
        holder_name: Type.String({ maxLength: 200 }),
        cvv: Type.String({ maxLength: 8 }),
      },
      { description: 'Direct tokenization: only for clients marked PCI DSS SAQ D.' },
    ),
  ),
  metadata: Type.Optional(
    MetadataInput(
      'Your own key-value pairs (docs/api-conventions.md "Metadata"): at most 50 keys of 1 to 40 letters, digits, `_`, `-` or `.`, each value a string of at most 500 characters. The same card tokenized again keeps its pairs unless this is sent (then it replaces them). Not for card numbers or other secrets.',
    ),
  ),
});
export type CreateInstrument = Static<typeof CreateInstrument>;

export const UpdateInstrument = Type.Object({
  expiration_month: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
  expiration_year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })),
  holder_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })),
  metadata: Type.Optional(MetadataInput("Replaces all the instrument's pairs (`{}` removes them); omitted, they stay. Limits as on create.")),
});
export type UpdateInstrument = Static<typeof UpdateInstrument>;

export const InstrumentListQuery = Type.Object({ metadata: MetadataQuery });

export const InstrumentParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export const BinParams = Type.Object({ bin: Type.String({ pattern: '^(\\d{6}|\\d{8})$', description: '6 or 8 digits.' }) });
