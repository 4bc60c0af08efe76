/**
 * Unknown body fields and query parameters (docs/api-conventions.md "Unknown fields"): ignored by
 * default, as API.md's conventions fix; refused with a 422 that names each under
 * `Prefer: handling=strict` (RFC 7240), which the typed client sends, so a misspelt field need
 * not be a silent no-op. The OAuth endpoints (RFC 6749 3.2) and the hosted checkout page's
 * address ignore them either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { AUDIENCE, startGateway, type TestClient, type TestGateway } from './support/gateway.js';

/** The preference that turns unknown fields into a 422. */
const strict = { prefer: 'handling=strict' };

interface ErrorBody {
  error: { code: string; details: Array<{ field: string; message: string }> };
}

interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  additionalProperties?: unknown;
  patternProperties?: unknown;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
}

interface Operation {
  requestBody?: { content: Record<string, { schema: SchemaNode }> };
}

/** The objects of a request schema that accept any other property: `where` for each. */
function openObjects(schema: SchemaNode, where: string): string[] {
  const found: string[] = [];
  const isObject = schema.type === 'object' || schema.properties !== undefined;
  if (isObject && schema.additionalProperties === undefined && schema.patternProperties === undefined) found.push(where);
  for (const [key, child] of Object.entries(schema.properties ?? {})) found.push(...openObjects(child, `${where}.${key}`));
  if (schema.items) found.push(...openObjects(schema.items, `${where}[]`));
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) found.push(...openObjects(branch, where));
  return found;
}

describe.each(dialects)('unknown fields and query parameters on $name', (dialect) => {
  let gw: TestGateway;
  let client: TestClient;
  let token: string;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    client = await gw.client();
    token = await client.token();
  });
  afterAll(() => gw.close());

  it("under Prefer: handling=strict, refuses unknown body fields, at any depth, with 422 naming each beside the schema's other problems, and creates nothing", async () => {
    const reply = await gw.request<ErrorBody>('POST', '/v1/links', {
      token,
      headers: strict,
      body: { type: 'payment', expand: ['payments'], data: { amount: { value: 1500, currency: 'COP', minimum: 1 }, descripton: 'Camiseta' } },
    });
    expect(reply.status).toBe(422);
    expect(reply.headers.get('preference-applied')).toBe('handling=strict');
    expect(reply.body.error.code).toBe('validation_failed');
    expect(reply.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'expand', message: 'is not a known field' },
        { field: 'data.descripton', message: 'is not a known field' },
        { field: 'data.amount.minimum', message: 'is not a known field' },
      ]),
    );
    expect(reply.body.error.details).toHaveLength(3);

    const both = await gw.request<ErrorBody>('POST', '/v1/links', {
      token,
      headers: { prefer: 'respond-async, handling=strict' },
      body: { type: 'payment', foo: 'bar' },
    });
    expect(both.status).toBe(422);
    expect(both.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'foo', message: 'is not a known field' },
        { field: 'data', message: 'is required' },
      ]),
    );

    const list = await gw.request<{ data: unknown[] }>('GET', '/v1/links', { token });
    expect(list.body.data).toEqual([]);
  });

  it('by default ignores unknown body fields and query parameters: the request does what its known fields say', async () => {
    const reply = await gw.request<{ id: string; description?: string; expand?: unknown }>('POST', '/v1/links', {
      token,
      body: { type: 'payment', expand: ['payments'], data: { amount: { value: 1500, currency: 'COP' }, description: 'Camiseta', descripton: 'typo' } },
    });
    expect(reply.status).toBe(201);
    expect(reply.headers.get('preference-applied')).toBeNull();
    expect(reply.body.expand).toBeUndefined();
    const listed = await gw.request<{ data: unknown[] }>('GET', '/v1/payments?foo=bar&limit=5', { token });
    expect(listed.status).toBe(200);
    const lenient = await gw.request('GET', '/v1/links?foo=bar', { token, headers: { prefer: 'handling=lenient' } });
    expect(lenient.status).toBe(200);
    // Known fields are still checked: a bad one is a 422 naming it, the unknown one not named.
    const bad = await gw.request<ErrorBody>('POST', '/v1/links', { token, body: { type: 'payment', foo: 'bar' } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toEqual([{ field: 'data', message: 'is required' }]);
  });

  it('under Prefer: handling=strict, refuses unknown query parameters on lists and on reads without any, naming each', async () => {
    const listed = await gw.request<ErrorBody>('GET', '/v1/payments?foo=bar&expand[]=refunds&limit=5', { token, headers: strict });
    expect(listed.status).toBe(422);
    expect(listed.body.error.details).toEqual([
      { field: 'foo', message: 'is not a known query parameter' },
      { field: 'expand[]', message: 'is not a known query parameter' },
    ]);
    const read = await gw.request<ErrorBody>('GET', '/v1/payments/pay-00000000000000000000000000?expand=refunds', { token, headers: strict });
    expect(read.status).toBe(422);
    expect(read.body.error.details).toEqual([{ field: 'expand', message: 'is not a known query parameter' }]);
    // The same requests without them answer as before.
    expect((await gw.request('GET', '/v1/payments?limit=5', { token, headers: strict })).status).toBe(200);
    expect((await gw.request('GET', '/v1/payments/pay-00000000000000000000000000', { token, headers: strict })).status).toBe(404);
  });

  it('accepts the optional fields the specification lists, under strict handling too', async () => {
    // Enrollment link: the spec's metadata.styleConfig with its text, colours and layout options.
    const enrollment = await gw.request('POST', '/v1/instruments/enrollments', {
      token,
      headers: strict,
      body: {
        type: 'card_enrollment',
        expires_in: 600,
        data: { webhook: 'https://shop.example/hook', api_key: 'a-secret-api-key' },
        metadata: {
          styleConfig: { text: { headerTitle: 'Guarda tu tarjeta', buttonText: 'Guardar' }, colors: { primary: '#0a7' }, layout: { compact: true } },
        },
      },
    });
    expect(enrollment.status).toBe(201);
    // Payment link: multi_use and max_uses at the top and inside data (the spec does not fix where).
    const link = await gw.request('POST', '/v1/links', {
      token,
      headers: strict,
      body: {
        type: 'payment',
        expires_in: 3600,
        multi_use: true,
        max_uses: 3,
        data: {
          amount: { value: 1500, currency: 'COP', type: 'fixed' },
          description: 'x',
          redirect_url: 'https://shop.example/ok',
          cancel_url: 'https://shop.example/no',
          multi_use: true,
          max_uses: 3,
        },
      },
    });
    expect(link.status).toBe(201);
    // Alternative payment: every customer field of the bank-redirect rail.
    const intent = await gw.request('POST', '/v1/payments/intents', {
      token,
      headers: strict,
      body: {
        order_id: 'unknown-fields-intent',
        amount: 25001,
        currency: 'COP',
        rail_id: 'BANK_REDIRECT',
        rail_type: 'BANK_TRANSFER',
        description: 'Pedido',
        return_url: 'https://shop.example/back',
        customer: { bank_id: '1007', document: '1020304050', document_type: 'CC', first_name: 'Ana', last_name: 'Gómez', email: 'ana@example.com' },
      },
    });
    expect(intent.status).toBe(201);
  });

  it('OAuth endpoints ignore parameters they do not know (RFC 6749 3.2), even under strict handling', async () => {
    const reply = await gw.request('POST', '/oauth/token', {
      headers: strict,
      body: {
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.secret,
        audience: AUDIENCE,
        resource: 'https://other.example',
      },
    });
    expect(reply.status).toBe(200);
  });

  it('the hosted checkout page ignores tracking parameters on its address', async () => {
    const link = await gw.request<{ url: string }>('POST', '/v1/links', {
      token,
      body: { type: 'payment', data: { amount: { value: 1500, currency: 'COP' } } },
    });
    const page = await gw.request('GET', `${new URL(link.body.url).pathname}?utm_source=newsletter&fbclid=abc`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
  });

  it("/openapi.json says so: no JSON request body of a documented operation accepts other properties, except OAuth's", async () => {
    const document = (await gw.request<{ paths: Record<string, Record<string, Operation>> }>('GET', '/openapi.json')).body;
    const open: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.requestBody?.content['application/json']?.schema;
        if (!schema) continue;
        const found = openObjects(schema, `${method.toUpperCase()} ${path}`);
        if (path.startsWith('/oauth/')) expect(found.length).toBeGreaterThan(0);
        else open.push(...found);
      }
    }
    expect(open).toEqual([]);
  });
});
