/**
 * The OpenAPI 3.1 document, generated from the same route schemas that validate
 * requests (one schema per route), and the rendered reference at /docs.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Config } from '../config/config.js';
import { PERMISSION_DESCRIPTIONS } from '../auth/permission-descriptions.js';
import { ErrorBody } from '../errors/schemas.js';
import type { MethodRegistry } from '../payments/methods/registry.js';
import { completeContract } from './contract.js';
import { addOperationIds } from './operation-ids.js';

/** SHA-256 of the style element swagger-ui-bundle.js (@fastify/swagger-ui 5) inserts; test/docs-page.browser.test.ts fails if it changes. */
const DOCS_INLINE_STYLE_HASH = 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w=';

const ERROR_STATUSES: Record<string, string> = {
  400: 'Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8).',
  401: 'Missing, invalid, expired or revoked token.',
  403: 'The token lacks the permission this operation needs.',
  404: 'No such resource in your organization.',
  409: 'Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition).',
  413: '`payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states).',
  422: 'Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one).',
  429: 'Rate limit exceeded; see Retry-After.',
  503: '`service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere; nothing was committed), or a payment processor could not be reached or did not answer (a capture, cancellation, adjustment or refund asked of it stays pending, and its recovery job finishes it). Retry after `Retry-After` seconds.',
  504: '`timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`.',
};
/** Fastify reads a body only for these: 413 is an answer of theirs alone. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What a public operation answers like any other (rate limit per address, draining or the database,
 * request timeout), as the Error body; its own errors it declares itself (the OAuth endpoints' 400, 401, 429).
 */
const PUBLIC_ERROR_STATUSES = ['429', '503', '504'];

/** The route's responses with the error statuses it does not declare itself added, as the shared Error body. */
function withErrors(response: unknown, statuses: string[]): Record<string, unknown> {
  const all = { ...((response as Record<string, unknown> | undefined) ?? {}) };
  for (const status of statuses) all[status] ??= { description: ERROR_STATUSES[status], $ref: 'Error#' };
  return all;
}

/**
 * The /docs page's Content-Security-Policy from the plugin's: the inline style
 * swagger-ui-bundle.js inserts is allowed by its hash, and the plugin's
 * `upgrade-insecure-requests` is removed, everywhere. On a sandbox served over
 * plain HTTP on any host but localhost it made the browser fetch the page's
 * own scripts and styles as https://, which that server does not answer: a
 * blank page. Over HTTPS it changed nothing: every resource of the page is
 * same-origin and relative (so already HTTPS), and transport is enforced by
 * HSTS and the production HTTPS check (http/transport.ts), not by this page.
 */
export function docsPolicy(header: string): string {
  return header
    .replace(/style-src ([^;]*);/, (_all, sources: string) => `style-src ${sources.trim()} '${DOCS_INLINE_STYLE_HASH}';`)
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && directive.toLowerCase() !== 'upgrade-insecure-requests')
    .join('; ')
    .concat(';');
}

/**
 * A route's response schema that is a named schema (`$id`) is inlined by
 * @fastify/swagger, and only nested ones become components: wrapped once, it is
 * nested too, so the document refers to it (the wrapper is removed again by
 * `completeContract`). Only the document sees this; validation and
 * serialization keep the route's own schema.
 */
function nameResponses({ schema, url }: { schema: unknown; url: string }): { schema: Record<string, unknown>; url: string } {
  const routeSchema = (schema ?? {}) as Record<string, unknown>;
  const response = routeSchema.response as Record<string, unknown> | undefined;
  if (!response) return { schema: routeSchema, url };
  const named = (value: unknown) => typeof value === 'object' && value !== null && typeof (value as { $id?: unknown }).$id === 'string';
  return {
    schema: {
      ...routeSchema,
      response: Object.fromEntries(Object.entries(response).map(([status, value]) => [status, named(value) ? { allOf: [value] } : value])),
    },
    url,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The OpenAPI document of this gateway as JSON text (`/openapi.json`), made once per set of inputs in this process. */
    openApiText(): string;
  }
}

/** Documents made in this process, by what they are made of (`registerOpenApi`). */
const documents = new Map<string, string>();
const DOCUMENTS_MAX = 16;

export async function registerOpenApi(app: FastifyInstance, config: Config, methods: MethodRegistry): Promise<void> {
  app.addSchema(ErrorBody);
  // Every route, as the hooks leave it: what the document is made of, with the settings below.
  // Making it takes @fastify/swagger and completeContract about 150 ms of CPU; a process that
  // builds many gateways with the same routes (the test suite) makes it once. Only the routes'
  // methods, paths and schemas (what @fastify/swagger reads of a route, as JSON) and the settings
  // that vary between gateways (PUBLIC_BASE_URL, the rails) decide it.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  // The routes are all there by the first request: this gateway's text is looked up once.
  let own: string | undefined;
  app.decorate('openApiText', () => {
    if (own !== undefined) return own;
    const key = JSON.stringify([config.publicBaseUrl, methods.railIds(), methods.railTypes(), routes.map((r) => [r.method, r.url, r.schema ?? null])]);
    let text = documents.get(key);
    if (text === undefined) {
      text = JSON.stringify(app.swagger());
      if (documents.size >= DOCUMENTS_MAX) documents.clear();
      documents.set(key, text);
    }
    own = text;
    return text;
  });
  // Every documented route lists the error answers it can give (the OpenAPI document is all a typed client knows).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/docs')) route.config = { ...route.config, public: true };
    if (!route.schema) return;
    if (route.config?.public) {
      if (!route.schema.hide) route.schema = { ...route.schema, response: withErrors(route.schema.response, PUBLIC_ERROR_STATUSES) };
      return;
    }
    const withBody = [route.method].flat().some((method) => BODY_METHODS.has(method));
    const statuses = Object.keys(ERROR_STATUSES).filter((status) => status !== '413' || withBody);
    route.schema = {
      ...route.schema,
      response: withErrors(route.schema.response, statuses),
      security: [{ bearerAuth: [] }, { oauth2: [...(route.config?.scopes ?? [])] }],
    };
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Pasarela API',
        version: '1.0.0',
        license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
        // Who answers for a deployment is its operator's; the document names no address that depends on PUBLIC_BASE_URL.
        contact: { name: 'The operator of this Pasarela deployment (the reference: /docs)' },
        description:
          'Payment gateway API. Authenticate with POST /oauth/token (client credentials) and send `Authorization: Bearer <token>`. Errors have the body `{"error": {code, message, details, request_id}}`. Lists take `limit` (1..100), `starting_after`, `ending_before` and return `{data, has_more}`, newest first. Every POST, PUT, PATCH and DELETE made with a Bearer token accepts an `Idempotency-Key` header (8 to 64 characters). Each event type and its payload is in the `webhooks` section; docs/api-conventions.md "The OpenAPI document" says what else a tool can rely on.',
      },
      servers: [{ url: config.publicBaseUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          oauth2: {
            type: 'oauth2',
            description:
              "OAuth 2.0 client credentials (spec section 5): POST /oauth/token with `audience` set to this deployment's PUBLIC_BASE_URL. Each operation lists the permissions (scopes) it needs; a token without them is 403 `forbidden`.",
            flows: { clientCredentials: { tokenUrl: '/oauth/token', scopes: { ...PERMISSION_DESCRIPTIONS } } },
          },
          clientBasic: {
            type: 'http',
            scheme: 'basic',
            description:
              'Client authentication at /oauth/token and /oauth/revoke (RFC 6749 2.3.1, `client_secret_basic`): `client_id:client_secret`, each form-encoded. Or send both in the body (`client_secret_post`).',
          },
        },
      },
    },
    transform: nameResponses,
    transformObject: (document) => ('openapiObject' in document ? completeContract(addOperationIds(document.openapiObject), methods) : document.swaggerObject),
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    // The product's name, and Swagger's own top bar (its logo and a URL box) hidden.
    theme: {
      title: 'Pasarela API reference',
      css: [{ filename: 'pasarela.css', content: '.swagger-ui .topbar { display: none; }\n' }],
    },
    // The plugin's own policy for the page and its files, plus the one style element
    // that swagger-ui-bundle.js inserts, allowed by its hash (no 'unsafe-inline'),
    // without its `upgrade-insecure-requests` (docsPolicy).
    staticCSP: true,
    transformStaticCSP: docsPolicy,
  });
}
