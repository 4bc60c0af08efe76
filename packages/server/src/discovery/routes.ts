/**
 * Discovery and operations: /openapi.json, /.well-known/jwks.json,
 * /.well-known/oauth-authorization-server (RFC 8414), /healthz, /readyz, /metrics.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { PERMISSIONS } from '../http/permissions.js';
import type { SigningKeys } from '../auth/signing-keys.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import type { Metrics } from '../observability/metrics.js';

export async function discoveryRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    /** PUBLIC_BASE_URL: the tokens' `iss`, and the base of every endpoint the metadata names. */
    issuer: string;
    signingKeys: SigningKeys;
    metrics: Metrics;
    /** `token`: served with `Authorization: Bearer <METRICS_TOKEN>`; `open`: served to anyone; `off`: not on this listener (404). */
    metricsAccess: { token: string } | 'open' | 'off';
  },
): Promise<void> {
  const config = { public: true };
  const hide = { hide: true };

  app.get('/openapi.json', { config, schema: hide }, (_request, reply) => reply.type('application/json; charset=utf-8').send(app.openApiText()));

  // The public half of each signing key (auth/signing-keys.ts): RSA, as node:crypto exports it, with its id.
  const Jwk = Type.Object({
    kty: Type.String({ description: '`RSA`.' }),
    n: Type.String(),
    e: Type.String(),
    kid: Type.String({ description: 'The `kid` in the header of the tokens it verifies.' }),
    alg: Type.String({ description: '`RS256`.' }),
    use: Type.String({ description: '`sig`.' }),
  });
  const jwksSchema = {
    tags: ['Authentication'],
    summary: 'Token verification keys',
    security: [],
    response: { 200: Type.Object({ keys: Type.Array(Jwk) }, { description: 'A JWK Set (RFC 7517).' }) },
  };
  app.get('/.well-known/jwks.json', { config, schema: jwksSchema }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return opts.signingKeys.jwks();
  });

  const AUTH_METHODS = ['client_secret_basic', 'client_secret_post'];
  const metadata = {
    issuer: opts.issuer,
    token_endpoint: `${opts.issuer}/oauth/token`,
    jwks_uri: `${opts.issuer}/.well-known/jwks.json`,
    scopes_supported: [...PERMISSIONS],
    // RFC 8414 requires the member; there is no authorization endpoint, so no response type.
    response_types_supported: [] as string[],
    grant_types_supported: ['client_credentials'],
    token_endpoint_auth_methods_supported: AUTH_METHODS,
    revocation_endpoint: `${opts.issuer}/oauth/revoke`,
    revocation_endpoint_auth_methods_supported: AUTH_METHODS,
    service_documentation: `${opts.issuer}/docs`,
    // Not an RFC 8414 member (it allows others): the value POST /oauth/token requires as `audience`,
    // which OAuth libraries send only when told (docs/api-conventions.md "The audience").
    audience: opts.issuer,
  };
  const Strings = Type.Array(Type.String());
  app.get(
    '/.well-known/oauth-authorization-server',
    {
      config,
      schema: {
        tags: ['Authentication'],
        summary: 'Authorization server metadata (RFC 8414)',
        description:
          'What an OAuth client library needs to find the token and revocation endpoints, the keys, the grant type, the client authentication methods and the scopes (the permissions).',
        security: [],
        response: {
          200: Type.Object({
            issuer: Type.String({ description: 'Equal to the `iss` of every access token.' }),
            token_endpoint: Type.String(),
            jwks_uri: Type.String(),
            scopes_supported: Strings,
            response_types_supported: Strings,
            grant_types_supported: Strings,
            token_endpoint_auth_methods_supported: Strings,
            revocation_endpoint: Type.String(),
            revocation_endpoint_auth_methods_supported: Strings,
            service_documentation: Type.String(),
            audience: Type.String({
              description:
                "The `audience` POST /oauth/token requires (this deployment's PUBLIC_BASE_URL, the tokens' `aud`). Not an RFC 8414 member: OAuth libraries send it only when told, as an extra token-request parameter.",
            }),
          }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return metadata;
    },
  );

  app.get('/healthz', { config, schema: hide }, () => ({ status: 'ok' }));

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
      const given = createHash('sha256')
        .update(match?.[1] ?? '')
        .digest();
      if (!match || !timingSafeEqual(given, expected)) {
        throw new ApiError('unauthorized', 'Send Authorization: Bearer <METRICS_TOKEN>.', [], { 'www-authenticate': 'Bearer realm="pasarela-metrics"' });
      }
    }
    reply.type(opts.metrics.registry.contentType);
    return opts.metrics.registry.metrics();
  });
}
