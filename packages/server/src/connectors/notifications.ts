/**
 * Inbound notifications: what a connector's network tells the gateway on its
 * own (a dispute opened, a dispute decided), at
 * `POST /v1/connector-accounts/{id}/notifications` (notification-routes.ts)
 * or, for a connector that runs in this process (the sandbox simulator),
 * through `receive` directly: the same checks either way.
 *
 * 1. The connector account (or `default`, the deployment's default account)
 *    names the organization and the credentials; another organization's
 *    payment is 404.
 * 2. The connector's `verifyNotification` checks the raw body and headers with
 *    the account's credentials (401 naming the problem); its
 *    `readNotification` turns the body into one `InboundNotification` (400
 *    naming each problem).
 * 3. The notification is stored once, by account and the connector's id of it
 *    (unique index): a replay, or a duplicate arriving at the same time,
 *    answers 200 `replayed: true` and changes nothing.
 * 4. In the same transaction, the handler a feature registered for its kind
 *    (`handle`) moves the state through that feature's own code. A handler
 *    may answer `waiting` when the payment has an operation in flight (the
 *    simulator's dispute arrives while the gateway records the capture): the
 *    feature's reaction to the payment's next event calls `resumeWaiting`.
 *
 * Docs: docs/connectors.md "Notifications", docs/internals.md "Inbound notifications".
 * The kinds themselves: notification-kinds.ts.
 */
import type { SandboxClock } from '../clock/clock.js';
import type { Db, Executor } from '../db/database.js';
import type { ConnectorNotificationsTable } from '../db/schema.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { newId } from '../lib/ids.js';
import type { ConnectorAccounts } from './accounts.js';
import type { NotificationContext } from './registry.js';
import { type InboundNotification, type NotificationKind, notificationProblems, PaymentReference, type ReadNotification } from './notification-kinds.js';
import type { Static } from 'typebox';

export * from './notification-kinds.js';

/** The payment a notification names, as its handler sees it (read only: the handler moves it through payments/' own code). */
export interface NotifiedPayment {
  id: string;
  organization_id: string;
  status: string;
  pending_action: string | null;
  captured_at: string | null;
  amount_captured: number;
  currency: string;
  network_reference: string | null;
}

export interface HandlerContext {
  accountId: string;
  organizationId: string;
  payment: NotifiedPayment;
  /** The real time of the change (the notification's arrival, or the event whose reaction resumed it). */
  now: string;
}

/** `waiting`: the payment has an operation in flight; the owner's reaction resumes it. `ignored`: nothing to change. */
export type HandlerOutcome = 'processed' | 'waiting' | 'ignored';

export type NotificationHandler<K extends NotificationKind = NotificationKind> = (
  trx: Executor,
  notification: Extract<InboundNotification, { kind: K }>,
  context: HandlerContext,
) => Promise<HandlerOutcome>;

export interface NotificationRequest {
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
  /** The query string's parameters (a connector may sign one: Mercado Pago's `data.id`). */
  query?: Record<string, string | string[] | undefined>;
}

/** The answer to a notification (and the wire shape of the route's 200). */
export interface NotificationReceipt {
  id: string;
  notification_id: string;
  kind: string;
  payment_id: string | null;
  status: HandlerOutcome;
  received_at: string;
  /** True: the same notification arrived before; nothing changed now. */
  replayed: boolean;
}

/** The account id of the deployment's default account (CONNECTORS): its notifications name payments routed to no account. */
export const DEFAULT_ACCOUNT = 'default';

/** Where a connector in this process hands its notifications (the sandbox simulator): `receive` with the same checks as the route. */
export interface NotificationSink {
  receive(accountId: string, request: NotificationRequest): Promise<NotificationReceipt>;
}

const PREFIXED = /^ca[0-9a-z]{8}:/;

const PAYMENT_COLUMNS = ['id', 'organization_id', 'status', 'pending_action', 'captured_at', 'amount_captured', 'currency', 'network_reference'] as const;

/** What the inbound path needs of a connector's definition (registry.ts `ConnectorDefinition`). */
export interface NotificationParts {
  verifyNotification?(credentials: never, request: NotificationRequest, clock: SandboxClock): boolean | ErrorDetail[];
  readNotification?(body: Buffer, context?: NotificationContext): ReadNotification | ErrorDetail[] | Promise<ReadNotification | ErrorDetail[]>;
}

type Handlers = { [K in NotificationKind]?: NotificationHandler<K> };

export class InboundNotifications implements NotificationSink {
  private readonly handlers: Handlers = {};

  constructor(
    private readonly db: Db,
    private readonly registry: { get(id: string): NotificationParts | undefined },
    private readonly accounts: ConnectorAccounts,
    private readonly clock: SandboxClock,
    /** The deployment's default account (CONNECTORS), when its connector sends notifications. */
    private readonly defaultAccount?: { connector: string; credentials: Record<string, unknown> },
  ) {}

  /** A feature's handler of one kind (its module registers it); one per kind. */
  handle<K extends NotificationKind>(kind: K, handler: NotificationHandler<K>): void {
    if (this.handlers[kind]) throw new Error(`notification kind ${kind} has a handler already`);
    (this.handlers as Record<string, unknown>)[kind] = handler;
  }

  private async account(accountId: string) {
    if (accountId === DEFAULT_ACCOUNT) return this.defaultAccount && { organizationId: null, referenceKey: null, ...this.defaultAccount };
    if (!/^cna-[0-9a-z]{1,36}$/.test(accountId)) return undefined;
    const opened = await this.accounts.open(accountId);
    return opened && { organizationId: opened.organizationId, referenceKey: opened.referenceKey, connector: opened.connector, credentials: opened.credentials };
  }

  async receive(accountId: string, request: NotificationRequest): Promise<NotificationReceipt> {
    const account = await this.account(accountId);
    if (!account) throw ApiError.notFound('connector account');
    const definition = this.registry.get(account.connector);
    if (!definition?.verifyNotification || !definition.readNotification)
      throw new ApiError('invalid_request', `Connector ${account.connector} sends no notifications.`, [
        { field: 'id', message: 'the connector sends no notifications' },
      ]);
    const verified = definition.verifyNotification(account.credentials as never, request, this.clock);
    if (verified !== true) {
      const details =
        verified === false || verified.length === 0
          ? [{ field: 'headers', message: "the signature does not verify with the account's credentials" }]
          : verified;
      throw new ApiError('unauthorized', 'The notification is not authentic.', details);
    }
    const read = await definition.readNotification(request.body, { credentials: account.credentials, http: this.accounts.http });
    if (Array.isArray(read)) throw new ApiError('invalid_request', 'The notification cannot be read.', read);
    const problems = notificationProblems(read.notification);
    if (problems.length) throw new ApiError('invalid_request', 'The notification cannot be read.', problems);
    const { notification } = read;
    const payment = await this.payment(this.db, account, notification.payment);
    const now = this.clock.realIso();
    const row: ConnectorNotificationsTable = {
      id: newId('connectorNotification'),
      account_id: accountId,
      notification_id: read.id,
      organization_id: payment.organization_id,
      kind: notification.kind,
      payment_id: payment.id,
      status: 'processed',
      notification: JSON.stringify(notification),
      received_at: now,
      processed_at: now,
    };
    return this.db.transaction().execute(async (trx) => {
      // The claim: a duplicate waits here for the first one's transaction, then finds it (PostgreSQL), or runs after it (SQLite).
      const inserted = await trx
        .insertInto('connector_notifications')
        .values(row)
        .onConflict((oc) => oc.columns(['account_id', 'notification_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        const first = await trx
          .selectFrom('connector_notifications')
          .selectAll()
          .where('account_id', '=', accountId)
          .where('notification_id', '=', read.id)
          .executeTakeFirstOrThrow();
        return receipt(first, true);
      }
      const current = await this.payment(trx, account, { reference: payment.id });
      const status = await this.dispatch(trx, notification, { accountId, organizationId: payment.organization_id, payment: current, now });
      if (status !== 'processed') await setStatus(trx, row.id, status, status === 'waiting' ? null : now);
      return receipt({ ...row, status, processed_at: status === 'waiting' ? null : now }, false);
    });
  }

  private dispatch(trx: Executor, notification: InboundNotification, context: HandlerContext): Promise<HandlerOutcome> {
    const handler = this.handlers[notification.kind] as NotificationHandler | undefined;
    if (!handler)
      throw new ApiError('invalid_request', `No handler for ${notification.kind} in this deployment.`, [{ field: 'kind', message: 'is not handled here' }]);
    return handler(trx, notification, context);
  }

  /** The payment in the account's organization (the default account: routed to no account), or 404. */
  private async payment(
    db: Executor,
    account: { organizationId: string | null; referenceKey: string | null },
    ref: Static<typeof PaymentReference>,
  ): Promise<NotifiedPayment> {
    const expected = ref.network_reference && (account.referenceKey ? `${account.referenceKey}:${ref.network_reference}` : ref.network_reference);
    let query = db.selectFrom('payments').select(PAYMENT_COLUMNS);
    if (ref.reference) query = query.where('id', '=', ref.reference);
    else query = query.where('network_reference', '=', expected!);
    if (account.organizationId) query = query.where('organization_id', '=', account.organizationId);
    const found = await query.limit(1).executeTakeFirst();
    const ours =
      found &&
      (expected === undefined || found.network_reference === expected) &&
      (account.referenceKey ? found.network_reference?.startsWith(`${account.referenceKey}:`) : !PREFIXED.test(found.network_reference ?? ''));
    if (!found || !ours)
      throw new ApiError('not_found', 'No such payment.', [{ field: 'payment', message: 'no payment of this connector account has this reference' }]);
    return { ...found, amount_captured: Number(found.amount_captured) };
  }
}

async function setStatus(trx: Executor, id: string, status: HandlerOutcome, processedAt: string | null): Promise<void> {
  await trx.updateTable('connector_notifications').set({ status, processed_at: processedAt }).where('id', '=', id).execute();
}

function receipt(row: ConnectorNotificationsTable, replayed: boolean): NotificationReceipt {
  return {
    id: row.id,
    notification_id: row.notification_id,
    kind: row.kind,
    payment_id: row.payment_id,
    status: row.status,
    received_at: row.received_at,
    replayed,
  };
}

/**
 * From a reaction to the payment's event, inside its transaction: the
 * notifications of the payment left `waiting` (by a handler among
 * `handlers`), each claimed by a compare-and-set and handled again at the
 * event's time `now`. Stateless, as a reaction must be (events/store.ts).
 */
export async function resumeWaiting(trx: Executor, paymentId: string, now: string, handlers: Handlers): Promise<void> {
  const waiting = await trx
    .selectFrom('connector_notifications')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'waiting')
    .orderBy('id')
    .execute();
  for (const row of waiting) {
    const notification = JSON.parse(row.notification) as InboundNotification;
    const handler = handlers[notification.kind] as NotificationHandler | undefined;
    if (!handler) continue;
    const claimed = await trx
      .updateTable('connector_notifications')
      .set({ status: 'processed', processed_at: now })
      .where('id', '=', row.id)
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const payment = await trx.selectFrom('payments').select(PAYMENT_COLUMNS).where('id', '=', paymentId).executeTakeFirstOrThrow();
    const status = await handler(trx, notification, {
      accountId: row.account_id,
      organizationId: row.organization_id,
      payment: { ...payment, amount_captured: Number(payment.amount_captured) },
      now,
    });
    if (status !== 'processed') await setStatus(trx, row.id, status, status === 'waiting' ? null : now);
  }
}
