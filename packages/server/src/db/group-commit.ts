/**
 * Group commit for SQLite: the write transactions that are ready at one moment
 * commit together, in one SQLite transaction, each in a savepoint of its own.
 *
 * Why: a commit writes every page the transaction changed to the WAL, whole
 * (4 KiB each, with a write for its header and one for the page). A created
 * payment changes about 30 pages (the rightmost leaf of each table and index it
 * inserts into), so each commit wrote about 124 KB, and half of a commit's time
 * was the kernel copying it (docs/benchmarks-history.md, "2026-11-26, group commit
 * on SQLite, decryptions on worker threads, shorter checkpoints"; commit eb8fb96).
 * Consecutive payments change the same pages: a group of N writes each page once.
 *
 * How:
 * - `db.transaction().execute(fn)` waits for its turn instead of running at once.
 *   The transactions asked for while the event loop runs its callbacks are
 *   started together right after (`setImmediate`): BEGIN IMMEDIATE, then for each one in
 *   order a SAVEPOINT, its statements, and RELEASE (or ROLLBACK TO: a transaction
 *   that fails leaves the others as they were), then one COMMIT.
 * - A transaction's `execute` resolves only after that COMMIT: an answer that
 *   follows it (a 201) still means its rows are committed. If the COMMIT fails,
 *   every transaction of the group fails with its error, and none was answered.
 * - The transactions of a group run one after another, as they did on the one
 *   connection before; a statement outside a transaction waits while a group
 *   runs. Reads are unchanged (db/database.ts): while a group is open they run
 *   on the read-only connection and see committed rows only, never a row of the
 *   open group.
 * - A group takes the transactions waiting when it starts, at most MAX_GROUP;
 *   the rest, and those asked for while it runs, wait for the next.
 * - A transaction's callback must not wait for what another transaction's
 *   caller does once that transaction's `execute` has resolved: the group
 *   commits only after the callback ends, so that wait never ends (with one
 *   connection, a transaction could already not wait for another to start).
 *
 * PostgreSQL commits concurrently on several connections and groups its WAL
 * flushes by itself; this is for SQLite only.
 */
import { SqliteDialect, CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type QueryResult, type SqliteDatabase } from 'kysely';
import { dialectWithDriver } from './commit-guard.js';
import type { WalGate } from './wal-gate.js';

/** The most transactions one COMMIT takes (bounds what one failed commit undoes, and a group's wait). */
export const MAX_GROUP = 64;

const SAVEPOINT = 'group_member';

/** What a transaction of the group waits on, and tells the group. */
class Member {
  readonly turn: Promise<void>;
  startTurn!: () => void;
  refuseTurn!: (error: unknown) => void;
  /** Resolves when the transaction has released or rolled back its savepoint. */
  readonly finished: Promise<void>;
  finish!: () => void;
  isFinished = false;
  released = false;
  /** Settles once its group has committed (or failed to). */
  readonly committed: Promise<void>;
  /** The group committed. */
  succeed!: () => void;
  /** The group's commit failed with `error`, passed on as it is. */
  fail!: (error: unknown) => void;

  constructor() {
    this.turn = new Promise((resolve, reject) => ((this.startTurn = resolve), (this.refuseTurn = reject)));
    this.finished = new Promise((resolve) => (this.finish = resolve));
    this.committed = new Promise((resolve, reject) => ((this.succeed = resolve), (this.fail = reject)));
    // A transaction that rolled back waits for its group's end, not for its outcome.
    this.committed.catch(() => undefined);
  }
}

/** One acquisition of the connection: a transaction (then `member` is set) or a single statement. */
class Handle implements DatabaseConnection {
  member: Member | undefined;
  constructor(private readonly driver: GroupCommitDriver) {}
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this, query);
  }
  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported');
  }
}

class GroupCommitDriver implements Driver {
  #connection!: DatabaseConnection;
  #pending: Member[] = [];
  #scheduled = false;
  /** Set while a group runs; resolves when it has ended. */
  #running: Promise<void> | undefined;
  /** Set when a member could not be rolled back alone (its ROLLBACK TO failed): its group must not commit. */
  #undone: unknown;

  constructor(
    private readonly inner: Driver,
    /** Whether the connection has a transaction open (better-sqlite3's `inTransaction`). */
    private readonly inTransaction: () => boolean,
    /** Turns at the write lock with the checkpoint thread's WAL restart (a file database; db/wal-gate.ts). */
    private readonly gate: WalGate | undefined,
    /** Whether a statement only reads (better-sqlite3's `readonly`): it needs no turn at the write lock. */
    private readonly readsOnly: (sql: string) => boolean,
  ) {}

  async init(): Promise<void> {
    await this.inner.init();
    // The one connection, kept: this driver decides who uses it when.
    this.#connection = await this.inner.acquireConnection();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new Handle(this));
  }

  async execute<R>(handle: Handle, query: CompiledQuery): Promise<QueryResult<R>> {
    const member = handle.member;
    // A transaction's statement runs in its turn, and never after it: one not awaited would run
    // in the next member's savepoint, and one after SQLite rolled the group back would autocommit.
    if (member) {
      if (member.isFinished || !this.inTransaction()) throw new Error('This transaction has ended (or SQLite rolled it back): its statement was not run.');
      return this.#connection.executeQuery<R>(query);
    }
    // A lone statement waits for a running group to end, and one that writes for a WAL restart; it
    // runs at once (better-sqlite3 is synchronous), so the write lock is given back when the call returns.
    while (this.#running) await this.#running;
    if (!this.gate || this.readsOnly(query.sql)) return this.#connection.executeQuery<R>(query);
    if (!this.gate.tryEnter()) {
      await this.gate.enter();
      // A group may have begun while this waited; it goes first.
      this.gate.leave();
      return this.execute<R>(handle, query);
    }
    try {
      return this.#connection.executeQuery<R>(query);
    } finally {
      this.gate.leave();
    }
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const member = new Member();
    (connection as Handle).member = member;
    this.#pending.push(member);
    this.#schedule();
    await member.turn;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const member = (connection as Handle).member!;
    // If RELEASE fails, Kysely calls rollbackTransaction, which finishes the member.
    await this.#run(`release ${SAVEPOINT}`);
    member.released = true;
    member.isFinished = true;
    member.finish();
    await member.committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const member = (connection as Handle).member!;
    // Released, then its group's COMMIT failed: nothing of it is left to undo.
    if (member.isFinished) return;
    member.isFinished = true;
    try {
      // SQLite rolls the whole transaction back by itself after some errors (a full disk, an I/O error).
      if (this.inTransaction()) {
        try {
          await this.#run(`rollback to ${SAVEPOINT}`);
          await this.#run(`release ${SAVEPOINT}`);
        } catch (error) {
          // It cannot be undone alone: the whole group is, and its other members fail (#runGroup).
          this.#undone = error;
          await this.#run('rollback').catch(() => undefined);
        }
      }
    } finally {
      member.finish();
    }
    // Its failure may come from an earlier transaction of the group (a unique key taken, a
    // compare-and-set lost), and the caller's next step is to read what that one wrote: only
    // committed rows are read outside a transaction, so the failure is told once the group has ended.
    await member.committed.catch(() => undefined);
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.inner.destroy();
  }

  /** Async, so that better-sqlite3's synchronous throw arrives as a rejection. */
  async #run(text: string): Promise<QueryResult<unknown>> {
    return this.#connection.executeQuery(CompiledQuery.raw(text));
  }

  #schedule(): void {
    if (this.#scheduled || this.#running) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      let end!: () => void;
      this.#running = new Promise((resolve) => (end = resolve));
      void this.#gatedGroup().finally(() => {
        this.#running = undefined;
        end();
        if (this.#pending.length) this.#schedule();
      });
    });
  }

  /** The group, holding the write lock (db/wal-gate.ts) from before its BEGIN to after its end. */
  async #gatedGroup(): Promise<void> {
    if (!this.gate) return this.#runGroup();
    await this.gate.enter();
    try {
      await this.#runGroup();
    } finally {
      this.gate.leave();
    }
  }

  async #runGroup(): Promise<void> {
    // The transactions waiting now; any asked for while this group runs wait for the next.
    const batch = this.#pending.splice(0, MAX_GROUP);
    const taken: Member[] = [];
    let lost: unknown;
    try {
      // A transaction left open by a ROLLBACK that failed must not take this group in.
      if (this.inTransaction()) await this.#run('rollback').catch(() => undefined);
      if (this.inTransaction()) {
        const stuck = new Error('The SQLite connection is in a transaction it could not roll back.');
        for (const member of batch.splice(0)) member.refuseTurn(stuck);
        return;
      }
      while (batch.length > 0) {
        const member = batch.shift()!;
        try {
          // IMMEDIATE: the write lock from the start. Deferred, a transaction that read and then
          // wrote failed at once (SQLITE_BUSY_SNAPSHOT) when another process (the CLI beside a
          // running server) committed in between; now the other process waits (busy_timeout).
          if (!this.inTransaction()) await this.#run('begin immediate');
          await this.#run(`savepoint ${SAVEPOINT}`);
        } catch (error) {
          member.refuseTurn(error);
          continue;
        }
        taken.push(member);
        member.startTurn();
        await member.finished;
        if (this.#undone !== undefined || !this.inTransaction()) {
          // The whole transaction is gone (see rollbackTransaction): the group's earlier members went with it.
          lost = this.#undone ?? new Error('SQLite rolled back the transaction this one was grouped with.');
          break;
        }
      }
      if (lost === undefined && this.inTransaction()) {
        try {
          await this.#run('commit');
        } catch (error) {
          lost = error;
        }
      }
      if (lost !== undefined && this.inTransaction()) await this.#run('rollback').catch(() => undefined);
    } finally {
      this.#undone = undefined;
      // Not begun because the transaction went down before their turn: the next group.
      this.#pending.unshift(...batch);
      for (const member of taken) {
        if (member.released && lost !== undefined) member.fail(lost);
        else member.succeed();
      }
    }
  }
}

/** Kysely's SQLite dialect with group commit (see above). */
export function groupCommitDialect(
  database: SqliteDatabase,
  inTransaction: () => boolean,
  gate?: WalGate,
  readsOnly: (sql: string) => boolean = () => false,
): Dialect {
  return dialectWithDriver(new SqliteDialect({ database }), (driver) => new GroupCommitDriver(driver, inTransaction, gate, readsOnly));
}
