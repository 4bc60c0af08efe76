/**
 * Turns at SQLite's write lock between the event loop's writer and the
 * checkpoint thread's WAL restart (db/database.ts), decided here instead of
 * by SQLite's busy handler.
 *
 * Why: a restart holds SQLite's write lock while it copies the last frames
 * back and syncs the files. A commit that began meanwhile waited in the busy
 * handler, which sleeps 1, 2, 5, 10 ms and longer on the calling thread: the
 * event loop stopped, every request with it, and for longer than the restart
 * lasted. Measured on an evenly paced create-payment load of 1,450 a second on
 * SQLite, the p99 was 14.6–16.8 ms with restarts and 9.5–9.8 ms without
 * (docs/benchmarks-history.md, "2026-11-26, the load the create cases get, the
 * profiler out of the measured runs, turns at SQLite's write lock"; commit b103009).
 *
 * How: two shared integers.
 * - `turn` says who holds the write lock: nobody, the restart, or the writer
 *   (a group commit from its BEGIN to its end, or a statement outside a
 *   transaction while it runs). Each side takes it with a compare-and-swap.
 * - `wanted` is set by the checkpoint thread while it waits for its turn:
 *   the writer then starts nothing new, so a busy writer cannot starve the
 *   restart, and the restart never begins in the middle of a write.
 * The writer waits with `Atomics.waitAsync`, so the event loop keeps serving
 * reads and requests while a restart runs; only the writes wait (statements
 * that only read do not take the gate: SQLite lets them run beside a restart).
 *
 * The gate is per process: a second process on the same file (a command-line
 * run beside the server) has its own, and meets the server's restarts in
 * SQLite's busy handler as before. SQLite is written by one server process.
 */

const FREE = 0;
const RESTART = 1;
const WRITER = 2;
/** Indexes into the shared Int32Array. */
const TURN = 0;
const WANTED = 1;

export class WalGate {
  readonly #state: Int32Array;

  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(8)) {
    this.#state = new Int32Array(buffer);
  }

  /** Takes the write lock for the writer if nobody holds it and no restart waits for it. */
  tryEnter(): boolean {
    if (Atomics.load(this.#state, WANTED) !== 0) return false;
    return Atomics.compareExchange(this.#state, TURN, FREE, WRITER) === FREE;
  }

  /**
   * Takes it once the restart that holds it or waits for it is over, and once
   * the event loop's other holder has given it back (two writes that waited
   * for the same restart take turns); the event loop runs meanwhile.
   */
  async enter(): Promise<void> {
    if (this.tryEnter()) return;
    // Atomics.waitAsync holds no reference on the event loop (and the checkpoint thread is
    // unref'd): a command-line run whose only work left is this write would exit without it.
    const alive = setInterval(() => undefined, 2 ** 30);
    try {
      while (!this.tryEnter()) {
        let waiting;
        if (Atomics.load(this.#state, WANTED) !== 0) waiting = Atomics.waitAsync(this.#state, WANTED, 1);
        else {
          const turn = Atomics.load(this.#state, TURN);
          // Given back between the try and this load: its notify has gone, so try again instead of waiting.
          if (turn === FREE) continue;
          waiting = Atomics.waitAsync(this.#state, TURN, turn);
        }
        if (waiting.async) await waiting.value;
      }
    } finally {
      clearInterval(alive);
    }
  }

  /** Gives the write lock back; a restart waiting for it may begin. */
  leave(): void {
    Atomics.store(this.#state, TURN, FREE);
    Atomics.notify(this.#state, TURN);
  }

  /** The checkpoint thread has ended (closed or failed): whatever it held or waited for is over. */
  reset(): void {
    Atomics.compareExchange(this.#state, TURN, RESTART, FREE);
    Atomics.store(this.#state, WANTED, 0);
    Atomics.notify(this.#state, TURN);
    Atomics.notify(this.#state, WANTED);
  }
}

/**
 * The checkpoint thread's side, as the source of a function for its
 * `eval`ed worker: `restartInTurn(buffer, waitMs, restart)` waits at most
 * `waitMs` for the writer to give the lock back, runs `restart()` holding it,
 * and returns its result (undefined if the turn did not come).
 */
export const RESTART_IN_TURN_SOURCE = `
function restartInTurn(buffer, waitMs, restart) {
  const state = new Int32Array(buffer);
  Atomics.store(state, ${WANTED}, 1);
  try {
    const deadline = performance.now() + waitMs;
    while (Atomics.compareExchange(state, ${TURN}, ${FREE}, ${RESTART}) !== ${FREE}) {
      const left = deadline - performance.now();
      if (left <= 0) return undefined;
      Atomics.wait(state, ${TURN}, ${WRITER}, left);
    }
  } finally {
    Atomics.store(state, ${WANTED}, 0);
    Atomics.notify(state, ${WANTED});
  }
  try {
    return restart();
  } finally {
    Atomics.store(state, ${TURN}, ${FREE});
    Atomics.notify(state, ${TURN});
  }
}`;
