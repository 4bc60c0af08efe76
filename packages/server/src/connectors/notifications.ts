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
 */
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { SandboxClock } from '../clock/clock.js';
import type { Db, Executor } from '../db/database.js';
import type { ConnectorNotificationsTable } from '../db/schema.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { newId } from '../lib/ids.js';
import type { ConnectorAccounts } from './accounts.js';
import type { NotificationContext } from './registry.js';

/** The payment a notification is about: our reference (the payment id, sent with the authorization) or the processor's, or both (then they must agree). */
export const PaymentReference = Type.Object(
  {
    reference: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Our reference: the payment id.' })),
    network_reference: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "The processor's reference of the authorization." })),
  },
  { additionalProperties: false },
);

const DisputeOpened = Type.Object(
  {
    kind: Type.Literal('dispute.opened'),
    payment: PaymentReference,
    /** Minor units: at most what was captured. */
    amount: Type.Integer({ minimum: 1 }),
    currency: Type.String({ pattern: '^[A-Z]{3}$' }),
    /** The network's reason code (`13.1`, `4853`): at most 8 characters, as chargebacks keep it. */
    reason_code: Type.String({ minLength: 1, maxLength: 8 }),
    reason: Type.String({ minLength: 1, maxLength: 500 }),
    /** When the merchant's answer is due (the network's date); or `respond_within_seconds` from the opening; neither: the deployment's CHARGEBACK_RESPONSE_SECONDS. */
    respond_by: Type.Optional(Type.String({ format: 'date-time' })),
    respond_within_seconds: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

const DisputeDecided = Type.Object(
  {
    kind: Type.Literal('dispute.decided'),
    payment: PaymentReference,
    outcome: Type.Union([Type.Literal('won'), Type.Literal('lost')]),
    reason: Type.String({ minLength: 1, maxLength: 500 }),
  },
  { additionalProperties: false },
);

/** The processor captured the authorization on its own (an operator captured it in the processor's dashboard). */
const PaymentCaptured = Type.Object(
  {
    kind: Type.Literal('payment.captured'),
    payment: PaymentReference,
    /** Minor units captured: at most what was authorized. */
    amount: Type.Integer({ minimum: 1 }),
    currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  },
  { additionalProperties: false },
);

/** The processor cancelled the uncaptured authorization on its own (in its dashboard, or at the authorization's expiry there). */
const PaymentCancelled = Type.Object(
  {
    kind: Type.Literal('payment.cancelled'),
    payment: PaymentReference,
  },
  { additionalProperties: false },
);

// Rail payments served by a connector account, and what a processor reports that changes nothing (Mercado Pago's payment topic).

/** The processor says how a rail payment it served ended (apm/remote-rails.ts handles it). */
const RailSettled = Type.Object(
  {
    kind: Type.Literal('rail.settled'),
    payment: PaymentReference,
    /** `approved`: paid; `rejected`: the bank or the processor refused it; `cancelled`: it lapsed or was cancelled at the processor. */
    outcome: Type.Union([Type.Literal('approved'), Type.Literal('rejected'), Type.Literal('cancelled')]),
  },
  { additionalProperties: false },
);

/** The processor reports a state of the payment that the gateway does not act on (its own call's answer, a refund made elsewhere): stored, `ignored`. */
const PaymentReported = Type.Object(
  {
    kind: Type.Literal('payment.reported'),
    payment: PaymentReference,
    /** The processor's status, as it named it. */
    status: Type.String({ minLength: 1, maxLength: 40 }),
  },
  { additionalProperties: false },
);

const RAIL_MEMBERS = { 'rail.settled': RailSettled, 'payment.reported': PaymentReported };

/**
 * The processor decided an authorization that waited for the cardholder at its
 * own page (3-D Secure: payments/processor-authentication.ts). A payment not
 * waiting (already decided by the cardholder's return, or any other) is `ignored`.
 */
const PaymentAuthorizationDecided = Type.Object(
  {
    kind: Type.Literal('payment.authorization_decided'),
    payment: PaymentReference,
    outcome: Type.Union([Type.Literal('approved'), Type.Literal('declined')]),
    /** ISO 8583: `00` approved; the decline's code otherwise. */
    response_code: Type.String({ pattern: '^[0-9A-Z]{2}$' }),
  },
  { additionalProperties: false },
);

/**
 * The processor's word on a refund of a captured payment: how a refund the
 * gateway started ended (matched by our refund id, or by the processor's id of
 * it), or a refund made in the processor's dashboard, recorded once it
 * succeeded (refunds/notified.ts).
 */
const RefundUpdated = Type.Object(
  {
    kind: Type.Literal('refund.updated'),
    payment: PaymentReference,
    refund: Type.Object(
      {
        reference: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Our refund id, when the processor kept it.' })),
        network_reference: Type.String({ minLength: 1, maxLength: 255, description: "The processor's id of the refund." }),
      },
      { additionalProperties: false },
    ),
    status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
    /** Minor units. */
    amount: Type.Integer({ minimum: 1 }),
    currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  },
  { additionalProperties: false },
);

/**
 * Every notification the gateway understands: a small union, one member per
 * kind. A connector maps its network's events to these (its
 * `readNotification`); a feature handles each kind (`handle`). A new kind is a
 * member here and a handler in the feature that owns the state it moves.
 */
export const InboundNotificationSchema = Type.Union([
  DisputeOpened,
  DisputeDecided,
  PaymentCaptured,
  PaymentCancelled,
  PaymentAuthorizationDecided,
  RefundUpdated,
  RailSettled,
  PaymentReported,
]);
export type InboundNotification = Static<typeof InboundNotificationSchema>;
export type NotificationKind = InboundNotification['kind'];
const MEMBERS = {
  'dispute.opened': DisputeOpened,
  'dispute.decided': DisputeDecided,
  'payment.captured': PaymentCaptured,
  'payment.cancelled': PaymentCancelled,
  'payment.authorization_decided': PaymentAuthorizationDecided,
  'refund.updated': RefundUpdated,
  ...RAIL_MEMBERS,
};
export const NOTIFICATION_KINDS = Object.keys(MEMBERS) as NotificationKind[];

/** What a connector's `readNotification` makes of a body: its own id of the notification and the typed notification. */
export interface ReadNotification {
  id: string;
  notification: InboundNotification;
}

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

/** The typed notification's problems, each naming its field (`<path>`), or none. */
export function notificationProblems(value: unknown): ErrorDetail[] {
  if (Value.Check(InboundNotificationSchema, value)) {
    const payment = value.payment;
    return payment.reference || payment.network_reference ? [] : [{ field: 'payment', message: 'needs reference or network_reference' }];
  }
  const kind = (value as { kind?: unknown } | null)?.kind;
  if (typeof kind !== 'string' || !NOTIFICATION_KINDS.includes(kind as NotificationKind))
    return [{ field: 'kind', message: `must be one of: ${NOTIFICATION_KINDS.join(', ')}` }];
  const member = MEMBERS[kind as NotificationKind];
  return [...Value.Errors(member, value)]
    .filter((e) => e.keyword !== 'boolean')
    .map((e) => {
      const params = e.params as { requiredProperties?: string[]; additionalProperties?: string[] };
      const path = e.instancePath.split('/').filter(Boolean).join('.');
      const names = params.requiredProperties ?? params.additionalProperties;
      if (names?.length) return { field: [path, names[0]].filter(Boolean).join('.'), message: e.keyword === 'required' ? 'is required' : 'is not allowed' };
      return { field: path || '(body)', message: e.message };
    });
}

/**
 * For a connector whose notifications are already in the gateway's own shape
 * (the simulator): a JSON object with the connector's `id` of the
 * notification beside the typed notification's fields.
 */
export function readNativeNotification(body: Buffer): ReadNotification | ErrorDetail[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return [{ field: '(body)', message: 'is not valid JSON' }];
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [{ field: '(body)', message: 'must be a JSON object' }];
  const { id, ...notification } = parsed as Record<string, unknown>;
  const problems = notificationProblems(notification);
  if (typeof id !== 'string' || id.length === 0 || id.length > 200) problems.unshift({ field: 'id', message: 'is required: a string of 1 to 200 characters' });
  return problems.length ? problems : { id: id as string, notification: notification as InboundNotification };
}

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
