/**
 * Alternative payments on the four Colombian rails (spec 4.5, APM states of
 * section 3). An intent starts IN_PROGRESS / PENDING; the rail (the sandbox
 * simulator: hosted bank page, push approval, SMS OTP, QR) or the job runner
 * (expiry, the sandbox mock) moves it to one terminal state, once, with its
 * event in the same transaction.
 */
import { metadataColumn } from '../../lib/metadata.js';
import { indexMetadata } from '../../db/metadata-index.js';
import type { Config } from '../../config/config.js';
import type { Db, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/database.js';
import type { ApmStatus, ApmStatusDetail } from '../../db/schema.js';
import { ApiError } from '../../errors/api-error.js';
import { recordEvent } from '../../events/store.js';
import type { EventType } from '../../events/types.js';
import { BRIEF_JOB_ATTEMPTS, enqueueJob } from '../../jobs/store.js';
import { newId } from '../../lib/ids.js';
import {
  asRail,
  countOtpAttempt,
  finishRailPayment,
  insertRailPayment,
  markRailProcessing,
  paymentOfOrder,
  railPayments,
  type RailRow,
} from '../methods/rail-store.js';
import type { Clock } from '../../clock/clock.js';
import { apmEventData, railPaymentView } from './view.js';
import type { RailConnector, RailStart } from '../../connectors/rails/connector.js';
import type { RemoteRails } from './remote-rails.js';
import { MOCK_OTP } from '../../connectors/rails/simulator.js';
import type { MethodRegistry, PaymentMethodDefinition } from '../methods/registry.js';
import type { ApmPayment, CreateIntent } from './schemas.js';
import { validateIntent } from './validation.js';

export type ApmRow = RailRow;
export { apmEventData };
export { asRail, railPayments };

export type Outcome = 'approve' | 'reject' | 'fail' | 'expire' | 'abandon';

/** What an OTP confirmation did (the hosted checkout tells the shopper; the API answers only that it was received). */
export interface OtpConfirmation {
  message: string;
  result: 'accepted' | 'wrong' | 'exhausted' | 'expired';
  /** Wrong codes the shopper may still try on this payment. */
  attemptsRemaining: number;
}

export const APM_JOBS = {
  expire: 'apm.expire',
  /** The sandbox plays the customer (amount ending in 00, or test data). */
  mockCustomer: 'apm.mock_customer',
  /** The bank finishes processing after the customer approved on its page. */
  bankSettle: 'apm.bank_settle',
} as const;

export { MOCK_OTP };

/** How many RAIL_MOCK_DELAY_SECONDS the sandbox's pending test bank (9004) stays PENDING_PROVIDER before it approves. */
export const PENDING_BANK_DELAYS = 12;

const FINAL: Record<Outcome, { status: ApmStatus; detail: ApmStatusDetail; event: EventType }> = {
  approve: { status: 'APPROVED', detail: 'SUCCESS', event: 'payment.purchase.succeeded' },
  reject: { status: 'DECLINED', detail: 'REJECTED', event: 'payment.purchase.rejected' },
  expire: { status: 'DECLINED', detail: 'REJECTED', event: 'payment.purchase.rejected' },
  fail: { status: 'FAILED', detail: 'REJECTED', event: 'payment.purchase.failed' },
  /** The customer left it unfinished for another payment method (the hosted checkout). */
  abandon: { status: 'DECLINED', detail: 'REJECTED', event: 'payment.purchase.rejected' },
};

export class AlternativePaymentService {
  constructor(
    readonly db: Db,
    /** The rails (the sandbox simulator), or undefined when no rail is configured (CONNECTORS=none). */
    private readonly rails: RailConnector | undefined,
    private readonly config: Pick<Config, 'rails' | 'publicBaseUrl'>,
    /** The sandbox timers' clock: expires_at and the OTP's validity are in the organization's time. */
    readonly clock: Clock,
    /** The payment methods: each rail's rules, validity and connector needs (payments/methods/registry.ts). */
    readonly methods: MethodRegistry,
    /** The organizations' connector accounts that serve rails (remote-rails.ts), before the default `rails`. */
    readonly remote?: RemoteRails,
  ) {}

  /** How long an intent of this rail waits: its setting, else its definition's default. */
  private validitySeconds(rail: PaymentMethodDefinition): number {
    const validity = rail.validity!;
    return this.config.rails.validitySeconds[validity.setting] ?? validity.defaultSeconds;
  }

  /** The rails whose intents are confirmed with an OTP (POST .../confirm). */
  private otpRails(): string[] {
    return this.methods
      .rails()
      .filter((m) => m.connector?.confirm === 'otp')
      .map((m) => m.id);
  }

  banks(railId = 'BANK_REDIRECT') {
    return this.db
      .selectFrom('banks')
      .select(['id', 'name', 'sandbox_outcome'])
      .where('rail_id', '=', railId)
      .where('active', '=', 1)
      .orderBy('position')
      .execute();
  }

  /** The payment's view; `qrImage: false` (lists) leaves out the QR (`rail.qr`), whose PNG costs a rendering. */
  view(row: ApmRow, options: { qrImage?: boolean } = {}): ApmPayment {
    return railPaymentView(row, this.rails, this.config.publicBaseUrl, options);
  }

  find(organizationId: string, id: string): Promise<ApmRow | undefined> {
    return railPayments(this.db).where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst().then(asRail);
  }

  findById(db: Executor, id: string): Promise<ApmRow | undefined> {
    return railPayments(db).where('id', '=', id).executeTakeFirst().then(asRail);
  }

  async create(
    organizationId: string,
    body: CreateIntent,
    options: { onCreate?: (trx: Executor, paymentId: string) => Promise<void>; ipAddress?: string } = {},
  ): Promise<{ payment: ApmPayment; created: boolean }> {
    const bankRows = await this.banks();
    const { intent, errors } = validateIntent(this.methods, body, new Set(bankRows.map((b) => b.id)));
    if (!intent) throw ApiError.validation(errors);
    // The organization's connector accounts for this method first (routing rules), else the deployment's rail.
    const route = (await this.remote?.route(organizationId, intent.railId, intent.amount)) ?? [];
    const rails = this.rails;
    if (!rails && route.length === 0) {
      throw new ApiError('service_unavailable', 'No rail connector is configured in this deployment (CONNECTORS=none).');
    }
    const rail = this.methods.rail(intent.railId)!;
    const validitySeconds = intent.validitySeconds ?? this.validitySeconds(rail);

    // order_id is one charge across every method: a card payment's order is 409 here as another rail's is.
    const existing = await this.ofOrder(organizationId, body.order_id);
    if (existing) return { payment: this.sameOrder(existing, intent.amount, intent.railId), created: false };

    const now = this.clock.realNow();
    // Deadlines in the organization's (sandbox) time, from the same instant as created_at.
    const clockNow = now + (await this.clock.offsetMs(organizationId));
    const id = newId('payment');
    const row: ApmRow = {
      id,
      organization_id: organizationId,
      order_id: body.order_id,
      transaction_id: newId('transaction'),
      rail_id: intent.railId,
      rail_type: rail.railType!,
      amount: intent.amount,
      currency: 'COP',
      description: body.description ?? null,
      customer: JSON.stringify({
        ...(body.customer ?? {}),
        ...(intent.phoneNumber ? { phone_number: intent.phoneNumber } : {}),
        // A processor's fraud check asks for the address the intent came from (remote-rails.ts).
        ...(route.length && options.ipAddress ? { ip_address: options.ipAddress } : {}),
      }),
      return_url: body.return_url ?? null,
      status: 'IN_PROGRESS',
      status_detail: 'PENDING',
      mock: Math.floor(intent.amount / 100) % 100 === 0 ? 1 : 0,
      page_token: null,
      qr_content: null,
      alias: null,
      breb_key: null,
      otp_hash: null,
      otp_expires_at: null,
      otp_attempts: 0,
      cash_reference: null,
      rail_link: null,
      rail_barcode: null,
      network_reference: route[0] ? `${route[0].referenceKey}:` : null,
      amount_cashed_out: 0,
      amount_cashout_pending: 0,
      expires_at: new Date(clockNow + validitySeconds * 1000).toISOString(),
      finished_at: null,
      created_at: new Date(now).toISOString(),
      updated_at: new Date(now).toISOString(),
      metadata: metadataColumn(body.metadata),
    };
    // A value the rail drew (a cash reference, a page token) already taken is a unique violation too: draw again.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.db.transaction().execute(async (trx) => {
          const start: RailStart = route.length
            ? {}
            : await rails!.initiate(trx, {
                paymentId: id,
                organizationId,
                railId: intent.railId,
                amount: intent.amount,
                ...(intent.phoneNumber ? { phoneNumber: intent.phoneNumber } : {}),
                ...(intent.bankId ? { bankId: intent.bankId } : {}),
              });
          row.page_token = start.pageToken ?? null;
          row.qr_content = start.qrContent ?? null;
          row.alias = start.alias ?? null;
          row.breb_key = start.brebKey ?? null;
          row.otp_hash = start.otpHash ?? null;
          row.otp_expires_at = start.otpExpiresAt ?? null;
          row.cash_reference = start.reference ?? null;
          await insertRailPayment(trx, row);
          await indexMetadata(trx, organizationId, 'payment', id, body.metadata);
          await options.onCreate?.(trx, id);
          if (route[0]) await this.remote!.prepare(trx, row, route[0]);
          await recordEvent(trx, organizationId, 'payment.purchase.pending', apmEventData(row), undefined, this.clock);
          // Sandbox timers: a test clock advance of the organization runs them (clock/). The expiry may have to
          // cancel the payment at its processor: it keeps asking while that cannot be reached (jobs/store.ts).
          await enqueueJob(trx, { type: APM_JOBS.expire, payload: { payment_id: id }, delaySeconds: validitySeconds, organizationId }, this.clock);
          if (start.automaticOutcome) {
            await enqueueJob(
              trx,
              {
                type: APM_JOBS.mockCustomer,
                payload: { payment_id: id, outcome: start.automaticOutcome },
                delaySeconds: this.config.rails.mockDelaySeconds,
                maxAttempts: BRIEF_JOB_ATTEMPTS,
                organizationId,
              },
              this.clock,
            );
          }
        });
        break;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const winner = await this.ofOrder(organizationId, body.order_id);
        if (winner) return { payment: this.sameOrder(winner, intent.amount, intent.railId), created: false };
        if (attempt === 3) throw error;
      }
    }
    if (route.length) {
      // Recorded: now the processor, outside any transaction (remote-rails.ts says why in this order).
      await this.remote!.start(this, row, route);
      return { payment: this.view((await this.findById(this.db, id))!), created: true };
    }
    return { payment: this.view(row), created: true };
  }

  /** The payment of this order, whatever its method: a rail payment's row, or `{ card: <its id> }`. */
  private async ofOrder(organizationId: string, orderId: string): Promise<ApmRow | { card: string; order_id: string } | undefined> {
    const holder = await paymentOfOrder(this.db, organizationId, orderId);
    if (!holder) return undefined;
    if (holder.method !== 'rail') return { card: holder.id, order_id: orderId };
    return this.findById(this.db, holder.id);
  }

  private sameOrder(existing: ApmRow | { card: string; order_id: string }, amount: number, railId: string): ApmPayment {
    if ('card' in existing) {
      throw new ApiError('order_id_conflict', `order_id ${existing.order_id} was already used for a card payment.`);
    }
    if (Number(existing.amount) !== amount || existing.rail_id !== railId) {
      throw new ApiError('order_id_conflict', `order_id ${existing.order_id} was already used for an intent with another amount or rail.`);
    }
    return this.view(existing);
  }

  /**
   * Moves an intent still IN_PROGRESS to its terminal state, with its event,
   * once: a compare-and-set decides between racing finishers.
   */
  async finish(
    id: string,
    outcome: Outcome,
    options: { before?: (trx: Executor, row: ApmRow) => Promise<void>; onlyIfDetail?: ApmStatusDetail; onlyIfUnexpiredAt?: string } = {},
  ): Promise<boolean> {
    return this.db.transaction().execute((trx) => this.finishIn(trx, id, outcome, options));
  }

  /** `finish` inside the caller's transaction (a processor's notification: remote-rails.ts). */
  async finishIn(
    trx: Executor,
    id: string,
    outcome: Outcome,
    options: { before?: (trx: Executor, row: ApmRow) => Promise<void>; onlyIfDetail?: ApmStatusDetail; onlyIfUnexpiredAt?: string } = {},
  ): Promise<boolean> {
    const final = FINAL[outcome];
    const moved = await finishRailPayment(
      trx,
      id,
      { status: final.status, detail: final.detail, onlyIfDetail: options.onlyIfDetail, onlyIfUnexpiredAt: options.onlyIfUnexpiredAt },
      this.clock.realIso(),
    );
    if (!moved) return false;
    const row = (await this.findById(trx, id))!;
    if (options.before) await options.before(trx, row);
    await recordEvent(trx, row.organization_id, final.event, apmEventData(row), undefined, this.clock);
    return true;
  }

  /**
   * The customer chose another way to pay: an intent still waiting for them
   * (IN_PROGRESS / PENDING) is declined, once, with its event, so whatever it
   * held (a payment link's use) is given back in the same transaction. An
   * intent the customer already approved at the bank (PENDING_PROVIDER), or a
   * finished one, is left alone: false.
   */
  abandon(id: string): Promise<boolean> {
    return this.finish(id, 'abandon', { onlyIfDetail: 'PENDING' });
  }

  /**
   * The customer approved at the bank; the bank is processing (spec: IN_PROGRESS
   * / PENDING_PROVIDER) and settles after RAIL_MOCK_DELAY_SECONDS with `outcome`.
   * A test bank that answers `pending` (PSE's pending answer) approves only
   * after PENDING_BANK_DELAYS times that delay; one whose customer abandons has
   * nothing to abandon once they approved, so it approves.
   */
  async bankProcessing(id: string, outcome: Outcome | 'pending'): Promise<boolean> {
    const pending = outcome === 'pending';
    const settled: Outcome = pending || outcome === 'abandon' ? 'approve' : outcome;
    const delaySeconds = this.config.rails.mockDelaySeconds * (pending ? PENDING_BANK_DELAYS : 1);
    return this.db.transaction().execute(async (trx) => {
      const organizationId = await markRailProcessing(trx, id, this.clock.realIso());
      if (!organizationId) return false;
      // Until it runs the payment the customer approved stays PENDING_PROVIDER: it keeps trying, as the expiry does.
      await enqueueJob(trx, { type: APM_JOBS.bankSettle, payload: { payment_id: id, outcome: settled }, delaySeconds, organizationId }, this.clock);
      return true;
    });
  }

  /** OTP wallet step 2 (spec 4.5): 200 means received; the outcome comes by event and status. */
  async confirm(organizationId: string, id: string, otp: string): Promise<OtpConfirmation> {
    const row = await this.find(organizationId, id);
    if (!row) throw ApiError.notFound('payment');
    if (this.methods.rail(row.rail_id)?.connector?.confirm !== 'otp')
      throw new ApiError('payment_not_confirmable', `Only ${this.otpRails().join(', ')} intents are confirmed with an OTP; this one is ${row.rail_id}.`);
    if (row.status !== 'IN_PROGRESS') throw new ApiError('payment_finished', `This payment is already ${row.status}.`);
    if ((row.otp_expires_at ?? '') <= (await this.clock.nowIso(organizationId))) {
      await this.finish(id, 'expire');
      return { message: 'OTP received; it had expired, so the payment was rejected.', result: 'expired', attemptsRemaining: 0 };
    }
    if (this.rails?.otpMatches(id, row.otp_hash, otp)) {
      await this.finish(id, 'approve', {
        before: (trx, current) =>
          recordEvent(trx, organizationId, 'payment.purchase.confirm.processed', apmEventData(current), undefined, this.clock).then(() => undefined),
      });
      return { message: 'OTP received.', result: 'accepted', attemptsRemaining: 0 };
    }
    // Wrong: the attempt stays active until the bound is reached.
    const now = this.clock.realIso();
    await this.db.transaction().execute(async (trx) => {
      if (!(await countOtpAttempt(trx, id, now))) return;
      const current = (await this.findById(trx, id))!;
      await recordEvent(trx, organizationId, 'payment.purchase.confirm.failed.retryable', apmEventData(current), undefined, this.clock);
    });
    const after = (await this.find(organizationId, id))!;
    const attemptsRemaining = Math.max(0, this.config.rails.otpMaxAttempts - Number(after.otp_attempts));
    if (attemptsRemaining === 0) {
      await this.finish(id, 'reject');
      return { message: 'OTP received.', result: 'exhausted', attemptsRemaining };
    }
    return { message: 'OTP received.', result: after.status === 'IN_PROGRESS' ? 'wrong' : 'exhausted', attemptsRemaining };
  }

  async simulate(organizationId: string, id: string, outcome: Outcome): Promise<ApmPayment> {
    const row = await this.find(organizationId, id);
    if (!row) throw ApiError.notFound('payment');
    if (!(await this.finish(id, outcome))) throw new ApiError('payment_finished', `This payment is already ${row.status}.`);
    return this.view((await this.find(organizationId, id))!);
  }

  async sms(organizationId: string, phoneNumber: string) {
    const rows = await this.db
      .selectFrom('sandbox_sms')
      .select(['id', 'phone_number', 'otp', 'payment_id', 'sent_at'])
      .where('organization_id', '=', organizationId)
      .where('phone_number', '=', phoneNumber)
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    return { data: rows };
  }
}
