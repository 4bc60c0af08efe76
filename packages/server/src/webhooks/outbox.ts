/**
 * Fan-out of an event to the endpoints subscribed to it, inside the
 * transaction that records the event: one delivery row and one job per
 * endpoint, so a commit always carries its deliveries (at least once).
 */
import type { Executor } from '../db/database.js';
import { sql } from 'kysely';
import { preparedInsert, preparedStatement } from '../db/prepared.js';
import type { Reaction } from '../events/store.js';
import { clockAt } from '../clock/clock.js';
import { enqueueJob, insertJobsPerRow } from '../jobs/store.js';
import { ID_PREFIXES, newId } from '../lib/ids.js';
import { AUDIT_EVENT_TYPES, TEST_EVENT_TYPE } from '../events/types.js';

export const DELIVER_JOB = 'webhook.deliver';
/** The delivery job's attempts: it reschedules itself along the retry schedule (service.ts), so this is only a backstop. */
export const MAX_DELIVERY_ATTEMPTS = 1000;

/** Never delivered by subscription: audit records (nor redelivered), test events (only to the endpoint they were sent to, service.ts). */
const UNSUBSCRIBABLE = new Set<string>([...AUDIT_EVENT_TYPES, TEST_EVENT_TYPE]);

export function subscribes(eventsJson: string, type: string): boolean {
  if (UNSUBSCRIBABLE.has(type)) return false;
  const events = JSON.parse(eventsJson) as string[];
  return events.includes('*') || events.includes(type);
}

/** In the event's transaction: may go with its other inserts (db/postgres-client.ts). */
const insertDelivery = preparedInsert('webhook_deliveries', { deferrable: true });

export async function scheduleDelivery(db: Executor, organizationId: string, endpointId: string, eventId: string, now: string): Promise<string> {
  const id = newId('webhookDelivery');
  await insertDelivery(db, {
    id,
    organization_id: organizationId,
    endpoint_id: endpointId,
    event_id: eventId,
    status: 'pending',
    attempts: 0,
    last_status_code: null,
    last_error: null,
    next_attempt_at: now,
    delivered_at: null,
    created_at: now,
    updated_at: now,
  });
  // Tagged with the organization: a test clock advance delivers what the jobs it ran recorded before answering (clock/).
  await enqueueJob(db, { type: DELIVER_JOB, payload: { delivery_id: id }, maxAttempts: MAX_DELIVERY_ATTEMPTS, organizationId }, clockAt(now));
  return id;
}

/**
 * The endpoints of the event's organization that are enabled and subscribe to
 * its type, with the ids of the delivery and the job each gets: the event's id
 * with `whd` / `job` for its prefix and the endpoint's rank as a suffix (unique,
 * and in the event's time order as ULIDs are). Subscribed as `subscribes` says:
 * `events` is a JSON array of event types (letters, dots, underscores), so
 * `"type"` with its quotes is found in it only as an element.
 */
function subscribedEndpoints(deliveryPrefix: unknown, jobPrefix: unknown, organizationId: unknown, typePattern: unknown) {
  const rank = sql`cast(row_number() over (order by id) as text)`;
  return sql`select cast(${deliveryPrefix} as text) || ${rank} as delivery_id, cast(${jobPrefix} as text) || ${rank} as job_id, id as endpoint_id
    from webhook_endpoints
    where organization_id = cast(${organizationId} as text) and status = 'enabled' and (events like '%"*"%' or events like cast(${typePattern} as text) escape '\\')`;
}

/** Deferrable: on PostgreSQL both go with the event's insert as one statement, and read the endpoints as of that statement. */
const insertDeliveries = preparedStatement(
  (deliveryPrefix: unknown, jobPrefix: unknown, organizationId: unknown, typePattern: unknown, eventId: unknown, now: unknown) =>
    sql`insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, status, attempts, next_attempt_at, created_at, updated_at)
      select s.delivery_id, cast(${organizationId} as text), s.endpoint_id, cast(${eventId} as text), 'pending', 0, cast(${now} as text), cast(${now} as text), cast(${now} as text)
      from (${subscribedEndpoints(deliveryPrefix, jobPrefix, organizationId, typePattern)}) as s`,
  { deferrable: true },
);
const insertDeliveryJobs = preparedStatement(
  (deliveryPrefix: unknown, jobPrefix: unknown, organizationId: unknown, typePattern: unknown, now: unknown) =>
    insertJobsPerRow(
      { type: DELIVER_JOB, maxAttempts: MAX_DELIVERY_ATTEMPTS },
      sql`select s.job_id as id, '{"delivery_id":"' || s.delivery_id || '"}' as payload from (${subscribedEndpoints(deliveryPrefix, jobPrefix, organizationId, typePattern)}) as s`,
      now,
      organizationId,
    ),
  { deferrable: true },
);

/**
 * One delivery and one job per subscribed endpoint, written by two
 * `INSERT ... SELECT` statements: on PostgreSQL they wait and go with the
 * transaction's other inserts (db/postgres-client.ts), so a recorded event
 * costs no round trip of its own for its fan-out.
 */
export async function fanOut(db: Executor, event: { id: string; organization_id: string; type: string; created_at: string }): Promise<void> {
  if (UNSUBSCRIBABLE.has(event.type)) return;
  const ulid = event.id.slice(event.id.indexOf('-') + 1);
  const deliveryPrefix = `${ID_PREFIXES.webhookDelivery}-${ulid}-`;
  const jobPrefix = `${ID_PREFIXES.job}-${ulid}-`;
  const typePattern = `%"${event.type.replace(/[\\%_]/g, '\\$&')}"%`;
  await insertDeliveries(db, deliveryPrefix, jobPrefix, event.organization_id, typePattern, event.id, event.created_at);
  await insertDeliveryJobs(db, deliveryPrefix, jobPrefix, event.organization_id, typePattern, event.created_at);
}

/** The outbox reaction (registered in app.ts, first): every event fans out to its subscribers. */
export const webhookFanOut: Reaction = {
  name: 'webhooks.fan_out',
  types: '*',
  run: async (db, event) => {
    await fanOut(db, event);
  },
};
