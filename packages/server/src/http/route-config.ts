import type { Permission } from './permissions.js';
import type { Principal } from './principal.js';
import type { RouteChecks } from './checks.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No Bearer token needed (token endpoint, discovery, health). */
    public?: boolean;
    /** The route needs one of these permissions (spec section 5). */
    scopes?: Permission[];
    /**
     * A checkout session's token (checkout/) may call this route; the handler
     * applies the session's limits. Every other route answers it 403.
     */
    checkoutSession?: boolean;
    /** With `schema.deprecated: true` (http/deprecation.ts): when it was deprecated, ISO 8601 date; the `Deprecation` header. */
    deprecatedSince?: string;
    /** With `schema.deprecated: true`: when it is removed, ISO 8601 date; the `Sunset` header. */
    sunset?: string;
    /** With `schema.deprecated: true`: its migration note, an http(s) URL or a path; `Link: <...>; rel="deprecation"`. */
    deprecationLink?: string;
    /** EXPERIMENTAL (spec section 9): may change or go without the deprecation process; labelled in the reference. */
    experimental?: boolean;
    /**
     * `ignore`: body fields and query parameters the schema does not name are dropped before
     * the handler instead of refused (http/validation.ts). For the OAuth endpoints (RFC 6749
     * 3.2: unrecognized parameters are ignored) and the hosted pages' addresses.
     */
    unknownFields?: 'ignore';
    /**
     * The route's own checks of its body and query string that need no database (http/checks.ts):
     * run with the schema's, their problems reported together in one 422.
     */
    checks?: RouteChecks;
    /** A long-lived answer (webhooks/stream.ts): the request timeout (http/timeout.ts) does not apply. */
    longLived?: boolean;
  }
  interface FastifyRequest {
    /** Set by auth/authenticate.ts on every non-public route. */
    principal: Principal | null;
  }
}

export {};
