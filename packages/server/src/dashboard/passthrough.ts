/**
 * `/dashboard/api/v1/*`: the dashboard's way to the gateway's own API. The
 * request runs the real /v1 route (`app.inject`: the same hooks, schemas,
 * idempotency, rate limits, errors) as the signed-in user, in the session's
 * organization (or a sub-organization named by X-Pasarela-Organization), with
 * the role's permissions (dashboard/roles.ts). The user's identity reaches the
 * /v1 route as a one-request key held in this process's memory
 * (http/internal-requests.ts), never as a token: nothing here can be replayed
 * from outside, and a Bearer token is never read.
 *
 * The caller id of the inner request is the dashboard user's id: idempotency
 * keys, the per-caller rate limit and audit records (`client_id`) are the
 * user's own.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import type { Principal } from '../http/principal.js';
import { ApiError } from '../errors/api-error.js';
import { INTERNAL_PRINCIPAL_HEADER, internalPrincipalKey } from '../http/internal-requests.js';
import { roleScopes } from './roles.js';
import { actingOrganization, sessionOf } from './session.js';

const PREFIX = '/dashboard/api';
/** Headers the /v1 route sees: what describes the request, never a credential or a cookie. */
const FORWARDED = ['content-type', 'accept', 'accept-language', 'idempotency-key', 'if-none-match'];
/** Headers of the /v1 answer passed back. */
const RETURNED = [
  'content-type',
  'content-disposition',
  'location',
  'retry-after',
  'ratelimit',
  'ratelimit-policy',
  'idempotent-replayed',
  'deprecation',
  'sunset',
  'link',
  'etag',
];
/** Answers that cannot pass through a buffered request: the event stream and the terminals' socket. */
const REFUSED = [/^\/v1\/events\/stream(?:[/?]|$)/, /^\/v1\/payment-instructions\/ws(?:[/?]|$)/];
/** The largest body a /v1 route takes (a chargeback attachment, base64); each route applies its own limit again. */
const BODY_LIMIT = 16 * 1024 * 1024;

export async function passthroughRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  // Bodies pass through as bytes: the /v1 route parses them (JSON, multipart/form-data).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: `${PREFIX}/v1/*`,
    bodyLimit: BODY_LIMIT,
    config: { public: true },
    schema: { hide: true },
    handler: async (request, reply) => {
      const { user } = sessionOf(request);
      const path = request.url.slice(PREFIX.length);
      if (REFUSED.some((pattern) => pattern.test(path))) throw ApiError.notFound('route in the dashboard (use the API directly)');
      // Only /v1 routes: no dot segments (plain or percent-encoded) or backslashes that could climb out of it.
      if (!path.startsWith('/v1/') || /(^|\/)(\.|%2e){1,2}(\/|\?|$)|\\|%5c|%2f/i.test(path.split('?')[0]!)) throw ApiError.notFound('route');
      const organizationId = await actingOrganization(opts.db, request);
      const principal: Principal = { clientId: user.id, organizationId, permissions: roleScopes(user.role), jti: `dashboard:${user.id}`, pciSaqD: false };
      const headers: Record<string, string> = {};
      for (const name of FORWARDED) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const { key, release } = internalPrincipalKey(principal);
      headers[INTERNAL_PRINCIPAL_HEADER] = key;
      try {
        const answer = await app.inject({
          method: request.method as 'GET',
          url: path,
          headers,
          remoteAddress: request.ip,
          ...(Buffer.isBuffer(request.body) && request.body.length > 0 ? { payload: request.body } : {}),
        });
        if (request.method !== 'GET') {
          request.log.info(
            {
              audit: 'dashboard.request',
              user_id: user.id,
              role: user.role,
              organization_id: organizationId,
              method: request.method,
              path: path.split('?')[0],
              status: answer.statusCode,
            },
            'dashboard change',
          );
        }
        reply.code(answer.statusCode);
        for (const name of RETURNED) {
          const value = answer.headers[name];
          if (value !== undefined) reply.header(name, value);
        }
        return reply.send(answer.rawPayload);
      } finally {
        release();
      }
    },
  });
}
