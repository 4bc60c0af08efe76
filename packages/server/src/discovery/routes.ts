/** Discovery and operations: /openapi.json, /.well-known/jwks.json, /healthz, /readyz, /metrics. */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { SigningKeys } from '../auth/signing-keys.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import type { Metrics } from '../observability/metrics.js';

export async function discoveryRoutes(
  app: FastifyInstance,
  opts: { db: Db; signingKeys: SigningKeys; metrics: Metrics },
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

  app.get('/metrics', { config, schema: hide }, async (_request, reply) => {
    reply.type(opts.metrics.registry.contentType);
    return opts.metrics.registry.metrics();
  });
}
