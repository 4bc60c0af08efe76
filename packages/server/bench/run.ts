#!/usr/bin/env node
/**
 * `npm run bench`: measures, in one run, the ceilings of this machine and then
 * the real server (packages/server/dist/main.js, a child process on a free
 * port of 127.0.0.1 with a fresh data directory), with autocannon. Prints a
 * Markdown table and writes it into docs/benchmarks.md (one section per
 * database). See docs/benchmarks.md for what each case and ceiling measures.
 *
 * Environment:
 *   BENCH_SECONDS          measured seconds per case (default 5)
 *   BENCH_WARMUP_SECONDS   unmeasured warm-up per case (default 1; 0 disables)
 *   BENCH_PACED_SECONDS    measured seconds of each evenly paced run at half the maximum rate (default 20)
 *   BENCH_CEILING_SECONDS  seconds per CPU ceiling (RSA, scrypt; default 3)
 *   BENCH_DATABASE_URL     postgres://... to bench on PostgreSQL (default: SQLite in the temp dir)
 *   BENCH_PG_SCRATCH       with BENCH_DATABASE_URL: "1" (default) creates a throwaway database
 *                          on that server for the run and drops it afterwards; "0" uses the URL as is
 *   BENCH_LIST_ROWS        stored payments for the large list case (default 1000000; more than 10000)
 *   BENCH_LOG_LEVEL        LOG_LEVEL of the server and of the bare Fastify route (default info, the
 *                          server's default); their logs go to /dev/null
 *   BENCH_SERVER_LOG       a file to write the server's log (stdout) to instead of /dev/null
 *   BENCH_CASES            comma-separated case keys to run only those (see `CASE_KEYS`); such a
 *                          partial run does not write docs/benchmarks.md
 *   BENCH_WEBHOOK_RATE     events per second for the webhook delivery case (default 100)
 *   BENCH_WEBHOOK_SECONDS  seconds of events for the webhook delivery case (default 10)
 *   BENCH_WEBHOOK_DRAIN_SECONDS  at most this long after the last event, the webhook case waits for
 *                          the deliveries still missing (default 60; it stops sooner when all arrived,
 *                          or when nothing at all arrived for 15 s)
 *   BENCH_JOB_POLL_INTERVAL_MS  JOB_POLL_INTERVAL_MS of the server (default: unset, the server's default)
 *   BENCH_PG_WORKERS       PostgreSQL: WORKERS for the second measurement of create and get payment
 *                          (default: the number of cores; 1 skips it)
 *   BENCH_CPU_PROF         a directory: run the server with `node --cpu-prof` writing there
 *                          (summarise with dist/bench/profile-top.js)
 *   BENCH_WRITE_DOC        "0": do not write docs/benchmarks.md
 *   BENCH_LEDGER_SECONDS   measured seconds of each run of the ledger-cost case (default 8; 2 s warm-up each)
 *   BENCH_LEDGER_ROUNDS    runs per server of the ledger-cost case, alternating in both orders (default 4)
 *   BENCH_REPORT_MILLION   "0": leave out the million-entry report case (report-million; on by default)
 *   BENCH_MODE             "npx": only the start-up time and memory of `npx pasarela` installed from the
 *                          packed packages (bench/npx.ts; BENCH_NPX_STARTS, BENCH_NPX_PAYMENTS)
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, webcrypto } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { Readable } from 'node:stream';
import { rsaCeiling, scryptCeiling } from './ceilings.js';
import { paced, type PacedRequest, type PacedResult } from './paced.js';
import type { PacedWorkerData } from './paced-worker.js';
import { checkpoint, countPayments, explainList, seedPayments, type ListPlan, type SeedTarget } from './seed-payments.js';
import { analyse, drain, startReceiver } from './webhooks.js';
import { cpuByLayer, LAYERS } from './layers.js';
import { ledgerCost } from './ledger-cost.js';
import { reportMillion, type ReportBench } from './report-case.js';
import type {
  CannonExtra,
  Case,
  CeilingRuns,
  Ceilings,
  Child,
  CpuSampler,
  ExitInfo,
  IntentRequest,
  Measurement,
  Meta,
  PacedMeasurement,
  Reply,
  Row,
  Scratch,
  Server,
  StatementCounter,
  StatementRow,
  StatementSnapshot,
  Stored,
  TableRow,
  Target,
  WebhookDetails,
} from './types.js';

if (process.env.BENCH_MODE === 'npx') {
  await import('./npx.js');
  process.exit(0);
}

const here = dirname(fileURLToPath(import.meta.url));
const MAIN = resolve(here, '../main.js');
const BARE = resolve(here, 'bare-fastify.js');
const DOC = resolve(here, '../../../../docs/benchmarks.md');

const SECONDS = positiveNumber('BENCH_SECONDS', 5);
const WARMUP_SECONDS = positiveNumber('BENCH_WARMUP_SECONDS', 1, true);
/**
 * Longer than the other cases: the server's major garbage collections come every 15-20 s under
 * the create load, each an episode of 100-250 slow requests. In a 5 s window the p99 was decided
 * by whether one fell inside (docs/benchmarks-history.md, "2026-11-27, the paced client's warm-up
 * and 20 s windows, why SQLite's get stops at 0.3, the spread copies V8 promoted"; commit
 * ec9a3c2); over 20 s they weigh what they weigh in a steady load.
 */
const PACED_SECONDS = positiveNumber('BENCH_PACED_SECONDS', 20);
const CEILING_SECONDS = positiveNumber('BENCH_CEILING_SECONDS', 3);
const LIST_SMALL = 10_000;
const LIST_LARGE = Math.floor(positiveNumber('BENCH_LIST_ROWS', 1_000_000));
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL || 'info';
/** The server CPU by layer comes from a second run of the server under `node --cpu-prof` (create and get once more); BENCH_LAYERS=0 leaves it out. */
const LAYERS_ON = process.env.BENCH_LAYERS !== '0';
const CONNECTIONS = 10;
const TOKEN_CONNECTIONS = 4;
/**
 * Decryptions in flight in the RSA ceiling, and requests in flight in the cases
 * compared with it (tokenize and create): a ratio compares the same load. The
 * server commits the payments that are ready together (SQLite: db/group-commit.ts;
 * PostgreSQL groups WAL flushes), so its rate rises with the requests in flight.
 */
const RSA_IN_FLIGHT = 16;
const CLIENT_ID = 'bench-client';
const CLIENT_SECRET = 'bench-secret-0123456789abcdef';
// The server accepts at most 1 000 000 (config.ts); per the default 10 s window
// that is 100 000 requests per second per client, far above what this bench reaches.
const RATE_LIMIT_REQUESTS = '1000000';
/** Cards the simulator approves (connectors/card-network/simulator.ts), for the tokenize pool. */
const APPROVED_CARDS = ['4242424242424242', '5555555555554444', '378282246310005', '4000056655665556'];
/**
 * The create-payment cases pay with this many cards (Luhn-valid Visa numbers, which the sandbox approves),
 * one after the other, as a merchant's traffic does: with one card the fraud rules' per-card count would
 * read its limit + 1 rows every time, and PostgreSQL's statistics would say every row is that card's.
 */
const PAY_CARDS = 256;
const SETUP_PAYMENTS = 12;
/**
 * Alternative-payment intents (POST /v1/payments/intents). 15050 COP: an integer part that does not end
 * in 00, so the sandbox rail mock does not decide them (no mock job, no second event); each intent is one
 * payment.purchase.pending event and an expiry job due 15 min (QR) or 45 min (push wallet) later.
 * The intent case uses the QR rail; the webhook case the push-wallet rail with a phone that is not a
 * sandbox test phone (nothing decides it), because a QR intent renders a PNG (tens of ms of CPU) and
 * this machine could not create 100 of them a second: the webhook case would measure that instead.
 */
const INTENT_AMOUNT = 15050;
const WALLET_PHONE = '3001234567';
const WEBHOOK_RATE = positiveNumber('BENCH_WEBHOOK_RATE', 100);
const WEBHOOK_SECONDS = positiveNumber('BENCH_WEBHOOK_SECONDS', 10);
const WEBHOOK_DRAIN_SECONDS = positiveNumber('BENCH_WEBHOOK_DRAIN_SECONDS', 60);
const WEBHOOK_STALL_SECONDS = 15;
const WEBHOOK_EVENT = 'payment.purchase.pending';
const WEBHOOK_P99_MS = 1000;
const JOB_POLL_INTERVAL_MS = process.env.BENCH_JOB_POLL_INTERVAL_MS ? String(Math.round(positiveNumber('BENCH_JOB_POLL_INTERVAL_MS', 250))) : undefined;

const CASE_KEYS: readonly string[] = [
  'ceiling-rsa',
  'ceiling-scrypt',
  'ceiling-fastify',
  'healthz',
  'readyz',
  'org-get',
  'org-list',
  'org-create',
  'org-create-idem',
  'token',
  'tokenize',
  'payment-get',
  'list-small',
  'list-large',
  'intent-create',
  'webhook-latency',
  'payment-create',
  'payment-create-idem',
  'ledger-cost',
  'report-million',
];
const LEDGER_SECONDS = positiveNumber('BENCH_LEDGER_SECONDS', 8);
const LEDGER_ROUNDS = Math.floor(positiveNumber('BENCH_LEDGER_ROUNDS', 4));
const REPORT_MILLION_ON = process.env.BENCH_REPORT_MILLION !== '0';
const SELECTED = selectedCases();
/** Every case ran (the million-entry report may be left out with BENCH_REPORT_MILLION=0): the run writes docs/benchmarks.md. */
const FULL_RUN = CASE_KEYS.every((k) => SELECTED.has(k) || (k === 'report-million' && !REPORT_MILLION_ON));

if (LIST_LARGE <= LIST_SMALL) throw new Error(`BENCH_LIST_ROWS must be more than ${LIST_SMALL}, got ${LIST_LARGE}`);
if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(LOG_LEVEL)) throw new Error(`BENCH_LOG_LEVEL: unknown level "${LOG_LEVEL}"`);

function selectedCases(): Set<string> {
  const raw = process.env.BENCH_CASES;
  if (!raw) return new Set(CASE_KEYS.filter((k) => k !== 'report-million' || process.env.BENCH_REPORT_MILLION !== '0'));
  const keys = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = keys.filter((k) => !CASE_KEYS.includes(k));
  if (unknown.length) throw new Error(`BENCH_CASES: unknown case(s) ${unknown.join(', ')}; known: ${CASE_KEYS.join(', ')}`);
  return new Set(keys);
}

function positiveNumber(name: string, fallback: number, zeroOk = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!zeroOk && value === 0)) {
    throw new Error(`${name} must be a ${zeroOk ? 'non-negative' : 'positive'} number, got "${raw}"`);
  }
  return value;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * CPU time (user + system, all threads) a process has used so far, in ms, from
 * /proc (Linux; clock ticks assumed 100 per second). undefined elsewhere.
 */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = procStat(`/proc/${pid}/stat`);
    // utime + stime of the process, plus cutime + cstime of the children that have exited.
    let total = (Number(fields[11]) + Number(fields[12])) * 10;
    // With WORKERS=N the server is a cluster primary: add its live worker processes.
    for (const child of childPids(pid)) {
      try {
        const f = procStat(`/proc/${child}/stat`);
        total += (Number(f[11]) + Number(f[12])) * 10;
      } catch {
        // gone meanwhile
      }
    }
    return total;
  } catch {
    return undefined;
  }
}

/** CPU time (ms) of a process's main thread alone (the JavaScript thread), from /proc. */
function mainThreadCpuMs(pid: number | undefined): number | undefined {
  try {
    const f = procStat(`/proc/${pid}/task/${pid}/stat`);
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return undefined;
  }
}

/** The fields of a /proc/.../stat file after the command name (the state first). Throws if unreadable. */
function procStat(path: string): string[] {
  const after = readFileSync(path, 'utf8').split(') ')[1];
  if (after === undefined) throw new Error(`${path}: unexpected format`);
  return after.split(' ');
}

/** The machine's CPU time so far, all cores (Linux /proc/stat, in ticks): idle (idle and iowait) and all. */
function machineTicks(): { idle: number; all: number } | undefined {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
    return { idle: (fields[3] ?? NaN) + (fields[4] ?? NaN), all: fields.reduce((a, b) => a + b, 0) };
  } catch {
    return undefined;
  }
}

/** The live child processes of `pid` (Linux /proc), for the cluster's workers. */
function childPids(pid: number | undefined): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
      try {
        return readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

/**
 * CPU time of a local PostgreSQL server: its postmaster and every process it
 * started (backends, WAL writer, checkpointer, autovacuum), from /proc. Only
 * when PostgreSQL runs on this machine and its processes are visible; the CPU
 * of backends that exit during a measurement is lost (the server's pool keeps
 * its connections open, so that is rare).
 */
async function postgresCpu(url: string): Promise<CpuSampler | undefined> {
  try {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const statOf = (pid: number | string): string[] => procStat(`/proc/${pid}/stat`);
    let postmaster: number;
    try {
      // Read while this backend still runs: it exits when the connection closes.
      postmaster = Number(statOf((await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0)[1]);
    } finally {
      await c.end();
    }
    if (!(postmaster > 1)) return undefined;
    // Per process, so that a backend exiting between two samples does not make the sum go down.
    let last = new Map<string, number>();
    const read = (): Map<string, number> => {
      const now = new Map<string, number>();
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          const f = statOf(entry);
          if (Number(entry) === postmaster || Number(f[1]) === postmaster) now.set(entry, (Number(f[11]) + Number(f[12])) * 10);
        } catch {
          // gone meanwhile
        }
      }
      return now;
    };
    let total = 0;
    const sample = () => {
      const now = read();
      for (const [pid, ms] of now) total += ms - (last.get(pid) ?? 0);
      last = now;
      return total;
    };
    sample();
    return { sample };
  } catch {
    return undefined;
  }
}

/**
 * Statements PostgreSQL ran for this database, from pg_stat_statements (the
 * sum of `calls`), sampled around each measurement: statements per request.
 * Needs the extension preloaded on the server (shared_preload_libraries); the
 * bench creates it in the scratch database. undefined when it is not there.
 */
async function postgresStatements(url: string): Promise<StatementCounter | undefined> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('create extension if not exists pg_stat_statements');
    const read = async (): Promise<number> =>
      Number(
        (
          await c.query<{ n: string }>(
            'select coalesce(sum(calls), 0)::bigint as n from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())',
          )
        ).rows[0]?.n,
      );
    await read();
    // Per statement: calls and execution time, to list what one request runs.
    const snapshot = async (): Promise<StatementSnapshot> => {
      const { rows } = await c.query<{ id: string; query: string; calls: string; ms: number; blocks: string }>(
        'select queryid::text as id, query, calls::bigint as calls, total_exec_time as ms, shared_blks_hit + shared_blks_read as blocks from pg_stat_statements ' +
          'where dbid = (select oid from pg_database where datname = current_database())',
      );
      return new Map(rows.map((r) => [r.id, { query: r.query, calls: Number(r.calls), ms: Number(r.ms), blocks: Number(r.blocks) }]));
    };
    // The sampling query itself is counted too: one per sample, subtracted by the caller.
    return { sample: read, snapshot, close: () => c.end() };
  } catch {
    await c.end().catch(() => {});
    return undefined;
  }
}

/** `ANALYZE` of the whole (scratch) database. */
async function analyzeDatabase(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('analyze');
  } finally {
    await c.end();
  }
}

/**
 * The checkout being measured (best effort: "unknown" without git), "-dirty" when it has
 * changes besides docs/benchmarks.md (which a run on the other engine has just written).
 */
function gitRevision(): string {
  const git = (...args: string[]): string => execFileSync('git', ['-C', here, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const changed = git('status', '--porcelain', '--', ':/', ':(exclude,top)docs/benchmarks.md');
    return `${git('rev-parse', '--short', 'HEAD')}${changed ? '-dirty' : ''}`;
  } catch {
    return 'unknown';
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Keeps the last `limit` characters a stream wrote, for error reports. */
function tail(stream: Readable | null, limit = 8000): { text: string } {
  const box = { text: '' };
  if (!stream) return box;
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    box.text = (box.text + chunk).slice(-limit);
  });
  return box;
}

/** PostgreSQL: a throwaway database on the same server, so every run starts empty and leaves nothing behind. */
async function scratchDatabase(url: string): Promise<Scratch> {
  if (process.env.BENCH_PG_SCRATCH === '0') return { url, drop: async () => {} };
  const { default: pg } = await import('pg');
  const name = `pasarela_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`cannot connect to BENCH_DATABASE_URL ${redact(url)}: ${(error as Error).message}`);
  }
  let version = '';
  try {
    version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '';
    await admin.query(`create database ${name}`);
    // What the server wrote before this run (an earlier run's million-row load, say) is flushed
    // now, not by a checkpoint in the middle of the measured cases (bench/seed-payments.ts).
    await checkpoint(admin);
  } catch (error) {
    await admin.end().catch(() => {});
    console.warn(`bench: cannot create a scratch database (${(error as Error).message}); using ${redact(url)} as is`);
    return { url, version, drop: async () => {} };
  }
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    name,
    version,
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/** Where a child's stdout (its log) goes: /dev/null unless BENCH_SERVER_LOG names a file. */
function logSink(): number {
  return openSync(process.env.BENCH_SERVER_LOG || os.devNull, 'a');
}

/** Spawns a node child and waits until GET `probe` answers 200. */
async function startChild({
  label,
  args,
  env,
  base,
  probe,
}: {
  label: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  base: string;
  probe: string;
}): Promise<Child> {
  const sink = logSink();
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', sink, 'pipe'] });
  closeSync(sink);
  const err = tail(child.stderr);
  const exited = new Promise<ExitInfo>((r) => child.once('exit', (code, signal) => r({ code, signal })));
  let exitInfo: ExitInfo | null = null;
  exited.then((info) => {
    exitInfo = info;
  });
  const deadline = Date.now() + 30_000;
  let last = 'no answer yet';
  for (;;) {
    const info = exitInfo as ExitInfo | null;
    if (info) {
      throw new Error(
        `${label} exited before it was ready (code ${info.code}, signal ${info.signal})\n` +
          `command: ${process.execPath} ${args.join(' ')}\nstderr:\n${err.text}\n(its log, stdout, goes to ${process.env.BENCH_SERVER_LOG || os.devNull}; set BENCH_SERVER_LOG=FILE to keep it)`,
      );
    }
    try {
      const res = await fetch(`${base}${probe}`);
      if (res.status === 200) break;
      last = `GET ${probe} -> ${res.status} ${await res.text()}`;
    } catch (error) {
      const failure = error as Error & { cause?: { code?: string } };
      last = `GET ${probe} -> ${failure.cause?.code ?? failure.message}`;
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${label} not ready after 30 s (${last})\nstderr:\n${err.text}`);
    }
    await sleep(100);
  }
  return { child, base, exited, logs: { err } };
}

async function startServer({
  port,
  dataDir,
  databaseUrl,
  workers,
  profileDir,
  extraEnv = {},
}: {
  port: number;
  dataDir: string;
  databaseUrl?: string | undefined;
  workers?: number;
  profileDir?: string | undefined;
  /** More settings of the server (LEDGER_POSTING=false for the ledger-cost case). */
  extraEnv?: Record<string, string>;
}): Promise<Server> {
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://localhost:${port}`,
    LOG_LEVEL,
    BOOTSTRAP_CLIENT_ID: CLIENT_ID,
    BOOTSTRAP_CLIENT_SECRET: CLIENT_SECRET,
    RATE_LIMIT_REQUESTS,
    ...extraEnv,
  };
  if (JOB_POLL_INTERVAL_MS) env.JOB_POLL_INTERVAL_MS = JOB_POLL_INTERVAL_MS;
  delete env.WORKERS;
  if (workers) env.WORKERS = String(workers);
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const args = [MAIN];
  const profDir = process.env.BENCH_CPU_PROF || profileDir;
  if (profDir) {
    mkdirSync(profDir, { recursive: true });
    args.unshift('--cpu-prof', `--cpu-prof-dir=${resolve(profDir)}`);
  }
  const server = await startChild({ label: 'server', args, env, base, probe: '/healthz' });
  return { ...server, publicBaseUrl: `http://localhost:${port}`, jobPollIntervalMs: env.JOB_POLL_INTERVAL_MS };
}

/** The SQLite get's ceiling: a bare route answering one payment's row read by primary key (bare-fastify.ts). */
async function sqliteRowCeiling(sqliteFile: string, paymentId: string): Promise<Measurement> {
  progress('bench: ceiling: a bare route reading one payment row from SQLite ...');
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL, BARE_SQLITE_FILE: sqliteFile, BARE_ROW_ID: paymentId };
  const bare = await startChild({ label: 'bare SQLite row route', args: [BARE], env, base: `http://127.0.0.1:${port}`, probe: '/bare' });
  try {
    const m = await measure(bare, { name: 'bare SQLite row', method: 'GET', path: '/bare-row' });
    progress(` ${fmt(m.rps, 0)} req/s, p50 ${fmt(m.p50, 2)} ms, p99 ${fmt(m.p99, 2)} ms\n`);
    return m;
  } finally {
    await stopChild(bare);
  }
}

async function startBare(port: number): Promise<Child> {
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL };
  return startChild({ label: 'bare Fastify route', args: [BARE], env, base: `http://127.0.0.1:${port}`, probe: '/bare' });
}

async function stopChild(proc: Child | undefined): Promise<void> {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 10_000);
  await proc.exited;
  clearTimeout(timer);
}

/** One request with fetch; returns status, headers and parsed (or raw) body. */
async function call(
  base: string,
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Reply> {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

function expectStatus<T = Record<string, string>>(res: Reply, status: number, what: string): T {
  if (res.status !== status) throw new Error(`${what} -> ${res.status} ${res.text.slice(0, 500)}`);
  return res.json as T;
}

function jwtClaims(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

// --- client-side encryption, as a merchant's integration does it (test/support/cards.ts) ---

async function importPublicKey(pem: string): Promise<webcrypto.CryptoKey> {
  const der = Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  return webcrypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
}

async function encrypt(key: webcrypto.CryptoKey, value: string): Promise<string> {
  return Buffer.from(await webcrypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, Buffer.from(value))).toString('base64');
}

/** The `n`th of a series of Luhn-valid 16-digit Visa numbers (the sandbox approves any Luhn-valid number). */
function luhnVisa(n: number): string {
  const body = `4${String(7_000_000_000_000 + n).padStart(14, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

async function encryptedCard(key: webcrypto.CryptoKey, number: string, holder = 'Ana María Gómez'): Promise<Record<string, string>> {
  return {
    type: 'CARD',
    encrypted_number: await encrypt(key, number),
    encrypted_expiration_month: await encrypt(key, '12'),
    encrypted_expiration_year: await encrypt(key, String(new Date().getUTCFullYear() + 3)),
    encrypted_holder_name: await encrypt(key, holder),
    encrypted_cvv: await encrypt(key, /^3[47]/.test(number) ? '1234' : '123'),
  };
}

/**
 * Runs one autocannon measurement. autocannon's own latency histogram keeps
 * whole milliseconds, too coarse here, so the 2xx response times (hrtime,
 * fractional ms) are also collected from its 'response' events.
 */
async function cannon(base: string, c: Case, seconds: number, extra: CannonExtra = {}): Promise<{ result: autocannon.Result; p50: number; p99: number }> {
  const request: autocannon.Request = { method: c.method, path: c.path, headers: c.headers ?? {}, body: c.body };
  const setup = c.setupRequest;
  if (setup) request.setupRequest = (r) => setup(r as PacedRequest) as autocannon.Request;
  const times: number[] = [];
  const instance = autocannon({ url: base, connections: c.connections ?? CONNECTIONS, duration: seconds, requests: [request], ...extra });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode <= 299) times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const pct = (p: number): number => (times.length ? (times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? NaN) : NaN);
  return { result, p50: pct(50), p99: pct(99) };
}

/** Warm-up, then the measured run with the process's CPU time around it; returns a table row's figures. */
async function measure(
  target: Target,
  c: Case,
  { warmup = WARMUP_SECONDS, seconds = SECONDS, extra = {} }: { warmup?: number; seconds?: number; extra?: CannonExtra } = {},
): Promise<Measurement> {
  if (warmup > 0) {
    await cannon(target.base, c, warmup, extra);
    // PostgreSQL: the statistics autovacuum keeps in production (it analyzes a table once a tenth
    // of it changed), so that the plans are chosen on the tables as the warm-up left them and not
    // as they were before it (a new plan is made after ANALYZE).
    await target.afterWarmup?.();
  }
  const perStatementBefore = c.breakdown ? await target.statements?.snapshot() : undefined;
  const windowStart = process.hrtime.bigint();
  const stBefore = await target.statements?.sample();
  const before = cpuMs(target.child.pid);
  const mainBefore = mainThreadCpuMs(target.child.pid);
  const dbBefore = target.dbCpu?.sample();
  const ticksBefore = machineTicks();
  const { result: r, p50, p99 } = await cannon(target.base, c, seconds, extra);
  const ticksAfter = machineTicks();
  const after = cpuMs(target.child.pid);
  const mainAfter = mainThreadCpuMs(target.child.pid);
  const dbAfter = target.dbCpu?.sample();
  const stAfter = await target.statements?.sample();
  const windowEnd = process.hrtime.bigint();
  const perStatementAfter = perStatementBefore ? await target.statements?.snapshot() : undefined;
  if (target.child.exitCode !== null || target.child.signalCode !== null) {
    throw new Error(`the process under test exited during "${c.name}"\nstderr:\n${target.logs.err.text}`);
  }
  return {
    // The measured seconds on the monotonic clock (µs), to cut the server's CPU profile; and what each statement cost.
    window: [Number(windowStart / 1000n), Number(windowEnd / 1000n)] as [number, number],
    statementRows: perStatementBefore && perStatementAfter ? statementDiff(perStatementBefore, perStatementAfter, r.requests.total) : undefined,
    rps: r.requests.average,
    p50,
    p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    codes: Object.entries(r.statusCodeStats ?? {})
      .filter(([code]) => Number(code) < 200 || Number(code) > 299)
      .map(([code, { count }]) => `${code}x${count}`),
    total: r.requests.total,
    connections: extra.connections ?? c.connections ?? CONNECTIONS,
    // The share of the machine's CPU time (all cores) that was idle over the measured seconds.
    idle: ticksBefore && ticksAfter && ticksAfter.all > ticksBefore.all ? (ticksAfter.idle - ticksBefore.idle) / (ticksAfter.all - ticksBefore.all) : undefined,
    cpuUsPerRequest: before !== undefined && after !== undefined && r.requests.total > 0 ? ((after - before) * 1000) / r.requests.total : NaN,
    mainThreadCpuUsPerRequest:
      mainBefore !== undefined && mainAfter !== undefined && r.requests.total > 0 ? ((mainAfter - mainBefore) * 1000) / r.requests.total : NaN,
    dbCpuUsPerRequest: dbBefore !== undefined && dbAfter !== undefined && r.requests.total > 0 ? ((dbAfter - dbBefore) * 1000) / r.requests.total : undefined,
    // Less the sampling query itself (counted once, in the second sample).
    statementsPerRequest: stBefore !== undefined && stAfter !== undefined && r.requests.total > 0 ? (stAfter - stBefore - 1) / r.requests.total : undefined,
  };
}

/**
 * What one request ran, statement by statement: calls and mean execution time
 * per request over the measured seconds (pg_stat_statements before and after;
 * the bench's own sampling queries left out), most calls first.
 */
function statementDiff(before: StatementSnapshot, after: StatementSnapshot, requests: number): StatementRow[] {
  const out: StatementRow[] = [];
  for (const [id, a] of after) {
    const b = before.get(id) ?? { calls: 0, ms: 0, blocks: 0 };
    const calls = a.calls - b.calls;
    if (calls <= 0 || /pg_stat_statements|pg_database/.test(a.query)) continue;
    out.push({
      query: a.query,
      perRequest: calls / requests,
      meanUs: ((a.ms - b.ms) * 1000) / calls,
      usPerRequest: ((a.ms - b.ms) * 1000) / requests,
      blocks: (a.blocks - b.blocks) / calls,
    });
  }
  return out.sort((x, y) => y.perRequest - x.perRequest || y.usPerRequest - x.usPerRequest);
}

/**
 * paced.ts on a worker thread (paced-worker.ts): the client's latencies then
 * never include a pause of this process's garbage collector. A case whose
 * requests differ (setupRequest) has them made here first, one per request due
 * (warm-up included). `onMeasuring` is called as the measured seconds start.
 */
function pacedOnWorker({
  base,
  request,
  rate,
  seconds,
  warmupSeconds,
  onMeasuring,
}: {
  base: string;
  request: PacedRequest;
  rate: number;
  seconds: number;
  warmupSeconds: number;
  onMeasuring: () => void;
}): Promise<PacedResult> {
  const plain = (r: PacedRequest): PacedRequest => ({ method: r.method, path: r.path, headers: r.headers, body: r.body });
  const due = Math.ceil(rate * (warmupSeconds + seconds)) + 1;
  const setup = request.setupRequest;
  const requests = setup ? Array.from({ length: due }, () => plain(setup({ ...plain(request), headers: { ...(request.headers ?? {}) } }))) : undefined;
  return new Promise((resolvePaced, reject) => {
    const workerData: PacedWorkerData = { base, request: plain(request), requests, rate, seconds, warmupSeconds };
    const worker = new Worker(new URL('./paced-worker.js', import.meta.url), { workerData });
    worker.on('message', (message: 'measuring' | PacedResult) => (message === 'measuring' ? onMeasuring() : resolvePaced(message)));
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`paced worker exited with code ${code}`))));
  });
}

/**
 * The same request evenly paced at `rate` (paced.ts, on a worker thread), with CPU time around
 * it. The worker first sends the same pace for the warm-up seconds, uncounted: in a run without
 * it, a third of the requests over 10 ms were in its first 130 ms, while the new thread compiled
 * its code, collected its first garbage and opened its connections.
 */
async function measurePaced(target: Target, c: Case, rate: number): Promise<Row & PacedMeasurement> {
  let before: number | undefined;
  let dbBefore: number | undefined;
  const r = await pacedOnWorker({
    base: target.base,
    request: c,
    rate,
    seconds: PACED_SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    onMeasuring: () => {
      before = cpuMs(target.child.pid);
      dbBefore = target.dbCpu?.sample();
    },
  });
  const after = cpuMs(target.child.pid);
  const dbAfter = target.dbCpu?.sample();
  return {
    name: c.name,
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    codes: r.codes,
    total: r.answered,
    sendLagP99: r.sendLagP99,
    sendLagMax: r.sendLagMax,
    cpuUsPerRequest: before !== undefined && after !== undefined && r.answered > 0 ? ((after - before) * 1000) / r.answered : NaN,
    dbCpuUsPerRequest: dbBefore !== undefined && dbAfter !== undefined && r.answered > 0 ? ((dbAfter - dbBefore) * 1000) / r.answered : undefined,
  };
}

/** One plain request per case before measuring, so a broken endpoint is reported with its status and body. */
async function smokeTest(base: string, c: Case): Promise<string | undefined> {
  const r = c.setupRequest ? c.setupRequest({ method: c.method, path: c.path, headers: { ...(c.headers ?? {}) }, body: c.body }) : c;
  const res = await fetch(base + r.path, { method: r.method, headers: r.headers, body: r.body });
  const text = await res.text();
  if (res.status < 200 || res.status > 299) return `${c.method} ${c.path} -> ${res.status} ${text.slice(0, 500)}`;
  return undefined;
}

function fmt(n: number | undefined, digits = 1): string {
  return typeof n === 'number' && Number.isFinite(n) ? n.toFixed(digits) : 'n/a';
}

function fmtInt(n: number | undefined): string {
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n).toLocaleString('en-US').replace(/,/g, ' ') : 'n/a';
}

function progress(text: string): void {
  process.stderr.write(text);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(os.tmpdir(), 'pasarela-bench-'));
  let server: Server | undefined;
  let bare: Child | undefined;
  let scratch: Scratch | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    console.error(`bench: ${signal}, stopping`);
    cleanup().finally(() => process.exit(130));
  };
  let cleaned = false;
  async function cleanup(): Promise<void> {
    if (cleaned) return;
    cleaned = true;
    await stopChild(bare).catch((e: Error) => console.error(`bench: stopping the bare route failed: ${e.message}`));
    await stopChild(server).catch((e: Error) => console.error(`bench: stopping the server failed: ${e.message}`));
    const db = scratch;
    if (db) await db.drop().catch((e: Error) => console.error(`bench: dropping ${db.name} failed: ${e.message}`));
    await rm(dataDir, { recursive: true, force: true }).catch(() => {});
  }
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const started = new Date();
  const startLoad = os.loadavg();
  const rows = new Map<string, Row>();
  const ceilings: Ceilings = {};
  const warnings: string[] = [];
  try {
    const pgUrl = process.env.BENCH_DATABASE_URL || '';
    if (pgUrl && !/^postgres(ql)?:\/\//.test(pgUrl)) throw new Error('BENCH_DATABASE_URL must be a postgres:// URL');

    // ---- 1. Ceilings of this machine (nothing else of the bench is running); measured again at the end ----
    const before = await measureCeilings('before the service cases', (b) => (bare = b));
    bare = undefined;

    // ---- 2. The server ----
    const db = pgUrl ? await scratchDatabase(pgUrl) : undefined;
    scratch = db;
    const dbKey = pgUrl ? 'postgresql' : 'sqlite';
    const dbKind = pgUrl
      ? `PostgreSQL ${db?.version ?? ''} (${redact(pgUrl)}${db?.name ? `, scratch database ${db.name}` : ''})`
      : 'SQLite (file in a fresh temp DATA_DIR, WAL)';
    const seedTarget: Omit<SeedTarget, 'organizationId'> = db
      ? { kind: 'postgres', pgUrl: db.url }
      : { kind: 'sqlite', sqliteFile: join(dataDir, 'pasarela.sqlite') };

    progress('bench: starting the server and setting up ...');
    const port = await freePort();
    // Not under the CPU profiler, which costs create 6–12%: the server CPU by layer comes from a
    // second, profiled run of the cases with a breakdown, at the end (unless BENCH_LAYERS=0).
    const layerProfiles = LAYERS_ON ? join(dataDir, 'cpu-profile') : undefined;
    let live = await startServer({ port, dataDir, databaseUrl: db?.url });
    server = live;
    const { base, publicBaseUrl, jobPollIntervalMs } = live;
    if (db) {
      live.dbCpu = await postgresCpu(db.url);
      live.statements = await postgresStatements(db.url);
      live.afterWarmup = () => analyzeDatabase(db.url);
    }

    const tokenBody = { grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: CLIENT_SECRET, audience: publicBaseUrl };
    const token = expectStatus(await call(base, 'POST', '/oauth/token', { body: tokenBody }), 200, 'POST /oauth/token').access_token ?? '';
    const orgClaim = jwtClaims(token).org_id as string | undefined;
    if (!orgClaim) throw new Error(`the access token has no org_id claim: ${JSON.stringify(jwtClaims(token))}`);
    const orgId: string = orgClaim;
    const auth = { authorization: `Bearer ${token}` };
    const json = { 'content-type': 'application/json' };

    // Idempotency sanity check: the same key twice must replay the first answer.
    const key = `bench-check-${randomBytes(6).toString('hex')}`;
    const idemHeaders = { ...auth, 'idempotency-key': key };
    const first = await call(base, 'POST', '/v1/organizations', { headers: idemHeaders, body: { name: 'bench' } });
    const again = await call(base, 'POST', '/v1/organizations', { headers: idemHeaders, body: { name: 'bench' } });
    if (!(first.status === 201 && again.status === 201 && again.headers.get('idempotent-replayed') === 'true' && again.text === first.text)) {
      warnings.push('the idempotency replay check failed');
      console.warn(
        `bench: idempotency replay check failed: first ${first.status} ${first.text.slice(0, 300)}; ` +
          `again ${again.status} idempotent-replayed=${again.headers.get('idempotent-replayed')} ${again.text.slice(0, 300)}`,
      );
    }
    // A full page for the organization list case.
    for (let i = 0; i < 11; i++)
      expectStatus(await call(base, 'POST', '/v1/organizations', { headers: auth, body: { name: `bench seed ${i}` } }), 201, 'POST /v1/organizations');

    // Cards: the organization's key, the instruments to pay with, a few payments.
    const keyView = expectStatus(await call(base, 'POST', '/v1/encryption/keys', { headers: auth }), 201, 'POST /v1/encryption/keys');
    const publicKey = await importPublicKey(keyView.public_key ?? '');
    const instrumentIds: string[] = [];
    for (let i = 0; i < PAY_CARDS; i += 16) {
      const batch = Array.from({ length: Math.min(16, PAY_CARDS - i) }, async (_, j) => {
        const body = await encryptedCard(publicKey, luhnVisa(i + j));
        return expectStatus(await call(base, 'POST', '/v1/instruments', { headers: auth, body }), 201, 'POST /v1/instruments').id ?? '';
      });
      instrumentIds.push(...(await Promise.all(batch)));
    }
    if (new Set(instrumentIds).size !== PAY_CARDS) throw new Error(`expected ${PAY_CARDS} instruments, got ${new Set(instrumentIds).size} distinct`);
    // Pools of ciphertexts made before measuring, so the client's encryption does not limit the run.
    const cvvPool = await Promise.all(Array.from({ length: 512 }, () => encrypt(publicKey, '123')));
    const cardPool = await Promise.all(
      Array.from({ length: 64 }, (_, i) => encryptedCard(publicKey, APPROVED_CARDS[i % APPROVED_CARDS.length] ?? '', `Bench Holder ${i}`)),
    );
    const orderPrefix = `bench-${randomBytes(4).toString('hex')}-`;
    let orderSeq = 0;
    const paymentBody = (): string =>
      JSON.stringify({
        amount: 150,
        currency: 'USD',
        order_id: `${orderPrefix}${++orderSeq}`,
        instrument_id: instrumentIds[orderSeq % PAY_CARDS],
        encrypted_cvv: cvvPool[orderSeq % cvvPool.length],
      });
    const intentBody = (orderId: string): string =>
      JSON.stringify({ order_id: orderId, amount: INTENT_AMOUNT, currency: 'COP', rail_id: 'QR_INTEROP', rail_type: 'BANK_TRANSFER' });
    const walletIntentBody = (orderId: string): string =>
      JSON.stringify({
        order_id: orderId,
        amount: INTENT_AMOUNT,
        currency: 'COP',
        rail_id: 'WALLET_PUSH',
        rail_type: 'WALLET',
        customer: { phone_number: WALLET_PHONE },
      });
    const paymentIds: string[] = [];
    for (let i = 0; i < SETUP_PAYMENTS; i++) {
      const p = expectStatus(
        await call(base, 'POST', '/v1/payments', { headers: { ...auth, ...json }, body: JSON.parse(paymentBody()) }),
        201,
        'POST /v1/payments',
      );
      if (p.status !== 'APPROVED') throw new Error(`POST /v1/payments: expected APPROVED, got ${JSON.stringify(p)}`);
      paymentIds.push(p.id ?? '');
    }
    // What autovacuum does within a minute of the first rows in production: statistics, so
    // that the plans the server's connections cache are chosen on a table that is not empty.
    if (db) await analyzeDatabase(db.url);
    progress(' done\n');

    const idemPrefix = `bench-${randomBytes(4).toString('hex')}-`;
    let idemSeq = 0;
    let cardSeq = 0;
    const intentPrefix = `bench-apm-${randomBytes(4).toString('hex')}-`;
    let intentSeq = 0;
    const cases: Record<string, Case> = {
      healthz: { name: 'GET /healthz (no auth, no DB)', method: 'GET', path: '/healthz' },
      readyz: { name: 'GET /readyz (one `select 1`)', method: 'GET', path: '/readyz' },
      'org-get': { name: 'GET /v1/organizations/{id}', method: 'GET', path: `/v1/organizations/${orgId}`, headers: auth },
      'org-list': { name: 'GET /v1/organizations?limit=10', method: 'GET', path: '/v1/organizations?limit=10', headers: auth },
      'org-create': {
        name: 'POST /v1/organizations',
        method: 'POST',
        path: '/v1/organizations',
        headers: { ...auth, ...json },
        body: JSON.stringify({ name: 'bench' }),
      },
      'org-create-idem': {
        name: 'POST /v1/organizations + Idempotency-Key',
        method: 'POST',
        path: '/v1/organizations',
        headers: { ...auth, ...json },
        body: JSON.stringify({ name: 'bench' }),
        // A new key for every request: each one reserves and completes a key (no replays).
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': `${idemPrefix}${++idemSeq}` } }),
      },
      token: {
        name: `POST /oauth/token (${TOKEN_CONNECTIONS} connections)`,
        method: 'POST',
        path: '/oauth/token',
        headers: json,
        body: JSON.stringify(tokenBody),
        connections: TOKEN_CONNECTIONS,
      },
      tokenize: {
        name: 'POST /v1/instruments (encrypted form)',
        connections: RSA_IN_FLIGHT,
        method: 'POST',
        path: '/v1/instruments',
        headers: { ...auth, ...json },
        body: JSON.stringify(cardPool[0]),
        setupRequest: (req) => ({ ...req, body: JSON.stringify(cardPool[++cardSeq % cardPool.length]) }),
      },
      'payment-create': {
        name: 'POST /v1/payments',
        connections: RSA_IN_FLIGHT,
        method: 'POST',
        path: '/v1/payments',
        headers: { ...auth, ...json },
        body: paymentBody(),
        setupRequest: (req) => ({ ...req, body: paymentBody() }),
        breakdown: true,
      },
      // What a merchant's SDK sends: every create with a key of its own (reserved, then completed with the answer).
      'payment-create-idem': {
        name: 'POST /v1/payments + Idempotency-Key',
        connections: RSA_IN_FLIGHT,
        method: 'POST',
        path: '/v1/payments',
        headers: { ...auth, ...json },
        body: paymentBody(),
        setupRequest: (req) => ({ ...req, body: paymentBody(), headers: { ...req.headers, 'idempotency-key': `${idemPrefix}pay-${++idemSeq}` } }),
      },
      'intent-create': {
        name: 'POST /v1/payments/intents (QR rail)',
        method: 'POST',
        path: '/v1/payments/intents',
        headers: { ...auth, ...json },
        body: intentBody(`${intentPrefix}0`),
        setupRequest: (req) => ({ ...req, body: intentBody(`${intentPrefix}${++intentSeq}`) }),
      },
      'payment-get': { name: 'GET /v1/payments/{id}', method: 'GET', path: `/v1/payments/${paymentIds[0]}`, headers: auth, breakdown: true },
      'list-small': { name: `GET /v1/payments?limit=10, ${fmtInt(LIST_SMALL)} stored`, method: 'GET', path: '/v1/payments?limit=10', headers: auth },
      'list-large': { name: `GET /v1/payments?limit=10, ${fmtInt(LIST_LARGE)} stored`, method: 'GET', path: '/v1/payments?limit=10', headers: auth },
    };

    const caseOf = (key: string): Case => {
      const c = cases[key];
      if (!c) throw new Error(`bench: no case ${key}`);
      return c;
    };

    async function run(key: string, opts?: Parameters<typeof measure>[2]): Promise<Measurement> {
      const c = caseOf(key);
      const problem = await smokeTest(base, c);
      if (problem) {
        warnings.push(`smoke test: ${problem}`);
        console.warn(`bench: smoke test: ${problem}`);
      }
      progress(`bench: ${c.name} ...`);
      const row = await measure(live, c, opts);
      progress(` ${fmt(row.rps, 0)} req/s, p50 ${fmt(row.p50, 2)} ms, p99 ${fmt(row.p99, 2)} ms\n`);
      rows.set(key, { ...row, name: c.name, breakdown: Boolean(c.breakdown) });
      return row;
    }

    /**
     * A case graded against a ceiling (create and get payment): its highest rate, as each
     * ceiling is the higher of its runs before and after the cases (a busy machine only ever
     * lowers a rate). Measured with the case's connections, twice as many and four times as
     * many, and the highest kept: a request that waits on round trips (PostgreSQL's, the
     * decryption thread's) leaves the cores idle meanwhile unless more requests are in
     * flight, and the ratio asks what the server does with the whole machine. On PostgreSQL
     * more requests in flight also make larger groups (db/postgres-client.ts,
     * db/read-groups.ts). Each run's share of idle CPU is shown beside its rate.
     */
    async function runGraded(key: string): Promise<Measurement> {
      const c = caseOf(key);
      const runs = [await run(key)];
      for (const times of [2, 4]) runs.push(await run(key, { extra: { connections: times * (c.connections ?? CONNECTIONS) } }));
      const kept = runs.reduce((best, r) => (r.rps > best.rps ? r : best), runs[0] as Measurement);
      rows.set(key, { ...kept, name: c.name, breakdown: Boolean(c.breakdown), graded: runs });
      return kept;
    }

    /** The latency check: the same request at half the measured maximum, with autocannon's overallRate and evenly paced. */
    async function halfRate(key: string, max: Measurement): Promise<void> {
      const c = caseOf(key);
      const rate = Math.max(1, Math.round(max.rps / 2));
      progress(`bench: ${c.name} at ${rate} req/s (autocannon overallRate) ...`);
      const a = await measure(live, c, { warmup: 0, extra: { overallRate: rate } });
      progress(` p50 ${fmt(a.p50, 2)} ms, p99 ${fmt(a.p99, 2)} ms\n`);
      rows.set(`${key}@half-autocannon`, { ...a, name: `${c.name} at ${rate} req/s (½ max; autocannon \`overallRate\`)`, rate });
      progress(`bench: ${c.name} at ${rate} req/s (evenly paced) ...`);
      const p = await measurePaced(live, c, rate);
      progress(` p50 ${fmt(p.p50, 2)} ms, p99 ${fmt(p.p99, 2)} ms (client send lag p99 ${fmt(p.sendLagP99, 2)} ms, max ${fmt(p.sendLagMax, 1)} ms)\n`);
      rows.set(`${key}@half-paced`, {
        ...p,
        name: `${c.name} at ${rate} req/s (½ max; evenly paced, open loop, ${fmt(PACED_SECONDS, 0)} s; client send lag p99 ${fmt(p.sendLagP99, 2)} ms, max ${fmt(p.sendLagMax, 1)} ms)`,
        rate,
      });
    }

    /**
     * Webhook delivery latency: a receiver in this process, an endpoint subscribed to
     * payment.purchase.pending, then push-wallet intents evenly paced at WEBHOOK_RATE for WEBHOOK_SECONDS
     * (each one event, committed with its delivery job); latency = receipt − the event's `time`.
     */
    async function webhookLatency(): Promise<void> {
      const receiver = await startReceiver();
      let endpoint: Record<string, string> | undefined;
      try {
        const created = expectStatus<Record<string, string>>(
          await call(base, 'POST', '/v1/webhooks', {
            headers: auth,
            body: { url: receiver.url, events: [WEBHOOK_EVENT], description: 'bench: delivery latency' },
          }),
          201,
          'POST /v1/webhooks',
        );
        endpoint = created;
        const prefix = `bench-whk-${randomBytes(4).toString('hex')}-`;
        let seq = 0;
        // Smoke test: one intent, and its delivery end to end (also the first use of this path).
        const smokeOrder = `${prefix}smoke`;
        expectStatus(
          await call(base, 'POST', '/v1/payments/intents', { headers: auth, body: JSON.parse(walletIntentBody(smokeOrder)) }),
          201,
          'POST /v1/payments/intents',
        );
        const smoke = await drain(receiver.received, new Set([smokeOrder]), { maxSeconds: 10, stallSeconds: 10 });
        if (!smoke.complete) {
          warnings.push(`webhook smoke test: the delivery of one event did not arrive within 10 s`);
          console.warn('bench: webhook smoke test: the delivery of one event did not arrive within 10 s');
        }
        receiver.received.length = 0;

        const name = `webhook delivery latency, event commit → receipt`;
        progress(`bench: ${name} (${WEBHOOK_RATE} push-wallet intents/s for ${WEBHOOK_SECONDS} s) ...`);
        const orders = new Set<string>();
        const request: PacedRequest = {
          method: 'POST',
          path: '/v1/payments/intents',
          headers: { ...auth, ...json },
          setupRequest: (req) => {
            const orderId = `${prefix}${++seq}`;
            const intent: IntentRequest = { ...req, orderId, body: walletIntentBody(orderId) };
            return intent;
          },
        };
        const before = cpuMs(live.child.pid);
        const dbBefore = live.dbCpu?.sample();
        const sendStart = Date.now();
        const p = await paced({
          base,
          request,
          rate: WEBHOOK_RATE,
          seconds: WEBHOOK_SECONDS,
          onAnswer: (r, status) => {
            if (status >= 200 && status <= 299) orders.add((r as IntentRequest).orderId);
          },
        });
        const sendEnd = Date.now();
        const d = await drain(receiver.received, orders, { maxSeconds: WEBHOOK_DRAIN_SECONDS, stallSeconds: WEBHOOK_STALL_SECONDS });
        const received = receiver.received.slice();
        const after = cpuMs(live.child.pid);
        const dbAfter = live.dbCpu?.sample();
        if (live.child.exitCode !== null || live.child.signalCode !== null) {
          throw new Error(`the process under test exited during "${name}"\nstderr:\n${live.logs.err.text}`);
        }
        const a = analyse({ received, orders, secret: created.secret ?? '', eventType: WEBHOOK_EVENT });
        const events = orders.size;
        const ms = (v: number | undefined): string => (typeof v === 'number' && Number.isFinite(v) ? fmtInt(v) : 'n/a');
        const notReached = `not reached (${fmtInt(a.missing)} undelivered)`;
        const row: Row = {
          name:
            `${name} (${fmtInt(WEBHOOK_RATE)} events/s for ${fmt(WEBHOOK_SECONDS, 0)} s: ${fmtInt(events)} sent, ${fmtInt(a.received)} received, ` +
            `${fmtInt(a.duplicates)} duplicates, max ${Number.isFinite(a.max) ? `${ms(a.max)} ms` : 'n/a (undelivered)'})`,
          rps: events / WEBHOOK_SECONDS,
          p50: a.p50,
          p99: a.p99,
          p50Text: Number.isFinite(a.p50) ? undefined : notReached,
          p99Text: Number.isFinite(a.p99) ? undefined : notReached,
          non2xx: p.non2xx,
          errors: p.errors,
          codes: p.codes,
          total: events,
          cpuUsPerRequest: before !== undefined && after !== undefined && events > 0 ? ((after - before) * 1000) / events : NaN,
          dbCpuUsPerRequest: dbBefore !== undefined && dbAfter !== undefined && events > 0 ? ((dbAfter - dbBefore) * 1000) / events : undefined,
          webhook: {
            ...a,
            offered: WEBHOOK_RATE,
            seconds: WEBHOOK_SECONDS,
            post: { p50: p.p50, p99: p.p99, sendLagP99: p.sendLagP99, sendLagMax: p.sendLagMax },
            drain: d,
            lastAfterSendS: Number.isFinite(a.lastReceipt) ? (a.lastReceipt - sendEnd) / 1000 : NaN,
            sendSeconds: (sendEnd - sendStart) / 1000,
          },
        };
        rows.set('webhook-latency', row);
        progress(
          ` ${fmtInt(a.received)} of ${fmtInt(events)} received, p50 ${ms(a.p50)} ms, p99 ${ms(a.p99)} ms, max ${ms(a.max)} ms, ` +
            `${fmt(a.deliveryRate, 0)} deliveries/s${d.complete ? '' : ` (${d.why})`}\n`,
        );
        if (a.badSignatures) {
          warnings.push(`webhook case: ${a.badSignatures} deliveries failed signature verification: ${a.badExamples.join('; ')}`);
        }
      } finally {
        // Nothing more for this endpoint (a delivery still queued fails at once, unsent), and no fan-out work in later cases.
        if (endpoint) {
          await call(base, 'PUT', `/v1/webhooks/${endpoint.id ?? ''}`, {
            headers: auth,
            body: { url: receiver.url, events: [WEBHOOK_EVENT], status: 'disabled' },
          }).catch(() => {});
        }
        await receiver.close();
      }
    }

    const storedPayments = () => countPayments({ ...seedTarget, organizationId: orgId });
    /** Seeded row numbers continue where the last seeding stopped (ids must stay unique). */
    let nextSeeded = 0;
    async function seedUpTo(total: number): Promise<number> {
      const have = await storedPayments();
      if (have >= total) return have;
      // Seeded row numbers continue where the last seeding stopped (ids must stay unique).
      const from = nextSeeded;
      const to = from + (total - have);
      const t0 = performance.now();
      let lastShown = 0;
      await seedPayments({
        ...seedTarget,
        organizationId: orgId,
        instrumentId: instrumentIds[0] ?? '',
        from,
        to,
        onProgress: (done, all) => {
          if (performance.now() - lastShown > 2000 || done === all) {
            lastShown = performance.now();
            progress(`\rbench: seeding payments: ${fmtInt(done)} / ${fmtInt(all)} (${fmt((performance.now() - t0) / 1000, 0)} s)   `);
          }
        },
      });
      nextSeeded = to;
      progress('\n');
      return storedPayments();
    }

    // ---- 3. The cases. Creating payments comes last: each payment enqueues a recovery job due
    // 60 s later, and those jobs must not run during the other cases. ----
    for (const key of ['healthz', 'readyz', 'org-get', 'org-list', 'org-create', 'org-create-idem', 'token', 'tokenize']) {
      if (SELECTED.has(key)) await run(key);
    }
    if (SELECTED.has('payment-get')) {
      // SQLite: the get's second ceiling, a bare route reading the same payment's row
      // (bare-fastify.ts `/bare-row`), right before and right after the graded get; the higher counts.
      const sqliteFile = seedTarget.kind === 'sqlite' ? seedTarget.sqliteFile : undefined;
      const rowRuns = sqliteFile ? [await sqliteRowCeiling(sqliteFile, paymentIds[0]!)] : [];
      const max = await runGraded('payment-get');
      if (sqliteFile) rowRuns.push(await sqliteRowCeiling(sqliteFile, paymentIds[0]!));
      const best = rowRuns.reduce<Measurement | undefined>((a, b) => (a && a.rps >= b.rps ? a : b), undefined);
      if (best) ceilings.sqliteRow = { ...best, runs: rowRuns.map((r) => r.rps) };
      await halfRate('payment-get', max);
    }
    const stored: Stored = {};
    const plans: Partial<Record<'small' | 'large', ListPlan>> = {};
    const explain = async (key: 'small' | 'large'): Promise<void> => {
      const plan = await explainList({ ...seedTarget, organizationId: orgId }).catch((e: Error) => ({ plan: `(explain failed: ${e.message})`, ms: NaN }));
      plans[key] = plan;
      progress(`bench: list query straight on the database: ${fmt(plan.ms * 1000, 0)} µs; plan: ${plan.plan}\n`);
    };
    if (SELECTED.has('list-small') || SELECTED.has('list-large')) {
      stored.small = await seedUpTo(LIST_SMALL);
      if (SELECTED.has('list-small')) await run('list-small');
      await explain('small');
    }
    if (SELECTED.has('list-large')) {
      stored.large = await seedUpTo(LIST_LARGE);
      await run('list-large');
      await explain('large');
    }
    // Intents: each enqueues an expiry job due 15 min later, far after the end of the run.
    if (SELECTED.has('intent-create')) await run('intent-create');
    // Before create payment, so that no payment job (recovery at 60 s, capture) is due while it runs.
    if (SELECTED.has('webhook-latency')) await webhookLatency();
    if (SELECTED.has('payment-create')) {
      await halfRate('payment-create', await runGraded('payment-create'));
    }
    if (SELECTED.has('payment-create-idem')) await run('payment-create-idem');
    if (SELECTED.has('payment-create') || SELECTED.has('payment-create-idem')) stored.afterCreate = await storedPayments();

    // PostgreSQL: the same server as one process per core (WORKERS), on the same port and database.
    const cores = Math.floor(positiveNumber('BENCH_PG_WORKERS', os.availableParallelism?.() ?? os.cpus().length));
    if (db && cores > 1 && (SELECTED.has('payment-get') || SELECTED.has('payment-create'))) {
      await live.statements?.close();
      await stopChild(live);
      progress(`bench: restarting the server with WORKERS=${cores} ...`);
      live = await startServer({ port, dataDir, databaseUrl: db.url, workers: cores });
      server = live;
      live.workers = cores;
      live.dbCpu = await postgresCpu(db.url);
      live.statements = await postgresStatements(db.url);
      live.afterWarmup = () => analyzeDatabase(db.url);
      progress(' done\n');
      for (const key of ['payment-get', 'payment-create']) {
        if (!SELECTED.has(key)) continue;
        const c = caseOf(key);
        progress(`bench: ${c.name}, WORKERS=${cores} ...`);
        const row = await measure(live, c);
        progress(` ${fmt(row.rps, 0)} req/s, p50 ${fmt(row.p50, 2)} ms, p99 ${fmt(row.p99, 2)} ms\n`);
        rows.set(`${key}@workers`, { ...row, name: `${c.name}, WORKERS=${cores}`, workers: cores });
      }
    }

    const serverErr = live.logs.err.text.trim();
    const dbCpuMeasured = Boolean(live.dbCpu);
    await live.statements?.close();
    await stopChild(live);
    server = undefined;
    // The server CPU by layer: the same server (one process) started again on the same data under
    // `node --cpu-prof`, and the cases with a breakdown run once more; each layer's share of the
    // profiled run's samples is applied to the main-thread CPU measured without the profiler.
    const profiled = [...rows.keys()].filter((key) => cases[key]?.breakdown);
    if (layerProfiles && profiled.length > 0) {
      progress('bench: the server again, under the CPU profiler, for the time by layer ...');
      const profiledServer = await startServer({ port, dataDir, databaseUrl: db?.url, profileDir: layerProfiles });
      server = profiledServer;
      progress(' done\n');
      const windows: [number, number][] = [];
      for (const key of profiled) {
        progress(`bench: ${caseOf(key).name} (profiled) ...`);
        windows.push((await measure(profiledServer, caseOf(key))).window);
        progress(' done\n');
      }
      const pid = profiledServer.child.pid;
      await stopChild(profiledServer);
      server = undefined;
      const dir = process.env.BENCH_CPU_PROF || layerProfiles;
      const file = readdirSync(dir).find((f) => f.includes(`.${pid}.`) && f.endsWith('.cpuprofile'));
      if (file) {
        cpuByLayer(join(dir, file), windows).forEach((layers, i) => {
          const row = rows.get(profiled[i] ?? '');
          if (row) row.layers = layers;
        });
      }
    }
    // The ledger's cost: two more servers, each on a database of its own (ledger-cost.ts).
    let ledger: Awaited<ReturnType<typeof ledgerCost>> | undefined;
    if (SELECTED.has('ledger-cost')) {
      const extra: Scratch[] = [];
      let n = 0;
      try {
        ledger = await ledgerCost({
          start: async (ledgerPosting) => {
            const dir = join(dataDir, `ledger-${++n}`);
            mkdirSync(dir, { recursive: true });
            const own = pgUrl ? await scratchDatabase(pgUrl) : undefined;
            if (own) extra.push(own);
            const s = await startServer({
              port: await freePort(),
              dataDir: dir,
              databaseUrl: own?.url,
              extraEnv: ledgerPosting ? {} : { LEDGER_POSTING: 'false' },
            });
            server = s;
            return s;
          },
          stop: stopChild,
          cpuMs,
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          seconds: LEDGER_SECONDS,
          warmupSeconds: Math.min(2, WARMUP_SECONDS * 2),
          rounds: LEDGER_ROUNDS,
          concurrency: RSA_IN_FLIGHT,
          progress,
        });
        server = undefined;
        progress(
          `bench: ledger cost: ${fmt(ledger.on, 0)} / ${fmt(ledger.off, 0)} payments/s, ratio ${fmt(ledger.ratio, 2)} (pairs ${ledger.pairRatios.map((r) => fmt(r, 2)).join(', ')})\n`,
        );
      } finally {
        for (const own of extra) await own.drop().catch((e: Error) => console.error(`bench: dropping ${own.name} failed: ${e.message}`));
      }
    }
    // The million-entry report (report-case.ts, report-million.ts): 100 000 and 1 000 000 entries, each in a process and a database of its own.
    let report: ReportBench | undefined;
    if (SELECTED.has('report-million')) report = await reportMillion({ pgUrl, scratch: scratchDatabase, progress });

    const after = await measureCeilings('after the service cases', (b) => (bare = b));
    bare = undefined;
    Object.assign(ceilings, bestOf(before, after));
    if (process.env.BENCH_CPU_PROF)
      progress(`bench: CPU profile(s) of the server in ${resolve(process.env.BENCH_CPU_PROF)} (node packages/server/dist/bench/profile-top.js FILE)\n`);

    // ---- 4. Report ----
    const cpus = os.cpus();
    const meta: Meta = {
      date: started.toISOString().replace(/\.\d+Z$/, 'Z'),
      machine: `${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${fmt(os.totalmem() / 2 ** 30, 0)} GiB, ${os.type()} ${os.release()} ${process.arch}; load average at the start ${startLoad.map((l) => l.toFixed(1)).join(' ')}`,
      node: process.version,
      git: gitRevision(),
      database: dbKind,
      dbCpu: dbCpuMeasured,
      jobPollIntervalMs,
      webhook: rows.get('webhook-latency')?.webhook,
      stored,
      plans,
    };
    const table = buildTable({ rows, ceilings, postgres: Boolean(pgUrl) });
    table.push(...ledgerRows(ledger), ...reportRows(report));
    meta.breakdown = renderBreakdown(rows, Boolean(pgUrl));
    const section = renderSection({ meta, table, warnings, serverErr });
    console.log(section);
    if (FULL_RUN && process.env.BENCH_WRITE_DOC !== '0') {
      writeDoc(dbKey, section);
      progress(`bench: wrote the results into ${DOC}\n`);
    } else {
      progress(`bench: ${FULL_RUN ? 'BENCH_WRITE_DOC=0' : 'partial run (BENCH_CASES)'}: docs/benchmarks.md not written\n`);
    }
  } finally {
    await cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** The CPU ceilings and the bare Fastify route, each if selected. `track` receives the bare child (for cleanup). */
async function measureCeilings(when: string, track: (bare: Child) => void): Promise<CeilingRuns> {
  const out: CeilingRuns = {};
  if (SELECTED.has('ceiling-rsa')) {
    progress(`bench: ceiling (${when}): RSA-OAEP-SHA256 2048-bit private decryptions (WebCrypto, ${RSA_IN_FLIGHT} in flight, ${CEILING_SECONDS} s) ...`);
    out.rsa = await rsaCeiling({ seconds: CEILING_SECONDS, concurrency: RSA_IN_FLIGHT, bits: 2048 });
    const rsa = out.rsa;
    progress(` ${fmt(rsa.webcrypto, 0)}/s (synchronous privateDecrypt: ${fmt(rsa.sync, 0)}/s)\n`);
  }
  if (SELECTED.has('ceiling-scrypt')) {
    progress(`bench: ceiling (${when}): scrypt N=16384 r=8 p=1 (8 in flight, ${CEILING_SECONDS} s) ...`);
    out.scrypt = await scryptCeiling({ seconds: CEILING_SECONDS, concurrency: 8 });
    progress(` ${fmt(out.scrypt?.rate, 1)}/s\n`);
  }
  if (SELECTED.has('ceiling-fastify')) {
    progress(`bench: ceiling (${when}): bare Fastify route ...`);
    const bare = await startBare(await freePort());
    track(bare);
    let fastify: Measurement;
    try {
      fastify = await measure(bare, { name: 'bare Fastify', method: 'GET', path: '/bare' });
    } finally {
      await stopChild(bare);
    }
    out.fastify = fastify;
    progress(` ${fmt(fastify.rps, 0)} req/s, p50 ${fmt(fastify.p50, 2)} ms, p99 ${fmt(fastify.p99, 2)} ms\n`);
  }
  return out;
}

/**
 * A shared machine can only make a ceiling look lower than it is, so the
 * higher of the two measurements is the ceiling (which makes the ratios
 * conservative); both are kept for the report.
 */
function bestOf(before: CeilingRuns, after: CeilingRuns): Ceilings {
  const out: Ceilings = {};
  if (before.rsa && after.rsa) {
    out.rsa = {
      ...(before.rsa.webcrypto >= after.rsa.webcrypto ? before.rsa : after.rsa),
      runs: [before.rsa.webcrypto, after.rsa.webcrypto],
      sync: Math.max(before.rsa.sync, after.rsa.sync),
      syncRuns: [before.rsa.sync, after.rsa.sync],
    };
  }
  if (before.scrypt && after.scrypt) out.scrypt = { rate: Math.max(before.scrypt.rate, after.scrypt.rate), runs: [before.scrypt.rate, after.scrypt.rate] };
  if (before.fastify && after.fastify) {
    out.fastify = { ...(before.fastify.rps >= after.fastify.rps ? before.fastify : after.fastify), runs: [before.fastify.rps, after.fastify.rps] };
  }
  return out;
}

const runs = (c: { runs?: number[] } | undefined): string => (c?.runs ? ` (higher of ${c.runs.map((v) => fmtInt(v)).join(' before and ')} after)` : '');
/** A graded case's runs, as `runs` above shows a ceiling's: each one's rate, connections and idle CPU. */
const gradedRuns = (r: Row): string =>
  r.graded
    ? ` (highest of ${r.graded.map((g) => `${fmtInt(g.rps)}/s at ${g.connections} connections${g.idle === undefined ? '' : `, ${fmt(g.idle * 100, 0)}% of the CPU idle`}`).join(', ')})`
    : '';

/**
 * The table rows, in the issue's order: ceilings, then the service cases with
 * their ceiling, ratio and target, then the foundation cases.
 */
function buildTable({ rows, ceilings, postgres }: { rows: Map<string, Row>; ceilings: Ceilings; postgres: boolean }): TableRow[] {
  // Issue 11's targets: PostgreSQL (the production engine, with a network round trip per statement) has its own.
  const createMin = postgres ? 0.35 : 0.6;
  const getMin = postgres ? 0.3 : 0.5;
  /** SQLite's get against the bare SQLite row route (docs/benchmarks.md). */
  const SQLITE_ROW_GET_MIN = 0.6;
  const out: TableRow[] = [];
  const rsa = ceilings.rsa?.webcrypto;
  const bareRps = ceilings.fastify?.rps;
  const none: Pick<TableRow, 'ceiling' | 'ratio' | 'target' | 'pass'> = { ceiling: '', ratio: NaN, target: '', pass: undefined };

  if (ceilings.rsa) {
    out.push({
      name: `**Ceiling**: RSA-OAEP-SHA256 2048-bit private decryptions/s, WebCrypto, ${ceilings.rsa.concurrency} in flight, one process${runs(ceilings.rsa)}`,
      rps: rsa,
      ...none,
    });
    out.push({
      name: `reference: the same with synchronous \`crypto.privateDecrypt\` (one thread)${runs({ runs: ceilings.rsa.syncRuns })}`,
      rps: ceilings.rsa.sync,
      ...none,
    });
  }
  if (ceilings.scrypt)
    out.push({ name: `reference: scrypt N=16384 r=8 p=1 checks/s, 8 in flight, one process${runs(ceilings.scrypt)}`, rps: ceilings.scrypt.rate, ...none });
  if (ceilings.fastify)
    out.push({ name: `**Ceiling**: bare Fastify route (same logger, level ${LOG_LEVEL})${runs(ceilings.fastify)}`, ...ceilings.fastify, ...none });

  const add = (key: string, extra: (row: Row) => Partial<TableRow>): void => {
    const row = rows.get(key);
    if (row) out.push({ ...row, ...none, ...extra(row) });
  };
  const ratioTo =
    (label: string, value: number | undefined, target?: string, min?: number) =>
    (row: Row): Partial<TableRow> => {
      const ratio = value ? (row.rps ?? NaN) / value : NaN;
      return { ceiling: label, ratio, target: target ?? '', pass: min === undefined || !Number.isFinite(ratio) ? undefined : ratio >= min };
    };
  const p99Under =
    (ms: number) =>
    (row: Row): Partial<TableRow> => ({
      ceiling: '',
      ratio: NaN,
      target: `p99 < ${ms} ms`,
      pass: row.p99 !== undefined && Number.isFinite(row.p99) ? row.p99 < ms && row.non2xx === 0 : false,
    });

  add('token', ratioTo('scrypt (1 per request)', ceilings.scrypt?.rate));
  add('tokenize', ratioTo('RSA ÷ 5 (5 decryptions per request)', rsa ? rsa / 5 : undefined));
  add('payment-create', ratioTo('RSA (1 decryption per request)', rsa, `≥ ${createMin}`, createMin));
  if (rsa && bareRps && rows.has('payment-create')) {
    // Both ceilings use the same cores: a request that cost one decryption plus a bare
    // route and nothing else would run at 1 / (1/rsa + 1/bare). The target can be no higher.
    const bound = 1 / (1 / rsa + 1 / bareRps);
    out.push({
      name: 'reference: a payment that cost only its decryption and a bare Fastify request, nothing else (the highest create ratio this machine allows)',
      rps: bound,
      ...none,
      ceiling: 'RSA',
      ratio: bound / rsa,
    });
  }
  add('payment-create@workers', ratioTo('RSA (1 decryption per request)', rsa));
  add('payment-create@half-autocannon', p99Under(25));
  add('payment-create@half-paced', p99Under(25));
  add('payment-create-idem', ratioTo('RSA (1 decryption per request)', rsa));
  if (ceilings.sqliteRow) {
    // SQLite's get is graded against the ceiling closest to its work: the bare route that reads the same row.
    out.push({ name: `**Ceiling**: bare route reading one payment row by primary key from SQLite${runs(ceilings.sqliteRow)}`, ...ceilings.sqliteRow, ...none });
    add('payment-get', ratioTo('bare SQLite row', ceilings.sqliteRow.rps, `≥ ${SQLITE_ROW_GET_MIN}`, SQLITE_ROW_GET_MIN));
    const get = rows.get('payment-get');
    if (get && bareRps)
      out.push({
        name: 'reference: the same get against the bare Fastify route',
        rps: get.rps,
        ...none,
        ceiling: 'bare Fastify',
        ratio: (get.rps ?? NaN) / bareRps,
      });
  } else add('payment-get', ratioTo('bare Fastify', bareRps, `≥ ${getMin}`, getMin));
  add('payment-get@workers', ratioTo('bare Fastify', bareRps));
  add('payment-get@half-autocannon', p99Under(10));
  add('payment-get@half-paced', p99Under(10));
  add('list-small', ratioTo('bare Fastify', bareRps));
  const small = rows.get('list-small');
  add('list-large', (row) => {
    // Time per request at saturation (1 / req/s) at the large size over the same at 10 000.
    const ratio = small ? (small.rps ?? NaN) / (row.rps ?? NaN) : NaN;
    return { ceiling: `list at ${fmtInt(LIST_SMALL)}: time ratio`, ratio, target: '≤ 1.2', pass: Number.isFinite(ratio) ? ratio <= 1.2 : undefined };
  });
  // No ceiling: the QR intent's cost is mostly rendering the QR code as a PNG, which no ceiling here measures.
  add('intent-create', () => ({}));
  add('webhook-latency', (row) => ({
    target: `p99 < ${fmtInt(WEBHOOK_P99_MS)} ms, all delivered`,
    pass: row.webhook?.missing === 0 && row.webhook.badSignatures === 0 && row.non2xx === 0 && !row.errors && (row.p99 ?? NaN) < WEBHOOK_P99_MS,
  }));
  for (const key of ['healthz', 'readyz', 'org-get', 'org-list', 'org-create', 'org-create-idem']) add(key, ratioTo('bare Fastify', bareRps));
  return out;
}

/** The ledger-cost case's rows: ledger on against ledger off, measured in the same run, interleaved (target ≥ 0.90). */
function ledgerRows(ledger: Awaited<ReturnType<typeof ledgerCost>> | undefined): TableRow[] {
  if (!ledger) return [];
  const none = { p50: undefined, p99: undefined, non2xx: undefined };
  const failures = ledger.runs.reduce((sum, r) => sum + r.failures, 0);
  const order = ledger.runs.map((r) => (r.ledger ? 'on' : 'off')).join(' ');
  return [
    {
      name: `reference: authorize and capture a card payment (\`POST /v1/payments/authorizations\` + \`.../capture\`, ${RSA_IN_FLIGHT} in flight), ledger off (\`LEDGER_POSTING=false\`): payments/s, mean of ${ledger.runs
        .filter((r) => !r.ledger)
        .map((r) => fmtInt(r.rate))
        .join(', ')}`,
      rps: ledger.off,
      ...none,
      cpuUsPerRequest: ledger.cpuOff,
      ceiling: '',
      ratio: NaN,
      target: '',
      pass: undefined,
    },
    {
      name: `**Ledger's cost**: the same with the ledger on: payments/s, mean of ${ledger.runs
        .filter((r) => r.ledger)
        .map((r) => fmtInt(r.rate))
        .join(
          ', ',
        )} (runs ${order}, ${fmt(LEDGER_SECONDS, 0)} s each; each pair's ratio ${ledger.pairRatios.map((r) => fmt(r, 2)).join(', ')}${failures ? `; ${failures} failed` : ''})`,
      rps: ledger.on,
      ...none,
      cpuUsPerRequest: ledger.cpuOn,
      ceiling: 'ledger off, same run',
      ratio: ledger.ratio,
      target: '≥ 0.90',
      pass: failures === 0 && ledger.ratio >= 0.9,
    },
  ];
}

/** The million-entry report's rows: its time at 1 000 000 entries (target < 60 s) and the RSS while reporting at 100 000 and at 1 000 000 (flat). */
function reportRows(report: ReportBench | undefined): TableRow[] {
  if (!report) return [];
  const line = (r: ReportBench['small']) =>
    `${fmtInt(r.entries)} entries: generated in ${fmt(r.generateSeconds, 1)} s, downloaded (${fmt(r.bytes / 2 ** 20, 0)} MiB CSV) in ${fmt(r.downloadSeconds, 1)} s, RSS while reporting at most ${fmt(r.reportRssMb, 0)} MB (process peak ${fmt(r.peakRssMb, 0)} MB)`;
  const none = { rps: undefined, p50: undefined, p99: undefined, non2xx: undefined, ceiling: '', ratio: NaN };
  const total = report.large.generateSeconds + report.large.downloadSeconds;
  const growth = report.large.reportRssMb / report.small.reportRssMb;
  return [
    { name: `reference: payout reconciliation report, ${line(report.small)}`, ...none, target: '', pass: undefined },
    {
      name: `**Report of a million entries**: ${line(report.large)}; ${fmt(total, 1)} s in all, RSS ${fmt(growth, 2)} × that at ${fmtInt(report.small.entries)}`,
      ...none,
      target: '< 60 s, RSS ≤ 1.25 × at 100 000',
      pass: report.large.ok && report.small.ok && total < 60 && growth <= 1.25,
    },
  ];
}

function renderTable(table: TableRow[], { dbCpu = false }: { dbCpu?: boolean } = {}): string {
  const lines = [
    `| case | req/s | p50 ms | p99 ms | non-2xx | server CPU µs/req |${dbCpu ? ' PostgreSQL CPU µs/req |' : ''} ceiling used | ratio | target | result |`,
    `|---|---:|---:|---:|---:|---:|${dbCpu ? '---:|' : ''}---|---:|---|---|`,
  ];
  for (const r of table) {
    const non2xx =
      r.non2xx === undefined ? '' : `${r.non2xx}${r.codes?.length ? ` (${r.codes.join(', ')})` : ''}${r.errors ? `, ${r.errors} errors/timeouts` : ''}`;
    const result = r.pass === undefined ? '' : r.pass ? '**pass**' : '**FAIL**';
    const db = dbCpu ? ` ${r.dbCpuUsPerRequest === undefined ? '' : fmt(r.dbCpuUsPerRequest, 0)} |` : '';
    lines.push(
      `| ${r.name}${gradedRuns(r)} | ${fmtInt(r.rps)} | ${r.p50Text ?? (r.p50 === undefined ? '' : fmt(r.p50, 2))} | ${r.p99Text ?? (r.p99 === undefined ? '' : fmt(r.p99, 2))} | ${non2xx} | ` +
        `${r.cpuUsPerRequest === undefined ? '' : fmt(r.cpuUsPerRequest, 0)} |${db} ${r.ceiling} | ${Number.isFinite(r.ratio) ? r.ratio.toFixed(2) : ''} | ${r.target} | ${result} |`,
    );
  }
  return lines.join('\n');
}

function renderSection({ meta, table, warnings, serverErr }: { meta: Meta; table: TableRow[]; warnings: string[]; serverErr: string }): string {
  const graded = table.filter((r) => r.pass !== undefined);
  const passed = graded.filter((r) => r.pass).length;
  const stored = [
    meta.stored.small !== undefined ? `${fmtInt(meta.stored.small)} for the small list case` : '',
    meta.stored.large !== undefined ? `${fmtInt(meta.stored.large)} for the large one` : '',
    meta.stored.afterCreate !== undefined ? `${fmtInt(meta.stored.afterCreate)} after the create-payment runs` : '',
  ].filter(Boolean);
  const lines = [
    `- date: ${meta.date}`,
    `- machine: ${meta.machine}`,
    `- node: ${meta.node}; code: git \`${meta.git}\` (dist/ as built by \`npm run bench\`)`,
    `- database: ${meta.database}${meta.dbCpu ? '; PostgreSQL CPU µs/req: its postmaster and all its processes, from /proc' : ''}`,
    `- ${SECONDS} s per case after ${WARMUP_SECONDS} s warm-up (none before the ½-max autocannon runs; the evenly paced ones send the same pace that long, uncounted, then measure ${PACED_SECONDS} s; create and get payment, the graded cases, run three times, with the case's connections, twice and four times as many, and the highest rate kept, as for the ceilings), ${CONNECTIONS} connections ` +
      `(${TOKEN_CONNECTIONS} for /oauth/token; ${RSA_IN_FLIGHT}, as many as the RSA ceiling's decryptions in flight, for the cases compared with it: tokenize and create); LOG_LEVEL=${LOG_LEVEL} for the server and the bare route, logs to ${process.env.BENCH_SERVER_LOG ? 'a file' : '/dev/null'}; ` +
      `autocannon runs in the bench process, on the same machine`,
    ...(stored.length ? [`- stored payments of the organization: ${stored.join(', ')}`] : []),
    ...Object.entries(meta.plans ?? {}).map(
      ([size, p]) =>
        `- the list query alone on the database with ${size === 'small' ? fmtInt(LIST_SMALL) : fmtInt(LIST_LARGE)} stored: ${fmt(p.ms * 1000, 0)} µs ` +
        `(${meta.database.startsWith('SQLite') ? 'mean of 2 000 runs of the prepared statement' : 'median `Execution Time` of 21 EXPLAIN ANALYZE'}); plan: ${p.plan}`,
    ),
    ...(meta.webhook ? [webhookLine(meta.webhook, meta.jobPollIntervalMs)] : []),
    `- targets: ${passed} of ${graded.length} pass`,
    '',
    renderTable(table, { dbCpu: meta.dbCpu }),
    ...(meta.breakdown ? ['', meta.breakdown] : []),
  ];
  if (warnings.length) lines.push('', ...warnings.map((w) => `Warning: ${w}`));
  if (serverErr) lines.push('', 'Server stderr (last lines):', '', '```', ...serverErr.split('\n').slice(-20), '```');
  return lines.join('\n');
}

/**
 * "Where the time goes" for create and get payment: per request, the
 * statements the database ran (pg_stat_statements), its CPU and the server's
 * CPU (all its processes), with one process and, on PostgreSQL, with WORKERS
 * = cores; the scaling is the second's req/s over the first's.
 */
function renderBreakdown(rows: Map<string, Row>, postgres: boolean): string {
  const lines: string[] = [];
  for (const key of ['payment-create', 'payment-get']) {
    const one = rows.get(key);
    if (!one) continue;
    const many = rows.get(`${key}@workers`);
    const line = (r: Row, processes: number | undefined, scaling: string): string =>
      `| ${one.name} | ${processes} | ${fmt(r.rps, 0)} | ${cell(r.statementsPerRequest, 1)} | ${cell(r.dbCpuUsPerRequest)} | ${cell(r.cpuUsPerRequest)} | ${scaling} |`;
    lines.push(line(one, 1, ''));
    if (many) lines.push(line(many, many.workers, `${fmt((many.rps ?? NaN) / (one.rps ?? NaN), 2)} ×`));
  }
  if (!lines.length) return '';
  const dbCpuTarget = rows.get('payment-create')?.dbCpuUsPerRequest;
  const layerLines: string[] = [];
  const statementLines: string[] = [];
  for (const key of ['payment-create', 'payment-get']) {
    const r = rows.get(key);
    const layers = r?.layers;
    if (r && layers?.busy) {
      // Each layer's share of the samples, times the main thread's CPU per request (/proc).
      const us = (samples: number): string => cell((samples / layers.busy) * (r.mainThreadCpuUsPerRequest ?? NaN));
      layerLines.push(`| ${r.name} | ${LAYERS.map((l) => us(layers[l])).join(' | ')} | ${cell(r.mainThreadCpuUsPerRequest)} | ${cell(r.cpuUsPerRequest)} |`);
    }
    for (const st of (r?.statementRows ?? []).slice(0, 20)) {
      const text = st.query.replace(/\s+/g, ' ').replace(/\|/g, '\\|');
      statementLines.push(
        `| ${r?.name} | \`${text.length > 160 ? `${text.slice(0, 157)}...` : text}\` | ${fmt(st.perRequest, 2)} | ${fmt(st.meanUs, 0)} | ${fmt(st.usPerRequest, 0)} | ${fmt(st.blocks, 1)} |`,
      );
    }
  }
  return [
    '**Where the time goes** (per request, at full load):',
    '',
    '| case | processes | req/s | statements | database CPU µs | server CPU µs | scaling |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...lines,
    '',
    ...(layerLines.length
      ? [
          "**Server CPU by layer** (µs per request, one process: the main thread's CPU time from /proc, shared out in proportion to the samples of a CPU profile " +
            'of the same case run once more, after the measured runs, by the server restarted under `node --cpu-prof` (which costs create 6–12%, so the measured runs go without it); ' +
            "each sample charged to the nearest layer on its stack (`bench/layers.ts`). The last column is all the process's threads, the RSA decryptions on their worker threads included):",
          '',
          `| case | ${LAYERS.join(' | ')} | main thread | all threads |`,
          `|---|${LAYERS.map(() => '---:').join('|')}|---:|---:|`,
          ...layerLines,
          '',
        ]
      : []),
    ...(statementLines.length
      ? [
          '**Statements** (pg_stat_statements over the measured seconds, one process: calls per request, mean execution time per call, execution µs per request, shared buffers per call):',
          '',
          '| case | statement | per request | mean µs | µs per request | buffers |',
          '|---|---|---:|---:|---:|---:|',
          ...statementLines,
          '',
        ]
      : []),
    postgres
      ? `Statements: \`calls\` of pg_stat_statements for the database, over the measured seconds (transaction BEGIN and COMMIT included; the job runner's polls too). ` +
        `Database CPU per created payment: ${cell(dbCpuTarget)} µs (target ≤ 500 µs: ${dbCpuTarget === undefined ? 'not measured' : dbCpuTarget <= 500 ? 'pass' : '**FAIL**'}).`
      : 'Statements: not counted on SQLite (no statement statistics; the database runs inside the server process, so its CPU is part of the server CPU).',
  ].join('\n');

  function cell(v: number | undefined, digits = 0): string {
    return v === undefined || !Number.isFinite(v) ? '—' : fmt(v, digits);
  }
}

/** The details of the webhook delivery case, for the section's bullet list. */
function webhookLine(w: WebhookDetails, jobPollIntervalMs: string | undefined): string {
  const ms = (v: number | undefined): string => (typeof v === 'number' && Number.isFinite(v) ? fmtInt(v) : 'n/a');
  const perSecond = w.medianBySecond.map(ms).join(', ');
  return (
    `- webhook delivery case: the server's JOB_POLL_INTERVAL_MS ${jobPollIntervalMs ? `= ${jobPollIntervalMs}` : 'unset (its default, 250 ms)'}; ` +
    `one endpoint subscribed to \`${WEBHOOK_EVENT}\`, the receiver in the bench process (127.0.0.1, answers 200 at once); ` +
    `${fmtInt(w.offered)} push-wallet intents/s (\`WALLET_PUSH\`, no QR image) evenly paced for ${fmt(w.seconds, 0)} s (the POSTs themselves: p50 ${fmt(w.post.p50, 2)} ms, p99 ${fmt(w.post.p99, 2)} ms; ` +
    `client send lag p99 ${fmt(w.post.sendLagP99, 2)} ms), each intent one event; ` +
    `deliveries arrived at ${fmt(w.deliveryRate, 1)}/s, the last one ${fmt(w.lastAfterSendS, 1)} s after the last intent was answered` +
    `${w.drain.complete ? '' : ` (then ${w.drain.why}: ${fmtInt(w.missing)} never arrived)`}; ` +
    `latency min ${ms(w.min)} ms; median latency of the events of each second of the run, ms: ${perSecond}` +
    `${w.unexpected ? `; ${fmtInt(w.unexpected)} deliveries of other events` : ''}${w.wrongType ? `; ${fmtInt(w.wrongType)} of another type` : ''}` +
    `; signatures checked with \`standardwebhooks\`: ${fmtInt(w.verified)} of ${fmtInt(w.deliveries)} valid`
  );
}

/** Replaces the section between this database's markers in docs/benchmarks.md (appends it if the markers are missing). */
function writeDoc(dbKey: string, section: string): void {
  const start = `<!-- bench:${dbKey}:start -->`;
  const end = `<!-- bench:${dbKey}:end -->`;
  let doc: string;
  try {
    doc = readFileSync(DOC, 'utf8');
  } catch {
    doc = '# Benchmarks\n';
  }
  const block = `${start}\n<!-- Written by \`npm run bench\`; edits between these markers are replaced by the next run on this database. -->\n\n${section}\n\n${end}`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  if (i >= 0 && j > i) doc = doc.slice(0, i) + block + doc.slice(j + end.length);
  else doc = `${doc.trimEnd()}\n\n### ${dbKey === 'sqlite' ? 'SQLite' : 'PostgreSQL'}\n\n${block}\n`;
  writeFileSync(DOC, doc);
}

main().catch((error: Error) => {
  console.error(`bench: ${error.stack ?? error.message}`);
  process.exitCode = 1;
});
