/**
 * Opens the database named by DATABASE_URL: SQLite (better-sqlite3, the embedded
 * default) or PostgreSQL (pg). Everything above this file is dialect-agnostic
 * except the few queries that branch on `dialect` (job claiming).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite, { sqliteDriverPath, type SqliteDatabase, type SqliteStatement } from './sqlite-driver.js';
import pg from 'pg';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, sql, type Transaction } from 'kysely';
import type { Config, DatabaseKind } from '../config/config.js';
import type { Database } from './schema.js';
import { migrations } from './migrations/index.js';
import { applySqliteSnapshot, builtSqliteSnapshot, isEmptySqlite, type SqliteSnapshot } from './sqlite-snapshot.js';
import { connectionLost } from './pg-statements.js';
import { StatementGroups, withNamedStatementsAndDeferredInserts } from './postgres-client.js';
import { installRowTemplateCache } from './pg-row-template.js';
import { guardedDialect } from './commit-guard.js';
import { currentSchemaDialect } from './pg-schema.js';
import { groupCommitDialect } from './group-commit.js';
import { RESTART_IN_TURN_SOURCE, WalGate } from './wal-gate.js';

export type Db = Kysely<Database>;
/** A repository function takes `Executor` so a service can pass a transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: DatabaseKind;
  /** The pg pool (PostgreSQL only), shared with the rate limiter's store. */
  pool: pg.Pool | undefined;
  /** PostgreSQL only: the transactions committed in groups (db/postgres-client.ts). */
  statementGroups?: StatementGroups;
  /**
   * SQLite file opened with `deferCheckpoints`: starts the checkpoint thread now (once; nothing
   * on PostgreSQL, in memory, or when it runs already). Until then SQLite checkpoints by itself.
   */
  startCheckpoints(): void;
  close(): Promise<void>;
}

// PostgreSQL BIGINT arrives as text by default; our bigints are Unix seconds.
pg.types.setTypeParser(20, (value) => Number(value));
// One row template per column list (db/pg-row-template.ts).
installRowTemplateCache();

/**
 * Runs a compiled read synchronously (SQLite only; see db/prepared.ts), or
 * answers undefined when it cannot: the caller then queues it on Kysely's
 * connection.
 */
export type DirectReader = (text: string, parameters: readonly unknown[]) => unknown[] | undefined;
export const directReaders = new WeakMap<Db, DirectReader>();

const MMAP_BYTES = 1024 * 1024 * 1024;

export function openDatabase(
  config: Pick<Config, 'database'>,
  options: {
    poolSize?: number;
    /** SQLite: RESTART_AT_FRAMES (tests use a small WAL). */
    walRestartAtFrames?: number;
    /**
     * SQLite: the checkpoint thread starts at `startCheckpoints()` instead of now, and SQLite's
     * own automatic checkpoints run until then. A thread's start (Node's bootstrap of it, the
     * driver loaded again) took about a tenth of a sandbox's CPU until `/readyz`
     * (docs/benchmarks.md, "Start-up and memory of npx pasarela"); the gateway starts it once it
     * listens (app.ts).
     */
    deferCheckpoints?: boolean;
  } = {},
): DatabaseHandle {
  if (config.database.kind === 'postgres') {
    // TCP keepalive: a connection whose server vanished after taking a statement (nothing left to
    // retransmit, so TCP would wait for its answer forever) is found out, with probes from 10 s of
    // silence on (then the system's interval and count of probes).
    const pool = new pg.Pool({ connectionString: config.database.url, max: options.poolSize ?? 10, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    // An idle client's error (server restart) must not crash the process.
    pool.on('error', () => undefined);
    const statementGroups = new StatementGroups();
    const dialect = currentSchemaDialect(new PostgresDialect({ pool: withNamedStatementsAndDeferredInserts(pool, statementGroups) }));
    const db = new Kysely<Database>({ dialect: guardedDialect(dialect) });
    return { db, dialect: 'postgres', pool, statementGroups, startCheckpoints: () => undefined, close: () => db.destroy() };
  }
  const file = config.database.url;
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  // SQLITE_SYNCHRONOUS (config/config.ts): FULL syncs the WAL at every commit, NORMAL only at checkpoints.
  sqlite.pragma(`synchronous = ${config.database.sqliteSync === 'full' ? 'FULL' : 'NORMAL'}`);
  sqlite.pragma('foreign_keys = ON');
  // Group commit (db/group-commit.ts) puts each transaction in a savepoint, whose journal of the
  // pages it changed would otherwise spill to a temporary file past 64 KiB (a created payment's is 120).
  sqlite.pragma('temp_store = MEMORY');
  // Reads of a large database from memory-mapped pages instead of a read() per page.
  sqlite.pragma(`mmap_size = ${MMAP_BYTES}`);
  const writerStatements = withStatementCache(sqlite);
  // A file's WAL is restarted by the checkpoint thread, in turns with the writer (db/wal-gate.ts).
  const gate = file !== ':memory:' ? new WalGate() : undefined;
  const readsOnly = (text: string) => writerStatements.prepare(text).readonly;
  const db = new Kysely<Database>({ dialect: guardedDialect(groupCommitDialect(writerStatements, () => sqlite.inTransaction, gate, readsOnly)) });
  // Hot reads run synchronously. While no transaction is open (the common case: a
  // transaction's statements run back to back, without yielding to another request), on
  // the one connection, whose page cache stays warm and which holds only committed rows.
  // While one is open (it may wait for something truly asynchronous), on a second, read-only
  // connection: WAL lets it read beside the writer, and it sees only committed rows, never
  // another request's open transaction. That connection drops its page cache and its memory
  // map whenever another connection has committed, so nearly every read of it under write
  // load starts cold: it is the fallback, not the default, and maps no memory (remapping
  // on every read cost more than it saved).
  let reader: SqliteDatabase | undefined;
  let checkpointer: Worker | undefined;
  let closed = false;
  const startCheckpoints = () => {
    if (!gate || checkpointer || closed) return;
    // The WAL is copied back into the database by a thread of its own, never in a request.
    sqlite.pragma('wal_autocheckpoint = 0');
    checkpointer = startCheckpointer(file, options.walRestartAtFrames ?? RESTART_AT_FRAMES, gate);
  };
  if (gate) {
    if (!options.deferCheckpoints) startCheckpoints();
    reader = new SQLite(file, { readonly: true });
    reader.pragma('busy_timeout = 5000');
  }
  const writerReads = directReads(sqlite);
  const readerReads = reader && directReads(reader);
  directReaders.set(db, (text, parameters) => (!sqlite.inTransaction ? writerReads : readerReads)?.(text, parameters));
  return {
    db,
    dialect: 'sqlite',
    pool: undefined,
    startCheckpoints,
    close: async () => {
      closed = true;
      await checkpointer?.terminate();
      gate?.reset();
      await db.destroy();
      reader?.close();
    },
  };
}

/**
 * A checkpoint syncs the WAL before it copies it, and while the kernel writes that out, a commit
 * appending to the WAL waits for the block it shares with the written part (frames are not
 * aligned to blocks) or for the file's allocation lock: the event loop stopped for as long as the
 * sync took. A sync every second of a create-payment load held it 60-90 ms each time; every
 * 250 ms, 15-38 ms, for the same throughput (docs/benchmarks-history.md, "2026-11-26, group
 * commit on SQLite, decryptions on worker threads, shorter checkpoints"; commit 12f1eba). Every
 * 100 ms, under an evenly paced load whose small commits write ~100 KB of WAL per payment, the
 * requests over 10 ms were about half as many and the p99 lower, for the same full-load rate
 * (the same file, "2026-11-26, each graded case at its best rate, and where PostgreSQL's idle
 * CPU goes"; commit b9f1c8c). With SQLITE_SYNCHRONOUS=normal it is also how much a crash of the
 * machine can lose.
 */
const CHECKPOINT_INTERVAL_MS = 100;
/** How long the restart waits for the writer to give the write lock back (db/wal-gate.ts), per try. */
const RESTART_WAIT_MS = 20;
/** Tries per interval at the WAL's restart (one finding a reader on an old snapshot fails), 1 ms apart. */
const RESTART_TRIES = 20;
/** The WAL is started over once it holds this many frames (pages of 4 KiB: 256 MiB), which bounds its file. */
const RESTART_AT_FRAMES = 65_536;
/** The restart waits until at most this many WAL frames (pages) are left to copy back. */
const RESTART_MAX_FRAMES = 256;

/**
 * SQLite's automatic checkpoint runs inside the commit that crosses 1000 WAL
 * pages, on the event loop, with an fsync: a stall of tens of milliseconds
 * for whichever request made that commit. Instead, a worker thread with a
 * connection of its own, every CHECKPOINT_INTERVAL_MS:
 *
 * 1. runs a PASSIVE checkpoint: it copies the WAL into the database and waits
 *    for nobody (readers and the writer carry on), so the request path never
 *    syncs the database file (with synchronous = NORMAL, the sandbox's default,
 *    it syncs nothing: the WAL is synced at checkpoints only);
 * 2. once the WAL holds RESTART_AT_FRAMES, starts it over from its
 *    beginning (a RESTART checkpoint, tried when no write transaction is
 *    open), after PASSIVE passes have copied all but RESTART_MAX_FRAMES.
 *    SQLite restarts the WAL by itself only when a writer begins while every
 *    frame has been copied back, which a steady stream of commits never
 *    allows: under the create-payment bench the WAL grew by about 70 MB a
 *    second (2.6 GB in 40 s), and commits and reads slowed as it grew
 *    (docs/benchmarks-history.md, "2026-11-26, a WAL that starts over, the
 *    fence in the payment's statement, the request log"; commit de67048). A
 *    restart holds the write lock,
 *    and a commit meanwhile waits for it (busy_timeout): measured 50–80 ms
 *    with a 256 MB WAL at about 90 MB of WAL a second, so it runs only when
 *    the WAL is that large, every few seconds under such a load and never
 *    under a light one (SQLite restarts it then). The restart takes turns
 *    with the event loop's writes (db/wal-gate.ts): it begins only while no
 *    write is under way, and the writes wait for it without SQLite's busy
 *    handler sleeping on the event loop.
 */
function startCheckpointer(file: string, restartAtFrames: number, gate: WalGate): Worker {
  const source = `
    ${RESTART_IN_TURN_SOURCE}
    const { workerData } = require('node:worker_threads');
    const Database = require(workerData.driver);
    const db = new Database(workerData.file);
    db.pragma('busy_timeout = 0');
    const pause = new Int32Array(new SharedArrayBuffer(4));
    setInterval(() => {
      try {
        // Copy back what was committed while the previous copy ran, until a pass finds little
        // to copy (so little was committed while it ran): only then the restart, which holds
        // the write lock while it copies what is left. Traffic that writes faster than the
        // copies go leaves the WAL as it is until the next interval.
        let log = 0;
        let copied = Infinity;
        for (let pass = 0; pass < 8 && copied > workerData.restartMaxFrames; pass++) {
          const before = log;
          log = db.pragma('wal_checkpoint(PASSIVE)')[0].log;
          copied = log - before;
          if (log < workerData.restartAtFrames) return;
        }
        if (copied > workerData.restartMaxFrames) return;
        // Each try right after a PASSIVE pass, so that the syncs the restart makes while it
        // holds the write lock (the WAL, then the database) have little to write.
        for (let i = 0; i < workerData.restartTries; i++) {
          const restarted = restartInTurn(workerData.gate, workerData.restartWaitMs, () => db.pragma('wal_checkpoint(RESTART)')[0].busy === 0);
          if (restarted) return;
          Atomics.wait(pause, 0, 0, 1);
          db.pragma('wal_checkpoint(PASSIVE)');
        }
      } catch {}
    }, workerData.intervalMs);
  `;
  const workerData = {
    file,
    driver: sqliteDriverPath,
    intervalMs: CHECKPOINT_INTERVAL_MS,
    restartTries: RESTART_TRIES,
    restartWaitMs: RESTART_WAIT_MS,
    restartMaxFrames: RESTART_MAX_FRAMES,
    restartAtFrames,
    gate: gate.buffer,
  };
  const worker = new Worker(source, { eval: true, workerData });
  worker.unref();
  // A checkpoint thread that fails leaves SQLite to checkpoint when the WAL is next opened; requests go
  // on, and no write waits for a restart it held.
  worker.on('error', () => undefined);
  worker.on('exit', () => gate.reset());
  return worker;
}

/**
 * Kysely prepares every query anew; better-sqlite3 statements are reusable, so
 * keep the prepared statement per SQL text (our queries are parameterized,
 * so the set of texts is small). Kysely runs one query at a time per
 * connection and never leaves an iterator open across queries.
 */
function withStatementCache(sqlite: SqliteDatabase): { close(): void; prepare(text: string): SqliteStatement } {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= 1000) statements.clear();
        statement = sqlite.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * The direct reads of one connection (DirectReader), each SQL text prepared once. The rows
 * come from SQLite as arrays and become objects through rowBuilder: better-sqlite3 builds an
 * object row one property at a time from C++, which for a card payment's 34 columns took
 * 10.7 µs a read in a loop, against 7.6 µs as an array copied into a template object
 * (docs/benchmarks-history.md, "2026-11-29"). These statements are the direct reader's own:
 * Kysely's (withStatementCache) answer objects.
 */
function directReads(sqlite: SqliteDatabase): DirectReader {
  const reads = new Map<string, { statement: SqliteStatement; row: (values: unknown[]) => unknown }>();
  return (text, parameters) => {
    let read = reads.get(text);
    if (!read) {
      if (reads.size >= 1000) reads.clear();
      const statement = sqlite.prepare(text).raw(true);
      read = { statement, row: rowBuilder(statement.columns().map((column) => column.name)) };
      reads.set(text, read);
    }
    const rows = read.statement.all(parameters) as unknown[][];
    for (let i = 0; i < rows.length; i++) rows[i] = read.row(rows[i]!) as unknown[];
    return rows;
  };
}

/**
 * A function that makes a row object of `names` from an array row: a copy of a template with
 * every column (one shape for every row of the statement), then each value. The template is
 * a copy of a null-prototype object, so a column named `__proto__` is an own property of it
 * and of each row, never the row's prototype. A name that comes twice keeps its last value,
 * as in a row built a column at a time.
 */
export function rowBuilder(names: readonly string[]): (values: unknown[]) => Record<string, unknown> {
  const empty = Object.create(null) as Record<string, unknown>;
  for (const name of names) empty[name] = null;
  const template = { ...empty };
  return (values) => {
    const row = { ...template };
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
    return row;
  };
}

/**
 * Runs the migrations not yet run. An empty SQLite database gets the build's snapshot of a
 * migrated one instead, when there is one for exactly these migrations (db/sqlite-snapshot.ts).
 * `sqliteSnapshot` replaces the build's (null: none, every migration runs); `now` is when the
 * snapshot's migrations are recorded as run, from the caller's clock (this layer reads none): without
 * it every migration runs, and Kysely records its own times.
 */
export async function migrateToLatest(db: Db, options: { now?: () => string; sqliteSnapshot?: SqliteSnapshot | null } = {}): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    const snapshot = options.sqliteSnapshot === undefined ? builtSqliteSnapshot() : options.sqliteSnapshot;
    if (options.now && snapshot && snapshot.migrations.join('\n') === Object.keys(migrations).join('\n') && (await isEmptySqlite(db))) {
      await applySqliteSnapshot(db, snapshot, options.now());
      return;
    }
  }
  // On PostgreSQL the migration tables live in the connection's schema (search_path),
  // which Kysely does not look up by itself.
  let migrationTableSchema: string | undefined;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = result.rows[0]?.schema;
  }
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : (failed?.migrationName ?? JSON.stringify(error));
    throw new Error(`database migration failed: ${reason}`);
  }
}

/**
 * PostgreSQL's SQLSTATEs of a statement refused for a reason that a retry may not meet:
 * a serialization failure or a deadlock (40), a lock not available (55P03), too many
 * connections (53300). Those of a connection that is over (the server shutting down or
 * starting, a lost connection) are connectionLost's (db/postgres-client.ts).
 */
const TRANSIENT_SQLSTATE = /^(40001|40P01|55P03|53300)$/;

/**
 * The database could not take the statement just now, and nothing of the transaction was
 * committed by it: a deadlock or serialization failure (PostgreSQL aborts one of the
 * transactions), a connection refused or lost (a PostgreSQL restart or failover, pg's own
 * "Connection terminated" errors), SQLite's write lock still held by another process when
 * busy_timeout ran out. The request is answered 503 with Retry-After (errors/handler.ts),
 * not 500: the same request, sent again, can succeed.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    ((error instanceof pg.DatabaseError && TRANSIENT_SQLSTATE.test(code)) || code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
  )
    return true;
  return connectionLost(error);
}

/** A unique or primary-key constraint was violated (the loser of a race). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
