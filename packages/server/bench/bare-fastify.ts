#!/usr/bin/env node
/**
 * The "bare Fastify route" ceiling: the same V8 flags (v8-flags.ts), Fastify,
 * logger options and destination (observability/logger.ts: pino, serializers, redaction,
 * timestamp), request log (one line per request, `RequestLog`) and request-id
 * generator as the server (main.ts, app.ts), and one GET route returning a
 * small JSON object. No other hooks, no authentication, no database.
 *
 * Environment: PORT (required), HOST (default 127.0.0.1), LOG_LEVEL (default info).
 * Logs go to stdout, as the server's do.
 */
import '../src/v8-flags.js';
import Fastify from 'fastify';
import { logDestination, loggerOptions, RequestLog } from '../src/observability/logger.js';
import { newId } from '../src/lib/ids.js';
import { realClock } from '../src/clock/clock.js';

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
await app.listen({ port, host: process.env.HOST || '127.0.0.1' });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
