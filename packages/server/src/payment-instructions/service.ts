/**
 * Payment instructions (`pin-`, docs/api-conventions.md): a merchant asks one of its
 * terminals to take a card payment. The instruction is written with its
 * `payment_instruction.created` event and its expiry job in one transaction;
 * then the terminal's WebSocket (hub.ts) delivers it, the terminal
 * acknowledges it and reports the card read, and the read becomes a
 * card-present payment (card-present/service.ts) whose row is inserted in the
 * same transaction that claims the instruction (PROCESSING). The payment's
 * final event settles the instruction (outcomes.ts), so a crash between the
 * authorization and its recording still ends COMPLETED or FAILED once the
 * payment's recovery job has run.
 *
 * States: PENDING -> DELIVERED -> ACKNOWLEDGED -> PROCESSING -> COMPLETED | FAILED;
 * PENDING, DELIVERED and ACKNOWLEDGED -> EXPIRED by the expiry job. Every
 * change is a compare-and-set on the status.
 */
import { sql } from 'kysely';
import type { Db, Executor } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import type { PaymentInstructionStatus } from '../db/schema.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { recordEvent } from '../events/store.js';
import { paginate, type Page } from '../http/pagination.js';
import { enqueueJob } from '../jobs/store.js';
import { newId } from '../lib/ids.js';
import { isoPlusSeconds } from '../lib/time.js';
import type { Clock } from '../clock/clock.js';
import { parseAmount } from '../payments/service.js';
import type { CardPresentService, CardPresentPayment } from '../card-present/service.js';
import type { CardRead } from '../card-present/schemas.js';
import type { CreatePaymentInstruction, InstructionListQuery, PaymentInstruction } from './schemas.js';
import { instructionEventData, instructionView, type InstructionRow } from './view.js';

export type { InstructionRow };

export const INSTRUCTION_JOBS = { expire: 'payment_instruction.expire' } as const;

/** The PostgreSQL NOTIFY channel of new instructions; the payload is the terminal id. */
export const INSTRUCTION_CHANNEL = 'pasarela_payment_instructions';

/** Instructions a terminal may still act on. */
export const OPEN_STATUSES: PaymentInstructionStatus[] = ['PENDING', 'DELIVERED', 'ACKNOWLEDGED'];

/** A refusal sent back over the socket, in the shape of the HTTP error body. */
export class TerminalError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
  }
}

type Listener = (row: InstructionRow) => void;

export class PaymentInstructionService {
  private readonly listeners = new Set<Listener>();

  constructor(
    readonly db: Db,
    private readonly cardPresent: CardPresentService,
    private readonly settings: { ttlSeconds: number; notify?: boolean },
    /** The sandbox timers' clock: expires_at is in the organization's time. */
    private readonly clock: Clock,
  ) {}

  /** In-process notice of a new or changed instruction (the hub pushes it to a terminal connected here). */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(row: InstructionRow): void {
    for (const listener of this.listeners) listener(row);
  }

  async create(organizationId: string, body: CreatePaymentInstruction): Promise<{ instruction: PaymentInstruction; created: boolean }> {
    const errors: ErrorDetail[] = [];
    const amount = parseAmount(body.amount, body.currency);
    if ('error' in amount) errors.push(amount.error);
    const terminal = await this.cardPresent.terminalAt(organizationId, body.terminal_id);
    if ('error' in terminal) errors.push(terminal.error);
    if (errors.length > 0) throw ApiError.validation(errors);
    const minor = (amount as { minor: number }).minor;
    const { point } = terminal as Exclude<typeof terminal, { error: ErrorDetail }>;

    const existing = await this.byOrder(organizationId, body.order_id);
    if (existing) return { instruction: this.sameOrder(existing, body, minor), created: false };
    const paid = await this.db
      .selectFrom('payments')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('order_id', '=', body.order_id)
      .executeTakeFirst();
    if (paid) throw new ApiError('order_id_conflict', `order_id ${body.order_id} was already used for payment ${paid.id}.`);

    const now = this.clock.realIso();
    const ttl = body.expires_in ?? this.settings.ttlSeconds;
    const row: InstructionRow = {
      id: newId('paymentInstruction'),
      organization_id: organizationId,
      terminal_id: body.terminal_id,
      point_of_sale_id: point.id,
      merchant_id: point.merchant_id,
      order_id: body.order_id,
      amount: minor,
      currency: body.currency,
      description: body.description ?? null,
      capture_mode: (body.capture ?? true) ? 'automatic' : 'manual',
      status: 'PENDING',
      entry_mode: null,
      payment_id: null,
      failure_code: null,
      failure_message: null,
      // In the organization's (sandbox) time, from the same instant as created_at.
      expires_at: isoPlusSeconds(Date.parse(now) + (await this.clock.offsetMs(organizationId)), ttl),
      delivered_at: null,
      acknowledged_at: null,
      completed_at: null,
      created_at: now,
      updated_at: now,
    };
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx.insertInto('payment_instructions').values(row).execute();
        await recordEvent(trx, organizationId, 'payment_instruction.created', instructionEventData(row), undefined, this.clock);
        // Only this job marks an unpaid instruction EXPIRED and tells the merchant (the terminal's checks read expires_at): it keeps trying.
        await enqueueJob(trx, { type: INSTRUCTION_JOBS.expire, payload: { instruction_id: row.id }, delaySeconds: ttl, organizationId }, this.clock);
        // PostgreSQL: every process listening hears of it at commit (hub.ts), not only at its next poll.
        if (this.settings.notify) await sql`select pg_notify(${INSTRUCTION_CHANNEL}, ${row.terminal_id})`.execute(trx);
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.byOrder(organizationId, body.order_id);
      if (!winner) throw error;
      return { instruction: this.sameOrder(winner, body, minor), created: false };
    }
    this.changed(row);
    return { instruction: instructionView(row), created: true };
  }

  private byOrder(organizationId: string, orderId: string): Promise<InstructionRow | undefined> {
    return this.db
      .selectFrom('payment_instructions')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('order_id', '=', orderId)
      .executeTakeFirst();
  }

  /** The same order_id again is the same instruction; with another terminal or amount it is 409. */
  private sameOrder(existing: InstructionRow, body: CreatePaymentInstruction, minor: number): PaymentInstruction {
    const differs = [
      Number(existing.amount) !== minor || existing.currency !== body.currency ? 'amount or currency' : '',
      existing.terminal_id !== body.terminal_id ? 'terminal' : '',
    ].filter(Boolean);
    if (differs.length > 0)
      throw new ApiError('order_id_conflict', `order_id ${body.order_id} was already used for an instruction with another ${differs.join(' and ')}.`);
    return instructionView(existing);
  }

  async get(organizationId: string, id: string): Promise<PaymentInstruction> {
    const row = await this.db
      .selectFrom('payment_instructions')
      .selectAll()
      .where('id', '=', id)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (!row) throw ApiError.notFound('payment instruction');
    return instructionView(row);
  }

  async list(organizationId: string, params: InstructionListQuery): Promise<Page<PaymentInstruction>> {
    let query = this.db.selectFrom('payment_instructions').selectAll().where('organization_id', '=', organizationId);
    if (params.status) query = query.where('status', '=', params.status);
    if (params.terminal_id) query = query.where('terminal_id', '=', params.terminal_id);
    const page = await paginate(query, { id: 'id', createdAt: 'created_at', kind: 'paymentInstruction' }, params);
    return { data: page.data.map(instructionView), has_more: page.has_more };
  }

  // What the terminal's socket does (hub.ts).

  /**
   * Open instructions of these terminals: PENDING only (the poll), or also
   * those delivered before (a new connection). Unexpired in each terminal's
   * organization's time (the sandbox clock, like the deadline itself), so a
   * terminal is never sent an instruction it could no longer acknowledge.
   */
  async openFor(terminals: Array<{ terminalId: string; organizationId: string }>, statuses: PaymentInstructionStatus[]): Promise<InstructionRow[]> {
    if (terminals.length === 0) return [];
    const byOrganization = new Map<string, string[]>();
    for (const { terminalId, organizationId } of terminals) {
      const ids = byOrganization.get(organizationId);
      if (ids) ids.push(terminalId);
      else byOrganization.set(organizationId, [terminalId]);
    }
    const clauses = await Promise.all(
      [...byOrganization].map(async ([organizationId, terminalIds]) => ({ organizationId, terminalIds, now: await this.clock.nowIso(organizationId) })),
    );
    return this.db
      .selectFrom('payment_instructions')
      .selectAll()
      .where('status', 'in', statuses)
      .where((eb) =>
        eb.or(clauses.map((c) => eb.and([eb('organization_id', '=', c.organizationId), eb('terminal_id', 'in', c.terminalIds), eb('expires_at', '>', c.now)]))),
      )
      .orderBy('id')
      .limit(100)
      .execute();
  }

  /** PENDING -> DELIVERED; false when another process (or connection) delivered it first. */
  async markDelivered(row: InstructionRow): Promise<InstructionRow | undefined> {
    const now = this.clock.realIso();
    const result = await this.db
      .updateTable('payment_instructions')
      .set({ status: 'DELIVERED', delivered_at: now, updated_at: now })
      .where('id', '=', row.id)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? { ...row, status: 'DELIVERED', delivered_at: now, updated_at: now } : undefined;
  }

  private async terminalInstruction(terminal: { organizationId: string; terminalId: string }, id: unknown): Promise<InstructionRow> {
    if (typeof id !== 'string' || id.length === 0 || id.length > 100)
      throw new TerminalError('validation_failed', 'The message is invalid.', [{ field: 'instruction_id', message: 'is required' }]);
    const row = await this.db
      .selectFrom('payment_instructions')
      .selectAll()
      .where('id', '=', id)
      .where('organization_id', '=', terminal.organizationId)
      .where('terminal_id', '=', terminal.terminalId)
      .executeTakeFirst();
    if (!row) throw new TerminalError('not_found', 'No such payment instruction for this terminal.');
    return row;
  }

  /** DELIVERED (or PENDING, delivered over another connection) -> ACKNOWLEDGED; again is a no-op. */
  async acknowledge(terminal: { organizationId: string; terminalId: string }, id: unknown): Promise<PaymentInstruction> {
    const row = await this.terminalInstruction(terminal, id);
    if (row.status === 'ACKNOWLEDGED') return instructionView(row);
    const now = this.clock.realIso();
    const result = await this.db
      .updateTable('payment_instructions')
      .set({ status: 'ACKNOWLEDGED', acknowledged_at: now, delivered_at: row.delivered_at ?? now, updated_at: now })
      .where('id', '=', row.id)
      .where('status', 'in', ['PENDING', 'DELIVERED'])
      .where('expires_at', '>', await this.clock.nowIso(row.organization_id))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw await this.notOpen(await this.terminalInstruction(terminal, id));
    return instructionView({ ...row, status: 'ACKNOWLEDGED', acknowledged_at: now, delivered_at: row.delivered_at ?? now, updated_at: now });
  }

  private async notOpen(row: InstructionRow): Promise<TerminalError> {
    if (row.status === 'EXPIRED' || (OPEN_STATUSES.includes(row.status) && row.expires_at <= (await this.clock.nowIso(row.organization_id)))) {
      return new TerminalError('conflict', `The instruction expired at ${row.expires_at}.`);
    }
    return new TerminalError('conflict', `The instruction is ${row.status}.`);
  }

  /**
   * The terminal's card read: the card-present payment is created at the
   * card network, in the transaction that claims the instruction
   * (PROCESSING). A result sent again returns the same payment. The fraud
   * rules screen it for the API client whose token opened the terminal's
   * connection; a decline fails the instruction through the payment's
   * `payment.card.rejected` (outcomes.ts), without calling the network.
   */
  async report(
    terminal: { organizationId: string; clientId: string; terminalId: string },
    id: unknown,
    card: CardRead,
    entryMode: 'chip' | 'contactless' | 'swipe',
  ): Promise<{ instruction: PaymentInstruction; payment: CardPresentPayment }> {
    const row = await this.terminalInstruction(terminal, id);
    if (row.payment_id) {
      return { instruction: instructionView(row), payment: await this.cardPresent.get(row.organization_id, row.payment_id) };
    }
    if (!OPEN_STATUSES.includes(row.status) || row.expires_at <= (await this.clock.nowIso(row.organization_id))) throw await this.notOpen(row);

    const charge = {
      minor: Number(row.amount),
      currency: row.currency,
      orderId: row.order_id,
      description: row.description,
      captureMode: row.capture_mode,
      pointOfSaleId: row.point_of_sale_id,
      merchantId: row.merchant_id,
      terminalId: row.terminal_id,
      entryMode,
      card,
    };
    // The payment row is inserted in the transaction that claims the instruction.
    const claim = async (trx: Executor, paymentId: string) => {
      const now = this.clock.realIso();
      const result = await trx
        .updateTable('payment_instructions')
        .set({ status: 'PROCESSING', payment_id: paymentId, entry_mode: entryMode, updated_at: now })
        .where('id', '=', row.id)
        .where('status', 'in', OPEN_STATUSES)
        .where('expires_at', '>', await this.clock.nowIso(row.organization_id, trx))
        .executeTakeFirst();
      // Lost to the expiry job: roll the payment back.
      if (Number(result.numUpdatedRows) !== 1) throw await this.notOpen({ ...row, status: 'EXPIRED' });
    };
    let outcome: { payment: CardPresentPayment; created: boolean };
    try {
      outcome = await this.cardPresent.authorizeRead({ organizationId: row.organization_id, clientId: terminal.clientId }, charge, {
        cardField: 'card.',
        onCreate: claim,
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'order_id_conflict') {
        await this.fail(row, 'order_id_conflict', error.message);
        throw new TerminalError('order_id_conflict', error.message);
      }
      throw error;
    }
    const current = (await this.db.selectFrom('payment_instructions').selectAll().where('id', '=', row.id).executeTakeFirst())!;
    // Not created: a result racing this one made the payment (the same answer), or the order was paid otherwise.
    if (!outcome.created && current.payment_id !== outcome.payment.id) {
      const message = `order_id ${row.order_id} was already used for payment ${outcome.payment.id}.`;
      await this.fail(row, 'order_id_conflict', message);
      throw new TerminalError('order_id_conflict', message);
    }
    return { instruction: instructionView(current), payment: outcome.payment };
  }

  private async fail(row: InstructionRow, code: string, message: string): Promise<PaymentInstruction> {
    const now = this.clock.realIso();
    const changes = { status: 'FAILED' as const, failure_code: code, failure_message: message, completed_at: now, updated_at: now };
    await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('payment_instructions')
        .set(changes)
        .where('id', '=', row.id)
        .where('status', 'in', OPEN_STATUSES)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1)
        await recordEvent(trx, row.organization_id, 'payment_instruction.failed', instructionEventData({ ...row, ...changes }), undefined, this.clock);
    });
    return instructionView({ ...row, ...changes });
  }

  /** The expiry job: an instruction nobody paid within its lifetime. A claimed one (PROCESSING) is left to its payment. */
  async expire(id: string): Promise<void> {
    const row = await this.db.selectFrom('payment_instructions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || !OPEN_STATUSES.includes(row.status)) return;
    const now = this.clock.realIso();
    const changes = { status: 'EXPIRED' as const, completed_at: now, updated_at: now };
    const expired = await this.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('payment_instructions').set(changes).where('id', '=', id).where('status', 'in', OPEN_STATUSES).executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await recordEvent(trx, row.organization_id, 'payment_instruction.expired', instructionEventData({ ...row, ...changes }), undefined, this.clock);
      return true;
    });
    if (expired) this.changed({ ...row, ...changes });
  }
}
