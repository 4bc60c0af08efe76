/**
 * POST /oauth/token and POST /oauth/revoke (spec 4.1): client credentials,
 * as JSON or application/x-www-form-urlencoded, client authentication in the
 * body or with HTTP Basic (RFC 6749 2.3.1). Errors are RFC 6749 5.2 shaped.
 * Failed attempts are limited per client id and address, and per address
 * (brute force), counted before the secret is checked.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { OAuthError } from '../errors/api-error.js';
import { OAuthErrorBody } from '../errors/schemas.js';
import { isStorableText } from '../http/validation.js';
import type { RateLimiter } from '../ratelimit/limiter.js';
import { addressSubject } from '../lib/address-subject.js';
import type { TokenRequest, TokenService } from './tokens.js';

const TokenBody = Type.Object({
  grant_type: Type.Optional(Type.String({ description: 'Only `client_credentials`.' })),
  client_id: Type.Optional(Type.String()),
  client_secret: Type.Optional(Type.String({ description: 'Never send it from a browser.' })),
  audience: Type.Optional(Type.String({ description: "This deployment's PUBLIC_BASE_URL." })),
  scope: Type.Optional(Type.String({ description: "Space-separated subset of the client's permissions." })),
});

const RevokeBody = Type.Object({
  ...TokenBody.properties,
  token: Type.Optional(
    Type.String({ description: 'The token to revoke (RFC 7009). Without it (and with `grant_type` and `audience`), every token of the client.' }),
  ),
  token_type_hint: Type.Optional(Type.String({ description: 'RFC 7009 hint; only access tokens exist, so it changes nothing.' })),
});

/**
 * The body in both media types the endpoints read (OAuth libraries send the form; RFC 6749 4.4.2, RFC 7009 2.1).
 * Fastify validates whichever the request carries; another type is refused by `tokenRequest`.
 */
const eitherMedia = <T extends TSchema>(schema: T) => ({
  content: { 'application/x-www-form-urlencoded': { schema }, 'application/json': { schema } },
});

/** HTTP Basic (`client_secret_basic`) or `client_id` and `client_secret` in the body (`client_secret_post`: no scheme, hence `{}`). */
const CLIENT_AUTHENTICATION: Array<Record<string, string[]>> = [{ clientBasic: [] }, {}];

const TokenResponse = Type.Object({
  access_token: Type.String({ description: 'JWT (RS256, typ at+jwt).' }),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer({ description: 'Seconds until it expires.' }),
  scope: Type.String({ description: 'Space-separated permissions.' }),
});

/** One form-encoded half of Basic credentials (RFC 6749 2.3.1); bad percent-encoding or unstorable text is malformed. */
function basicPart(encoded: string): string {
  let value: string | undefined;
  try {
    value = decodeURIComponent(encoded);
  } catch {
    value = undefined;
  }
  if (value === undefined || !isStorableText(value)) throw new OAuthError('invalid_request', 'malformed Basic credentials');
  return value;
}

/** What the OAuth endpoints read their parameters from (RFC 6749 and RFC 7009 name the form; JSON as well). */
export const OAUTH_CONTENT_TYPES = 'application/x-www-form-urlencoded or application/json';

function tokenRequest(request: FastifyRequest): TokenRequest {
  // No body, or one in another type (Fastify reads text/plain too): say how to send the parameters rather than name the first missing one.
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!['application/x-www-form-urlencoded', 'application/json'].includes(type) || typeof request.body !== 'object' || request.body === null) {
    throw new OAuthError('invalid_request', `send the parameters in the request body as ${OAUTH_CONTENT_TYPES}`);
  }
  if (request.validationError) throw new OAuthError('invalid_request', 'every parameter must be a string');
  const body = { ...(request.body as TokenRequest) };
  const basic = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new OAuthError('invalid_request', 'malformed Basic credentials');
    body.client_id = basicPart(decoded.slice(0, colon));
    body.client_secret = basicPart(decoded.slice(colon + 1));
  }
  return body;
}

export async function oauthRoutes(
  app: FastifyInstance,
  opts: { tokens: TokenService; failures: { perClientAddress: RateLimiter; perIp: RateLimiter } },
): Promise<void> {
  await app.register(formbody);
  const { tokens, failures } = opts;

  /**
   * Every attempt takes a point from the failure budgets before the secret is
   * checked, and gives it back unless the client authentication failed: so
   * any number of concurrent guesses gets at most the budget evaluated. The
   * budgets are per client id and address together (a stranger who knows a
   * client id, which every token carries, cannot lock its owner out from
   * elsewhere) and per address (five times larger: several clients may share
   * one address).
   */
  async function guarded<T>(request: FastifyRequest, body: TokenRequest, action: () => Promise<T>): Promise<T> {
    // An IPv6 address counts by its /64: a subscriber rotating through its block is one address.
    const address = addressSubject(request.ip);
    const keys: Array<[RateLimiter, string]> = [
      [failures.perIp, address],
      ...(body.client_id ? [[failures.perClientAddress, `${body.client_id} ${address}`] as [RateLimiter, string]] : []),
    ];
    const decisions = await Promise.all(keys.map(([limiter, key]) => limiter.consume(key)));
    const refused = decisions.find((d) => !d.allowed);
    if (refused) {
      throw new OAuthError('rate_limited', `too many failed attempts; retry in ${refused.resetSeconds} s`, { 'retry-after': String(refused.resetSeconds) });
    }
    let failed = false;
    try {
      return await action();
    } catch (error) {
      failed = error instanceof OAuthError && error.code === 'invalid_client';
      throw error;
    } finally {
      if (!failed) await Promise.all(keys.map(([limiter, key]) => limiter.refund(key)));
    }
  }

  // RFC 6749 3.2: the token endpoint ignores request parameters it does not know (OAuth libraries send some).
  const common = { public: true, unknownFields: 'ignore' as const };
  // Every error of these endpoints in RFC 6749's shape (errors/handler.ts), the request rate limit,
  // draining or the database (503) and the timeout (504) included.
  const errors = { 400: OAuthErrorBody, 401: OAuthErrorBody, 429: OAuthErrorBody, 503: OAuthErrorBody, 504: OAuthErrorBody };

  app.post(
    '/oauth/token',
    {
      config: common,
      attachValidation: true,
      schema: {
        tags: ['Authentication'],
        summary: 'Get an access token (client credentials)',
        description:
          'Returns the same token while it is valid (until a tenth of its lifetime remains); after revoke, a new one. `expires_in` is 43200 (12 hours) for a new token.',
        security: CLIENT_AUTHENTICATION,
        body: eitherMedia(TokenBody),
        response: { 200: TokenResponse, ...errors },
      },
    },
    async (request, reply) => {
      const body = tokenRequest(request);
      const issued = await guarded(request, body, () => tokens.issue(body));
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return issued;
    },
  );

  app.post(
    '/oauth/revoke',
    {
      config: common,
      attachValidation: true,
      schema: {
        tags: ['Authentication'],
        summary: 'Revoke access tokens',
        description:
          "RFC 7009: `token` (and optionally `token_type_hint`) with the client authenticated by HTTP Basic or `client_id` and `client_secret` in the body; a token that is not the client's, or not valid, revokes nothing and still answers 200. " +
          "Also accepts the token request's fields (`grant_type`, `audience`, optionally `token`): without `token`, every token of the client is revoked. The next token request returns a new token.",
        security: CLIENT_AUTHENTICATION,
        body: eitherMedia(RevokeBody),
        response: { 200: Type.Object({ message: Type.String() }), ...errors },
      },
    },
    async (request) => {
      const body = tokenRequest(request);
      const count = await guarded(request, body, () => tokens.revoke(body));
      return { message: count === 1 ? 'Revoked 1 token.' : `Revoked ${count} tokens.` };
    },
  );
}
