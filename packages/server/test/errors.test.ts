import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';

interface ErrorReply {
  error: { code: string; message: string; details: Array<{ field: string; message: string }>; request_id: string };
}

describe.each(dialects)('error model on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;

  beforeAll(async () => {
    gw = await startGateway(dialect, { BODY_LIMIT_BYTES: '4096' });
    token = await (await gw.client()).token();
  });
  afterAll(() => gw.close());

  function expectErrorBody(reply: { headers: Headers; body: unknown; text: string }, code: string) {
    const body = reply.body as ErrorReply;
    expect(body.error.code).toBe(code);
    expect(typeof body.error.message).toBe('string');
    expect(Array.isArray(body.error.details)).toBe(true);
    expect(body.error.request_id).toMatch(/^req-[0-9a-z]{26}$/);
    expect(reply.headers.get('x-request-id')).toBe(body.error.request_id);
    expect(reply.text).not.toMatch(/at .*\.(ts|js):\d+|stack/i);
    return body;
  }

  it('422 lists every problem of a body with wrong types and missing fields', async () => {
    const wrongType = await gw.request('POST', '/v1/organizations', { token, body: { name: 42 } });
    expect(wrongType.status).toBe(422);
    expect(expectErrorBody(wrongType, 'validation_failed').error.details).toEqual([{ field: 'name', message: 'must be string' }]);

    const missing = await gw.request('POST', '/v1/organizations', { token, body: {} });
    expect(missing.status).toBe(422);
    expect(expectErrorBody(missing, 'validation_failed').error.details).toEqual([{ field: 'name', message: 'is required' }]);

    const query = await gw.request('GET', '/v1/organizations?limit=0&created_gte=yesterday', { token });
    expect(query.status).toBe(422);
    const fields = expectErrorBody(query, 'validation_failed').error.details.map((d) => d.field).sort();
    expect(fields).toEqual(['created_gte', 'limit']);
  });

  it('422 for a body that is not JSON, or not an object', async () => {
    const broken = await gw.request('POST', '/v1/organizations', { token, rawBody: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(422);
    expectErrorBody(broken, 'validation_failed');
    const text = await gw.request('POST', '/v1/organizations', { token, rawBody: 'name=x', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(422);
    const array = await gw.request('POST', '/v1/organizations', { token, body: ['name'] });
    expect(array.status).toBe(422);
    const empty = await gw.request('POST', '/v1/organizations', { token, rawBody: '', headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(422);
    const poisoned = await gw.request('POST', '/v1/organizations', { token, rawBody: '{"name":"x","__proto__":{"admin":true}}', headers: { 'content-type': 'application/json' } });
    expect(poisoned.status).toBe(422);
  });

  it('413 for a body over the limit, 404 for unknown routes, 405 with Allow for a wrong method', async () => {
    const big = await gw.request('POST', '/v1/organizations', { token, body: { name: 'x'.repeat(5000) } });
    expect(big.status).toBe(413);
    expectErrorBody(big, 'payload_too_large');

    const unknown = await gw.request('GET', '/v1/nothing-here', { token });
    expect(unknown.status).toBe(404);
    expectErrorBody(unknown, 'not_found');

    const wrongMethod = await gw.request('DELETE', '/v1/organizations', { token });
    expect(wrongMethod.status).toBe(405);
    expectErrorBody(wrongMethod, 'method_not_allowed');
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST');
  });

  it('puts X-Request-Id and security headers on every response, success included', async () => {
    for (const path of ['/healthz', '/v1/organizations', '/openapi.json', '/nope']) {
      const reply = await gw.request('GET', path, { token });
      expect(reply.headers.get('x-request-id'), path).toMatch(/^req-/);
      expect(reply.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(reply.headers.get('x-frame-options'), path).toBe('DENY');
      expect(reply.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
  });
});
