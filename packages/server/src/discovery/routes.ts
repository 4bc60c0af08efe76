/** Discovery and operations: /openapi.json, /.well-known/jwks.json, /healthz, /readyz, /metrics. */
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { SigningKeys } from '../auth/signing-keys.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import type { Metrics } from '../observability/metrics.js';

export async function discoveryRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    signingKeys: SigningKeys;
    metrics: Metrics;
    /** `token`: served with `Authorization: Bearer <METRICS_TOKEN>`; `open`: served to anyone; `off`: not on this listener (404). */
    metricsAccess: { token: string } | 'open' | 'off';
  },
): Promise<void> {
  const config = { public: true };
  const hide = { hide: true };

  app.get('/openapi.json', { config, schema: hide }, async () => app.swagger());

  app.get('/.well-known/jwks.json', { config, schema: { tags: ['Authentication'], summary: 'Token verification keys', security: [] } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return opts.signingKeys.jwks();
  });

  app.get('/healthz', { config, schema: hide }, async () => ({ status: 'ok' }));

  app.get('/readyz', { config, schema: hide }, async () => {
    try {
      await sql`select 1`.execute(opts.db);
    } catch {
      throw new ApiError('service_unavailable', 'The database is not reachable.');
    }
    return { status: 'ready' };
  });

  const access = opts.metricsAccess;
  if (access === 'off') return;
  // Digests of equal length, compared in constant time.
  const expected = access === 'open' ? undefined : createHash('sha256').update(access.token).digest();
  app.get('/metrics', { config, schema: hide }, async (request, reply) => {
    if (expected) {
      const match = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '');
      const given = createHash('sha256').update(match?.[1] ?? '').digest();
      if (!match || !timingSafeEqual(given, expected)) {
        throw new ApiError('unauthorized', 'Send Authorization: Bearer <METRICS_TOKEN>.', [], { 'www-authenticate': 'Bearer realm="pasarela-metrics"' });
      }
    }
    reply.type(opts.metrics.registry.contentType);
    return opts.metrics.registry.metrics();
  });
}
