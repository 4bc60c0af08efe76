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
import type { Db, Executor } from '../db/database.js';
import type { ChargebackAttachmentsTable, ChargebacksTable } from '../db/schema.js';
import type { Loose } from '../http/checks.js';
import { amountRange } from '../http/amount-checks.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { recordEvent } from '../events/store.js';
import { paginate, type Page } from '../http/pagination.js';
import { formatMinor, minorToNumber } from '../lib/money.js';
import type { Clock } from '../clock/clock.js';
import type { CardNetworkConnector } from '../connectors/card-network/connector.js';
import { requireNetwork } from '../connectors/card-network/unavailable.js';
import { enqueueChargebackDecision } from './jobs.js';
import type { ChargebackFee } from '../fees/schemas.js';
import type { AttachmentMeta, Chargeback, ChargebackQuery, ChargebackStatus, DisputeInput } from './schemas.js';

type Row = ChargebacksTable;
type AttachmentRow = Omit<ChargebackAttachmentsTable, 'content'>;

const META_COLUMNS = ['id', 'organization_id', 'chargeback_id', 'filename', 'content_type', 'size', 'sha256', 'created_by', 'created_at'] as const;

export function attachmentView(a: AttachmentRow): AttachmentMeta {
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

/** The chargeback's fee as the API shows it (major-unit string), or null when none was charged. */
export function chargebackFeeView(row: Pick<Row, 'fee_amount' | 'fee_rule_id' | 'currency'>): ChargebackFee {
  if (row.fee_amount === null || row.fee_rule_id === null) return null;
  return { amount: formatMinor(Number(row.fee_amount), row.currency), currency: row.currency, rule_id: row.fee_rule_id };
}

/** The chargeback's fee in an event's body (a JSON number of major units, like every event amount), or null. */
export function chargebackFeeData(row: Pick<Row, 'fee_amount' | 'fee_rule_id' | 'currency'>) {
  if (row.fee_amount === null || row.fee_rule_id === null) return null;
  return { amount: minorToNumber(Number(row.fee_amount), row.currency), currency: row.currency, rule_id: row.fee_rule_id };
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
    fee: chargebackFeeView(row),
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
      fee: chargebackFeeData(row),
    },
  };
}

const CHARGEBACK_NEEDS_CURRENCY = 'needs currency, to read the amount in its minor units';

/** The problems of GET /v1/chargebacks's query that need no database: its amount filters. */
export const chargebackListProblems = (query: Loose): ErrorDetail[] => amountRange(query, CHARGEBACK_NEEDS_CURRENCY).details;

export class ChargebackService {
  constructor(
    private readonly db: Db,
    private readonly network: CardNetworkConnector,
    private readonly settings: { decisionDelaySeconds: number },
    /** The sandbox timers' clock: respond_by and decision_due_at are in the organization's time. */
    private readonly clock: Clock,
  ) {}

  /** The organization's chargeback, or 404 (evidence.ts uses it too). */
  async row(organizationId: string, id: string, db: Executor = this.db): Promise<Row> {
    const row = await db.selectFrom('chargebacks').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!row) throw ApiError.notFound('chargeback');
    return row;
  }

  attachmentsOf(chargebackIds: string[], db: Executor = this.db): Promise<AttachmentRow[]> {
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
    // Checked by the route already (chargebackListProblems); the bounds in minor units.
    const { bounds, details } = amountRange(params, CHARGEBACK_NEEDS_CURRENCY);
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
    const page = await paginate(query, { id: 'id', createdAt: 'created_at', kind: 'chargeback' }, params);
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
  async openRow(organizationId: string, id: string, action: string): Promise<Row> {
    let row = await this.row(organizationId, id);
    if (row.status === 'OPEN' && row.respond_by <= (await this.clock.nowIso(organizationId))) {
      await this.expire(row.id);
      row = await this.row(organizationId, id);
    }
    if (row.status !== 'OPEN') throw this.notOpen(row, action);
    return row;
  }

  /** After a lost compare-and-set: the reason, from the row as it is now. */
  async lostRace(organizationId: string, id: string, action: string): Promise<never> {
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

  /** The decision job: asks the network, records WON or LOST; a network that tells it by notification only is not asked (undefined). */
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
    if (!decision) return;
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
}
