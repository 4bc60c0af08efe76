/**
 * Request and response schemas of chargebacks (docs/api-conventions.md "Paths the
 * specification does not show"; spec 4.9: search, get, accept, mark reviewed,
 * dispute, analysis, comments, attachment upload, download and delete).
 */
import { Type, type Static } from 'typebox';
import { ChargebackFee } from '../fees/schemas.js';
import { ListQuery } from '../http/pagination.js';
import { ATTACHMENT_TYPES, MAX_ATTACHMENTS } from './files.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Time = Type.String({ format: 'date-time' });

export const CHARGEBACK_STATUSES = ['OPEN', 'ACCEPTED', 'DISPUTED', 'WON', 'LOST'] as const;
export type ChargebackStatus = (typeof CHARGEBACK_STATUSES)[number];
const Status = (options: { description?: string } = {}) =>
  Type.Union([Type.Literal('OPEN'), Type.Literal('ACCEPTED'), Type.Literal('DISPUTED'), Type.Literal('WON'), Type.Literal('LOST')], options);

export const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export const AttachmentParams = Type.Object({ id: Type.String({ maxLength: 100 }), att_id: Type.String({ maxLength: 100 }) });

export const ChargebackQuery = Type.Object({
  ...ListQuery.properties,
  status: Type.Optional(Status()),
  payment_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  reason_code: Type.Optional(Type.String({ minLength: 1, maxLength: 8 })),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217; required with `amount_gte` or `amount_lte`.' })),
  amount_gte: Type.Optional(Type.Number({ description: 'Major units of `currency` (needs `currency`).' })),
  amount_lte: Type.Optional(Type.Number({ description: 'Major units of `currency` (needs `currency`).' })),
  reviewed: Type.Optional(Type.Boolean({ description: 'true: marked reviewed; false: not yet.' })),
  respond_by_lte: Type.Optional(Type.String({ format: 'date-time', description: 'Due by this time (with `status=OPEN`: the ones to answer first).' })),
});
export type ChargebackQuery = Static<typeof ChargebackQuery>;

export const AttachmentMeta = Type.Object(
  {
    id: Type.String({ description: '`att-` prefix.' }),
    chargeback_id: Type.String(),
    filename: Type.String(),
    content_type: Type.String(),
    size: Type.Integer({ description: 'Bytes.' }),
    sha256: Type.String({ description: 'Hex SHA-256 of the bytes.' }),
    created_by: Type.String({ description: 'The API client that uploaded it.' }),
    created_at: Time,
  },
  { $id: 'ChargebackAttachment' },
);
export type AttachmentMeta = Static<typeof AttachmentMeta>;

export const Chargeback = Type.Object(
  {
    id: Type.String({ description: '`chb-` prefix.' }),
    payment_id: Type.String(),
    status: Status({
      description:
        'OPEN when the issuer raises it; ACCEPTED (the merchant gave up), DISPUTED (evidence sent, the network decides), WON, LOST (also when nobody answered by respond_by).',
    }),
    amount: Type.String({ description: 'Disputed amount, with the currency\'s minor digits, like card payments ("75.50").' }),
    currency: Type.String(),
    reason_code: Type.String({ description: "The network's reason code (Visa 10.4: card-absent fraud)." }),
    reason: Type.String(),
    respond_by: Type.String({ format: 'date-time', description: 'Accept or dispute before this time; after it an OPEN chargeback is LOST.' }),
    reviewed_at: Nullable(Time),
    reviewed_by: Nullable(Type.String({ description: 'The API client that marked it reviewed.' })),
    evidence: Type.Union([Type.Object({ text: Type.String(), attachment_ids: Type.Array(Type.String()), submitted_at: Time }), Type.Null()], {
      description: 'What the dispute submitted; null before a dispute.',
    }),
    decision_due_at: Nullable(Type.String({ format: 'date-time', description: 'When the network decides a DISPUTED chargeback.' })),
    resolved_at: Nullable(Time),
    resolution: Nullable(Type.String({ description: "Why it ended: accepted, deadline passed, or the issuer's reason." })),
    fee: ChargebackFee,
    attachments: Type.Array(AttachmentMeta, { description: 'Evidence files, oldest first (at most 10).' }),
    created_at: Time,
    updated_at: Time,
  },
  { $id: 'Chargeback' },
);
export type Chargeback = Static<typeof Chargeback>;

export const DisputeInput = Type.Object({
  evidence: Type.String({
    minLength: 1,
    maxLength: 20_000,
    pattern: '\\S',
    description: "The merchant's statement (sandbox: `winning_evidence` wins, `losing_evidence` loses).",
  }),
  attachment_ids: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      maxItems: MAX_ATTACHMENTS,
      uniqueItems: true,
      description: 'Attachments of this chargeback to submit; omitted, every attachment is submitted.',
    }),
  ),
});
export type DisputeInput = Static<typeof DisputeInput>;

export const CommentInput = Type.Object({ text: Type.String({ minLength: 1, maxLength: 5000, pattern: '\\S' }) });

export const Comment = Type.Object(
  {
    id: Type.String({ description: '`cbc-` prefix.' }),
    chargeback_id: Type.String(),
    text: Type.String(),
    author: Type.String({ description: 'The API client that wrote it.' }),
    created_at: Time,
  },
  { $id: 'ChargebackComment' },
);
export type Comment = Static<typeof Comment>;

export const Base64Upload = Type.Object({
  filename: Type.String({ minLength: 1, maxLength: 255 }),
  content_type: Type.String({ minLength: 1, maxLength: 100, description: `One of ${ATTACHMENT_TYPES.join(', ')}; the bytes must be of that type.` }),
  content_base64: Type.String({ minLength: 1, description: 'The file, base64 (at most 5 MiB decoded).' }),
});
export type Base64Upload = Static<typeof Base64Upload>;

/** The multipart form: one file part named `file` (its filename and Content-Type are the attachment's). */
export const MultipartUpload = Type.Object({
  file: Type.String({
    format: 'binary',
    description: `The file part: its filename, and a Content-Type of ${ATTACHMENT_TYPES.join(', ')} (application/octet-stream: typed by its bytes). At most 5 MiB.`,
  }),
});

export const Deleted = Type.Object({ id: Type.String(), deleted: Type.Literal(true) });

const Money = Type.String({ description: 'With the currency\'s minor digits ("75.50").' });

export const Analysis = Type.Object(
  {
    chargeback_id: Type.String(),
    status: Status(),
    reason: Type.Object({
      code: Type.String(),
      description: Type.String(),
      network: Type.String({ description: "`visa`, `mastercard` or `unknown`, from the code's form." }),
      category: Type.Union([
        Type.Literal('fraud'),
        Type.Literal('authorization'),
        Type.Literal('processing_error'),
        Type.Literal('consumer_dispute'),
        Type.Literal('unknown'),
      ]),
    }),
    amount: Money,
    currency: Type.String(),
    payment: Type.Object({
      id: Type.String(),
      amount: Money,
      amount_captured: Money,
      amount_refunded: Money,
      captured_at: Nullable(Time),
      disputed_share: Type.Number({ description: 'Disputed amount over captured amount, 0 to 1.' }),
    }),
    deadlines: Type.Object({
      opened_at: Time,
      respond_by: Time,
      seconds_to_respond: Type.Integer({ description: 'Until respond_by while OPEN; 0 otherwise or once passed.' }),
      overdue: Type.Boolean({ description: 'OPEN past respond_by (becomes LOST at once).' }),
      decision_due_at: Nullable(Time),
      resolved_at: Nullable(Time),
    }),
    evidence: Type.Object({
      submitted: Type.Boolean(),
      submitted_at: Nullable(Time),
      text_present: Type.Boolean(),
      attachments: Type.Integer(),
      attachment_bytes: Type.Integer(),
      attachment_types: Type.Array(Type.String()),
      suggested: Type.Array(Type.String(), { description: 'Documents that usually answer this reason category.' }),
    }),
    reviewed: Type.Boolean(),
    comments: Type.Integer(),
    next_step: Type.String({ description: 'What the merchant can still do.' }),
  },
  { $id: 'ChargebackAnalysis' },
);
export type Analysis = Static<typeof Analysis>;
