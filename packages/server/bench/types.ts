/**
 * The bench's types: the cases it measures, the processes it starts, what each measurement
 * returns and the rows of the table it writes into docs/benchmarks.md (see run.ts).
 */
import type { ChildProcess } from 'node:child_process';
import type autocannon from 'autocannon';
import type { RsaCeiling, ScryptCeiling } from './ceilings.js';
import type { LayerSamples } from './layers.js';
import type { PacedRequest } from './paced.js';
import type { ListPlan } from './seed-payments.js';
import type { DrainResult, WebhookAnalysis } from './webhooks.js';

/** A case: one request, sent by autocannon (or the paced client) again and again. */
export interface Case extends PacedRequest {
  /** The table's label. */
  name: string;
  /** Connections (requests in flight) when not the bench's default. */
  connections?: number;
  /** Its server CPU is broken down (statements, layers): create and get payment. */
  breakdown?: boolean;
}

/** A push-wallet intent of the webhook case: the request and the order it creates. */
export type IntentRequest = PacedRequest & { orderId: string };

/** Options passed on to autocannon as they are (more connections, an overall rate). */
export type CannonExtra = Partial<Pick<autocannon.Options, 'connections' | 'overallRate'>>;

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A node child process started by the bench (the server, the bare Fastify route). */
export interface Child {
  child: ChildProcess;
  base: string;
  exited: Promise<ExitInfo>;
  logs: { err: { text: string } };
}

/** CPU time (ms) of a local PostgreSQL server's processes, so far. */
export interface CpuSampler {
  sample: () => number;
}

/** Per statement of pg_stat_statements (by queryid): calls, total execution ms, shared blocks. */
export type StatementSnapshot = Map<string, { query: string; calls: number; ms: number; blocks: number }>;

export interface StatementCounter {
  /** The sum of `calls` for this database so far. */
  sample: () => Promise<number>;
  snapshot: () => Promise<StatementSnapshot>;
  close: () => Promise<void>;
}

/** What one request ran of one statement, over a measured window. */
export interface StatementRow {
  query: string;
  perRequest: number;
  meanUs: number;
  usPerRequest: number;
  blocks: number;
}

/** A process under test, with what the bench samples around each measurement. */
export interface Target extends Child {
  dbCpu?: CpuSampler | undefined;
  statements?: StatementCounter | undefined;
  afterWarmup?: () => Promise<void>;
}

/** The server under test. */
export interface Server extends Target {
  publicBaseUrl: string;
  jobPollIntervalMs: string | undefined;
  workers?: number;
}

/** A PostgreSQL database for the run (a throwaway one unless BENCH_PG_SCRATCH=0). */
export interface Scratch {
  url: string;
  name?: string;
  version?: string;
  drop: () => Promise<void>;
}

/** An answer read by `call`: status, headers, the body as text and parsed (undefined if not JSON). */
export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** One autocannon measurement (`measure` in run.ts). Times in ms, CPU in µs per request. */
export interface Measurement {
  /** The measured seconds on the monotonic clock (µs), to cut the server's CPU profile. */
  window: [number, number];
  statementRows: StatementRow[] | undefined;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  codes: string[];
  total: number;
  connections: number;
  /** The share of the machine's CPU time (all cores) that was idle. */
  idle: number | undefined;
  cpuUsPerRequest: number;
  mainThreadCpuUsPerRequest: number;
  dbCpuUsPerRequest: number | undefined;
  statementsPerRequest: number | undefined;
}

/** One evenly paced measurement (`measurePaced` in run.ts). */
export interface PacedMeasurement {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  codes: string[];
  total: number;
  sendLagP99: number;
  sendLagMax: number;
  cpuUsPerRequest: number;
  dbCpuUsPerRequest: number | undefined;
}

/** The webhook case's details, for the section's bullet list. */
export interface WebhookDetails extends WebhookAnalysis {
  offered: number;
  seconds: number;
  post: { p50: number; p99: number; sendLagP99: number; sendLagMax: number };
  drain: DrainResult;
  lastAfterSendS: number;
  sendSeconds: number;
}

/** A measured row of the report, keyed by case (and `@half-paced`, `@workers`, ...). */
export interface Row extends Partial<Omit<Measurement, 'rps'>>, Partial<Omit<PacedMeasurement, 'rps'>> {
  name: string;
  rps: number | undefined;
  /** Shown instead of the number (a percentile the webhook case did not reach). */
  p50Text?: string | undefined;
  p99Text?: string | undefined;
  breakdown?: boolean;
  /** A graded case's runs (1, 2 and 4 times its connections); the row is the fastest. */
  graded?: Measurement[];
  rate?: number;
  workers?: number;
  layers?: LayerSamples;
  webhook?: WebhookDetails;
}

/** A row of the table: the row, its ceiling, the ratio to it, the target and whether it is met. */
export interface TableRow extends Row {
  ceiling: string;
  ratio: number;
  target: string;
  pass: boolean | undefined;
}

/** The machine's ceilings measured once (before or after the service cases). */
export interface CeilingRuns {
  rsa?: RsaCeiling;
  scrypt?: ScryptCeiling;
  fastify?: Measurement;
}

/** The ceilings the cases are graded against: the higher of the two runs, and both runs. */
export interface Ceilings {
  rsa?: RsaCeiling & { runs: number[]; syncRuns: number[] };
  scrypt?: { rate: number; runs: number[] };
  fastify?: Measurement & { runs: number[] };
  /** SQLite only: a bare route that reads one payment row by primary key and answers it (bare-fastify.ts `/bare-row`). */
  sqliteRow?: Measurement & { runs: number[] };
}

/** Stored payments of the organization at each stage. */
export interface Stored {
  small?: number;
  large?: number;
  afterCreate?: number;
}

/** The section's header: when, where, what was measured. */
export interface Meta {
  date: string;
  machine: string;
  node: string;
  git: string;
  database: string;
  dbCpu: boolean;
  jobPollIntervalMs: string | undefined;
  webhook: WebhookDetails | undefined;
  stored: Stored;
  plans: Partial<Record<'small' | 'large', ListPlan>>;
  breakdown?: string;
}
