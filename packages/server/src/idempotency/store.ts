import type { Executor } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';

export type Reservation =
  | { kind: 'reserved' }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'mismatch' }
  | { kind: 'conflict' };

interface Reserve {
  clientId: string;
  key: string;
  requestHash: string;
  now: string;
  expiresAt: string;
  /** An in-progress reservation older than this was left by a crashed process and may be taken over. */
  staleBefore: string;
}

/**
 * Claims `key` for this request. The primary key (client_id, key) decides
 * races: exactly one of two concurrent requests inserts; the other sees the
 * row and gets a conflict (or, once the first finished, its stored answer).
 */
export async function reserveKey(db: Executor, r: Reserve): Promise<Reservation> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await db
        .insertInto('idempotency_keys')
        .values({
          client_id: r.clientId,
          key: r.key,
          request_hash: r.requestHash,
          status: 'in_progress',
          response_status: null,
          response_body: null,
          locked_at: r.now,
          created_at: r.now,
          expires_at: r.expiresAt,
        })
        .execute();
      return { kind: 'reserved' };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('client_id', '=', r.clientId)
      .where('key', '=', r.key)
      .executeTakeFirst();
    if (!row) continue; // released in between: try the insert again
    if (row.expires_at <= r.now) {
      // Kept 24 hours (spec section 8); after that the key is new again.
      await db
        .deleteFrom('idempotency_keys')
        .where('client_id', '=', r.clientId)
        .where('key', '=', r.key)
        .where('expires_at', '<=', r.now)
        .execute();
      continue;
    }
    if (row.request_hash !== r.requestHash) return { kind: 'mismatch' };
    if (row.status === 'completed') return { kind: 'replay', status: row.response_status ?? 200, body: row.response_body ?? '' };
    if (row.locked_at < r.staleBefore) {
      const taken = await db
        .updateTable('idempotency_keys')
        .set({ locked_at: r.now })
        .where('client_id', '=', r.clientId)
        .where('key', '=', r.key)
        .where('status', '=', 'in_progress')
        .where('locked_at', '=', row.locked_at)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return { kind: 'reserved' };
    }
    return { kind: 'conflict' };
  }
  return { kind: 'conflict' };
}

export async function completeKey(db: Executor, clientId: string, key: string, status: number, body: string): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status: 'completed', response_status: status, response_body: body })
    .where('client_id', '=', clientId)
    .where('key', '=', key)
    .execute();
}

/** Forgets a reservation whose request did not succeed, so a retry runs again. */
export async function releaseKey(db: Executor, clientId: string, key: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('client_id', '=', clientId)
    .where('key', '=', key)
    .where('status', '=', 'in_progress')
    .execute();
}

export async function deleteExpiredKeys(db: Executor, now: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
