import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';

/**
 * Every operation of spec section 4.9 ("listed without path or payload"), with
 * the method, path (docs/api-conventions.md) and permissions that docs/platform.md lists.
 * The OpenAPI document is generated from the route schemas, so this fails if a
 * route of the platform reference is removed, renamed or changes permission.
 */
const PLATFORM: Array<[method: string, path: string, scopes: string[]]> = [
  ['GET', '/v1/merchants', ['merchants:read']], // Merchants: list
  ['POST', '/v1/merchants', ['merchants:write']], // Merchants: create
  ['GET', '/v1/merchants/{id}', ['merchants:read']], // Merchants: get
  ['PUT', '/v1/merchants/{id}', ['merchants:write']], // Merchants: update
  ['DELETE', '/v1/merchants/{id}', ['merchants:write']], // Merchants: delete
  ['GET', '/v1/merchants/{id}/sub-merchants', ['merchants:read']], // Merchants: list sub-merchants
  ['POST', '/v1/points-of-sale', ['points:write']], // Points of sale: create
  ['GET', '/v1/points-of-sale/{id}', ['points:read']], // Points of sale: get
  ['PUT', '/v1/points-of-sale/{id}', ['points:write']], // Points of sale: update
  ['DELETE', '/v1/points-of-sale/{id}', ['points:write']], // Points of sale: delete
  ['GET', '/v1/points-of-sale/{id}/terminals', ['points:read']], // Points of sale: list terminals
  ['PATCH', '/v1/points-of-sale/{id}/terminals', ['points:write']], // Points of sale: terminal association
  ['GET', '/v1/payments/search', ['payments:read']], // Payments search
  ['GET', '/v1/transactions/{id}', ['payments:read']], // Transaction fetch
  ['GET', '/v1/chargebacks', ['chargebacks:read']], // Chargebacks: search
  ['GET', '/v1/chargebacks/{id}', ['chargebacks:read']], // Chargebacks: get
  ['POST', '/v1/chargebacks/{id}/accept', ['chargebacks:write']], // Chargebacks: accept
  ['POST', '/v1/chargebacks/{id}/review', ['chargebacks:write']], // Chargebacks: mark reviewed
  ['POST', '/v1/chargebacks/{id}/dispute', ['chargebacks:write']], // Chargebacks: dispute
  ['GET', '/v1/chargebacks/{id}/analysis', ['chargebacks:read']], // Chargebacks: analysis
  ['GET', '/v1/chargebacks/{id}/comments', ['chargebacks:read']], // Chargebacks: comments (list)
  ['POST', '/v1/chargebacks/{id}/comments', ['chargebacks:write']], // Chargebacks: comments (add)
  ['POST', '/v1/chargebacks/{id}/attachments', ['chargebacks:write']], // Chargebacks: attachment upload
  ['GET', '/v1/chargebacks/{id}/attachments/{att_id}', ['chargebacks:read']], // Chargebacks: attachment download
  ['DELETE', '/v1/chargebacks/{id}/attachments/{att_id}', ['chargebacks:write']], // Chargebacks: attachment delete
  ['POST', '/v1/payments/{id}/adjust', ['payments:write']], // Payment actions by payment id: adjust
  ['POST', '/v1/payments/{id}/authorize', ['payments:write']], // Payment actions by payment id: authorize
  ['POST', '/v1/payments/{id}/reverse', ['payments:write']], // Payment actions by payment id: reverse
  ['POST', '/v1/payments/{id}/cancel', ['payments:write']], // Payment actions by payment id: cancel
  ['POST', '/v1/payments/{id}/refund', ['payments:refund']], // Payment actions by payment id: refund
  ['POST', '/v1/payments/{id}/capture', ['payments:write']], // Payment actions by payment id: capture
  ['POST', '/v1/payments/{id}/cancel-or-refund', ['payments:write', 'payments:refund']], // Payment actions by payment id: cancel-or-refund
  ['POST', '/v1/transactions/{id}/adjust', ['payments:write']], // Payment actions by transaction id: adjust
  ['POST', '/v1/transactions/{id}/authorize', ['payments:write']], // Payment actions by transaction id: authorize
  ['POST', '/v1/transactions/{id}/reverse', ['payments:write']], // Payment actions by transaction id: reverse
  ['POST', '/v1/transactions/{id}/cancel', ['payments:write']], // Payment actions by transaction id: cancel
  ['POST', '/v1/transactions/{id}/refund', ['payments:refund']], // Payment actions by transaction id: refund
  ['POST', '/v1/transactions/{id}/capture', ['payments:write']], // Payment actions by transaction id: capture
  ['POST', '/v1/transactions/{id}/cancel-or-refund', ['payments:write', 'payments:refund']], // Payment actions by transaction id: cancel-or-refund
  ['POST', '/v1/card-present/payments/{id}/adjust', ['card-present:write']], // Card-present actions: adjust
  ['POST', '/v1/card-present/payments/{id}/authorize', ['card-present:write']], // Card-present actions: authorize
  ['POST', '/v1/card-present/payments/{id}/reverse', ['card-present:write']], // Card-present actions: reverse
  ['POST', '/v1/card-present/payments/{id}/cancel', ['card-present:write']], // Card-present actions: cancel
  ['POST', '/v1/card-present/payments/{id}/refund', ['card-present:write']], // Card-present actions: refund
  ['POST', '/v1/card-present/payments/{id}/capture', ['card-present:write']], // Card-present actions: capture
  ['POST', '/v1/card-present/payments/{id}/cancel-or-refund', ['card-present:write']], // Card-present actions: cancel-or-refund
  ['GET', '/v1/payment-instructions', ['card-present:read']], // Payment instructions: list
  ['POST', '/v1/payment-instructions', ['card-present:write']], // Payment instructions: create
  ['GET', '/v1/payment-instructions/{id}', ['card-present:read']], // Payment instructions: get
  ['GET', '/v1/bins/{bin}', ['instruments:read', 'payments:read']], // Card BIN lookup
  ['PATCH', '/v1/instruments/{id}', ['instruments:write']], // Instrument update
  ['POST', '/v1/users', ['users:write']], // Users: create
  ['GET', '/v1/users/{id}', ['users:read']], // Users: get
  ['GET', '/v1/users', ['users:read']], // Users: list
  ['POST', '/v1/users/{id}/instruments', ['users:write']], // Users: add an instrument
  ['DELETE', '/v1/users/{id}/instruments/{instrument_id}', ['users:write']], // Users: remove an instrument
  ['GET', '/v1/organizations', ['organizations:read']], // Organizations: list
  ['PUT', '/v1/organizations/{id}', ['organizations:write']], // Organizations: update
  ['GET', '/v1/terminals', ['terminals:read']], // Terminals: list
  ['POST', '/v1/terminals', ['terminals:write']], // Terminals: create
  ['GET', '/v1/terminals/{id}', ['terminals:read']], // Terminals: get
  ['PUT', '/v1/terminals/{id}', ['terminals:write']], // Terminals: update
  ['DELETE', '/v1/terminals/{id}', ['terminals:write']], // Terminals: delete
  ['GET', '/v1/terminals/{id}/users', ['terminals:read']], // Terminal users: list
  ['POST', '/v1/terminals/{id}/users', ['terminals:write']], // Terminal users: add
  ['DELETE', '/v1/terminals/{id}/users/{user_id}', ['terminals:write']], // Terminal users: remove
  ['GET', '/v1/fee-rules', ['merchants:read']], // Fee rules (interchange, MDR): list
  ['POST', '/v1/fee-rules', ['merchants:write']], // Fee rules: create
  ['GET', '/v1/fee-rules/{id}', ['merchants:read']], // Fee rules: get
  ['PUT', '/v1/fee-rules/{id}', ['merchants:write']], // Fee rules: update
  ['DELETE', '/v1/fee-rules/{id}', ['merchants:write']], // Fee rules: delete
  ['GET', '/v1/payments/{id}/fraud-evaluation', ['payments:read', 'fraud:read']], // Fraud evaluation
  ['GET', '/v1/webhooks', ['webhooks:read']], // Webhooks: list
  ['POST', '/v1/webhooks', ['webhooks:write']], // Webhooks: create
  ['GET', '/v1/webhooks/{id}/secret', ['secrets:read']], // Webhooks: get secret
  ['POST', '/v1/payments/authorizations', ['payments:write']], // Authorization
  ['POST', '/v1/3ds/version', ['3ds:write']], // 3DS version check
];

type Operation = { security?: Array<Record<string, string[]>> };
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>> };

describe('the platform reference (spec 4.9) in /openapi.json', () => {
  let gw: TestGateway;
  let doc: OpenApi;

  beforeAll(async () => {
    gw = await startGateway(dialects[0]!);
    const reply = await gw.request<OpenApi>('GET', '/openapi.json');
    expect(reply.status).toBe(200);
    doc = reply.body;
  });
  afterAll(() => gw.close());

  it('lists every operation, once each', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(new Set(PLATFORM.map(([method, path]) => `${method} ${path}`)).size).toBe(PLATFORM.length);
  });

  it.each(PLATFORM)('%s %s is documented with its permission', (method, path, scopes) => {
    const operation = doc.paths[path]?.[method.toLowerCase()];
    expect(operation, `${method} ${path} is missing from /openapi.json`).toBeDefined();
    const oauth2 = operation!.security?.find((requirement) => 'oauth2' in requirement)?.oauth2;
    expect([...(oauth2 ?? [])].sort()).toEqual([...scopes].sort());
  });
});

/** Route schemas compile on a route's first request (src/http/lazy-compile.ts); this compiles them all. */
describe('route schemas', () => {
  it('every route schema of the gateway compiles, and a compiled route still validates and serializes', async () => {
    const gw = await startGateway(dialects[0]!);
    try {
      const compiled = gw.gateway.compileSchemas();
      // At least one per route with a response schema; none is left for a second call.
      expect(compiled).toBeGreaterThan(gw.gateway.routes.length);
      expect(gw.gateway.compileSchemas()).toBe(0);
      const client = await gw.client();
      const token = await client.token();
      const bad = await gw.request<{ error: { details: Array<{ field: string }> } }>('POST', '/v1/payments', { token, body: { amount: 'ten' } });
      expect(bad.status).toBe(422);
      expect(bad.body.error.details.map((d) => d.field)).toContain('amount');
      const list = await gw.request<{ data: unknown[] }>('GET', '/v1/payments', { token });
      expect(list.status).toBe(200);
      expect(list.body.data).toEqual([]);
    } finally {
      await gw.close();
    }
  });

  it('gateways of one process share a compiled schema only with the same text, and each document is its own', async () => {
    // The same path in two gateways with different schemas and public URLs (http/shared-ajv.ts,
    // http/lazy-compile.ts and discovery/openapi.ts keep what they made per process).
    const probe =
      (type: 'string' | 'integer'): FastifyPluginAsync =>
      async (app) => {
        const field = { type: 'object', required: ['n'], properties: { n: { type } } };
        app.post(
          '/v1/schema-probe',
          { config: { public: true }, schema: { tags: ['Test'], body: field, response: { 200: field } } },
          async (request) => request.body,
        );
      };
    const text = await startGateway(dialects[0]!, { PUBLIC_BASE_URL: 'https://one.example' }, { plugins: [probe('string')] });
    const number = await startGateway(dialects[0]!, { PUBLIC_BASE_URL: 'https://two.example' }, { plugins: [probe('integer')] });
    // The same routes as `number` at another public URL.
    const elsewhere = await startGateway(dialects[0]!, { PUBLIC_BASE_URL: 'https://three.example' }, { plugins: [probe('integer')] });
    try {
      const post = (gw: TestGateway, n: unknown) => gw.gateway.app.inject({ method: 'POST', url: '/v1/schema-probe', payload: { n } });
      for (const [gw, good, bad] of [
        [text, 'x', 5],
        [number, 5, 'x'],
      ] as const) {
        const ok = await post(gw, good);
        expect(ok.statusCode, ok.body).toBe(200);
        expect(JSON.parse(ok.body)).toEqual({ n: good });
        expect((await post(gw, bad)).statusCode).toBe(422);
      }
      const documentOf = async (gw: TestGateway) =>
        JSON.parse((await gw.gateway.app.inject({ method: 'GET', url: '/openapi.json' })).body) as {
          servers: Array<{ url: string }>;
          paths: Record<string, { post: { requestBody: { content: Record<string, { schema: { properties: { n: { type: string } } } }> } } }>;
        };
      const [one, two, three] = [await documentOf(text), await documentOf(number), await documentOf(elsewhere)];
      expect([one, two, three].map((d) => d.servers[0]!.url)).toEqual(['https://one.example', 'https://two.example', 'https://three.example']);
      const typeOf = (d: typeof one) => d.paths['/v1/schema-probe']!.post.requestBody.content['application/json']!.schema.properties.n.type;
      expect([typeOf(one), typeOf(two)]).toEqual(['string', 'integer']);
    } finally {
      await text.close();
      await number.close();
      await elsewhere.close();
    }
  });

  it('a schema that does not compile fails compileSchemas, not only its first request', async () => {
    const broken: FastifyPluginAsync = async (app) => {
      app.get(
        '/v1/broken-thing',
        { config: { scopes: ['payments:read'] }, schema: { tags: ['Test'], querystring: { type: 'object', properties: { n: { type: 'no-such-type' } } } } },
        async () => ({}),
      );
    };
    const gw = await startGateway(dialects[0]!, {}, { plugins: [broken] });
    try {
      expect(() => gw.gateway.compileSchemas()).toThrow(/schema is invalid/);
    } finally {
      await gw.close();
    }
  });
});
