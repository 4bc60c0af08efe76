/**
 * What posting an entry that moved the merchant's pending balance adds for
 * the settlement schedule (payouts/settlement.ts, docs/ledger.md
 * "Settlements"): the entry in `settlement_queue`, booked at the
 * organization's time (the real time of the event plus its sandbox clock's
 * offset, read by the statement itself), and the organization's settlement
 * run when none waits: due at once (it finds the entry not due yet and
 * schedules itself for when it is). One run waits per organization (the
 * pending dedupe key), and a waiting run is never later than the start of
 * the organization's next day (payouts/engine.ts `scheduleNext`), while an
 * entry booked now falls due at that moment at the soonest (T+0). So when a
 * run waits, the insert leaves it as it is (`on conflict do nothing`): a
 * capture neither writes the jobs row nor makes the run start again, and an
 * entry due sooner than the others queued (a rail payment after card
 * captures) is still settled on time.
 * Both statements are deferrable: on PostgreSQL they go with the
 * transaction's other inserts, no round trip of their own.
 * A run has SETTLING_JOB_ATTEMPTS (about a week of retries): until one runs,
 * nothing settles the queued entries or schedules the next run, and with the
 * default 10 a run failing for 17 minutes left them pending until the next
 * entry was booked, if one ever was.
 */
import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { preparedStatement } from '../db/prepared.js';
import { SETTLING_JOB_ATTEMPTS } from '../jobs/store.js';
import { newId } from '../lib/ids.js';
import type { SettlementMethod } from './accounts.js';

/** The job that settles an organization's due entries (payouts/settlement.ts). */
export const SETTLEMENT_JOB = 'settlement.run';
export const settlementDedupeKey = (organizationId: string) => `${SETTLEMENT_JOB}:${organizationId}`;

const offset = (organizationId: unknown) => sql`coalesce((select offset_ms from sandbox_clocks where organization_id = cast(${organizationId} as text)), 0)`;

const insertQueued = preparedStatement(
  (entryId: unknown, organizationId: unknown, currency: unknown, method: unknown, nowMs: unknown, amount: unknown) =>
    sql`insert into settlement_queue (entry_id, organization_id, currency, method, booked_ms, amount)
      values (cast(${entryId} as text), cast(${organizationId} as text), cast(${currency} as text), cast(${method} as text),
        cast(${nowMs} as bigint) + ${offset(organizationId)}, cast(${amount} as bigint))`,
  { deferrable: true },
);

/** A card capture's queue row, read from the payment and its fees like capture.ts's entry. */
const insertQueuedCapture = preparedStatement(
  (entryId: unknown, paymentId: unknown, organizationId: unknown, nowMs: unknown) =>
    sql`insert into settlement_queue (entry_id, organization_id, currency, method, booked_ms, amount)
      select cast(${entryId} as text), p.organization_id, p.currency, 'card', cast(${nowMs} as bigint) + ${offset(organizationId)},
        p.amount_captured - (select coalesce(sum(amount), 0) from payment_fees where payment_id = cast(${paymentId} as text))
      from payments p
      where p.id = cast(${paymentId} as text) and p.organization_id = cast(${organizationId} as text) and p.amount_captured > 0`,
  { deferrable: true },
);

const insertRun = preparedStatement(
  (jobId: unknown, dedupeKey: unknown, organizationId: unknown, now: unknown) =>
    sql`insert into jobs (id, type, payload, status, dedupe_key, run_at, attempts, max_attempts, created_at, updated_at, organization_id)
      values (cast(${jobId} as text), ${sql.lit(SETTLEMENT_JOB)}, '{}', 'pending', cast(${dedupeKey} as text), cast(${now} as text), 0, ${sql.lit(SETTLING_JOB_ATTEMPTS)},
        cast(${now} as text), cast(${now} as text), cast(${organizationId} as text))
      on conflict (dedupe_key) where status = 'pending' and dedupe_key is not null do nothing`,
  { deferrable: true },
);

function enqueueRun(db: Executor, organizationId: string, now: string): Promise<void> {
  return insertRun(db, newId('job'), settlementDedupeKey(organizationId), organizationId, now);
}

/** Queues an entry for settlement; `amount`: its effect on pending (signed minor units). */
export async function queueEntry(
  db: Executor,
  entry: { id: string; organizationId: string; currency: string; method: SettlementMethod; amount: number; createdAt: string },
): Promise<void> {
  await insertQueued(db, entry.id, entry.organizationId, entry.currency, entry.method, Date.parse(entry.createdAt), entry.amount);
  await enqueueRun(db, entry.organizationId, entry.createdAt);
}

/** Queues a card capture's entry (capture.ts). */
export async function queueCapture(db: Executor, entryId: string, paymentId: string, organizationId: string, now: string): Promise<void> {
  await insertQueuedCapture(db, entryId, paymentId, organizationId, Date.parse(now));
  await enqueueRun(db, organizationId, now);
}

const insertRunAt = preparedStatement(
  (jobId: unknown, dedupeKey: unknown, organizationId: unknown, runAt: unknown, now: unknown) =>
    sql`insert into jobs (id, type, payload, status, dedupe_key, run_at, attempts, max_attempts, created_at, updated_at, organization_id)
      values (cast(${jobId} as text), ${sql.lit(SETTLEMENT_JOB)}, '{}', 'pending', cast(${dedupeKey} as text), cast(${runAt} as text), 0, ${sql.lit(SETTLING_JOB_ATTEMPTS)},
        cast(${now} as text), cast(${now} as text), cast(${organizationId} as text))
      on conflict (dedupe_key) where status = 'pending' and dedupe_key is not null
      do update set run_at = excluded.run_at where jobs.run_at > excluded.run_at`,
);

/** Schedules the organization's next settlement run at `runAt` (real time), or moves the waiting one there if it is later. */
export async function scheduleSettlementRun(db: Executor, organizationId: string, runAt: string, now: string): Promise<void> {
  await insertRunAt(db, newId('job'), settlementDedupeKey(organizationId), organizationId, runAt, now);
}
