/**
 * What a tool reading /openapi.json relies on (docs/api-conventions.md "The
 * OpenAPI document"): the scopes, the OAuth bodies and client authentication,
 * the headers the gateway really sends, named success bodies, the closed
 * lists, the webhooks section, and that real events match their schemas.
 */
import { Ajv } from 'ajv';
import formatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../src/http/permissions.js';
import { ERROR_STATUS } from '../src/errors/api-error.js';
import { EVENT_TYPES } from '../src/events/types.js';
import { CURRENCIES } from '../src/lib/money.js';
import { pay, tokenize } from './support/cards.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';

type Json = Record<string, unknown>;
interface Response {
  description: string;
  headers?: Record<string, { $ref: string }>;
  content?: Record<string, { schema: Json }>;
}
interface Operation {
  description?: string;
  tags?: string[];
  parameters?: Json[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
  security?: Array<Record<string, string[]>>;
  responses: Record<string, Response>;
}
interface Document {
  info: Json;
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation }>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json>; headers: Record<string, Json>; parameters: Record<string, Json> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function operations(doc: Document): Array<[method: string, path: string, operation: Operation]> {
  return Object.entries(doc.paths).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m): [string, string, Operation] => [m, path, item[m]!]));
}

/** The operation a request went to: its path template matched against the concrete path. */
function operationOf(doc: Document, method: string, path: string): Operation {
  const bare = path.split('?')[0]!;
  for (const [template, item] of Object.entries(doc.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (pattern.test(bare) && item[method.toLowerCase()]) return item[method.toLowerCase()]!;
  }
  throw new Error(`${method} ${path} is not in /openapi.json`);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Json)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

const propertiesOf = (schema: Json | undefined) => (schema?.properties ?? {}) as Record<string, Json>;

describe('the OpenAPI contract', () => {
  let gw: TestGateway;
  let doc: Document;

  beforeAll(async () => {
    gw = await startGateway(dialects[0]!);
    doc = (await gw.request<Document>('GET', '/openapi.json')).body;
  });
  afterAll(() => gw.close());

  it('lists every permission as a scope of oauth2, with a description, and every scope an operation needs is one of them', () => {
    const scopes = (doc.components.securitySchemes.oauth2 as { flows: { clientCredentials: { scopes: Record<string, string> } } }).flows.clientCredentials
      .scopes;
    expect(Object.keys(scopes)).toEqual([...PERMISSIONS]);
    expect(scopes['instruments:read-sensitive-data']).toMatch(/card number/);
    expect(scopes['payment-instructions:ws']).toMatch(/WebSocket/);
    for (const [scope, description] of Object.entries(scopes)) expect(description.length, scope).toBeGreaterThan(10);
    const needed = new Set(operations(doc).flatMap(([, , op]) => (op.security ?? []).flatMap((r) => r.oauth2 ?? [])));
    expect([...needed].filter((scope) => !(scope in scopes))).toEqual([]);
    expect(needed.size).toBeGreaterThan(25);
  });

  it('/oauth/token and /oauth/revoke declare form and JSON bodies, and Basic or body client authentication; the form with Basic works', async () => {
    expect(doc.components.securitySchemes.clientBasic).toMatchObject({ type: 'http', scheme: 'basic' });
    for (const path of ['/oauth/token', '/oauth/revoke']) {
      const op = doc.paths[path]!.post!;
      expect(Object.keys(op.requestBody!.content).sort()).toEqual(['application/json', 'application/x-www-form-urlencoded']);
      expect(propertiesOf(op.requestBody!.content['application/x-www-form-urlencoded']!.schema)).toHaveProperty('audience');
      expect(op.security).toEqual([{ clientBasic: [] }, {}]);
      // No Idempotency-Key: these keep no keys.
      expect(op.parameters ?? []).not.toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    }
    const c = await gw.client();
    const reply = await fetch(`${gw.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${c.clientId}:${c.secret}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'client_credentials', audience: 'https://pasarela.test' }).toString(),
    });
    expect(reply.status).toBe(200);
  });

  it('a POST that takes no parameters declares an optional empty object; every other POST a body of its own', () => {
    expect(doc.components.schemas.EmptyObject).toEqual({ type: 'object', properties: {}, additionalProperties: false, description: expect.any(String) });
    const empty = operations(doc).filter(
      ([m, , op]) => m === 'post' && canonical(op.requestBody?.content['application/json']?.schema) === canonical({ $ref: '#/components/schemas/EmptyObject' }),
    );
    expect(empty.map(([, path]) => path)).toEqual(
      expect.arrayContaining([
        '/v1/payments/{id}/cancel',
        '/v1/chargebacks/{id}/review',
        '/v1/chargebacks/{id}/accept',
        '/v1/webhooks/{id}/secret/rotate',
        '/v1/encryption/keys',
      ]),
    );
    expect(empty.length).toBeGreaterThanOrEqual(17);
    for (const [, , op] of empty) expect(op.requestBody!.required).toBe(false);
    for (const [m, path, op] of operations(doc)) if (m === 'post') expect(op.requestBody, path).toBeDefined();
  });

  it('declares Idempotency-Key on every write a client makes, and the response headers once, as components', () => {
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { minLength: 8, maxLength: 64 },
    });
    expect(Object.keys(doc.components.headers).sort()).toEqual(['Idempotent-Replayed', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-Request-Id']);
    const writes = operations(doc).filter(([m, , op]) => m !== 'get' && (op.security ?? []).some((r) => 'bearerAuth' in r));
    expect(writes.length).toBeGreaterThan(70);
    for (const [m, path, op] of writes) expect(op.parameters, `${m} ${path}`).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    for (const [m, path, op] of operations(doc)) {
      for (const [status, response] of Object.entries(op.responses))
        expect(response.headers?.['X-Request-Id'], `${m} ${path} ${status}`).toEqual({ $ref: '#/components/headers/X-Request-Id' });
    }
  });

  it('every one of those headers a real answer carries is declared on its operation and status', async () => {
    const token = await (await gw.client()).token();
    const key = { 'idempotency-key': `contract-${Math.random()}` };
    const body = { name: 'Contract SAS' };
    const requests: Array<[method: string, path: string, options: Parameters<TestGateway['request']>[2]]> = [
      ['POST', '/v1/organizations', { token, body, headers: key }],
      ['POST', '/v1/organizations', { token, body, headers: key }], // the replay
      ['POST', '/v1/organizations', { token, body: { name: 'Other' }, headers: key }], // 409 mismatch
      ['GET', '/v1/organizations', { token }],
      ['GET', '/v1/payments/pay-01jdq3zzzzzzzzzzzzzzzzzzzz', { token }],
      ['POST', '/v1/payments', { token, body: {} }],
      ['GET', '/.well-known/oauth-authorization-server', {}],
    ];
    const seen = new Set<string>();
    for (const [method, path, options] of requests) {
      const reply = await gw.request(method, path, options);
      const declared = operationOf(doc, method, path).responses[String(reply.status)]?.headers ?? {};
      for (const name of Object.keys(doc.components.headers)) {
        if (reply.headers.get(name) === null) continue;
        seen.add(`${name} ${reply.status}`);
        expect(declared, `${name} on ${method} ${path} ${reply.status}`).toHaveProperty([name]);
      }
    }
    expect([...seen]).toEqual(
      expect.arrayContaining(['Idempotent-Replayed 201', 'RateLimit 200', 'RateLimit-Policy 201', 'X-Request-Id 404', 'X-Request-Id 422']),
    );
  });

  it('success bodies refer to named schemas, never copies of them; the 201 of POST /v1/payments is CardPayment', () => {
    expect(doc.paths['/v1/payments']!.post!.responses['201']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/CardPayment' });
    expect(doc.paths['/v1/payments/intents']!.post!.responses['201']!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/ApmPayment',
    });
    const named = new Map(Object.entries(doc.components.schemas).map(([name, schema]) => [canonical(schema), name]));
    const copies: string[] = [];
    const visit = (value: unknown, where: string) => {
      if (!value || typeof value !== 'object') return;
      const name = named.get(canonical(value));
      if (name) copies.push(`${where} copies ${name}`);
      else for (const [k, v] of Object.entries(value)) visit(v, `${where}.${k}`);
    };
    for (const [m, path, op] of operations(doc)) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (status.startsWith('2')) for (const media of Object.values(response.content ?? {})) visit(media.schema, `${m} ${path} ${status}`);
      }
    }
    expect(copies).toEqual([]);
    // Every DELETE that removes its object answers the one DeletedObject.
    for (const path of [
      '/v1/merchants/{id}',
      '/v1/points-of-sale/{id}',
      '/v1/terminals/{id}',
      '/v1/fee-rules/{id}',
      '/v1/webhooks/{id}',
      '/v1/chargebacks/{id}/attachments/{att_id}',
    ]) {
      expect(doc.paths[path]!.delete!.responses['200']!.content!['application/json']!.schema, path).toEqual({ $ref: '#/components/schemas/DeletedObject' });
    }
  });

  it('closed lists are enums: currency, rail_id, rail_type, the APM states, webhook event types, error codes', () => {
    const s = doc.components.schemas;
    const error = propertiesOf(propertiesOf(s.Error).error).code!;
    expect(error.enum).toEqual(Object.keys(ERROR_STATUS));
    expect(propertiesOf(s.CardPayment).currency!.enum).toEqual(Object.keys(CURRENCIES));
    const transaction = propertiesOf(propertiesOf(s.ApmPayment).transaction);
    expect(transaction.status!.enum).toEqual(['IN_PROGRESS', 'APPROVED', 'DECLINED', 'FAILED']);
    expect(transaction.status_detail!.enum).toEqual(['PENDING', 'PENDING_PROVIDER', 'SUCCESS', 'REJECTED']);
    expect(propertiesOf(propertiesOf(s.ApmPayment).rail).id!.enum).toEqual(['BANK_REDIRECT', 'WALLET_PUSH', 'WALLET_OTP', 'QR_INTEROP', 'CASH']);
    const intent = propertiesOf(doc.paths['/v1/payments/intents']!.post!.requestBody!.content['application/json']!.schema);
    expect(intent.rail_id!.enum).toEqual(['BANK_REDIRECT', 'WALLET_PUSH', 'WALLET_OTP', 'QR_INTEROP', 'CASH']);
    expect(intent.rail_type!.enum).toEqual(['BANK_TRANSFER', 'WALLET', 'CASH']);
    expect((propertiesOf(s.WebhookEndpoint).events!.items as Json).enum).toEqual([...EVENT_TYPES, '*']);
    const create = propertiesOf(doc.paths['/v1/webhooks']!.post!.requestBody!.content['application/json']!.schema);
    expect((create.events!.items as Json).enum).toEqual([...EVENT_TYPES, '*']);
  });

  it('has a webhooks section with each delivered event type, and Event is their union keyed by type', () => {
    expect(Object.keys(doc.webhooks)).toEqual([...EVENT_TYPES, 'webhook.test']);
    for (const [type, { post }] of Object.entries(doc.webhooks)) {
      const ref = (post.requestBody!.content['application/json']!.schema.$ref as string).split('/').pop()!;
      expect(propertiesOf(doc.components.schemas[ref]).type).toEqual({ type: 'string', enum: [type] });
      expect(post.parameters!.map((p) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    }
    const event = doc.components.schemas.Event as { oneOf: Array<{ $ref: string }>; discriminator: { propertyName: string; mapping: Record<string, string> } };
    expect(event.discriminator.propertyName).toBe('type');
    expect(Object.keys(event.discriminator.mapping)).toEqual([...EVENT_TYPES, 'instrument.number_revealed', 'webhook.test']);
    expect(event.oneOf.map((o) => o.$ref)).toEqual(Object.values(event.discriminator.mapping));
  });

  it('describes every operation, and names its tags, license and contact', () => {
    expect(doc.info.license).toEqual({ name: 'Apache-2.0', identifier: 'Apache-2.0' });
    expect(doc.info.contact).toMatchObject({ name: expect.stringMatching(/operator/) });
    const tags = new Map(doc.tags.map((t) => [t.name, t.description]));
    for (const [m, path, op] of operations(doc)) {
      expect(op.description?.length, `${m} ${path}`).toBeGreaterThan(20);
      for (const tag of op.tags ?? []) expect(tags.get(tag), `${tag} of ${m} ${path}`).toMatch(/\w/);
    }
  });

  it('the events the gateway records match their schemas in the document', async () => {
    const token = await (await gw.client()).token();
    const instrumentId = await tokenize(gw, token, { number: '4111111111111111' });
    expect((await pay(gw, token, { instrumentId, currency: 'COP', amount: 1000 })).status).toBe(201);
    const intent = await gw.request<{ payment_id: string }>('POST', '/v1/payments/intents', {
      token,
      body: { order_id: `contract-${Math.random()}`, amount: 15050, currency: 'COP', rail_id: 'QR_INTEROP', rail_type: 'BANK_TRANSFER' },
    });
    // A transfer of another amount is reversed first (payment.purchase.reversed).
    await gw.request('POST', `/v1/sandbox/payments/${intent.body.payment_id}/simulate`, { token, body: { outcome: 'approve', amount: 15000 } });
    await gw.request('POST', `/v1/sandbox/payments/${intent.body.payment_id}/simulate`, { token, body: { outcome: 'approve' } });
    expect((await gw.request('POST', '/v1/cashouts', { token, body: { payment_id: intent.body.payment_id, amount: 50 } })).status).toBe(201);
    const events = (await gw.request<{ data: Array<{ type: string }> }>('GET', '/v1/events?limit=100', { token })).body.data;
    expect(new Set(events.map((e) => e.type))).toEqual(
      new Set(['payment.card.approved', 'payment.purchase.pending', 'payment.purchase.reversed', 'payment.purchase.succeeded', 'cashout.succeeded']),
    );
    // The document's own schemas, as a validator reads them (`discriminator` is an annotation here).
    const ajv = new Ajv({ strict: false, allErrors: true });
    formatsModule.default(ajv);
    ajv.addSchema({ $id: 'doc', components: doc.components });
    const anyEvent = ajv.compile({ $ref: 'doc#/components/schemas/Event' });
    const mapping = (doc.components.schemas.Event as { discriminator: { mapping: Record<string, string> } }).discriminator.mapping;
    for (const event of events) {
      const ofItsType = ajv.compile({ $ref: `doc${mapping[event.type]!}` });
      expect([event.type, ofItsType(event), ofItsType.errors]).toEqual([event.type, true, null]);
      expect(anyEvent(event), event.type).toBe(true);
    }
  });
});
