/**
 * Webhook endpoints (docs/api-conventions.md "Webhooks and events"): an endpoint subscribes to
 * event types (or "*"), has a `whsec_` signing secret (sealed under the master
 * key, shown only to a caller with secrets:read) that can be rotated with a
 * grace period, and keeps a record of every delivery and attempt.
 */
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { WebhookAttemptsTable, WebhookEndpointsTable } from '../db/schema.js';
import type { Keyring } from '../crypto/keyring.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { textOf, type Loose } from '../http/checks.js';
import { EVENT_TYPES, TEST_EVENT_TYPE } from '../events/types.js';
import { eventBody, recordEvent } from '../events/store.js';
import { paginate, type ListQuery, type Page } from '../http/pagination.js';
import { newId } from '../lib/ids.js';
import { isoPlusSeconds } from '../lib/time.js';
import { clockAt, type RealClock } from '../clock/clock.js';
import { scheduleDelivery, subscribes } from './outbox.js';
import { generateWebhookSecret } from './signing.js';
import { resolvedProblems, urlProblems, type UrlPolicy } from './url-guard.js';
import type { WebhookDeliverer } from './delivery.js';

type EndpointRow = Selectable<WebhookEndpointsTable>;

export interface EndpointInput {
  url: string;
  events: string[];
  description?: string;
  status?: 'enabled' | 'disabled';
}

export function endpointView(row: EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    description: row.description,
    status: row.status,
    disabled_reason: row.disabled_reason,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const KNOWN = new Set<string>(EVENT_TYPES);

type AttemptRow = Selectable<WebhookAttemptsTable>;

/** An attempt as the deliveries list shows it: what was sent, what came back, how long it took. */
export function attemptView(a: AttemptRow) {
  return {
    attempt: Number(a.attempt),
    status_code: a.status_code === null ? null : Number(a.status_code),
    duration_ms: Number(a.duration_ms),
    error: a.error,
    request: a.request_body === null ? null : { headers: JSON.parse(a.request_headers ?? '{}') as Record<string, string>, body: a.request_body },
    response: a.status_code === null ? null : { status_code: Number(a.status_code), body: a.response_body },
    created_at: a.created_at,
  };
}

export class WebhookService {
  constructor(
    private readonly db: Db,
    private readonly keyring: Keyring,
    private readonly deliverer: WebhookDeliverer,
    private readonly options: { policy: UrlPolicy; secretGraceSeconds: number },
    private readonly clock: RealClock,
  ) {}

  /** The body's problems that need no look-up (the routes' check, http/checks.ts): the URL's form and the event types. */
  endpointProblems(input: Loose): ErrorDetail[] {
    const url = textOf(input, 'url');
    const details: ErrorDetail[] = url === undefined ? [] : urlProblems(url, this.options.policy).map((message) => ({ field: 'url', message }));
    if (Array.isArray(input.events)) {
      input.events.forEach((type: unknown, i) => {
        if (typeof type === 'string' && type !== '*' && !KNOWN.has(type)) details.push({ field: `events.${i}`, message: `unknown event type ${type}` });
      });
    }
    return details;
  }

  /** After endpointProblems (the routes' check): where the URL's host resolves. */
  private async check(input: EndpointInput): Promise<void> {
    const details = (await resolvedProblems(input.url, this.options.policy)).map((message) => ({ field: 'url', message }));
    if (details.length > 0) throw ApiError.validation(details);
  }

  /** `revealSecret`: the caller holds secrets:read, so the answer carries the new secret. */
  async create(organizationId: string, input: EndpointInput, revealSecret: boolean) {
    await this.check(input);
    const now = this.clock.realIso();
    const row: EndpointRow = {
      id: newId('webhookEndpoint'),
      organization_id: organizationId,
      url: input.url,
      events: JSON.stringify([...new Set(input.events)]),
      description: input.description ?? null,
      status: input.status ?? 'enabled',
      disabled_reason: null,
      created_at: now,
      updated_at: now,
    };
    const secret = generateWebhookSecret();
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('webhook_endpoints').values(row).execute();
      const id = newId('webhookSecret');
      await trx
        .insertInto('webhook_secrets')
        .values({ id, endpoint_id: row.id, secret_sealed: this.keyring.seal(secret, `webhook_secret:${id}`), created_at: now, expires_at: null })
        .execute();
    });
    // Shown only to a caller with secrets:read (here, and at GET .../secret); never kept in an idempotent reply (routes.ts).
    return { ...endpointView(row), ...(revealSecret ? { secret } : {}) };
  }

  async row(organizationId: string, id: string): Promise<EndpointRow> {
    const row = await this.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!row) throw ApiError.notFound('webhook endpoint');
    return row;
  }

  async get(organizationId: string, id: string) {
    return endpointView(await this.row(organizationId, id));
  }

  async list(organizationId: string, params: ListQuery): Promise<Page<ReturnType<typeof endpointView>>> {
    const page = await paginate(
      this.db.selectFrom('webhook_endpoints').selectAll().where('organization_id', '=', organizationId),
      { id: 'id', createdAt: 'created_at', kind: 'webhookEndpoint' },
      params,
    );
    return { data: page.data.map(endpointView), has_more: page.has_more };
  }

  async update(organizationId: string, id: string, input: EndpointInput) {
    const row = await this.row(organizationId, id);
    await this.check(input);
    const changes = {
      url: input.url,
      events: JSON.stringify([...new Set(input.events)]),
      description: input.description ?? null,
      status: input.status ?? 'enabled',
      // Re-enabling clears why it was disabled.
      disabled_reason: (input.status ?? 'enabled') === 'enabled' ? null : row.disabled_reason,
      updated_at: this.clock.realIso(),
    };
    await this.db.updateTable('webhook_endpoints').set(changes).where('id', '=', id).execute();
    return endpointView({ ...row, ...changes });
  }

  /** Deletes the endpoint with its secrets and delivery history. */
  async delete(organizationId: string, id: string) {
    const row = await this.row(organizationId, id);
    await this.db.transaction().execute(async (trx) => {
      const deliveries = trx.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', id);
      await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute();
      await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
      await trx.deleteFrom('webhook_secrets').where('endpoint_id', '=', id).execute();
      await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
    });
    // Removed, so `{id, deleted: true}`, like every DELETE that removes an object (docs/api-conventions.md "Deletes").
    return { id: row.id, deleted: true as const };
  }

  async secret(organizationId: string, id: string): Promise<{ secret: string }> {
    await this.row(organizationId, id);
    const [current] = await this.deliverer.liveSecrets(id);
    return { secret: current! };
  }

  /** A new secret signs from now on; the old one keeps signing (beside it) for WEBHOOK_SECRET_GRACE_SECONDS. */
  async rotateSecret(organizationId: string, id: string, revealSecret: boolean): Promise<{ secret?: string; previous_secret_expires_at: string }> {
    await this.row(organizationId, id);
    const secret = generateWebhookSecret();
    const nowMs = this.clock.realNow();
    const now = isoPlusSeconds(nowMs, 0);
    const expiresAt = isoPlusSeconds(nowMs, this.options.secretGraceSeconds);
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('webhook_secrets').set({ expires_at: expiresAt }).where('endpoint_id', '=', id).where('expires_at', 'is', null).execute();
      const secretId = newId('webhookSecret');
      await trx
        .insertInto('webhook_secrets')
        .values({ id: secretId, endpoint_id: id, secret_sealed: this.keyring.seal(secret, `webhook_secret:${secretId}`), created_at: now, expires_at: null })
        .execute();
    });
    return { ...(revealSecret ? { secret } : {}), previous_secret_expires_at: expiresAt };
  }

  async deliveries(organizationId: string, id: string, params: ListQuery) {
    await this.row(organizationId, id);
    const page = await paginate(
      this.db
        .selectFrom('webhook_deliveries')
        .innerJoin('events', 'events.id', 'webhook_deliveries.event_id')
        .selectAll('webhook_deliveries')
        .select('events.type as event_type')
        .where('webhook_deliveries.endpoint_id', '=', id),
      { id: 'webhook_deliveries.id', createdAt: 'webhook_deliveries.created_at', kind: 'webhookDelivery' },
      params,
    );
    const ids = page.data.map((d) => d.id);
    const attempts = ids.length ? await this.db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', ids).orderBy('attempt').execute() : [];
    return {
      has_more: page.has_more,
      data: page.data.map((d) => ({
        id: d.id,
        event_id: d.event_id,
        event_type: d.event_type,
        status: d.status,
        attempts: attempts.filter((a) => a.delivery_id === d.id).map(attemptView),
        next_attempt_at: d.next_attempt_at,
        delivered_at: d.delivered_at,
        created_at: d.created_at,
      })),
    };
  }

  async event(organizationId: string, id: string) {
    const row = await this.db.selectFrom('events').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!row) throw ApiError.notFound('event');
    return row;
  }

  async events(organizationId: string, params: ListQuery & { type?: string; payment_id?: string }) {
    let query = this.db.selectFrom('events').selectAll().where('organization_id', '=', organizationId);
    // events_org_payment_idx (organization_id, payment_id, id): one range scan, newest first.
    if (params.payment_id) query = query.where('payment_id', '=', params.payment_id);
    if (params.type) query = query.where('type', '=', params.type);
    // Test events only when asked for by type (POST /v1/webhooks/{id}/test).
    else query = query.where('type', '!=', TEST_EVENT_TYPE);
    const page = await paginate(query, { id: 'id', createdAt: 'created_at', kind: 'event' }, params);
    return { data: page.data.map(eventBody), has_more: page.has_more };
  }

  /**
   * A signed `webhook.test` event for this endpoint only (whatever it subscribes to), through the
   * same delivery job as every event: it shows in the endpoint's delivery log, is retried, and can
   * be redelivered (to this endpoint only). No other endpoint, stream or listener receives it.
   */
  async sendTest(organizationId: string, id: string) {
    const endpoint = await this.row(organizationId, id);
    if (endpoint.status !== 'enabled') throw new ApiError('conflict', 'The endpoint is disabled: enable it to send it a test event.');
    const data = {
      test: {
        endpoint_id: endpoint.id,
        message: 'A test event sent from Pasarela. It is about no payment; answer 2xx to acknowledge it.',
      },
    };
    const { eventId, deliveryId } = await this.db.transaction().execute(async (trx) => {
      const now = this.clock.realIso();
      const eventId = await recordEvent(trx, organizationId, TEST_EVENT_TYPE, data, undefined, clockAt(now));
      const deliveryId = await scheduleDelivery(trx, organizationId, endpoint.id, eventId, now);
      return { eventId, deliveryId };
    });
    return { delivery_id: deliveryId, event: eventBody(await this.event(organizationId, eventId)) };
  }

  /**
   * Sends the event again to every enabled endpoint subscribed to it (or to one); a test event only to its endpoint.
   * A delivery of the event to the same endpoint still being retried is replaced (failed, no more retries), so
   * the receiver gets the event once more, not twice.
   */
  async redeliver(organizationId: string, eventId: string, endpointId?: string): Promise<{ deliveries: string[] }> {
    const event = await this.event(organizationId, eventId);
    let query = this.db.selectFrom('webhook_endpoints').select(['id', 'events']).where('organization_id', '=', organizationId).where('status', '=', 'enabled');
    if (endpointId) query = query.where('id', '=', endpointId);
    const testedEndpoint = event.type === TEST_EVENT_TYPE ? (JSON.parse(event.data) as { test?: { endpoint_id?: string } }).test?.endpoint_id : undefined;
    const endpoints = (await query.execute()).filter((e) => (event.type === TEST_EVENT_TYPE ? e.id === testedEndpoint : subscribes(e.events, event.type)));
    if (endpointId && endpoints.length === 0) throw ApiError.notFound('enabled webhook endpoint subscribed to this event');
    const now = this.clock.realIso();
    const deliveries = await this.db.transaction().execute(async (trx) => {
      const ids: string[] = [];
      for (const e of endpoints) {
        const id = await scheduleDelivery(trx, organizationId, e.id, event.id, now);
        // A delivery of this event to this endpoint still waiting for a retry is replaced by this one, in the
        // same transaction: its retry would send the event a second time. Its pending job finds it finished.
        await trx
          .updateTable('webhook_deliveries')
          .set({ status: 'failed', next_attempt_at: null, last_error: `replaced by the manual redelivery ${id}`, updated_at: now })
          .where('organization_id', '=', organizationId)
          .where('endpoint_id', '=', e.id)
          .where('event_id', '=', event.id)
          .where('status', '=', 'pending')
          .where('id', '!=', id)
          .execute();
        ids.push(id);
      }
      return ids;
    });
    return { deliveries };
  }
}
