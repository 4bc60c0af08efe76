/**
 * The SQLite driver: better-sqlite3, in the major version that works on the running Node.
 *
 * - **better-sqlite3 12** wraps its objects with Node's `node::ObjectWrap`. Built against
 *   Node 24's headers (24.19 and later), that class registers an environment cleanup hook per
 *   object and removes it in the destructor, which asserts that a JavaScript context is entered.
 *   A statement that a garbage collection finalizes outside any context (V8's memory reducer on
 *   an idle thread, a worker's teardown) then aborts the whole process (`Assertion failed:
 *   (env) != nullptr` in `node::RemoveEnvironmentCleanupHook`). In one run of the suite on
 *   Node 24.21, server processes aborted so in four tests, at start and under load.
 * - **better-sqlite3 13** is built on Node-API (no such hook) and ships a prebuilt binary, but
 *   needs Node 22 or later (on Node 20 it crashes at its first statement), and it builds rows
 *   far more slowly: a payment's row (33 columns) took 30 µs against 5 µs with 12, on Node 22
 *   and on Node 24 alike (docs/benchmarks-history.md, "2026-11-27, where a SQLite get's time
 *   goes, at its rate"; commit 7182961).
 *
 * So Node 24 and later load 13 (installed under the alias `better-sqlite3-napi`); Node 20 and 22
 * load 12 (compiled at install). Their JavaScript APIs are the same; the types are 12's.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/** The package the running Node loads (from Node 24 on: 13, by its alias). */
export function sqliteDriverPackage(nodeVersion: string = process.versions.node): 'better-sqlite3' | 'better-sqlite3-napi' {
  return Number(nodeVersion.split('.')[0]) >= 24 ? 'better-sqlite3-napi' : 'better-sqlite3';
}

const require = createRequire(import.meta.url);

/** The driver's resolved entry point (a worker thread loads the same one). */
export const sqliteDriverPath: string = require.resolve(sqliteDriverPackage());

const SQLite: typeof BetterSqlite3 = require(sqliteDriverPath) as typeof BetterSqlite3;

export default SQLite;
export type { Database as SqliteDatabase, Statement as SqliteStatement } from 'better-sqlite3';
