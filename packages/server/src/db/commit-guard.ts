/**
 * A check that runs inside every transaction of one piece of work, just before
 * its COMMIT, on the transaction's own connection: if the check's statement
 * changes no row, the transaction is rolled back and fails with the guard's
 * error. The Idempotency-Key layer uses it as a fence (idempotency/plugin.ts):
 * a request's transactions commit only while its key's lock is still its own,
 * so a process paused past its lock (SIGSTOP, a long GC) and then resumed cannot
 * commit after another process took the key over.
 *
 * The guard follows the async context (AsyncLocalStorage) of `withCommitGuard`;
 * work outside it (jobs, other requests) is untouched. A write made outside a
 * transaction is not guarded: the guarded work does its effects in transactions.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver } from 'kysely';
import { FenceLost } from './pg-statements.js';

export interface CommitGuard {
  /** Names the guarded work (the Idempotency-Key layer: `client_id:key`), for a service that records it (refunds). */
  readonly work: string;
  /** False once the guarded work has ended (endCommitGuard: its answer stored): later commits of work it left behind are not checked. */
  active: boolean;
  /**
   * An UPDATE that changes exactly the rows proving the work may still commit (at least
   * one), its text starting with FENCE: on PostgreSQL it goes in the same statement as the
   * transaction's waiting inserts (db/postgres-client.ts).
   */
  statement(): CompiledQuery;
  /** The error a refused commit fails with. */
  lost(): Error;
}

const storage = new AsyncLocalStorage<CommitGuard>();

/**
 * Whether AsyncLocalStorage follows contexts with async hooks (Node 20 and 22). Once a store is
 * set, they run at every promise the process makes, guarded work or not: about 6% of a payment
 * read's CPU (docs/benchmarks.md). Node 24's AsyncContextFrame costs nothing while no store is
 * set, and its `disable()` means something else, so there it is never disabled.
 */
const followsWithHooks = ['_enable', '_propagate'].every((method) => typeof Reflect.get(AsyncLocalStorage.prototype, method) === 'function');

/** Guards entered by withCommitGuard and not yet ended by endCommitGuard. */
const entered = new WeakSet<CommitGuard>();
let active = 0;

/**
 * Runs `fn` with every transaction it (and what it starts) commits checked by `guard`, until
 * endCommitGuard(guard). While no guarded work is active, the storage is disabled (async hooks
 * off); `run` enables it again. A commit made outside any active guard's work is not checked, so
 * nothing that is checked depends on a context made while it was off.
 */
export function withCommitGuard<T>(guard: CommitGuard, fn: () => T): T {
  if (guard.active && !entered.has(guard)) {
    entered.add(guard);
    active++;
  }
  return storage.run(guard, fn);
}

/** The guarded work has ended: its later commits (work it left behind) are no longer checked. */
export function endCommitGuard(guard: CommitGuard): void {
  guard.active = false;
  if (!entered.delete(guard)) return;
  active--;
  if (active === 0 && followsWithHooks) storage.disable();
}

/** The guard of the work running now, if any. */
export function currentCommitGuard(): CommitGuard | undefined {
  return storage.getStore();
}

/** `inner` with its driver replaced by `wrap(driver)`: the adapter, introspector and compiler stay. */
export function dialectWithDriver(inner: Dialect, wrap: (driver: Driver) => Driver): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createDriver: () => wrap(inner.createDriver()),
  };
}

/** The dialect with each COMMIT preceded by the current guard's check, if any. */
export function guardedDialect(inner: Dialect): Dialect {
  return dialectWithDriver(inner, (driver) => {
    const commit = driver.commitTransaction.bind(driver);
    driver.commitTransaction = async (connection: DatabaseConnection) => {
      const guard = storage.getStore();
      if (!guard?.active) return commit(connection);
      // Kysely rolls the transaction back when its commit throws.
      try {
        const result = await connection.executeQuery(guard.statement());
        if (!result.numAffectedRows || result.numAffectedRows < 1n) throw guard.lost();
        await commit(connection);
      } catch (error) {
        throw error instanceof FenceLost ? guard.lost() : error;
      }
    };
    return driver;
  });
}
