/**
 * Background work of card payments, all through the durable job table:
 * automatic capture, resolution of PENDING authorizations, expiry of
 * uncaptured authorizations, recovery of operations a crash interrupted,
 * the end of refunds the processor accepted as pending, and the later looks
 * at refunds that succeeded.
 */
import type { RealClock } from '../clock/clock.js';
import type { Db } from '../db/database.js';
import type { JobRunner } from '../jobs/runner.js';
import type { AuthorizationResult, CardNetworkConnector } from '../connectors/card-network/connector.js';
import { confirmRefund, REFUND_CONFIRM_JOB, type RefundConfirmPayload } from './refunds/confirm.js';
import { recoverRefund, type RefundRecoveryPayload } from './refunds/recovery.js';
import { REFUND_RECOVERY_JOB, type RefundService } from './refunds/service.js';
import { NetworkRefusal, PAYMENT_JOBS, RECOVERY_DELAY_SECONDS, type NetworkAction, type PaymentLifecycle } from './lifecycle.js';
import { findPaymentById } from './store.js';

/** A refusal is the network's final answer, recorded as a REJECTED transaction: the job is done, not retried. */
async function unlessRefused(operation: Promise<unknown>): Promise<void> {
  try {
    await operation;
  } catch (error) {
    if (!(error instanceof NetworkRefusal)) throw error;
  }
}

/** Lookups of a PENDING payment that find nothing before it is declined `96` (about 30 s of job backoff). */
export const NEVER_SEEN_LOOKUPS = 5;

/**
 * The longest an authorization's calls to a processor can take in a process that lives: two requests
 * (Stripe's and Mercado Pago's card tokenization, then the payment), each up to three attempts of the
 * connector's time limit (STRIPE_TIMEOUT_MS, MERCADOPAGO_TIMEOUT_MS; connectors/http.ts retries twice)
 * with the pauses between them. 243 s with the default limits.
 */
export function authorizationSeconds(timeoutsMs: readonly number[]): number {
  return Math.ceil((2 * (3 * Math.max(0, ...timeoutsMs) + 1_500)) / 1000);
}

/**
 * Whether a processor's answer to a lookup moves a PENDING payment: a decision, or its 3-D Secure page
 * (the payment then waits for the cardholder, with `next_action` and its expiry, as when the answer
 * came at once: processor-authentication.ts).
 */
export function decides(result: AuthorizationResult): boolean {
  return result.outcome !== 'pending' || result.action !== undefined;
}

function paymentId(payload: unknown): string {
  return String((payload as { payment_id?: unknown }).payment_id);
}

export function registerPaymentJobs(
  runner: JobRunner,
  deps: {
    db: Db;
    network: CardNetworkConnector;
    lifecycle: PaymentLifecycle;
    refunds: RefundService;
    clock: RealClock;
    /** The longest an authorization's calls to a processor can take (`authorizationSeconds`). */
    authorizationSeconds: number;
  },
): void {
  const { db, network, lifecycle } = deps;

  runner.register(PAYMENT_JOBS.capture, async ({ payload }) => {
    const payment = await findPaymentById(db, paymentId(payload));
    // Cancelled, already captured, or refunded meanwhile: nothing to do.
    if (!payment || payment.status !== 'APPROVED' || payment.captured_at || payment.capture_mode !== 'automatic') return;
    if (payment.pending_action) throw new Error('another operation is in flight; retry later');
    // Refused: the payment stays APPROVED and uncaptured, with the REJECTED capture; the merchant may cancel it.
    await unlessRefused(lifecycle.capture(payment, Number(payment.amount_authorized)));
  });

  runner.register(PAYMENT_JOBS.expireAuthorization, async ({ payload }) => {
    const payment = await findPaymentById(db, paymentId(payload));
    if (!payment || payment.status !== 'AUTHORIZED' || payment.captured_at) return;
    if (payment.pending_action) throw new Error('another operation is in flight; retry later');
    await unlessRefused(lifecycle.void(payment));
  });

  // PENDING at the issuer: ask again after PENDING_CARD_DELAY_SECONDS. A processor that still has no payment
  // of ours after NEVER_SEEN_LOOKUPS lookups (the request timed out before it acted, and its backoff has left
  // it half a minute more to act late) never saw it: declined `96`, as after a crash (the CVV is gone, it
  // cannot be sent again). Without it, such a payment stayed PENDING until its job gave up.
  runner.register(PAYMENT_JOBS.resolvePending, async ({ job, payload }) => {
    const payment = await findPaymentById(db, paymentId(payload));
    if (!payment || payment.status !== 'PENDING' || payment.pending_action) return;
    const result = await network.lookup(payment.id);
    if (!result && job.attempts >= NEVER_SEEN_LOOKUPS) {
      await lifecycle.recordAuthorization(payment, { outcome: 'declined', responseCode: '96', networkReference: payment.network_reference ?? '' });
      return;
    }
    // A processor's own 3-D Secure page (`action`) decides it too: the payment waits for the cardholder there.
    if (!result || !decides(result)) throw new Error('still pending at the network');
    await lifecycle.recordAuthorization(payment, result);
  });

  // The process died between recording the intent and recording the network's answer. A processor's calls may
  // still be running in a process that lives (a slow processor, its retries): the network's answer then may
  // come after this job looks, and a decline recorded meanwhile would leave the processor's authorization
  // unrecorded (the cardholder's funds held, the merchant told REJECTED). So nothing found is a decline only
  // once the calls cannot be running any more (`authorizationSeconds` after the intent).
  runner.register(PAYMENT_JOBS.recoverAuthorization, async ({ payload }) => {
    const payment = await findPaymentById(db, paymentId(payload));
    if (!payment || payment.pending_action !== 'authorize') return;
    const found = await network.lookup(payment.id);
    if (!found && Date.parse(payment.created_at) > deps.clock.realNow() - deps.authorizationSeconds * 1000)
      throw new Error('the authorization may still be in flight; look again later');
    const result = found ?? {
      // The network never saw it: it cannot be retried (the CVV is gone), so it failed.
      outcome: 'declined' as const,
      responseCode: '96',
      networkReference: '',
    };
    await lifecycle.recordAuthorization(payment, result);
  });

  // A capture, void, reversal or adjustment claimed by a process that died before recording the network's answer:
  // ask again (the network treats our reference as an idempotency key) and record it.
  runner.register(PAYMENT_JOBS.recoverAction, async ({ payload }) => {
    const { action, amount, transaction_id: transactionId } = payload as { action: NetworkAction; amount: number; transaction_id?: string };
    const payment = await findPaymentById(db, paymentId(payload));
    if (!payment || payment.pending_action !== action) return;
    if (Date.parse(payment.updated_at) > deps.clock.realNow() - RECOVERY_DELAY_SECONDS * 1000) throw new Error('still in flight; look again later');
    if (action === 'capture') await unlessRefused(lifecycle.capture(payment, amount, { resume: true }));
    else if (action === 'adjust') await unlessRefused(lifecycle.adjust(payment, amount, { resume: true, ...(transactionId ? { transactionId } : {}) }));
    else if (action === 'reverse') await unlessRefused(lifecycle.reverse(payment, { resume: true }));
    else await unlessRefused(lifecycle.void(payment, { resume: true }));
  });

  // A PENDING refund: sent again when the processor's answer is unknown, looked up by the processor's id when it
  // accepted it as pending, and looked up again later while it stays pending (refunds/recovery.ts).
  runner.register(REFUND_RECOVERY_JOB, async ({ payload }) => {
    const { refund_id: id, looks } = payload as Partial<RefundRecoveryPayload>;
    const refund = await db.selectFrom('refunds').selectAll().where('id', '=', String(id)).executeTakeFirst();
    if (refund?.status === 'PENDING')
      await recoverRefund({ db, network, refunds: deps.refunds, clock: deps.clock }, refund, Number.isInteger(looks) ? Number(looks) : 0);
  });

  // A SUCCEEDED refund read again days later: the processor may have failed it since, its notification lost (refunds/confirm.ts).
  runner.register(REFUND_CONFIRM_JOB, async ({ payload }) => {
    const { refund_id: id, look } = payload as Partial<RefundConfirmPayload>;
    const refund = await db.selectFrom('refunds').selectAll().where('id', '=', String(id)).executeTakeFirst();
    if (refund?.status === 'SUCCEEDED') await confirmRefund({ db, network, clock: deps.clock }, refund, Number.isInteger(look) ? Number(look) : 0);
  });
}
