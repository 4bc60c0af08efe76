/**
 * Rail payments routed to an organization's connector account
 * (connectors/routing.ts) whose connector calls its processor over HTTP
 * (connectors/rails/connector.ts `RemoteRailConnector`): Mercado Pago's PSE
 * and cash, for one.
 *
 * The order, so that a crash never leaves a payment started at the
 * processor without our record of it, nor our record without a way to
 * finish it:
 *
 * 1. One transaction records the payment (IN_PROGRESS / PENDING) with the
 *    account it is routed to (`network_reference` `<reference key>:`, and
 *    `connector_references`), its event, its expiry job and a recovery job
 *    (`apm.rail_start`, RAIL_START_RECOVERY_SECONDS later).
 * 2. The processor is called outside any transaction, with an idempotency
 *    key derived from our payment id alone (`pasarela:start:<payment id>`).
 * 3. A compare-and-set on `<reference key>:` records its answer: its id
 *    (`<reference key>:<its id>`), where the customer goes, a cash reference.
 *
 * A crash after 1 leaves a recorded payment without the processor's answer:
 * the recovery job calls the processor again with the same key and body,
 * which answers its first payment again (or starts it now), and records it.
 * The next account of the rule is tried only when the processor was never
 * reached (`ConnectorUnreachable`: connection refused, no such host); after a
 * timeout or a 5xx the payment stays with its account, without a link, until
 * the recovery job gets the answer. When no account could be reached the
 * payment is FAILED: nothing was started anywhere. At the intent's expiry
 * the payment is cancelled at the processor before it is declined
 * (`atExpiry`), or approved if the customer paid first.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock/clock.js';
import type { Db, Executor } from '../../db/database.js';
import type { AccountSummary, ConnectorAccounts } from '../../connectors/accounts.js';
import { ConnectorOutcomeUnknown, ConnectorUnreachable } from '../../connectors/http.js';
import type { RemoteRailRequest, RemoteRailStart } from '../../connectors/rails/connector.js';
import type { Router } from '../../connectors/routing.js';
import type { NotificationHandler } from '../../connectors/notifications.js';
import { enqueueJob } from '../../jobs/store.js';
import { moveRailStart, recordRailStart } from '../methods/rail-store.js';
import type { ApmRow } from './service.js';

/** Seconds after the payment is recorded when the recovery job asks the processor again if its answer was not recorded. */
export const RAIL_START_RECOVERY_SECONDS = 60;
export const RAIL_START_JOB = 'apm.rail_start';

/** Our idempotency key of a rail payment's start at its processor: the payment id alone, so every retry is the same. */
export const railStartKey = (paymentId: string) => `pasarela:start:${paymentId}`;

/** What moves a rail payment (apm/service.ts): its terminal states and their events. */
export interface RailFinisher {
  finish(id: string, outcome: 'approve' | 'reject' | 'fail'): Promise<boolean>;
  finishIn(trx: Executor, id: string, outcome: 'approve' | 'reject' | 'expire'): Promise<boolean>;
}

export class RemoteRails {
  constructor(
    private readonly db: Db,
    private readonly accounts: ConnectorAccounts,
    private readonly router: Router,
    private readonly clock: Clock,
  ) {}

  /** The accounts a rail intent goes to, in order; empty: the deployment's default rail (the sandbox simulator). */
  route(organizationId: string, railId: string, amount: number): Promise<AccountSummary[]> {
    return this.router.route(organizationId, { family: 'rail', method: railId, currency: 'COP', amount });
  }

  /** Inside step 1's transaction: the account before the call, and the recovery job. */
  async prepare(trx: Executor, row: ApmRow, account: AccountSummary): Promise<void> {
    await this.remember(trx, row.id, account.id);
    await enqueueJob(
      trx,
      {
        type: RAIL_START_JOB,
        payload: { payment_id: row.id },
        delaySeconds: RAIL_START_RECOVERY_SECONDS,
        organizationId: row.organization_id,
      },
      this.clock,
    );
  }

  private async remember(db: Executor, reference: string, accountId: string): Promise<void> {
    await db
      .insertInto('connector_references')
      .values({ reference, account_id: accountId, created_at: this.clock.realIso() })
      .onConflict((oc) => oc.column('reference').doUpdateSet({ account_id: accountId }))
      .execute();
  }

  /** Steps 2 and 3 through the routed accounts, in order; the next only when the previous was never reached. */
  async start(apm: RailFinisher, row: ApmRow, route: AccountSummary[]): Promise<void> {
    for (const [i, account] of route.entries()) {
      if (i > 0) {
        const moved = await this.db.transaction().execute(async (trx) => {
          if (!(await moveRailStart(trx, row.id, `${route[i - 1]!.referenceKey}:`, `${account.referenceKey}:`))) return false;
          await this.remember(trx, row.id, account.id);
          return true;
        });
        if (!moved) return;
      }
      const connector = await this.accounts.rail(account.id, account.rotatedAt);
      let answer: RemoteRailStart;
      try {
        answer = await connector.start(requestOf(row));
      } catch (error) {
        if (error instanceof ConnectorUnreachable) continue;
        // The processor may have started it: the recovery job asks again with the same key, never another account.
        if (error instanceof ConnectorOutcomeUnknown) return;
        throw error;
      }
      await this.record(apm, row.id, account.referenceKey, answer);
      return;
    }
    await apm.finish(row.id, 'fail');
  }

  /** The recovery job: a payment whose processor's answer was never recorded asks its account again, with the same key. */
  async recover(apm: RailFinisher, row: ApmRow): Promise<void> {
    if (row.status !== 'IN_PROGRESS' || !row.network_reference?.endsWith(':')) return;
    const account = await this.accounts.byReference(row.id);
    if (!account || row.network_reference !== `${account.referenceKey}:`) return;
    const connector = await this.accounts.rail(account.id, account.rotatedAt);
    // Unreachable or unknown again: the job fails and runs again later (its retries); the expiry declines it in the end.
    const answer = await connector.start(requestOf(row));
    await this.record(apm, row.id, account.referenceKey, answer);
  }

  /**
   * At the intent's expiry: whether to decline it. A payment the processor
   * started is cancelled there first, so the customer can no longer pay it;
   * one the customer paid meanwhile (the cancel refused, the processor says
   * approved) is approved instead. One whose start was never recorded is
   * declined (its customer never got a link).
   */
  async atExpiry(apm: RailFinisher, row: ApmRow): Promise<boolean> {
    const match = /^(ca[0-9a-z]{8}):(.+)$/s.exec(row.network_reference ?? '');
    if (row.status !== 'IN_PROGRESS' || !match) return true;
    const account = await this.accounts.byReferenceKey(match[1]!);
    if (!account) return true;
    const connector = await this.accounts.rail(account.id, account.rotatedAt);
    if ((await connector.cancel(match[2]!, row.id)) === 'cancelled') return true;
    await apm.finish(row.id, 'approve');
    return false;
  }

  /** Step 3: the answer, once (a compare-and-set on the account's empty reference), then an immediate outcome. */
  private async record(apm: RailFinisher, id: string, referenceKey: string, answer: RemoteRailStart): Promise<void> {
    const now = this.clock.realIso();
    const recorded = await recordRailStart(
      this.db,
      id,
      `${referenceKey}:`,
      {
        networkReference: `${referenceKey}:${answer.upstreamId}`,
        link: answer.link ?? null,
        barcode: answer.barcode ?? null,
        ...(answer.reference ? { cash: { reference: answer.reference, pageToken: randomBytes(18).toString('base64url') } } : {}),
      },
      now,
    );
    if (!recorded) return;
    if (answer.status === 'rejected') await apm.finish(id, 'reject');
    else if (answer.status === 'approved') await apm.finish(id, 'approve');
  }
}

/** The processor's request, from the recorded payment alone: the same bytes on every retry. */
export function requestOf(row: ApmRow): RemoteRailRequest {
  const customer = JSON.parse(row.customer) as Record<string, string>;
  const { ip_address: ipAddress, ...fields } = customer;
  return {
    paymentId: row.id,
    organizationId: row.organization_id,
    railId: row.rail_id,
    amount: Number(row.amount),
    currency: row.currency,
    customer: fields,
    ...(fields['bank_id'] ? { bankId: fields['bank_id'] } : {}),
    ...(fields['phone_number'] ? { phoneNumber: fields['phone_number'] } : {}),
    ...(row.description ? { description: row.description } : {}),
    ...(row.return_url ? { returnUrl: row.return_url } : {}),
    ...(ipAddress ? { ipAddress } : {}),
    expiresAt: row.expires_at,
    idempotencyKey: railStartKey(row.id),
  };
}

/**
 * `rail.settled` (connectors/notifications.ts): the processor says how a rail
 * payment served by the account ended. An IN_PROGRESS payment moves once,
 * with its event, in the notification's transaction; a finished one is
 * `ignored` (the notification came after the expiry, or again).
 */
export function railSettledHandler(apm: RailFinisher): NotificationHandler<'rail.settled'> {
  return async (trx, notification, context) => {
    const outcome = notification.outcome === 'approved' ? 'approve' : notification.outcome === 'rejected' ? 'reject' : 'expire';
    return (await apm.finishIn(trx, context.payment.id, outcome)) ? 'processed' : 'ignored';
  };
}
