/**
 * Bulk-inserts card payments straight into the database, so that the list
 * case can run against 10 thousand and 1 million stored payments without
 * creating them one by one through the API.
 *
 * Row n (0-based) gets the id `pay-00` + n zero-padded to 24 digits: 26
 * characters after `pay-`, like the server's ULIDs, and below every id the
 * server makes today (those start with `pay-01`), so seeded payments are older
 * than real ones and the newest-first list pages through real payments first.
 * created_at follows the same order (2020-01-01 plus n seconds). All rows
 * belong to one organization and one existing instrument; nine in ten are
 * APPROVED and captured, one in ten REJECTED.
 *
 * SQLite: better-sqlite3 (the version the server loads: src/db/sqlite-driver.ts), one prepared statement, a transaction per chunk
 * (the server keeps running: WAL lets it read meanwhile, and a short write
 * lock per chunk lets its job runner write between chunks).
 * PostgreSQL: INSERT ... SELECT ... FROM generate_series, a chunk per statement,
 * then VACUUM (ANALYZE) and CHECKPOINT: what autovacuum and the checkpointer do
 * shortly after a bulk load. Left
 * to autovacuum, the vacuum of a million new rows ran for 10 s or more in the
 * middle of the next cases (seen in pg_stat_activity during create payment),
 * which measured the server beside a bulk load's aftermath, not in the steady
 * state the cases are about.
 */

import type pg from 'pg';

/** Where and for whom rows are seeded. */
export interface SeedTarget {
  kind: 'sqlite' | 'postgres';
  sqliteFile?: string;
  pgUrl?: string;
  organizationId: string;
}

export interface SeedOptions extends SeedTarget {
  instrumentId: string;
  from: number;
  to: number;
  onProgress?: (done: number, total: number) => void;
}

/** The list query's plan and its execution time (ms). */
export interface ListPlan {
  plan: string;
  ms: number;
}

/** A node of PostgreSQL's EXPLAIN (FORMAT JSON), the parts read here. */
interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const CHUNK_SQLITE = 20_000;
const CHUNK_PG = 100_000;
const EPOCH = Date.UTC(2020, 0, 1);

/** PostgreSQL's CHECKPOINT, best effort (it needs a superuser or pg_checkpoint): a warning otherwise. */
export async function checkpoint(client: pg.Client): Promise<void> {
  await client
    .query('checkpoint')
    .catch((error: Error) => console.warn(`bench: CHECKPOINT refused (${error.message}); a checkpoint may fall inside the measured cases`));
}

export function seededId(n: number): string {
  return `pay-00${String(n).padStart(24, '0')}`;
}

/** Inserts rows numbered [from, to). */
export async function seedPayments(o: SeedOptions): Promise<void> {
  if (o.to <= o.from) return;
  if (o.kind === 'sqlite') return seedSqlite(o);
  return seedPostgres(o);
}

async function seedSqlite({ sqliteFile, organizationId, instrumentId, from, to, onProgress }: SeedOptions): Promise<void> {
  const { default: SQLite } = await import('../src/db/sqlite-driver.js');
  const db = new SQLite(sqliteFile);
  try {
    db.pragma('busy_timeout = 10000');
    db.pragma('synchronous = NORMAL');
    const insert = db.prepare(
      `insert into payments (id, organization_id, order_id, instrument_id, amount, currency, description, capture_mode, status,
         response_code, approval_code, network_reference, amount_authorized, amount_captured, amount_refunded, amount_refund_pending,
         pending_action, authorized_at, captured_at, cancelled_at, created_at, updated_at)
       values (?, ?, ?, ?, ?, 'USD', null, 'automatic', ?, ?, ?, ?, ?, ?, 0, 0, null, ?, ?, null, ?, ?)`,
    );
    const chunk = db.transaction((start: number, end: number) => {
      for (let n = start; n < end; n++) {
        const created = new Date(EPOCH + n * 1000).toISOString();
        const amount = 1000 + (n % 5000);
        const approved = n % 10 !== 0;
        insert.run(
          seededId(n),
          organizationId,
          `seed-${n}`,
          instrumentId,
          amount,
          approved ? 'APPROVED' : 'REJECTED',
          approved ? '00' : '05',
          approved ? `SEED${String(n % 100).padStart(2, '0')}` : null,
          `sim_seed_${n}`,
          approved ? amount : 0,
          approved ? amount : 0,
          approved ? created : null,
          approved ? created : null,
          created,
          created,
        );
      }
    });
    for (let start = from; start < to; start += CHUNK_SQLITE) {
      const end = Math.min(to, start + CHUNK_SQLITE);
      chunk(start, end);
      onProgress?.(end - from, to - from);
      // Let the server's job runner take the write lock between chunks.
      await new Promise((r) => setTimeout(r, 5));
    }
    db.pragma('wal_checkpoint(PASSIVE)');
  } finally {
    db.close();
  }
}

async function seedPostgres({ pgUrl, organizationId, instrumentId, from, to, onProgress }: SeedOptions): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    for (let start = from; start < to; start += CHUNK_PG) {
      const end = Math.min(to, start + CHUNK_PG);
      await client.query(
        `insert into payments (id, organization_id, order_id, instrument_id, amount, currency, description, capture_mode, status,
           response_code, approval_code, network_reference, amount_authorized, amount_captured, amount_refunded, amount_refund_pending,
           pending_action, authorized_at, captured_at, cancelled_at, created_at, updated_at)
         select 'pay-00' || lpad(n::text, 24, '0'), $1, 'seed-' || n, $2, 1000 + n % 5000, 'USD', null, 'automatic',
                case when n % 10 <> 0 then 'APPROVED' else 'REJECTED' end,
                case when n % 10 <> 0 then '00' else '05' end,
                case when n % 10 <> 0 then 'SEED' || lpad((n % 100)::text, 2, '0') end,
                'sim_seed_' || n,
                case when n % 10 <> 0 then 1000 + n % 5000 else 0 end,
                case when n % 10 <> 0 then 1000 + n % 5000 else 0 end,
                0, 0, null,
                case when n % 10 <> 0 then c end,
                case when n % 10 <> 0 then c end,
                null, c, c
           from generate_series($3::bigint, $4::bigint - 1) as n,
                lateral (select to_char(timestamp '2020-01-01' + n * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as c) t`,
        [organizationId, instrumentId, start, end],
      );
      onProgress?.(end - from, to - from);
    }
    await client.query('vacuum (analyze) payments');
    // The load's WAL (about 500 MB for a million rows) is flushed now: left to itself, the checkpoint
    // it triggers wrote for a minute or more through the next cases (2026-11-27, 04:52 UTC: both
    // evenly paced p99s at 28 ms; docs/benchmarks-history.md, "2026-11-27, a get served from
    // memory, the token cache's key, PostgreSQL starts"; commit 3fa45e3).
    await checkpoint(client);
  } finally {
    await client.end();
  }
}

/** Number of payments the organization has stored (for the report). */
export async function countPayments({ kind, sqliteFile, pgUrl, organizationId }: SeedTarget): Promise<number> {
  if (kind === 'sqlite') {
    const { default: SQLite } = await import('../src/db/sqlite-driver.js');
    const db = new SQLite(sqliteFile, { readonly: true });
    try {
      return (db.prepare('select count(*) as n from payments where organization_id = ?').get(organizationId) as { n: number }).n;
    } finally {
      db.close();
    }
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from payments where organization_id = $1', [organizationId]);
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * The list query of GET /v1/payments?limit=10 (payments/store.ts `listPayments`
 * through http/pagination.ts, as Kysely renders it), straight against the
 * database: its plan and its average execution time, to show whether the page
 * costs the database more at 1 000 000 rows than at 10 000.
 */
export async function explainList({ kind, sqliteFile, pgUrl, organizationId }: SeedTarget): Promise<ListPlan> {
  const select =
    'select "payments".*, "instruments"."brand" as "card_brand", "instruments"."last_four" as "last_four" from "payments" ' +
    'inner join "instruments" on "instruments"."id" = "payments"."instrument_id" where "payments"."organization_id" = ? order by "payments"."id" desc limit ?';
  if (kind === 'sqlite') {
    const { default: SQLite } = await import('../src/db/sqlite-driver.js');
    const db = new SQLite(sqliteFile, { readonly: true });
    try {
      const plan = db
        .prepare(`explain query plan ${select}`)
        .all(organizationId, 11)
        .map((r) => (r as { detail: string }).detail)
        .join('; ');
      const statement = db.prepare(select);
      for (let i = 0; i < 200; i++) statement.all(organizationId, 11);
      const runs = 2000;
      const t0 = performance.now();
      for (let i = 0; i < runs; i++) statement.all(organizationId, 11);
      return { plan, ms: (performance.now() - t0) / runs };
    } finally {
      db.close();
    }
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    let n = 0;
    const text = select.replace(/\?/g, () => `$${++n}`);
    const times: number[] = [];
    let plan = '';
    for (let i = 0; i < 21; i++) {
      const { rows } = await client.query<{ 'QUERY PLAN': { 'Execution Time': number; Plan: PlanNode }[] }>(`explain (analyze, format json) ${text}`, [
        organizationId,
        11,
      ]);
      const root = rows[0]?.['QUERY PLAN'][0];
      if (!root) throw new Error('bench: EXPLAIN returned no plan');
      times.push(root['Execution Time']);
      if (!plan) plan = describePlan(root.Plan);
    }
    times.sort((a, b) => a - b);
    return { plan, ms: times[Math.floor(times.length / 2)] ?? NaN };
  } finally {
    await client.end();
  }
}

function describePlan(node: PlanNode): string {
  const own = `${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}${node['Relation Name'] && !node['Index Name'] ? ` on ${node['Relation Name']}` : ''}`;
  const kids = (node.Plans ?? []).map(describePlan);
  return kids.length ? `${own} (${kids.join(', ')})` : own;
}
