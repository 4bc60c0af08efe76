/**
 * The `report-million` case of `npm run bench` (docs/ledger.md "Reports",
 * docs/benchmarks.md): report-million.ts run twice, each in a process and a
 * database of its own (SQLite in a temporary directory; on PostgreSQL a
 * scratch database of BENCH_DATABASE_URL's server), at 100,000 and at
 * 1,000,000 entries. The target: a million entries reported (generated and
 * downloaded) in under a minute, in constant memory, shown by the RSS
 * while reporting at 1,000,000 against that at 100,000.
 */
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scratch } from './types.js';

/** What report-million.ts prints on its `report-bench:` line. */
export interface ReportRun {
  entries: number;
  ok: boolean;
  seedSeconds: number;
  generateSeconds: number;
  downloadSeconds: number;
  bytes: number;
  reportRssMb: number;
  peakRssMb: number;
}

export interface ReportBench {
  small: ReportRun;
  large: ReportRun;
}

const SCRIPT = resolve(dirname(fileURLToPath(import.meta.url)), 'report-million.js');

function runOnce(entries: number, databaseUrl: string | undefined): Promise<ReportRun> {
  return new Promise((resolveRun, reject) => {
    const env = { ...process.env };
    delete env.REPORT_BENCH_DATABASE_URL;
    if (databaseUrl) env.REPORT_BENCH_DATABASE_URL = databaseUrl;
    const child = spawn(process.execPath, [SCRIPT, String(entries)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err = (err + chunk).slice(-4000);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('report-bench: '));
      if (!line) {
        reject(new Error(`report-million.js ${entries} exited with code ${code} and no result\nstdout:\n${out.slice(-2000)}\nstderr:\n${err}`));
        return;
      }
      resolveRun(JSON.parse(line.slice('report-bench: '.length)) as ReportRun);
    });
  });
}

export async function reportMillion({
  pgUrl,
  scratch,
  progress,
}: {
  pgUrl: string;
  scratch: (url: string) => Promise<Scratch>;
  progress: (text: string) => void;
}): Promise<ReportBench> {
  const runs: ReportRun[] = [];
  for (const entries of [100_000, 1_000_000]) {
    progress(`bench: a payout reconciliation report of ${entries.toLocaleString('en-US')} entries ...`);
    const db = pgUrl ? await scratch(pgUrl) : undefined;
    try {
      const run = await runOnce(entries, db?.url);
      runs.push(run);
      progress(
        ` seeded in ${run.seedSeconds.toFixed(1)} s; generated in ${run.generateSeconds.toFixed(1)} s, downloaded in ${run.downloadSeconds.toFixed(1)} s; ` +
          `RSS while reporting ${run.reportRssMb.toFixed(0)} MB, peak ${run.peakRssMb.toFixed(0)} MB${run.ok ? '' : ' (WRONG: the rows or totals do not match)'}\n`,
      );
    } finally {
      await db?.drop();
    }
  }
  return { small: runs[0]!, large: runs[1]! };
}
