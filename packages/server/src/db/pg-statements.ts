/**
 * The statement texts of the PostgreSQL client (postgres-client.ts): the
 * markers of deferrable inserts and fences, what a plain read names, a
 * transaction's waiting inserts and fences combined into one statement, a
 * group's statements one after the other, one table's rows merged into one
 * multi-row insert, and which errors say the connection was refused or lost.
 */
import pg from 'pg';

/** The start of a deferrable insert's text (a comment: SQLite and PostgreSQL ignore it). */
export const DEFERRABLE = '/* deferrable */ ';
/** The start of a fence's text: an UPDATE that must change at least one row (a comment, as DEFERRABLE). */
export const FENCE = '/* fence */ ';

/** A fence changed no row: the statement that carried it, and so its transaction, failed. */
export class FenceLost extends Error {
  constructor() {
    super('the fence changed no row');
    this.name = 'FenceLost';
  }
}

export const MAX_NAMES = 5000;
/** Names for groups' statements (4.): at most 16 sizes of a group for each kind of transaction. */
export const MAX_GROUP_NAMES = 1000;

/** Per statement text (the texts are few): what it reads, which table it inserts into. */
const readCache = new Map<string, Set<string>>();
const plainCache = new Map<string, Set<string> | null>();

/** A plain read (no row locks, no pg_notify and the like): the tables it names; null for any other statement. */
export function plainRead(text: string): Set<string> | null {
  let tables = plainCache.get(text);
  if (tables !== undefined) return tables;
  tables = PLAIN_SELECT.test(text) && !LOCKING.test(text) && !EFFECTS.test(text) ? tablesRead(text) : null;
  if (plainCache.size >= MAX_NAMES) plainCache.clear();
  plainCache.set(text, tables);
  return tables;
}
const insertCache = new Map<string, string | undefined>();

export function insertTable(text: string): string | undefined {
  if (insertCache.has(text)) return insertCache.get(text);
  const table = INSERT_TABLE.exec(text.slice(DEFERRABLE.length))?.[1];
  if (insertCache.size >= MAX_NAMES) insertCache.clear();
  insertCache.set(text, table);
  return table;
}

const FROM_OR_JOIN = /\b(?:from|join)\s+/gi;
const LIST_END = /\s+(?:where|inner|left|right|full|cross|natural|join|on|using|order|group|having|limit|offset|union|intersect|except|window|for)\b|[()]/i;

/**
 * The tables a read names after FROM or JOIN (also in its subqueries, and
 * every table of a comma-separated FROM list), without quotes or schema: a
 * column that shares a table's name (webhook_endpoints.events) is not one.
 */
export function tablesRead(text: string): Set<string> {
  let tables = readCache.get(text);
  if (tables) return tables;
  tables = new Set<string>();
  if (readCache.size >= MAX_NAMES) readCache.clear();
  readCache.set(text, tables);
  for (const match of text.matchAll(FROM_OR_JOIN)) {
    const rest = text.slice(match.index + match[0].length);
    if (rest.startsWith('(')) continue; // a subquery: its own FROM is matched too
    const end = LIST_END.exec(rest);
    for (const item of (end ? rest.slice(0, end.index) : rest).split(',')) {
      const name = item.trim().split(/\s+/)[0]?.split('.').pop()?.replace(/"/g, '');
      if (name) tables.add(name);
    }
  }
  return tables;
}

const PLAIN_SELECT = /^\s*select\b/i;
const LOCKING = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i;
/** Functions with effects a read must not take out of its transaction. */
const EFFECTS = /\b(pg_notify|nextval|setval|set_config|pg_advisory\w*|pg_try_advisory\w*)\s*\(/i;
const INSERT_TABLE = /^insert\s+into\s+"?([A-Za-z0-9_]+)"?/i;
export const UPDATE_TABLE = /^update\s+"?([A-Za-z0-9_]+)"?/i;
/** division_by_zero: how a fence that changed no row fails its statement. */
const FENCE_FAILED = '22012';

export interface Deferred {
  text: string;
  values: unknown[];
  table: string;
  /** A fence (FENCE): it must change a row. */
  fence?: boolean;
}

/**
 * A statement's text for a combined statement whose `values` already hold
 * others': its own parameters are appended to `values` and its `$n` shifted
 * past theirs.
 */
export function appendParameters(values: unknown[], text: string, own: readonly unknown[]): string {
  const offset = values.length;
  values.push(...own);
  return offset === 0 ? text : text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
}

/**
 * Combined texts, per kind of combination and sequence of their statements'
 * texts: a code path's statements come in the same few sequences, so each
 * combined text is built (and hashed by the named-statement lookup) once, not
 * on every transaction or request.
 */
const combinedTexts = new Map<string, string>();
const textIds = new Map<string, number>();

function textId(text: string): number {
  let id = textIds.get(text);
  if (id === undefined) {
    id = textIds.size;
    textIds.set(text, id);
  }
  return id;
}

/**
 * One statement made of `parts`, with their parameters in order: its text is
 * `build()` the first time this `kind` meets this sequence of texts (`build`
 * renumbers the parameters with appendParameters), the cached text after.
 */
export function combineStatements(
  kind: string,
  parts: readonly { text: string; values: readonly unknown[] }[],
  build: () => string,
): { text: string; values: unknown[] } {
  // Both bounded, and cleared together before a key is built (an id must not outlive its text).
  if (textIds.size + parts.length > MAX_NAMES || combinedTexts.size >= MAX_NAMES) {
    textIds.clear();
    combinedTexts.clear();
  }
  const key = `${kind} ${parts.map((p) => textId(p.text)).join(' ')}`;
  let text = combinedTexts.get(key);
  if (text === undefined) {
    text = build();
    combinedTexts.set(key, text);
  }
  return { text, values: parts.flatMap((p) => p.values) };
}

/**
 * One combined statement for the waiting inserts and fences: parameters renumbered; the
 * last insert as the main statement, or, with a fence, every statement a CTE and the main
 * statement the fences' check (a division by zero when one changed no row).
 */
export function combineInserts(batch: readonly Deferred[]): { text: string; values: unknown[] } {
  if (batch.length === 1 && !batch[0]!.fence) return { text: batch[0]!.text, values: batch[0]!.values };
  return combineStatements('insert', batch, () => {
    const values: unknown[] = [];
    const parts = batch.map(({ text, values: own, fence }) => {
      const body = appendParameters(values, text.slice(fence ? FENCE.length : DEFERRABLE.length), own);
      return fence ? `${body} returning 1` : body;
    });
    if (!batch.some((d) => d.fence)) {
      const last = parts.pop()!;
      return `with ${parts.map((p, i) => `w${i} as (${p})`).join(', ')} ${last}`;
    }
    const checks = batch.flatMap((d, i) => (d.fence ? [`1 / (select count(*) from w${i})`] : []));
    return `with ${parts.map((p, i) => `w${i} as (${p})`).join(', ')} select ${checks.join(' + ')} as fenced`;
  });
}

export type Query = (...args: unknown[]) => Promise<pg.QueryResult>;
/** Runs a statement on one connection; `grouped`: a group's statement (its name comes from a budget of its own). */
export type Run = (text: string, values: unknown[], grouped?: boolean) => Promise<pg.QueryResult>;

/** Sends waiting inserts and fences as one statement on `run`; a fence that changed no row is `FenceLost`. */
export async function sendDeferred(run: Run, batch: readonly Deferred[], grouped = false): Promise<void> {
  const combined = combineInserts(batch);
  try {
    await run(combined.text, combined.values, grouped);
  } catch (error) {
    if (batch.some((d) => d.fence) && (error as { code?: unknown }).code === FENCE_FAILED) throw new FenceLost();
    throw error;
  }
}

/**
 * pg's refusal of a query on a client it already knows is broken or closed ("Client has
 * encountered a connection error and is not queryable", "Client was closed and is not
 * queryable"): given before anything is sent, so the statement certainly did not run.
 */
export function neverSent(error: unknown): boolean {
  return error instanceof Error && !(error instanceof pg.DatabaseError) && / is not queryable$/.test(error.message);
}

/** The socket errors of a database connection that was refused or lost. */
const CONNECTION_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * The connection is over: PostgreSQL is ending it (shutting down, a backend terminated:
 * 57P01-57P03, a connection exception: 08), or pg lost or refused it. Its statement failed,
 * and so will any other sent on it.
 */
export function connectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (error instanceof pg.DatabaseError) return typeof code === 'string' && /^(57P0[123]|0800[0134]|08006)$/.test(code);
  if (typeof code === 'string' && CONNECTION_ERRNO.has(code)) return true;
  return neverSent(error) || /^Connection terminated|^timeout exceeded when trying to connect/.test(error.message);
}

/** A deferrable insert of one row, as Kysely compiles it: the part before its row, and its row. */
const ONE_ROW = /^(insert into "[A-Za-z0-9_]+" \([^()]*\) values )(\(\$\d+(?:, \$\d+)*\))$/;

/** Per deferrable insert text: its texts for 2, 3, ... rows as they are needed; null for a text that is not one row. */
const multiRowTexts = new Map<string, string[] | null>();

function multiRowTextsOf(text: string): string[] | null {
  let texts = multiRowTexts.get(text);
  if (texts === undefined) {
    texts = ONE_ROW.test(text.slice(DEFERRABLE.length)) ? [] : null;
    if (multiRowTexts.size >= MAX_NAMES) multiRowTexts.clear();
    multiRowTexts.set(text, texts);
  }
  return texts;
}

/**
 * A group's inserts with the same text (one table, one set of columns) as one
 * insert of all their rows, where the first of them was: PostgreSQL then
 * starts one insert (its table and each of its indexes opened once) instead of
 * one per transaction. Fences and any other text stay as they are.
 */
export function mergeRows(batch: readonly Deferred[]): Deferred[] {
  const same = new Map<string, Deferred[]>();
  const out: (Deferred | Deferred[])[] = [];
  for (const d of batch) {
    if (d.fence || !multiRowTextsOf(d.text)) {
      out.push(d);
      continue;
    }
    let rows = same.get(d.text);
    if (!rows) {
      same.set(d.text, (rows = []));
      out.push(rows);
    }
    rows.push(d);
  }
  return out.map((x) =>
    !Array.isArray(x) ? x : x.length === 1 ? x[0]! : { text: multiRowText(x[0]!.text, x.length), values: x.flatMap((d) => d.values), table: x[0]!.table },
  );
}

function multiRowText(text: string, rows: number): string {
  const texts = multiRowTextsOf(text)!;
  let merged = texts[rows];
  if (merged === undefined) {
    const [, head, row] = ONE_ROW.exec(text.slice(DEFERRABLE.length))!;
    const width = row!.split('$').length - 1;
    const tuples = Array.from({ length: rows }, (_, r) => row!.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + r * width}`));
    merged = texts[rows] = `${DEFERRABLE}${head}${tuples.join(', ')}`;
  }
  return merged;
}
