/**
 * What a merchant builds a chargeback's answer from: the analysis (the reason
 * code's family, the payment, the deadlines, the evidence so far and what to
 * add), the team's comments, and the evidence files. Files are added and
 * deleted only while the chargeback is OPEN, each in a transaction that
 * touches the OPEN row, so a dispute submitted at the same moment sees all of
 * them or none (service.ts holds the chargeback's own state changes).
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../clock/clock.js';
import type { Db, Executor } from '../db/database.js';
import type { ChargebackAttachmentsTable } from '../db/schema.js';
import { ApiError } from '../errors/api-error.js';
import { paginate, type ListQuery, type Page } from '../http/pagination.js';
import { newId } from '../lib/ids.js';
import { formatMinor } from '../lib/money.js';
import { checkFile, decodeBase64, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, type CheckedFile } from './files.js';
import type { Analysis, AttachmentMeta, Base64Upload, ChargebackStatus, Comment } from './schemas.js';
import { attachmentView, type ChargebackService } from './service.js';

/** Reason-code families of the two big networks. */
function classify(code: string): Analysis['reason'] {
  const visa = /^1[0-3]\.\d{1,2}$/.exec(code);
  if (visa) {
    const family = code.split('.')[0];
    const category = ({ '10': 'fraud', '11': 'authorization', '12': 'processing_error', '13': 'consumer_dispute' } as const)[family as '10'];
    return { code, description: '', network: 'visa', category };
  }
  if (/^48\d\d$/.test(code)) {
    const fraud = ['4837', '4840', '4849', '4863', '4870', '4871'];
    const authorization = ['4807', '4808', '4812'];
    const processing = ['4831', '4834', '4842', '4846'];
    const category = fraud.includes(code)
      ? 'fraud'
      : authorization.includes(code)
        ? 'authorization'
        : processing.includes(code)
          ? 'processing_error'
          : 'consumer_dispute';
    return { code, description: '', network: 'mastercard', category };
  }
  return { code, description: '', network: 'unknown', category: 'unknown' };
}

const SUGGESTED: Record<Analysis['reason']['category'], string[]> = {
  fraud: [
    'proof that the cardholder authorized the payment (3-D Secure result, AVS/CVV match)',
    "delivery confirmation to the cardholder's address",
    'prior undisputed payments with the same card',
    'IP address and device of the purchase',
  ],
  authorization: ['the authorization approval code and date', 'proof the amount captured matches the amount authorized'],
  processing_error: ['the receipt showing the amount and currency charged', 'proof the payment was not processed twice', 'proof of timely presentment'],
  consumer_dispute: [
    'proof of delivery or of the service rendered',
    'the terms of sale and refund policy the customer accepted',
    'correspondence with the customer',
  ],
  unknown: ['the receipt', 'proof of delivery', 'correspondence with the customer'],
};

export interface UploadedFile {
  filename: string | undefined;
  contentType: string | undefined;
  bytes: Buffer | undefined;
}

export class ChargebackEvidence {
  constructor(
    private readonly db: Db,
    private readonly chargebacks: ChargebackService,
    /** The sandbox timers' clock: respond_by is in the organization's time. */
    private readonly clock: Clock,
  ) {}

  async analysis(organizationId: string, id: string): Promise<Analysis> {
    const row = await this.chargebacks.row(organizationId, id);
    const payment = await this.db
      .selectFrom('payments')
      .select(['id', 'amount', 'amount_captured', 'amount_refunded', 'captured_at', 'currency'])
      .where('id', '=', row.payment_id)
      .executeTakeFirstOrThrow();
    const attachments = await this.chargebacks.attachmentsOf([row.id]);
    const comments = await this.db
      .selectFrom('chargeback_comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('chargeback_id', '=', row.id)
      .executeTakeFirstOrThrow();
    const now = await this.clock.now(organizationId);
    const deadline = Date.parse(row.respond_by);
    const open = row.status === 'OPEN';
    const submitted = row.disputed_at !== null;
    const counted = submitted ? attachments.filter((a) => (JSON.parse(row.evidence_attachment_ids ?? '[]') as string[]).includes(a.id)) : attachments;
    const reason = { ...classify(row.reason_code), description: row.reason };
    const captured = Number(payment.amount_captured);
    const nextStep =
      row.status === 'OPEN'
        ? now >= deadline
          ? 'None: the response deadline passed; the chargeback is lost.'
          : 'Accept it, or dispute it with evidence (text and attachments) before respond_by.'
        : row.status === 'DISPUTED'
          ? 'None: the network decides by decision_due_at.'
          : 'None: the chargeback is closed.';
    return {
      chargeback_id: row.id,
      status: row.status as ChargebackStatus,
      reason,
      amount: formatMinor(Number(row.amount), row.currency),
      currency: row.currency,
      payment: {
        id: payment.id,
        amount: formatMinor(Number(payment.amount), payment.currency),
        amount_captured: formatMinor(captured, payment.currency),
        amount_refunded: formatMinor(Number(payment.amount_refunded), payment.currency),
        captured_at: payment.captured_at,
        disputed_share: captured > 0 ? Math.min(1, Number(row.amount) / captured) : 0,
      },
      deadlines: {
        opened_at: row.created_at,
        respond_by: row.respond_by,
        seconds_to_respond: open ? Math.max(0, Math.floor((deadline - now) / 1000)) : 0,
        overdue: open && now >= deadline,
        decision_due_at: row.decision_due_at,
        resolved_at: row.resolved_at,
      },
      evidence: {
        submitted,
        submitted_at: row.disputed_at,
        text_present: Boolean(row.evidence_text),
        attachments: counted.length,
        attachment_bytes: counted.reduce((sum, a) => sum + Number(a.size), 0),
        attachment_types: [...new Set(counted.map((a) => a.content_type))].sort(),
        suggested: SUGGESTED[reason.category],
      },
      reviewed: row.reviewed_at !== null,
      comments: Number(comments.n),
      next_step: nextStep,
    };
  }

  async comments(organizationId: string, id: string, params: ListQuery): Promise<Page<Comment>> {
    await this.chargebacks.row(organizationId, id);
    const query = this.db.selectFrom('chargeback_comments').selectAll().where('chargeback_id', '=', id);
    const page = await paginate(query, { id: 'id', createdAt: 'created_at', kind: 'chargebackComment' }, params);
    return {
      has_more: page.has_more,
      data: page.data.map((c) => ({ id: c.id, chargeback_id: c.chargeback_id, text: c.text, author: c.author, created_at: c.created_at })),
    };
  }

  /** A note of the merchant's team, in any state; the author is the calling API client. */
  async addComment(organizationId: string, id: string, clientId: string, text: string): Promise<Comment> {
    const row = await this.chargebacks.row(organizationId, id);
    const comment = {
      id: newId('chargebackComment'),
      organization_id: organizationId,
      chargeback_id: row.id,
      author: clientId,
      text,
      created_at: this.clock.realIso(),
    };
    await this.db.insertInto('chargeback_comments').values(comment).execute();
    return { id: comment.id, chargeback_id: comment.chargeback_id, text: comment.text, author: comment.author, created_at: comment.created_at };
  }

  async listAttachments(organizationId: string, id: string): Promise<AttachmentMeta[]> {
    const row = await this.chargebacks.row(organizationId, id);
    return (await this.chargebacks.attachmentsOf([row.id])).map(attachmentView);
  }

  /** JSON upload: `{filename, content_type, content_base64}`. */
  async uploadBase64(organizationId: string, id: string, clientId: string, input: Base64Upload): Promise<AttachmentMeta> {
    const bytes = decodeBase64(input.content_base64);
    if (bytes && bytes.length > MAX_ATTACHMENT_BYTES) throw tooLarge();
    const checked = checkFile(
      { filename: input.filename, contentType: input.content_type, bytes },
      { filename: 'filename', contentType: 'content_type', content: 'content_base64' },
      { detectOctetStream: false },
    );
    const problems = 'problems' in checked ? checked.problems : [];
    if (!bytes) problems.unshift({ field: 'content_base64', message: 'is not base64' });
    if (problems.length > 0 || !('file' in checked)) throw ApiError.validation(problems);
    return this.store(organizationId, id, clientId, checked.file);
  }

  /** multipart/form-data upload: the part named `file`. */
  async uploadPart(organizationId: string, id: string, clientId: string, part: UploadedFile): Promise<AttachmentMeta> {
    if (!part.bytes) throw ApiError.validation([{ field: 'file', message: 'is required: send the file as the form part named "file"' }]);
    const checked = checkFile(
      { filename: part.filename ?? '', contentType: part.contentType ?? 'application/octet-stream', bytes: part.bytes },
      { filename: 'file.filename', contentType: 'file.content_type', content: 'file' },
      { detectOctetStream: true },
    );
    if ('problems' in checked) throw ApiError.validation(checked.problems);
    return this.store(organizationId, id, clientId, checked.file);
  }

  /** Evidence is added while the chargeback is OPEN; the touch of the row orders it against a dispute. */
  private async store(organizationId: string, id: string, clientId: string, file: CheckedFile): Promise<AttachmentMeta> {
    const row = await this.chargebacks.openRow(organizationId, id, 'given evidence');
    const now = this.clock.realIso();
    const attachment: ChargebackAttachmentsTable = {
      id: newId('attachment'),
      organization_id: organizationId,
      chargeback_id: row.id,
      filename: file.filename,
      content_type: file.contentType,
      size: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      content: file.bytes,
      created_by: clientId,
      created_at: now,
    };
    const stored = await this.db.transaction().execute(async (trx) => {
      if (!(await this.touchOpen(trx, row.id))) return false;
      const count = await trx
        .selectFrom('chargeback_attachments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('chargeback_id', '=', row.id)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_ATTACHMENTS)
        throw new ApiError('attachment_limit_reached', `A chargeback holds at most ${MAX_ATTACHMENTS} attachments; delete one first.`);
      await trx.insertInto('chargeback_attachments').values(attachment).execute();
      return true;
    });
    if (!stored) return this.chargebacks.lostRace(organizationId, id, 'given evidence');
    return attachmentView(attachment);
  }

  /** Locks the chargeback row while it is OPEN and answerable (PostgreSQL: until the transaction ends). */
  private async touchOpen(trx: Executor, id: string): Promise<boolean> {
    const now = this.clock.realIso();
    const result = await trx
      .updateTable('chargebacks')
      .set({ updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'OPEN')
      .where('respond_by', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async download(organizationId: string, id: string, attachmentId: string): Promise<{ filename: string; contentType: string; content: Buffer }> {
    const row = await this.chargebacks.row(organizationId, id);
    const file = await this.db
      .selectFrom('chargeback_attachments')
      .select(['filename', 'content_type', 'content'])
      .where('id', '=', attachmentId)
      .where('chargeback_id', '=', row.id)
      .executeTakeFirst();
    if (!file) throw ApiError.notFound('attachment');
    return { filename: file.filename, contentType: file.content_type, content: Buffer.from(file.content) };
  }

  /** Only while OPEN: a submitted dispute's evidence stays as it was sent. */
  async deleteAttachment(organizationId: string, id: string, attachmentId: string): Promise<{ id: string; deleted: true }> {
    const row = await this.chargebacks.row(organizationId, id);
    const exists = await this.db
      .selectFrom('chargeback_attachments')
      .select('id')
      .where('id', '=', attachmentId)
      .where('chargeback_id', '=', row.id)
      .executeTakeFirst();
    if (!exists) throw ApiError.notFound('attachment');
    await this.chargebacks.openRow(organizationId, id, 'changed');
    const deleted = await this.db.transaction().execute(async (trx) => {
      if (!(await this.touchOpen(trx, row.id))) return false;
      await trx.deleteFrom('chargeback_attachments').where('id', '=', attachmentId).where('chargeback_id', '=', row.id).execute();
      return true;
    });
    if (!deleted) return this.chargebacks.lostRace(organizationId, id, 'changed');
    return { id: attachmentId, deleted: true };
  }
}

export function tooLarge(): ApiError {
  return new ApiError('payload_too_large', `An attachment is at most ${MAX_ATTACHMENT_BYTES} bytes (5 MiB).`);
}
