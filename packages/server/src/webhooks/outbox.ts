/**
 * Fan-out of an event to the endpoints subscribed to it, inside the
 * transaction that records the event: one delivery row and one job per
 * endpoint, so a commit always carries its deliveries (at least once).
 */
import type { Executor } from '../db/database.js';
import { preparedInsert, preparedQuery } from '../db/prepared.js';
import type { Reaction } from '../events/store.js';
import { enqueueJob } from '../jobs/store.js';
import { newId } from '../lib/ids.js';
import { AUDIT_EVENT_TYPES, TEST_EVENT_TYPE } from '../events/types.js';

export const DELIVER_JOB = 'webhook.deliver';

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
  await enqueueJob(db, { type: DELIVER_JOB, payload: { delivery_id: id }, maxAttempts: 1000, organizationId });
  return id;
}

const enabledEndpoints = preparedQuery((db: Executor, organizationId: string) =>
  db.selectFrom('webhook_endpoints').select(['id', 'events']).where('organization_id', '=', organizationId).where('status', '=', 'enabled'),
);

export async function fanOut(db: Executor, event: { id: string; organization_id: string; type: string; created_at: string }): Promise<number> {
  const endpoints = await enabledEndpoints(db, event.organization_id);
  let count = 0;
  for (const endpoint of endpoints) {
    if (!subscribes(endpoint.events, event.type)) continue;
    await scheduleDelivery(db, event.organization_id, endpoint.id, event.id, event.created_at);
    count++;
  }
  return count;
}

/** The outbox reaction (registered in app.ts, first): every event fans out to its subscribers. */
export const webhookFanOut: Reaction = {
  name: 'webhooks.fan_out',
  types: '*',
  run: async (db, event) => {
    await fanOut(db, event);
  },
};
