/**
 * 3-D Secure 2 on card payments (docs/sandbox.md, "3-D Secure"). A payment
 * that asks for it (`three_ds.required`, or a fraud rule's `three_ds` action)
 * is authenticated before the network is asked:
 *
 * - a card the sandbox directory (cards/three-ds.ts) says is not enrolled, or
 *   that the issuer authenticates without a challenge (frictionless), is
 *   authorized at once, its result in `three_ds`;
 * - a challenged card's payment is inserted PENDING with `pending_action`
 *   `authenticate`, its challenge row, `payment.card.action_required` and the
 *   job that abandons the challenge when it expires, in one transaction; the
 *   answer carries `next_action`. The challenge page (threeds/) completes it:
 *   authenticated, the payment is claimed for `authorize` (with its recovery
 *   job) and authorized without a CVV, the authentication standing for it;
 *   otherwise it is REJECTED (code 05) and the network is never asked.
 *
 * The challenge's token is a keyed hash of the payment id under a deployment
 * secret: the page's address can be given again (GET of the payment) and
 * nothing of it is stored but its hash. A challenge leaves `pending` once, by
 * a conditional update: the token works once.
 */
import { createHash, createHmac } from 'node:crypto';
import type { Clock } from '../clock/clock.js';
import type { Db, Executor } from '../db/database.js';
import type { CardData, CardNetworkConnector } from '../connectors/card-network/connector.js';
import { CHALLENGE_CODE, eciOf, sandboxEnrolment, SANDBOX_THREE_DS_VERSION, type Enrolment } from '../cards/three-ds.js';
import { lookupBin } from '../cards/bins.js';
import { ConnectorOutcomeUnknown, ConnectorUnreachable } from '../connectors/http.js';
import { recordFraudOutcome, type Decision } from '../fraud/service.js';
import type { JobRunner } from '../jobs/runner.js';
import type { InstrumentService } from '../instruments/service.js';
import { copyWith } from '../lib/objects.js';
import { schedulePaymentJob } from './schedule.js';
import { orderRaceWinner, type OrderTerms } from './authorize.js';
import { PAYMENT_JOBS, RECOVERY_DELAY_SECONDS, paymentEventData, recordPaymentEvent, type PaymentLifecycle } from './lifecycle.js';
import { findPaymentById, insertPayment, transitionPayment, type PaymentRow, type PaymentWithCard } from './store.js';
import { storedThreeDs, type StoredThreeDs, type ThreeDsOutcome } from './three-ds-view.js';
import type { PaymentAuthenticationsTable } from '../db/schema.js';

/** The job that abandons a challenge left unanswered (a test clock's advance runs it). */
export const EXPIRE_AUTHENTICATION_JOB = 'payment.expire_authentication';

/** The response code of a payment whose cardholder was not authenticated: `05`, do not honour (the network was never asked). */
export const NOT_AUTHENTICATED_CODE = '05';

/** How long a challenge waits for the cardholder before it is abandoned, by default. */
export const CHALLENGE_SECONDS = 600;

export type ChallengeAnswer = { action: 'submit'; code: string } | { action: 'fail' } | { action: 'cancel' };

export interface Challenge {
  authentication: PaymentAuthenticationsTable;
  payment: PaymentWithCard;
}

/** What a payment that asks for 3-D Secure gets before the network: a result to authorize with, or a challenge. */
export type Assessment = { kind: 'decided'; stored: StoredThreeDs } | { kind: 'challenge'; enrolment: 'challenge' | 'fails' | 'silent' };

export class PaymentAuthentications {
  constructor(
    private readonly db: Db,
    private readonly network: CardNetworkConnector,
    private readonly lifecycle: PaymentLifecycle,
    private readonly instruments: InstrumentService,
    private readonly options: { secret: Buffer; publicBaseUrl: string; challengeSeconds?: number },
  ) {}

  private get clock(): Clock {
    return this.lifecycle.clock;
  }

  /** The challenge page's one-time token of a payment. */
  token(paymentId: string): string {
    return createHmac('sha256', this.options.secret).update(`three-ds-challenge:${paymentId}`).digest('base64url');
  }

  /** The challenge page's address (`next_action.redirect_to_url.url`). */
  challengeUrl = (paymentId: string): string => new URL(`/sandbox-3ds/${this.token(paymentId)}`, this.options.publicBaseUrl).toString();

  /** The sandbox directory's answer for this card. */
  async assess(card: CardData, instrument: { bin: string; brand: string }): Promise<Assessment> {
    const number = card.number.reveal();
    const binVersion = (await lookupBin(this.db, instrument.bin)).three_ds_version;
    const enrolment: Enrolment = sandboxEnrolment(number, binVersion);
    if (enrolment === 'not_enrolled')
      return {
        kind: 'decided',
        stored: { version: null, flow: null, outcome: 'not_enrolled', eci: eciOf(instrument.brand, 'none'), liability_shift: false },
      };
    if (enrolment === 'frictionless')
      return {
        kind: 'decided',
        stored: {
          version: SANDBOX_THREE_DS_VERSION,
          flow: 'frictionless',
          outcome: 'authenticated',
          eci: eciOf(instrument.brand, 'authenticated'),
          liability_shift: true,
        },
      };
    return { kind: 'challenge', enrolment };
  }

  /**
   * Inserts a challenged payment (PENDING, `authenticate`) with its challenge,
   * its fraud evaluation, `payment.card.action_required` and the expiry job.
   * Losing the race for the order_id answers the winner's payment.
   */
  async challenge(
    row: PaymentRow,
    fraud: Decision,
    options: {
      enrolment: 'challenge' | 'fails' | 'silent';
      returnUrl: string | null;
      terms: OrderTerms;
      onCreate?: (trx: Executor, paymentId: string) => Promise<void>;
    },
  ): Promise<{ payment: PaymentWithCard; created: boolean }> {
    const seconds = this.options.challengeSeconds ?? CHALLENGE_SECONDS;
    const expiresAt = await this.clock.isoAfter(row.organization_id, seconds);
    const stored: StoredThreeDs = {
      version: SANDBOX_THREE_DS_VERSION,
      flow: 'challenge',
      outcome: 'challenge_pending',
      eci: null,
      liability_shift: false,
      return_url: options.returnUrl,
      expires_at: expiresAt,
    };
    const pending = copyWith(row, { pending_action: 'authenticate', three_ds: JSON.stringify(stored) });
    try {
      await this.db.transaction().execute(async (trx) => {
        await insertPayment(trx, pending);
        await trx
          .insertInto('payment_authentications')
          .values({
            id: row.id,
            payment_id: row.id,
            organization_id: row.organization_id,
            token_hash: hashToken(this.token(row.id)),
            scenario: options.enrolment,
            version: SANDBOX_THREE_DS_VERSION,
            status: 'pending',
            return_url: options.returnUrl,
            expires_at: expiresAt,
            created_at: row.created_at,
            completed_at: null,
          })
          .execute();
        await options.onCreate?.(trx, row.id);
        await recordFraudOutcome(trx, pending, fraud, () => paymentEventData(pending), this.clock);
        await recordPaymentEvent(trx, this.clock, pending, 'payment.card.action_required');
        await schedulePaymentJob(trx, this.clock, row, { type: EXPIRE_AUTHENTICATION_JOB, delaySeconds: seconds, timer: true });
      });
    } catch (error) {
      return { payment: await orderRaceWinner(this.db, row.organization_id, options.terms, error), created: false };
    }
    return { payment: (await findPaymentById(this.db, row.id))!, created: true };
  }

  /** The challenge of this token, and its payment; undefined for a token of no challenge. */
  async find(token: string): Promise<Challenge | undefined> {
    const authentication = await this.db.selectFrom('payment_authentications').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
    if (!authentication) return undefined;
    const payment = await findPaymentById(this.db, authentication.payment_id);
    return payment && { authentication, payment };
  }

  /**
   * The challenge as the page shows it: a pending one past its expiry (the
   * job has not run yet) is abandoned first.
   */
  async current(token: string): Promise<Challenge | undefined> {
    const found = await this.find(token);
    if (!found || found.authentication.status !== 'pending') return found;
    const now = await this.clock.now(found.payment.organization_id);
    if (now < Date.parse(found.authentication.expires_at)) return found;
    await this.finish(found, 'abandoned');
    return this.find(token);
  }

  /**
   * The cardholder's answer on the challenge page. The `silent` card's issuer
   * never answers a code (false: nothing changed); a challenge already
   * finished is left as it is. Otherwise the challenge is finished.
   */
  async answer(token: string, answer: ChallengeAnswer): Promise<Challenge | undefined> {
    const found = await this.current(token);
    if (!found || found.authentication.status !== 'pending') return found;
    const { scenario } = found.authentication;
    if (answer.action === 'submit' && scenario === 'silent') return found;
    const outcome: ThreeDsOutcome =
      answer.action === 'cancel'
        ? 'cancelled'
        : answer.action === 'submit' && scenario === 'challenge' && answer.code.trim() === CHALLENGE_CODE
          ? 'authenticated'
          : 'failed';
    await this.finish(found, outcome);
    return this.find(token);
  }

  /** Abandons a challenge still pending at its expiry (the job). */
  async expire(paymentId: string): Promise<void> {
    const authentication = await this.db.selectFrom('payment_authentications').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
    if (!authentication || authentication.status !== 'pending') return;
    const payment = await findPaymentById(this.db, paymentId);
    if (payment) await this.finish({ authentication, payment }, 'abandoned');
  }

  /**
   * Records the challenge's end; authenticated, authorizes the payment. The
   * challenge's conditional update decides a race between two answers, or an
   * answer and the expiry: only the first acts.
   */
  private async finish({ authentication, payment }: Challenge, outcome: Exclude<ThreeDsOutcome, 'challenge_pending' | 'not_enrolled'>): Promise<void> {
    const now = this.clock.realIso();
    const before = storedThreeDs(payment)!;
    const authenticated = outcome === 'authenticated';
    const stored: StoredThreeDs = {
      version: before.version,
      flow: before.flow,
      outcome,
      eci: eciOf(payment.card_brand, authenticated ? 'authenticated' : 'none'),
      liability_shift: authenticated,
    };
    const changes: Partial<PaymentRow> = authenticated
      ? { three_ds: JSON.stringify(stored), pending_action: 'authorize', updated_at: now }
      : { three_ds: JSON.stringify(stored), status: 'REJECTED', response_code: NOT_AUTHENTICATED_CODE, pending_action: null, updated_at: now };
    const done = await this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('payment_authentications')
        .set({ status: outcome === 'authenticated' ? 'authenticated' : outcome, completed_at: now })
        .where('id', '=', authentication.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      // The challenge and its payment move together: a pending challenge's payment waits for it (rolled back otherwise).
      if (!(await transitionPayment(trx, payment.id, { status: ['PENDING'], pendingAction: 'authenticate' }, changes)))
        throw new Error(`payment ${payment.id} no longer waits for its 3-D Secure challenge`);
      const after = copyWith(payment, changes);
      if (authenticated) {
        await schedulePaymentJob(trx, this.clock, payment, { type: PAYMENT_JOBS.recoverAuthorization, delaySeconds: RECOVERY_DELAY_SECONDS, timer: false });
      } else {
        await recordPaymentEvent(trx, this.clock, after, 'payment.card.rejected');
      }
      return true;
    });
    if (done && authenticated) await this.authorize(copyWith(payment, changes) as PaymentWithCard, stored);
  }

  /**
   * Asks the network for the authenticated payment, without a CVV. A failure
   * here (the network unreachable) leaves the payment claimed for `authorize`:
   * its recovery job looks it up and records the answer, as after a crash.
   */
  private async authorize(payment: PaymentWithCard, stored: StoredThreeDs): Promise<void> {
    const card = await this.instruments.cardWithoutCvv(payment.organization_id, payment.instrument_id);
    if (!card) {
      await this.lifecycle.recordAuthorization(payment, { outcome: 'declined', responseCode: '14', networkReference: '' });
      return;
    }
    try {
      const result = await this.network.authorize({
        reference: payment.id,
        organizationId: payment.organization_id,
        amount: Number(payment.amount),
        currency: payment.currency,
        card,
        installments: Number(payment.installments),
        threeDs: { version: stored.version!, eci: stored.eci! },
      });
      await this.lifecycle.recordAuthorization(payment, result);
    } catch (error) {
      // Left to the recovery job (RECOVERY_DELAY_SECONDS), as after a crash.
      if (!(error instanceof ConnectorUnreachable || error instanceof ConnectorOutcomeUnknown)) throw error;
    }
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function registerAuthenticationJobs(runner: JobRunner, authentications: PaymentAuthentications): void {
  runner.register(EXPIRE_AUTHENTICATION_JOB, async ({ payload }) => {
    await authentications.expire(String((payload as { payment_id?: unknown }).payment_id));
  });
}
