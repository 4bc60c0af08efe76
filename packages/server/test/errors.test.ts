import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { eventually } from './support/wait.js';

/** Writes raw bytes to the gateway's socket (requests fetch refuses to send) and reads until it closes. */
function rawHttp(baseUrl: string, request: string | Buffer): Promise<string> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

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
    const fields = expectErrorBody(query, 'validation_failed')
      .error.details.map((d) => d.field)
      .sort();
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
    const poisoned = await gw.request('POST', '/v1/organizations', {
      token,
      rawBody: '{"name":"x","__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
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

  it('400 with the error body (and our headers) for a path that is not valid percent-encoded UTF-8', async () => {
    for (const path of ['/v1/payments/%E0%A4%A', '/v1/payments/%zz', '/v1/payments/%ED%A0%80', '/v1/payments/%', '/nothing/%zz']) {
      const reply = await gw.request('GET', path, { token });
      expect(reply.status, path).toBe(400);
      expectErrorBody(reply, 'invalid_request');
      expect(reply.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    // A path segment longer than the router's limit names nothing.
    const long = await gw.request('GET', `/v1/payments/${'x'.repeat(300)}`, { token });
    expect(long.status).toBe(404);
    expectErrorBody(long, 'not_found');
  });

  it('422 naming each field for NUL or an unpaired surrogate in a body or query, 404 in a path', async () => {
    const nul = await gw.request('POST', '/v1/refunds', { token, body: { payment_id: 'pay-\u0000', amount: 10, currency: 'USD' } });
    expect(nul.status).toBe(422);
    expect(expectErrorBody(nul, 'validation_failed').error.details).toEqual([
      { field: 'payment_id', message: 'must not contain NUL or unpaired surrogate characters' },
    ]);
    // Reported with the schema's own problems, property names included; one entry per field (the
    // email's format problem names it, not also its NUL).
    const several = await gw.request('POST', '/v1/users', {
      token,
      rawBody: '{"name":"a\\ud800","email":"x\\u0000@example.com"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(several.status).toBe(422);
    expect(
      expectErrorBody(several, 'validation_failed')
        .error.details.map((d) => d.field)
        .sort(),
    ).toEqual(['email', 'name']);
    const surrogate = await gw.request('POST', '/v1/organizations', {
      token,
      rawBody: '{"name":"\\udc00 x"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(surrogate.status).toBe(422);
    expect(expectErrorBody(surrogate, 'validation_failed').error.details).toEqual([
      { field: 'name', message: 'must not contain NUL or unpaired surrogate characters' },
    ]);
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await gw.request('POST', '/v1/organizations', { token, body: { name: 'Tienda 👍🏽' } });
    expect(emoji.status).toBe(201);

    const query = await gw.request('GET', '/v1/payments?starting_after=a%00b', { token });
    expect(query.status).toBe(422);
    expect(expectErrorBody(query, 'validation_failed').error.details.map((d) => d.field)).toContain('starting_after');

    for (const path of ['/v1/payments/a%00b', '/v1/payments/a%00b/capture', '/v1/transactions/%00']) {
      const reply = await gw.request(path.endsWith('capture') ? 'POST' : 'GET', path, { token, ...(path.endsWith('capture') ? { body: {} } : {}) });
      expect(reply.status, path).toBe(404);
      expectErrorBody(reply, 'not_found');
    }
    // An unauthenticated request is refused before its path is looked at.
    expect((await gw.request('GET', '/v1/payments/a%00b')).status).toBe(401);
  });

  it('422 for JSON nested deeper than 32 levels (recursive code downstream would overflow the stack)', async () => {
    for (const rawBody of [`${'['.repeat(2000)}${']'.repeat(2000)}`, `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`]) {
      const reply = await gw.request('POST', '/v1/payments', { token, rawBody, headers: { 'content-type': 'application/json' } });
      expect(reply.status).toBe(422);
      expect(expectErrorBody(reply, 'validation_failed').error.details).toEqual([{ field: '(body)', message: 'must not nest more than 32 levels deep' }]);
    }
  });

  it('answers a request the HTTP parser refuses with the error body, then closes', async () => {
    const bad = await rawHttp(gw.baseUrl, 'GET /v1/payments HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n');
    expect(bad).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(bad.slice(bad.indexOf('\r\n\r\n') + 4)) as ErrorReply;
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.request_id).toMatch(/^req-/);
    const notHttp = await rawHttp(gw.baseUrl, 'hello\r\n\r\n');
    expect(notHttp).toMatch(/^HTTP\/1\.1 400 [\s\S]*"code":"invalid_request"/);
    const huge = await rawHttp(gw.baseUrl, `GET /v1/payments HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 [\s\S]*"code":"headers_too_large"/);
  });

  it('/oauth/* answers a body it cannot read in RFC 6749 shape', async () => {
    for (const [rawBody, type] of [
      ['{"grant_type":', 'application/json'],
      ['<x/>', 'application/xml'],
      [`${'['.repeat(50)}${']'.repeat(50)}`, 'application/json'],
    ] as const) {
      const reply = await gw.request('POST', '/oauth/token', { rawBody, headers: { 'content-type': type } });
      expect(reply.status, rawBody).toBe(400);
      expect(reply.body.error, rawBody).toBe('invalid_request');
      expect(typeof reply.body.error_description).toBe('string');
    }
    const nul = await gw.request('POST', '/oauth/token', { body: { grant_type: 'client_credentials', client_id: 'cli-\u0000', client_secret: 'x' } });
    expect(nul.status).toBe(400);
    expect(nul.body.error).toBe('invalid_request');
    // HTTP Basic credentials are form-encoded: bad percent-encoding or a NUL is malformed, not a 500.
    for (const credentials of ['%zz:%zz', 'cli-\u0000:x', 'a:%E0%A4%A']) {
      const basic = await gw.request('POST', '/oauth/token', {
        body: { grant_type: 'client_credentials' },
        headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` },
      });
      expect(basic.status, credentials).toBe(400);
      expect(basic.body.error_description, credentials).toBe('malformed Basic credentials');
    }
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

describe.each(dialects)('shutting down on $name', (dialect) => {
  it('answers a request that arrives while the server drains with 503 and the error body', async () => {
    const gw = await startGateway(dialect);
    const token = await (await gw.client()).token();
    const url = new URL(gw.baseUrl);
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    // A first request whose body has not arrived keeps the connection busy while the server starts draining.
    const auth = `Authorization: Bearer ${token}\r\nHost: x\r\n`;
    const body = '{"name":"x"}';
    const first = new Promise((resolve) => gw.gateway.app.server.once('request', resolve));
    socket.write(`POST /v1/organizations HTTP/1.1\r\n${auth}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    await first;
    const closing = gw.close();
    // The listener stops once the drain has begun (after the preClose hooks).
    await eventually(
      async () => gw.gateway.app.server.listening,
      (listening) => !listening,
    );
    // The first request's body, then a second request on the same connection.
    socket.write(`${body}GET /v1/organizations HTTP/1.1\r\n${auth}\r\n`);
    await closed;
    await closing;
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toMatch(/^HTTP\/1\.1 201 /);
    const second = text.slice(text.indexOf('HTTP/1.1', 10));
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(/\r\nretry-after: 1\r\n/i);
    const reply = JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4)) as ErrorReply;
    expect(reply.error.code).toBe('service_unavailable');
    expect(reply.error.request_id).toMatch(/^req-/);
  });
});
