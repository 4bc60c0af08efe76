/**
 * The PostgreSQL connections Kysely uses, with four changes to what goes over
 * the wire (PostgreSQL only; every statement still runs, in the same order,
 * and what a transaction writes is still committed all together or not at all):
 *
 * 1. **Named statements.** PostgreSQL parses and plans an unnamed statement
 *    on every call. Our statements are parameterized, so their texts are few:
 *    each text gets a name and every connection prepares it once (node-pg
 *    keeps the names per connection).
 *
 * 2. **A transaction's inserts in one statement.** An insert compiled as
 *    deferrable (`preparedInsert(table, { deferrable: true })`, marked with
 *    `DEFERRABLE` at the start of its text) is not sent when it is called, inside
 *    a transaction: it waits, and the waiting inserts go as one statement
 *    (`WITH w0 AS (INSERT ...), w1 AS (INSERT ...) INSERT ...`) before the
 *    first statement that could see them or depends on them: any write, any
 *    read that names one of their tables (or locks rows, or calls pg_notify
 *    and the like), and the commit.
 *    `BEGIN` waits too, until a statement needs it: a transaction that is
 *    only plain reads of other tables and inserts is sent as those reads and
 *    one statement, which PostgreSQL runs atomically without BEGIN and
 *    COMMIT. Under READ COMMITTED (the default, checked per connection) a
 *    plain read sees the same rows inside the transaction or before its first
 *    write; under a stricter default isolation BEGIN is sent at once.
 *
 *    What changes for the caller: a deferred insert's error (a unique
 *    violation, a foreign key) surfaces at the statement that sends it, at
 *    the latest the commit, and the transaction fails as a whole. So only
 *    inserts whose error the caller does not handle by itself are deferrable
 *    (an order_id race is handled per transaction; a job's dedupe key is not
 *    deferred). A data-modifying WITH checks foreign keys at the end of the
 *    statement, so the inserts may reference each other in any order.
 *
 * 3. **A fence with them.** An update marked with `FENCE` (the commit guard's
 *    check, db/commit-guard.ts) must change a row, or the transaction fails.
 *    Inside a transaction it waits like a deferrable insert and goes in the
 *    same statement, as `wN AS (UPDATE ... RETURNING 1)` with, for the main
 *    statement, `SELECT 1 / (SELECT count(*) FROM wN)`: no row changed, a
 *    division by zero, and the whole statement (its inserts too) fails;
 *    that error comes out as `FenceLost`. A created payment under an
 *    Idempotency-Key so keeps the one statement of a payment without one,
 *    instead of BEGIN, the inserts, the fence's UPDATE and COMMIT.
 *
 * 4. **Such statements in groups.** A transaction that reaches its commit
 *    having sent nothing but plain reads (2.) ends as one statement of its
 *    own. While one of those is being answered (`GROUPS_IN_FLIGHT`), the next
 *    ones wait; then the oldest and those of its kind that waited behind it
 *    (the same statements, up to 16) go together as one statement (their inserts and
 *    fences one after the other, `combineInserts`, and the inserts of one table
 *    with the same columns as one insert of several rows, `mergeRows`), on the
 *    connection of the first. A group unanswered after `GROUP_TURN_MS` gives
 *    up its turn, so one held up by a row lock holds up no other.
 *    Each answers its caller only once that statement has committed: the
 *    group shares PostgreSQL's executor start, commit and WAL flush, and the
 *    round trip. A statement is atomic, so a group that fails has written
 *    nothing; if PostgreSQL refused it (a unique violation, a fence), each of
 *    its transactions is sent again on its own, and gets its own answer; so
 *    too when pg sent nothing, its first transaction's connection already
 *    known broken. A connection lost once the statement was sent fails the
 *    whole group, as it would fail a statement of its own: no transaction is
 *    sent twice.
 *
 * A transaction Kysely begins with settings (`isolationLevel`) is left as it is.
 */
import pg from 'pg';
import {
  DEFERRABLE,
  type Deferred,
  FENCE,
  FenceLost,
  MAX_GROUP_NAMES,
  MAX_NAMES,
  type Query,
  type Run,
  UPDATE_TABLE,
  connectionLost,
  insertTable,
  mergeRows,
  neverSent,
  plainRead,
  sendDeferred,
} from './pg-statements.js';

/**
 * Statement groups in flight at once. Measured on PostgreSQL with 16 payments
 * in flight (docs/benchmarks-history.md, "2026-11-26, V8's pretenuring off, PostgreSQL
 * statements in groups, a steadier bench"; commit 10353a4): one gave the largest
 * groups (4.2 transactions on average) and the least database CPU per payment;
 * two, groups of 2.4 and more CPU.
 */
export const GROUPS_IN_FLIGHT = 1;
/**
 * A group unanswered after this long gives up its turn, and the next group goes
 * beside it: a statement held up by a row lock (another transaction's
 * uncommitted insert of the same key, on another instance that is paused) or
 * by a connection that stopped answering must not hold up every other
 * transaction of the process. A group's answer takes 1–5 ms under load.
 */
export const GROUP_TURN_MS = 50;
/** At most this many transactions in a group (the others wait for the next): bounds the texts of one kind of transaction. */
const GROUP_MAX_MEMBERS = 16;
/** At most this many parameters in a group's statement (PostgreSQL's limit is 65 535). */
const GROUP_MAX_PARAMETERS = 30_000;

interface Member {
  batch: Deferred[];
  run: Run;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const parametersOf = (batch: readonly Deferred[]) => batch.reduce((n, d) => n + d.values.length, 0);

/** The same statements in the same order: transactions of one kind, whose group's text is the same for the same count. */
function sameKind(a: readonly Deferred[], b: readonly Deferred[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.text !== b[i]!.text) return false;
  return true;
}

/**
 * The transactions that end as one statement of their own (4. above): sent
 * as they come while fewer than `inFlight` groups hold a turn, else queued;
 * a group is the oldest waiting transaction and those of its kind behind it.
 */
export class StatementGroups {
  readonly #waiting: Member[] = [];
  #inFlight = 0;
  /** Groups sent, transactions in them, transactions sent again alone, and turns given up by a late group. */
  readonly stats = { groups: 0, transactions: 0, retried: 0, late: 0 };

  constructor(
    private readonly inFlight = GROUPS_IN_FLIGHT,
    private readonly turnMs = GROUP_TURN_MS,
  ) {}

  /** Resolves once the statement carrying `batch` has committed; rejects with that transaction's own error. */
  send(batch: Deferred[], run: Run): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#waiting.push({ batch, run, resolve, reject });
      this.#pump();
    });
  }

  #pump(): void {
    while (this.#inFlight < this.inFlight && this.#waiting.length > 0) {
      const group = this.#take();
      this.#inFlight++;
      this.stats.groups++;
      this.stats.transactions += group.length;
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        this.#inFlight--;
        this.#pump();
      };
      const late = setTimeout(() => {
        if (held) this.stats.late++;
        release();
      }, this.turnMs);
      late.unref();
      void this.#sendGroup(group, release).finally(() => {
        clearTimeout(late);
        release();
      });
    }
  }

  /** The oldest waiting transaction and those of its kind behind it, within the group's bounds. */
  #take(): Member[] {
    const head = this.#waiting.shift()!;
    const group = [head];
    let parameters = parametersOf(head.batch);
    for (let i = 0; i < this.#waiting.length && group.length < GROUP_MAX_MEMBERS; ) {
      const m = this.#waiting[i]!;
      const size = parametersOf(m.batch);
      if (!sameKind(m.batch, head.batch) || parameters + size > GROUP_MAX_PARAMETERS) {
        i++;
        continue;
      }
      parameters += size;
      group.push(m);
      this.#waiting.splice(i, 1);
    }
    return group;
  }

  async #sendGroup(group: Member[], release: () => void): Promise<void> {
    if (group.length === 1) return this.#sendAlone(group[0]!);
    try {
      await sendDeferred(group[0]!.run, mergeRows(group.flatMap((m) => m.batch)), true);
    } catch (error) {
      // Not answered by PostgreSQL (a lost connection): whether it committed is unknown, so not sent again.
      if (!(error instanceof pg.DatabaseError || error instanceof FenceLost || neverSent(error))) {
        for (const m of group) m.reject(error);
        return;
      }
      // Refused, or never sent (the first transaction's connection was already broken), so nothing
      // of it was written: each transaction on its own connection, for its own answer, outside the
      // turn (one of them may wait for the lock that refused the group).
      this.stats.retried += group.length;
      release();
      await Promise.all(group.map((m) => this.#sendAlone(m)));
      return;
    }
    for (const m of group) m.resolve();
  }

  async #sendAlone(m: Member): Promise<void> {
    try {
      await sendDeferred(m.run, m.batch);
      m.resolve();
    } catch (error) {
      m.reject(error);
    }
  }
}

/** The pool Kysely is given: each client it hands out runs its statements as described above. */
export function withNamedStatementsAndDeferredInserts(pool: pg.Pool, groups = new StatementGroups()): pg.Pool {
  // Two budgets of names, so that the many texts groups can take (kinds of transactions times
  // group sizes) never leave a statement of the program without one: past its budget a text runs
  // unnamed (parsed and planned at every call). Each name is prepared on each connection, once.
  const names_ = new Map<string, string>();
  const groupNames = new Map<string, string>();
  const nameOf = (text: string, grouped: boolean) => {
    const names = grouped ? groupNames : names_;
    let name = names.get(text);
    if (!name && names.size < (grouped ? MAX_GROUP_NAMES : MAX_NAMES)) {
      name = `pasarela_${grouped ? 'g' : ''}${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  const patched = new WeakSet<pg.PoolClient>();
  /** Clients a statement found ended by the server (patch): closed when released, never handed out again. */
  const lost = new WeakSet<pg.PoolClient>();
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  return new Proxy(pool, {
    get(target, property, receiver) {
      if (property !== 'connect') return Reflect.get(target, property, receiver) as unknown;
      return async () => {
        const client = await connect();
        if (!patched.has(client)) {
          patched.add(client);
          // The pool listens for errors only on idle clients: a server restart or shutdown while a
          // client is checked out (between two statements of a transaction) would be an unhandled
          // 'error' event and end the process. The statement in flight fails instead, and the pool
          // drops the broken client when it is released (it is no longer queryable).
          client.on('error', () => undefined);
          patch(client);
        }
        // The pool gives each checkout a release function of its own.
        const release = client.release.bind(client);
        client.release = (error?: Error | boolean) => release(error ?? (lost.has(client) ? new Error('the server ended this connection') : undefined));
        return client;
      };
    },
  });

  function patch(client: pg.PoolClient): void {
    const sent = client.query.bind(client) as Query;
    // A statement that failed because the server ended the connection (a restart, a terminated
    // backend) may fail before pg has seen the socket close: the pool would then take the client
    // back as idle and hand it to the next request, to fail there too. Released with an error,
    // it is closed instead.
    const query: Query = async (...args) => {
      try {
        return await sent(...args);
      } catch (error) {
        if (connectionLost(error)) lost.add(client);
        throw error;
      }
    };
    /** A parameterized statement under its name; unnamed if a table changed under it (a migration by another process). */
    const run: Run = async (text, values, grouped = false) => {
      if (values.length === 0) return query(text, values);
      const name = nameOf(text, grouped);
      if (!name) return query(text, values);
      try {
        return await query({ name, text, values });
      } catch (error) {
        if ((error as { code?: unknown }).code === '0A000') return query(text, values);
        throw error;
      }
    };
    // The transaction Kysely opened on this connection: BEGIN sent yet, the inserts waiting.
    let open = false;
    let begun = false;
    let batch: Deferred[] = [];
    let readCommitted: boolean | undefined;

    /** Sends BEGIN (if not yet) and the waiting inserts, then `text`. */
    const sendWith = async (text: string, values: unknown[]): Promise<pg.QueryResult> => {
      if (!begun) {
        begun = true;
        await query('begin');
      }
      await flush();
      return run(text, values);
    };
    /** The waiting inserts, taken out of the transaction's state. */
    const takeBatch = () => {
      const waiting = batch;
      batch = [];
      return waiting;
    };
    const flush = async () => {
      if (batch.length > 0) await sendDeferred(run, takeBatch());
    };

    const fake = (command: string, rowCount: number | null = null) => ({ command, rowCount, rows: [], fields: [], oid: 0 }) as unknown as pg.QueryResult;

    client.query = (async (...args: unknown[]) => {
      const [text, values] = args;
      // Only the promise form with an array of parameters, as Kysely calls it; other callers pass through.
      if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values)) return query(...args);
      if (text.startsWith(FENCE)) {
        batch.push({ text, values, table: UPDATE_TABLE.exec(text.slice(FENCE.length))?.[1] ?? '', fence: true });
        // Outside a transaction we manage (none, or BEGIN sent at once under a stricter isolation):
        // now, on its own. Inside one it goes with the commit's flush.
        if (!open) await flush();
        return fake('UPDATE', 1);
      }
      if (!open) {
        if (text !== 'begin' || values.length > 0) return run(text, values);
        readCommitted ??=
          ((await query('show default_transaction_isolation')).rows[0] as { default_transaction_isolation: string } | undefined)
            ?.default_transaction_isolation === 'read committed';
        if (!readCommitted) return query(text, values);
        open = true;
        begun = false;
        batch = [];
        return fake('BEGIN');
      }
      if (text === 'commit' || text === 'rollback') {
        open = false;
        if (text === 'rollback') {
          batch = [];
          return begun ? query(text) : fake('ROLLBACK');
        }
        if (begun) {
          await flush();
          return query(text);
        }
        // Nothing sent but plain reads: the inserts as one statement, atomic on its own, and no
        // COMMIT; with other transactions' statements when they come together (4.).
        if (batch.length > 0) await groups.send(takeBatch(), run);
        return fake('COMMIT');
      }
      if (text.startsWith(DEFERRABLE)) {
        const table = insertTable(text);
        if (table) {
          batch.push({ text, values, table });
          return fake('INSERT', 1);
        }
      }
      // A plain read of tables none of the waiting inserts write: it needs neither them nor BEGIN.
      const read = plainRead(text);
      if (read && !batch.some((d) => read.has(d.table))) return run(text, values);
      return sendWith(text, values);
    }) as typeof client.query;
  }
}
