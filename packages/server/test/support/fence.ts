/** Guarded work as the Idempotency-Key layer runs it (idempotency/plugin.ts, db/commit-guard.ts). */
import { endCommitGuard, withCommitGuard, type CommitGuard } from '../../src/db/commit-guard.js';

/**
 * Runs `work` under `guard`, then ends the guard as a request's answer does, so that no guard stays
 * active in the test process (while one is, Node 20 and 22 run async hooks at every promise).
 */
export async function guardedWork<T>(guard: CommitGuard, work: () => Promise<T>): Promise<T> {
  try {
    return await withCommitGuard(guard, work);
  } finally {
    endCommitGuard(guard);
  }
}
