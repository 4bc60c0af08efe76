#!/usr/bin/env node
/**
 * The "bare Fastify route" ceiling: the same V8 flags (v8-flags.ts), Fastify,
 * logger options and destination (observability/logger.ts: pino, serializers, redaction,
 * timestamp), request log (one line per request, `RequestLog`) and request-id
 * generator as the server (main.ts, app.ts), and one GET route returning a
 * small JSON object. No other hooks, no authentication, no database.
 *
 * With BARE_SQLITE_FILE and BARE_ROW_ID, a second route, `/bare-row`: the
 * SQLite ceiling of a payment's get (docs/benchmarks.md). It reads one
 * payment by primary key from that database file (the bench's own gateway
 * database, read-only) with the columns and the join of the server's get
 * (payments/store.ts `withCard`), through one prepared statement, and answers
 * the row serialized by a response schema (fast-json-stringify, as the
 * server's routes). No authentication, no rate limit, no view of the row:
 * what is left of a get when only the read and the serialization remain.
 *
 * Environment: PORT (required), HOST (default 127.0.0.1), LOG_LEVEL (default info),
 * BARE_SQLITE_FILE and BARE_ROW_ID (optional, together).
 * Logs go to stdout, as the server's do.
 */
import '../src/v8-flags.js';
import Fastify from 'fastify';
import { logDestination, loggerOptions, RequestLog } from '../src/observability/logger.js';
import { newId } from '../src/lib/ids.js';
import { realClock } from '../src/clock/clock.js';
import SQLite from '../src/db/sqlite-driver.js';
import { CARD_COLUMNS } from '../src/payments/store.js';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) {
  process.stderr.write('bare-fastify: PORT is required\n');
  process.exit(1);
}

const app = Fastify({
  logger: { ...loggerOptions(process.env.LOG_LEVEL || 'info', realClock()), stream: logDestination() },
  logController: new RequestLog(),
  genReqId: () => newId('request'),
});
app.get('/bare', async () => ({ status: 'ok' }));
const sqliteFile = process.env.BARE_SQLITE_FILE;
const rowId = process.env.BARE_ROW_ID;
if (sqliteFile && rowId) {
  const db = new SQLite(sqliteFile, { readonly: true, fileMustExist: true });
  const byId = db.prepare(
    `select ${CARD_COLUMNS.map((c) => `"payments"."${c}"`).join(', ')}, "instruments"."brand" as "card_brand", "instruments"."last_four" as "last_four"` +
      ' from "payments" inner join "instruments" on "instruments"."id" = "payments"."instrument_id" where "payments"."id" = ?',
  );
  const first = byId.get(rowId) as Record<string, unknown> | undefined;
  if (first === undefined) {
    process.stderr.write(`bare-fastify: no card payment ${rowId} in ${sqliteFile}\n`);
    process.exit(1);
  }
  // The row's own shape as the response schema: each column a string, an integer or null, as read.
  const properties = Object.fromEntries(
    Object.entries(first).map(([k, v]) => [k, { type: typeof v === 'number' ? 'integer' : v === null ? 'null' : 'string' }]),
  );
  // The row was there at start and is never deleted (payments are not).
  app.get('/bare-row', { schema: { response: { 200: { type: 'object', properties } } } }, async () => byId.get(rowId));
}
await app.listen({ port, host: process.env.HOST || '127.0.0.1' });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
