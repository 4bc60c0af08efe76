import type { CompiledQuery } from 'kysely';
import type { Db, Executor } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import { FENCE } from '../db/pg-statements.js';

export type Reservation =
  | { kind: 'reserved'; token: string; takenOver: boolean }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'mismatch' }
  | { kind: 'conflict' };

interface Reserve {
  clientId: string;
  key: string;
  requestHash: string;
  now: string;
  expiresAt: string;
  /** An in-progress reservation older than this may be taken over whoever holds it (a request still running past its 504). */
  staleBefore: string;
  /** This process's instance id (liveness.ts), recorded as the lock's owner. */
  owner: string;
  /** A fresh random token for this reservation: the fence (fenceStatement). */
  token: string;
  /** Whether the instance holding a lock may still be running its request; a lock of a dead one is taken over at once. */
  ownerAlive(owner: string): Promise<boolean>;
}

/**
 * The database failed a statement of a reservation for another reason than a
 * duplicate key (a lost connection, a trigger or a constraint that raises, a
 * disk error): whether the key is held is unknown. The request is answered 503
 * with Retry-After (plugin.ts), never 409 idempotency_conflict, which would tell
 * the merchant that another request holds the key.
 */
export class KeyStoreFailure extends Error {
  constructor(cause: unknown) {
    super('the Idempotency-Key store could not take the reservation', { cause });
  }
}

/**
 * Claims `key` for this request. The primary key (client_id, key) decides
 * races: exactly one of two concurrent requests inserts; the other sees the
 * row and gets a conflict (or, once the first finished, its stored answer).
 * Any other failure of the database is a KeyStoreFailure.
 */
export async function reserveKey(db: Executor, r: Reserve): Promise<Reservation> {
  try {
    return await reserve(db, r);
  } catch (error) {
    throw new KeyStoreFailure(error);
  }
}

async function reserve(db: Executor, r: Reserve): Promise<Reservation> {
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
          owner_instance: r.owner,
          lock_token: r.token,
        })
        .execute();
      return { kind: 'reserved', token: r.token, takenOver: false };
    } catch (error) {
      // Only a duplicate key means the key is held; anything else fails the reservation (KeyStoreFailure).
      if (!isUniqueViolation(error)) throw error;
    }
    const row = await db.selectFrom('idempotency_keys').selectAll().where('client_id', '=', r.clientId).where('key', '=', r.key).executeTakeFirst();
    if (!row) continue; // released between the insert and this read: try the insert again
    if (row.expires_at <= r.now) {
      // Kept 24 hours (spec section 8); after that the key is new again.
      await db.deleteFrom('idempotency_keys').where('client_id', '=', r.clientId).where('key', '=', r.key).where('expires_at', '<=', r.now).execute();
      continue;
    }
    if (row.request_hash !== r.requestHash) return { kind: 'mismatch' };
    if (row.status === 'completed') return { kind: 'replay', status: row.response_status ?? 200, body: row.response_body ?? '' };
    // Taken over when its owner is dead (no heartbeat) or, whoever the owner, after STALE_LOCK_SECONDS.
    // The compare-and-set on the old token decides between racing takers; the old owner's
    // transactions check the token before they commit (the fence), so they fail from now on.
    const dead = row.locked_at < r.staleBefore || (row.owner_instance !== null && !(await r.ownerAlive(row.owner_instance)));
    if (dead) {
      const taken = await db
        .updateTable('idempotency_keys')
        .set({ locked_at: r.now, owner_instance: r.owner, lock_token: r.token })
        .where('client_id', '=', r.clientId)
        .where('key', '=', r.key)
        .where('status', '=', 'in_progress')
        .where('locked_at', '=', row.locked_at)
        .where('lock_token', row.lock_token === null ? 'is' : '=', row.lock_token)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return { kind: 'reserved', token: r.token, takenOver: true };
    }
    return { kind: 'conflict' };
  }
  // Released or expired again before the second insert: the key is busy; the client retries (409 with Retry-After).
  return { kind: 'conflict' };
}

/** Stores the answer, only while the lock is still this request's (`token`); false when it was taken over. */
export async function completeKey(db: Executor, clientId: string, key: string, token: string, status: number, body: string): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ status: 'completed', response_status: status, response_body: body })
    .where('client_id', '=', clientId)
    .where('key', '=', key)
    .where('status', '=', 'in_progress')
    .where('lock_token', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Forgets a reservation whose request did not succeed, so a retry runs again (not one another request took over). */
export async function releaseKey(db: Executor, clientId: string, key: string, token: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('client_id', '=', clientId)
    .where('key', '=', key)
    .where('status', '=', 'in_progress')
    .where('lock_token', '=', token)
    .execute();
}

/**
 * The fence: run inside each transaction of the request just before its commit
 * (db/commit-guard.ts). It changes one row while the lock is still the
 * request's, and its row lock orders it with a takeover (PostgreSQL): either
 * the commit comes first and the taker sees its effects, or the takeover comes
 * first and the commit fails.
 */
export function fenceStatement(db: Db, clientId: string, key: string, token: string): CompiledQuery {
  const update = db
    .updateTable('idempotency_keys')
    .set({ lock_token: token })
    .where('client_id', '=', clientId)
    .where('key', '=', key)
    .where('status', '=', 'in_progress')
    .where('lock_token', '=', token)
    .compile();
  // Marked, so that on PostgreSQL it goes with the transaction's inserts (db/postgres-client.ts).
  return { ...update, sql: FENCE + update.sql };
}

export async function deleteExpiredKeys(db: Executor, now: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
