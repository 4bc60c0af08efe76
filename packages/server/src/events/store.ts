/**
 * The event outbox: every state change writes its event in the same
 * transaction, and the event's reactions run in that transaction too (the
 * fan-out to webhook deliveries, the settlement of a payment link or of a
 * payment instruction). Event types: types.ts (docs/webhooks.md "Events").
 *
 * `events/` imports no feature folder (test/architecture.test.ts checks it):
 * features register their reactions when the gateway is built (app.ts), and
 * reactions that record events of their own call `recordEvent` again.
 */
import type { Executor } from '../db/database.js';
import { preparedInsert } from '../db/prepared.js';
import { newId } from '../lib/ids.js';
import { EVENT_TYPES, type AuditEventType, type EventType, type TestEventType } from './types.js';

/** An event as recorded, handed to each reaction; `data` is the object the caller gave (not re-parsed). */
export interface RecordedEvent {
  id: string;
  organization_id: string;
  type: EventType;
  data: object;
  created_at: string;
  /** What the recorder knew of the event's subject beyond `data`; see EventContext. */
  context?: EventContext;
}

/**
 * Facts the recorder knows about the event's subject that its payload does
 * not carry, handed to the reactions so that they can skip a look-up that
 * cannot find anything (never stored, never sent). A reaction treats a
 * missing fact as unknown and does its look-up.
 */
export interface EventContext {
  /** A card payment's channel (`ecommerce`, `card_present`). */
  channel?: string;
}

/**
 * Something a feature does, inside the recording transaction, when an event of
 * one of `types` is recorded (`'*'`: every type). A reaction must be stateless
 * (everything it needs comes from the executor and the event): the registry is
 * one per process, shared by every gateway the process builds.
 */
export interface Reaction {
  /** Unique; registering the same reaction again (a second gateway in one process) changes nothing. */
  name: string;
  types: readonly EventType[] | '*';
  run: (db: Executor, event: RecordedEvent) => Promise<void>;
}

const registered: Reaction[] = [];
/** The reactions of each type, in registration order: looked up once per event, so a reaction costs nothing for the types it ignores. */
const byType = new Map<string, Reaction['run'][]>();

/** Adds reactions after those already registered; they run in this order. */
export function registerReactions(reactions: readonly Reaction[]): void {
  for (const reaction of reactions) {
    const known = registered.find((r) => r.name === reaction.name);
    if (known === reaction) continue;
    if (known) throw new Error(`Another event reaction is already registered as ${reaction.name}.`);
    registered.push(reaction);
  }
  byType.clear();
  for (const type of EVENT_TYPES) {
    byType.set(
      type,
      registered.filter((r) => r.types === '*' || r.types.includes(type)).map((r) => r.run),
    );
  }
}

/** The registered reactions' names, in order (for tests and diagnostics). */
export function registeredReactions(): string[] {
  return registered.map((r) => r.name);
}

const insertEvent = preparedInsert('events', { deferrable: true });

/** Where an event's data names the payment it is about (migration 016 fills older events from the same paths). */
const PAYMENT_PATHS: ReadonlyArray<readonly [string, string]> = [
  ['payment', 'id'],
  ['refund', 'payment_id'],
  ['chargeback', 'payment_id'],
  ['link', 'payment_id'],
  ['payment_instruction', 'payment_id'],
  ['cashout', 'payment_id'],
];

/** The payment an event is about (GET /v1/events?payment_id=), or null. */
export function paymentIdOf(data: object): string | null {
  for (const [object, field] of PAYMENT_PATHS) {
    const value = (data as Record<string, Record<string, unknown> | undefined>)[object]?.[field];
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

/**
 * Records the event and runs its reactions; call it inside the state change's
 * transaction. An audit record (AUDIT_EVENT_TYPES) has no reactions: no webhook receives it;
 * nor does a test event (TEST_EVENT_TYPE): webhooks/service.ts delivers it to its one endpoint.
 * `clock`: the gateway's (clock/clock.ts), for `created_at`.
 */
export async function recordEvent(
  db: Executor,
  organizationId: string,
  type: EventType | AuditEventType | TestEventType,
  data: object,
  context: EventContext | undefined,
  clock: { realIso(): string },
): Promise<string> {
  const id = newId('event');
  const createdAt = clock.realIso();
  await insertEvent(db, { id, organization_id: organizationId, type, data: JSON.stringify(data), payment_id: paymentIdOf(data), created_at: createdAt });
  // byType holds the webhook event types only: an audit record and a test event have no reactions.
  const reactions = byType.get(type);
  if (reactions) {
    const event: RecordedEvent = { id, organization_id: organizationId, type: type as EventType, data, created_at: createdAt, ...(context ? { context } : {}) };
    for (const run of reactions) await run(db, event);
  }
  return id;
}

/** The wire shape of an event (spec section 6): what webhooks carry and GET /v1/events returns. */
export function eventBody(row: { id: string; type: string; data: string; created_at: string }) {
  return { id: row.id, type: row.type, time: row.created_at, data: JSON.parse(row.data) as Record<string, unknown> };
}
