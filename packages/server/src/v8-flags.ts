/**
 * V8 settings of the server process, applied before anything else is loaded
 * (main.ts imports this module first).
 *
 * **No allocation-site pretenuring.** V8 watches each place in the code that
 * allocates objects; when most of a place's objects survive a young-generation
 * collection, it allocates that place's objects straight in the old generation
 * from then on. On the PostgreSQL path a request's rows (pg's DataRow parsing,
 * the row objects) live across a few event-loop turns while their query is
 * answered, and V8 judged those places long-lived: each request then left
 * about 1.2 KB of garbage in the old generation (130 MB over a 10 s paced run,
 * against 32 MB without pretenuring), and each major collection that followed
 * stalled every request for 15–90 ms. Without it, the evenly paced
 * `GET /v1/payments/{id}` p99 on PostgreSQL went from 22–31 ms to 3–6 ms
 * (docs/benchmarks-history.md, "2026-11-26, V8's pretenuring off, PostgreSQL statements in
 * groups, a steadier bench"; commit 87da68e). The setting changes where
 * objects are allocated, never what the program does.
 *
 * Starting node with `--allocation-site-pretenuring` keeps V8's default.
 */
import v8 from 'node:v8';

/** The flags to set at run time, given the process's own node options. */
export function runtimeV8Flags(execArgv: readonly string[]): string[] {
  return execArgv.some((arg) => /^--(no-)?allocation[-_]site[-_]pretenuring$/.test(arg)) ? [] : ['--no-allocation-site-pretenuring'];
}

for (const flag of runtimeV8Flags(process.execArgv)) v8.setFlagsFromString(flag);
