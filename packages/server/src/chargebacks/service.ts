/**
 * Chargeback handling. States (docs/sandbox.md, Chargebacks):
 *
 *   OPEN --accept--> ACCEPTED                 (the merchant gives up; funds stay with the cardholder)
 *   OPEN --dispute--> DISPUTED --network--> WON | LOST
 *   OPEN --respond_by passes--> LOST
 *
 * `review` marks a chargeback reviewed (reviewed_at) in any state without
 * changing its status. Every change is a compare-and-set on the row's status
 * (and, for the merchant's answers, on `respond_by` still being ahead), in one
 * transaction with its `chargeback.updated` event and follow-up job.
 */
import { createHash } from 'node:crypto';
import type { Db, Executor } from '../db/database.js';
import type { ChargebackAttachmentsTable, ChargebacksTable } from '../db/schema.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { recordEvent } from '../events/store.js';
import { paginate, type ListQuery, type Page } from '../http/pagination.js';
import { newId } from '../lib/ids.js';
import { amountProblemMessage, formatMinor, minorToNumber, toMinorUnits } from '../lib/money.js';
import type { Clock } from '../clock/clock.js';
import type { CardNetworkConnector } from '../connectors/card-network/connector.js';
import { requireNetwork } from '../connectors/card-network/unavailable.js';
import { checkFile, decodeBase64, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, type CheckedFile } from './files.js';
import { enqueueChargebackDecision } from './jobs.js';
import type { Analysis, AttachmentMeta, Base64Upload, Chargeback, ChargebackQuery, ChargebackStatus, Comment, DisputeInput } from './schemas.js';

type Row = ChargebacksTable;
type AttachmentRow = Omit<ChargebackAttachmentsTable, 'content'>;

const META_COLUMNS = ['id', 'organization_id', 'chargeback_id', 'filename', 'content_type', 'size', 'sha256', 'created_by', 'created_at'] as const;

function attachmentView(a: AttachmentRow): AttachmentMeta {
  return {
    id: a.id,
    chargeback_id: a.chargeback_id,
    filename: a.filename,
    content_type: a.content_type,
    size: Number(a.size),
    sha256: a.sha256,
    created_by: a.created_by,
    created_at: a.created_at,
  };
}

export function chargebackView(row: Row, attachments: AttachmentRow[]): Chargeback {
  return {
    id: row.id,
    payment_id: row.payment_id,
    status: row.status as ChargebackStatus,
    amount: formatMinor(Number(row.amount), row.currency),
    currency: row.currency,
    reason_code: row.reason_code,
    reason: row.reason,
    respond_by: row.respond_by,
    reviewed_at: row.reviewed_at,
    reviewed_by: row.reviewed_by,
    evidence:
      row.disputed_at && row.evidence_text !== null
        ? { text: row.evidence_text, attachment_ids: JSON.parse(row.evidence_attachment_ids ?? '[]') as string[], submitted_at: row.disputed_at }
        : null,
    decision_due_at: row.decision_due_at,
    resolved_at: row.resolved_at,
    resolution: row.resolution,
    attachments: attachments.map(attachmentView),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The body of `chargeback.opened` and `chargeback.updated` (amounts as numbers, like every event body). */
export function chargebackEventData(row: Row, previousStatus: string) {
  return {
    chargeback: {
      id: row.id,
      payment_id: row.payment_id,
      status: row.status,
      previous_status: previousStatus,
      amount: minorToNumber(Number(row.amount), row.currency),
      currency: row.currency,
      reason_code: row.reason_code,
      respond_by: row.respond_by,
      reviewed_at: row.reviewed_at,
      resolution: row.resolution,
    },
  };
}

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

export class ChargebackService {
  constructor(
    private readonly db: Db,
    private readonly network: CardNetworkConnector,
    private readonly settings: { decisionDelaySeconds: number },
    /** The sandbox timers' clock: respond_by and decision_due_at are in the organization's time. */
    private readonly clock: Clock,
  ) {}

  private async row(organizationId: string, id: string, db: Executor = this.db): Promise<Row> {
    const row = await db.selectFrom('chargebacks').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!row) throw ApiError.notFound('chargeback');
    return row;
  }

  private attachmentsOf(chargebackIds: string[], db: Executor = this.db): Promise<AttachmentRow[]> {
    if (chargebackIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('chargeback_attachments').select(META_COLUMNS).where('chargeback_id', 'in', chargebackIds).orderBy('id').execute();
  }

  private async view(row: Row): Promise<Chargeback> {
    return chargebackView(row, await this.attachmentsOf([row.id]));
  }

  async get(organizationId: string, id: string): Promise<Chargeback> {
    return this.view(await this.row(organizationId, id));
  }

  /** The search of spec 4.9: filters, newest first, keyset pages. */
  async list(organizationId: string, params: ChargebackQuery): Promise<Page<Chargeback>> {
    const details: ErrorDetail[] = [];
    const bounds: Record<'amount_gte' | 'amount_lte', number | undefined> = { amount_gte: undefined, amount_lte: undefined };
    for (const field of ['amount_gte', 'amount_lte'] as const) {
      const value = params[field];
      if (value === undefined) continue;
      if (!params.currency) {
        details.push({ field, message: 'needs currency, to read the amount in its minor units' });
        continue;
      }
      const minor = toMinorUnits(value, params.currency);
      if ('problem' in minor)
        details.push({ field: minor.problem === 'unknown_currency' ? 'currency' : field, message: amountProblemMessage(minor.problem, params.currency) });
      else bounds[field] = minor.minor;
    }
    if (details.length > 0) throw ApiError.validation(details);
    let query = this.db.selectFrom('chargebacks').selectAll().where('organization_id', '=', organizationId);
    if (params.status) query = query.where('status', '=', params.status);
    if (params.payment_id) query = query.where('payment_id', '=', params.payment_id);
    if (params.reason_code) query = query.where('reason_code', '=', params.reason_code);
    if (params.currency) query = query.where('currency', '=', params.currency);
    if (bounds.amount_gte !== undefined) query = query.where('amount', '>=', bounds.amount_gte);
    if (bounds.amount_lte !== undefined) query = query.where('amount', '<=', bounds.amount_lte);
    if (params.reviewed === true) query = query.where('reviewed_at', 'is not', null);
    if (params.reviewed === false) query = query.where('reviewed_at', 'is', null);
    if (params.respond_by_lte) query = query.where('respond_by', '<=', new Date(params.respond_by_lte).toISOString());
    const page = await paginate(query, { id: 'id', createdAt: 'created_at' }, params);
    const attachments = await this.attachmentsOf(page.data.map((c) => c.id));
    return {
      has_more: page.has_more,
      data: page.data.map((c) =>
        chargebackView(
          c,
          attachments.filter((a) => a.chargeback_id === c.id),
        ),
      ),
    };
  }

  /**
   * Compare-and-set of the status (and, for the merchant's answers, of
   * respond_by still ahead), with the `chargeback.updated` event; false when
   * the row moved meanwhile.
   */
  private async transition(
    trx: Executor,
    row: Row,
    to: ChargebackStatus,
    changes: Partial<Row>,
    guard: { beforeDeadline?: boolean; afterDeadline?: boolean } = {},
  ): Promise<Row | undefined> {
    const now = this.clock.realIso();
    let update = trx
      .updateTable('chargebacks')
      .set({ ...changes, status: to, updated_at: now })
      .where('id', '=', row.id)
      .where('status', '=', row.status);
    if (guard.beforeDeadline || guard.afterDeadline) {
      const clockNow = await this.clock.nowIso(row.organization_id, trx);
      update = update.where('respond_by', guard.beforeDeadline ? '>' : '<=', clockNow);
    }
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return undefined;
    const updated: Row = { ...row, ...changes, status: to, updated_at: now };
    await recordEvent(trx, row.organization_id, 'chargeback.updated', chargebackEventData(updated, row.status), undefined, this.clock);
    return updated;
  }

  private notOpen(row: Row, action: string): ApiError {
    const why = row.status === 'LOST' && row.resolution?.startsWith('No answer') ? ' (its response deadline passed)' : '';
    return new ApiError('chargeback_not_open', `The chargeback is ${row.status}${why}; only an OPEN chargeback can be ${action}.`);
  }

  /**
   * The current row, ready for a merchant's answer: an OPEN chargeback past
   * respond_by is expired first (its job may not have run yet), then anything
   * not OPEN is 409 chargeback_not_open.
   */
  private async openRow(organizationId: string, id: string, action: string): Promise<Row> {
    let row = await this.row(organizationId, id);
    if (row.status === 'OPEN' && row.respond_by <= (await this.clock.nowIso(organizationId))) {
      await this.expire(row.id);
      row = await this.row(organizationId, id);
    }
    if (row.status !== 'OPEN') throw this.notOpen(row, action);
    return row;
  }

  /** After a lost compare-and-set: the reason, from the row as it is now. */
  private async lostRace(organizationId: string, id: string, action: string): Promise<never> {
    throw this.notOpen(await this.openRow(organizationId, id, action), action);
  }

  async accept(organizationId: string, id: string): Promise<Chargeback> {
    const row = await this.openRow(organizationId, id, 'accepted');
    const now = this.clock.realIso();
    const updated = await this.db
      .transaction()
      .execute((trx) =>
        this.transition(
          trx,
          row,
          'ACCEPTED',
          { resolved_at: now, resolution: 'Accepted by the merchant: the funds stay with the cardholder.' },
          { beforeDeadline: true },
        ),
      );
    if (!updated) return this.lostRace(organizationId, id, 'accepted');
    return this.view(updated);
  }

  /** Marks the chargeback reviewed, in any state; the first review's time and client stay. */
  async review(organizationId: string, id: string, clientId: string): Promise<Chargeback> {
    const row = await this.row(organizationId, id);
    if (row.reviewed_at) return this.view(row);
    const now = this.clock.realIso();
    const updated = await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('chargebacks')
        .set({ reviewed_at: now, reviewed_by: clientId, updated_at: now })
        .where('id', '=', row.id)
        .where('reviewed_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      const current = await this.row(organizationId, id, trx);
      await recordEvent(trx, row.organization_id, 'chargeback.updated', chargebackEventData(current, current.status), undefined, this.clock);
      return current;
    });
    return this.view(updated ?? (await this.row(organizationId, id)));
  }

  async dispute(organizationId: string, id: string, input: DisputeInput): Promise<Chargeback> {
    const row = await this.openRow(organizationId, id, 'disputed');
    requireNetwork(this.network);
    const now = this.clock.realIso();
    const decisionDueAt = await this.clock.isoAfter(organizationId, this.settings.decisionDelaySeconds);
    const updated = await this.db.transaction().execute(async (trx) => {
      // The evidence set is read after the compare-and-set, which an upload or delete also touches: no file slips in or out.
      const changed = await this.transition(
        trx,
        row,
        'DISPUTED',
        { disputed_at: now, decision_due_at: decisionDueAt, evidence_text: input.evidence },
        { beforeDeadline: true },
      );
      if (!changed) return undefined;
      const attachments = await this.attachmentsOf([row.id], trx);
      let ids = attachments.map((a) => a.id);
      if (input.attachment_ids) {
        const problems = input.attachment_ids
          .map((attachmentId, i) =>
            ids.includes(attachmentId) ? undefined : { field: `attachment_ids.${i}`, message: 'no such attachment on this chargeback' },
          )
          .filter((p): p is ErrorDetail => p !== undefined);
        if (problems.length > 0) throw ApiError.validation(problems);
        ids = input.attachment_ids;
      }
      await trx
        .updateTable('chargebacks')
        .set({ evidence_attachment_ids: JSON.stringify(ids) })
        .where('id', '=', row.id)
        .execute();
      await enqueueChargebackDecision(trx, organizationId, row.id, this.settings.decisionDelaySeconds, this.clock);
      return { ...changed, evidence_attachment_ids: JSON.stringify(ids) };
    });
    if (!updated) return this.lostRace(organizationId, id, 'disputed');
    return this.view(updated);
  }

  /** The expiry job (and a merchant's late answer): an OPEN chargeback past respond_by is LOST. */
  async expire(id: string): Promise<void> {
    const row = await this.db.selectFrom('chargebacks').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.status !== 'OPEN') return;
    if (row.respond_by > (await this.clock.nowIso(row.organization_id))) throw new Error('the response deadline has not passed yet; look again later');
    await this.db
      .transaction()
      .execute((trx) =>
        this.transition(
          trx,
          row,
          'LOST',
          { resolved_at: this.clock.realIso(), resolution: 'No answer by respond_by: the chargeback is lost.' },
          { afterDeadline: true },
        ),
      );
  }

  /** The decision job: asks the network, records WON or LOST. */
  async decide(id: string): Promise<void> {
    const row = await this.db.selectFrom('chargebacks').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.status !== 'DISPUTED') return;
    const payment = await this.db.selectFrom('payments').select('network_reference').where('id', '=', row.payment_id).executeTakeFirst();
    const ids = JSON.parse(row.evidence_attachment_ids ?? '[]') as string[];
    const files =
      ids.length === 0
        ? []
        : await this.db.selectFrom('chargeback_attachments').select(['filename', 'content_type', 'content']).where('id', 'in', ids).orderBy('id').execute();
    const decision = await this.network.decideDispute({
      reference: row.id,
      networkReference: payment?.network_reference ?? '',
      reasonCode: row.reason_code,
      amount: Number(row.amount),
      currency: row.currency,
      evidence: {
        text: row.evidence_text ?? '',
        attachments: files.map((f) => ({ filename: f.filename, contentType: f.content_type, content: Buffer.from(f.content) })),
      },
    });
    await this.db.transaction().execute((trx) => this.recordDecision(trx, row, decision));
  }

  /**
   * The network's decision on a DISPUTED chargeback, inside the caller's
   * transaction: the decision job's answer, or a `dispute.decided`
   * notification (inbound.ts). False when the chargeback moved meanwhile.
   */
  async recordDecision(trx: Executor, row: Row, decision: { outcome: 'won' | 'lost'; reason: string }): Promise<boolean> {
    if (row.status !== 'DISPUTED') return false;
    const updated = await this.transition(trx, row, decision.outcome === 'won' ? 'WON' : 'LOST', {
      resolved_at: this.clock.realIso(),
      resolution: decision.reason,
    });
    return updated !== undefined;
  }

  async analysis(organizationId: string, id: string): Promise<Analysis> {
    const row = await this.row(organizationId, id);
    const payment = await this.db
      .selectFrom('payments')
      .select(['id', 'amount', 'amount_captured', 'amount_refunded', 'captured_at', 'currency'])
      .where('id', '=', row.payment_id)
      .executeTakeFirstOrThrow();
    const attachments = await this.attachmentsOf([row.id]);
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
    await this.row(organizationId, id);
    const query = this.db.selectFrom('chargeback_comments').selectAll().where('chargeback_id', '=', id);
    const page = await paginate(query, { id: 'id', createdAt: 'created_at' }, params);
    return {
      has_more: page.has_more,
      data: page.data.map((c) => ({ id: c.id, chargeback_id: c.chargeback_id, text: c.text, author: c.author, created_at: c.created_at })),
    };
  }

  /** A note of the merchant's team, in any state; the author is the calling API client. */
  async addComment(organizationId: string, id: string, clientId: string, text: string): Promise<Comment> {
    const row = await this.row(organizationId, id);
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
    const row = await this.row(organizationId, id);
    return (await this.attachmentsOf([row.id])).map(attachmentView);
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
    const row = await this.openRow(organizationId, id, 'given evidence');
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
    if (!stored) return this.lostRace(organizationId, id, 'given evidence');
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
    const row = await this.row(organizationId, id);
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
    const row = await this.row(organizationId, id);
    const exists = await this.db
      .selectFrom('chargeback_attachments')
      .select('id')
      .where('id', '=', attachmentId)
      .where('chargeback_id', '=', row.id)
      .executeTakeFirst();
    if (!exists) throw ApiError.notFound('attachment');
    await this.openRow(organizationId, id, 'changed');
    const deleted = await this.db.transaction().execute(async (trx) => {
      if (!(await this.touchOpen(trx, row.id))) return false;
      await trx.deleteFrom('chargeback_attachments').where('id', '=', attachmentId).where('chargeback_id', '=', row.id).execute();
      return true;
    });
    if (!deleted) return this.lostRace(organizationId, id, 'changed');
    return { id: attachmentId, deleted: true };
  }
}

export function tooLarge(): ApiError {
  return new ApiError('payload_too_large', `An attachment is at most ${MAX_ATTACHMENT_BYTES} bytes (5 MiB).`);
}
