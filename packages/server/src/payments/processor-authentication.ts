/**
 * 3-D Secure that a processor asks for (docs/connectors.md, "3-D Secure at
 * Stripe"): the processor answers an authorization with its own
 * authentication page instead of a decision (`AuthorizationResult.action`).
 *
 * - `awaitProcessorAuthentication` (from lifecycle.ts `recordAuthorization`)
 *   moves the payment from `authorize` to PENDING `authenticate`, keeping the
 *   processor's page in `three_ds.redirect_url` (shown as `next_action`), with
 *   `payment.card.action_required` and the job that abandons it at its expiry
 *   (CHALLENGE_SECONDS, the sandbox challenge's; a test clock's advance runs it).
 * - It ends once, by a conditional update of the payment (`settle`): the
 *   cardholder's return to the gateway's page (`/payment-returns/{id}/{token}`,
 *   threeds/processor-return.ts; the gateway asks the processor), a
 *   notification of the processor (`payment.authorization_decided`, or
 *   `payment.captured` / `payment.cancelled`: notified.ts), or the expiry
 *   (the processor is asked first, then the authorization is cancelled there).
 *   Whichever comes first decides; the others find nothing to change.
 *
 * The return page's token is a keyed hash of the payment id under a
 * deployment secret, as the sandbox challenge's: nothing of it is stored.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock/clock.js';
import type { Db, Executor } from '../db/database.js';
import type { AuthorizationResult, CardNetworkConnector } from '../connectors/card-network/connector.js';
import type { JobRunner } from '../jobs/runner.js';
import { copyWith } from '../lib/objects.js';
import { schedulePaymentJob } from './schedule.js';
import { CHALLENGE_SECONDS, NOT_AUTHENTICATED_CODE } from './authentication.js';
import { recordPaymentEvent, type PaymentLifecycle } from './lifecycle.js';
import { findPaymentById, transitionPayment, type PaymentRow } from './store.js';
import { storedThreeDs, type StoredThreeDs, type ThreeDsOutcome } from './three-ds-view.js';

/** The job that abandons a processor's authentication left unfinished. */
export const EXPIRE_PROCESSOR_AUTHENTICATION_JOB = 'payment.expire_processor_authentication';

type Ended = Exclude<ThreeDsOutcome, 'challenge_pending' | 'not_enrolled'>;

/** Whether a payment waits for the cardholder at a processor's page. */
export function awaitsProcessor(p: Pick<PaymentRow, 'status' | 'pending_action' | 'three_ds'>): boolean {
  return p.status === 'PENDING' && p.pending_action === 'authenticate' && storedThreeDs(p)?.redirect_url !== undefined;
}

/**
 * The processor's answer was its authentication page: the payment waits
 * PENDING `authenticate` for the cardholder. False if another process
 * recorded an answer first.
 */
export async function awaitProcessorAuthentication(
  db: Db,
  clock: Clock,
  payment: PaymentRow,
  result: AuthorizationResult & { action: { redirectUrl: string } },
): Promise<boolean> {
  const now = clock.realIso();
  const expiresAt = await clock.isoAfter(payment.organization_id, CHALLENGE_SECONDS);
  const stored: StoredThreeDs = {
    version: null,
    flow: 'challenge',
    outcome: 'challenge_pending',
    eci: null,
    liability_shift: false,
    return_url: payment.return_url,
    expires_at: expiresAt,
    redirect_url: result.action.redirectUrl,
  };
  const changes: Partial<PaymentRow> = {
    network_reference: result.networkReference,
    pending_action: 'authenticate',
    three_ds: JSON.stringify(stored),
    updated_at: now,
  };
  return db.transaction().execute(async (trx) => {
    const from = { status: ['PENDING' as const], pendingAction: payment.pending_action === 'authorize' ? ('authorize' as const) : null };
    if (!(await transitionPayment(trx, payment.id, from, changes))) return false;
    await recordPaymentEvent(trx, clock, copyWith(payment, changes), 'payment.card.action_required');
    await schedulePaymentJob(trx, clock, payment, { type: EXPIRE_PROCESSOR_AUTHENTICATION_JOB, delaySeconds: CHALLENGE_SECONDS, timer: true });
    return true;
  });
}

export class ProcessorAuthentications {
  constructor(
    private readonly db: Db,
    private readonly network: CardNetworkConnector,
    private readonly lifecycle: PaymentLifecycle,
    private readonly options: { secret: Buffer; publicBaseUrl: string },
  ) {}

  private token(paymentId: string): string {
    return createHmac('sha256', this.options.secret).update(`payment-return:${paymentId}`).digest('base64url');
  }

  /** The gateway's page the processor sends the cardholder back to (connectors' `returnUrl`). */
  returnUrl = (paymentId: string): string =>
    new URL(`/payment-returns/${encodeURIComponent(paymentId)}/${this.token(paymentId)}`, this.options.publicBaseUrl).toString();

  /** Whether the token is this payment's. */
  verify(paymentId: string, token: string): boolean {
    const expected = Buffer.from(this.token(paymentId));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * In the caller's transaction: the processor's decision ends the wait.
   * Approved, the payment is AUTHORIZED (or APPROVED) as any authorization,
   * with `three_ds` authenticated; declined, REJECTED. False when the payment
   * no longer waits (someone ended it first).
   */
  async settle(trx: Executor, payment: PaymentRow, result: AuthorizationResult, ended: Ended, now: string): Promise<boolean> {
    if (result.outcome === 'pending') return false;
    const before = storedThreeDs(payment);
    const authenticated = result.outcome === 'approved';
    const stored: StoredThreeDs = {
      version: before?.version ?? null,
      flow: 'challenge',
      outcome: authenticated ? 'authenticated' : ended,
      eci: null,
      liability_shift: authenticated,
    };
    const networkReference = result.networkReference || payment.network_reference || '';
    const { changes, event } = this.lifecycle.authorizationOutcome(payment, result, now);
    const all: Partial<PaymentRow> = {
      ...changes,
      three_ds: JSON.stringify(stored),
      network_reference: networkReference,
      pending_action: null,
      updated_at: now,
    };
    if (!(await transitionPayment(trx, payment.id, { status: ['PENDING'], pendingAction: 'authenticate' }, all))) return false;
    await this.lifecycle.afterAuthorization(trx, copyWith(payment, all), { ...result, networkReference }, event, { first: true, now });
    return true;
  }

  /** The processor's current answer for a waiting payment (by its PaymentIntent when the connector can read one). */
  private async ask(payment: PaymentRow): Promise<AuthorizationResult | undefined> {
    if (payment.network_reference && this.network.authorizationOf) return this.network.authorizationOf(payment.network_reference);
    return this.network.lookup(payment.id);
  }

  /**
   * The cardholder is back from the processor's page: the processor is asked
   * and its decision recorded. The payment as it is afterwards (still
   * waiting when the processor has not decided).
   */
  async returned(paymentId: string): Promise<PaymentRow | undefined> {
    const payment = await findPaymentById(this.db, paymentId);
    if (!payment || !awaitsProcessor(payment)) return payment;
    const result = await this.ask(payment);
    if (result && result.outcome !== 'pending') {
      const now = this.lifecycle.clock.realIso();
      await this.db.transaction().execute((trx) => this.settle(trx, payment, result, 'failed', now));
    }
    return findPaymentById(this.db, paymentId);
  }

  /**
   * The expiry: the processor is asked first (the cardholder may have
   * finished with no one telling us); still waiting, the authorization is
   * cancelled at the processor and the payment REJECTED (`05`, abandoned),
   * unless the cancel lost to the cardholder's last-moment success.
   */
  async expire(paymentId: string): Promise<void> {
    const payment = await findPaymentById(this.db, paymentId);
    if (!payment || !awaitsProcessor(payment)) return;
    let result = await this.ask(payment);
    let ended: Ended = 'failed';
    if (!result || result.outcome === 'pending') {
      ended = 'abandoned';
      await this.network.void({
        reference: `${payment.id}:abandon`,
        networkReference: payment.network_reference ?? '',
        amount: Number(payment.amount),
        currency: payment.currency,
      });
      const after = await this.ask(payment);
      result =
        after?.outcome === 'approved'
          ? after
          : { outcome: 'declined', responseCode: NOT_AUTHENTICATED_CODE, networkReference: payment.network_reference ?? '' };
    }
    const decided = result;
    const now = this.lifecycle.clock.realIso();
    await this.db.transaction().execute((trx) => this.settle(trx, payment, decided, ended, now));
  }
}

export function registerProcessorAuthenticationJobs(runner: JobRunner, authentications: ProcessorAuthentications): void {
  runner.register(EXPIRE_PROCESSOR_AUTHENTICATION_JOB, async ({ payload }) => {
    await authentications.expire(String((payload as { payment_id?: unknown }).payment_id));
  });
}
