/**
 * Transport (spec section 8): TLS 1.2 minimum when the server terminates TLS;
 * in production behind a proxy, plain HTTP is 403 and never data.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { loadConfig } from '../src/config/config.js';

function selfSignedCertificate(): { cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pasarela-tls-'));
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'], {
    stdio: 'ignore',
  });
  return { cert, key };
}

function handshake(port: number, version: 'TLSv1.1' | 'TLSv1.2' | 'TLSv1.3'): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(
      { host: '127.0.0.1', port, rejectUnauthorized: false, minVersion: version, maxVersion: version, ciphers: 'DEFAULT:@SECLEVEL=0' },
      () => {
        const protocol = socket.getProtocol() ?? '';
        socket.end();
        resolve(protocol);
      },
    );
    socket.once('error', reject);
  });
}

const sqlite = dialects[0]!;

describe('HTTPS terminated by the server', () => {
  let gw: TestGateway;
  let port: number;

  beforeAll(async () => {
    const { cert, key } = selfSignedCertificate();
    gw = await startGateway(sqlite, { TLS_CERT_FILE: cert, TLS_KEY_FILE: key });
    port = Number(new URL(gw.baseUrl).port);
  });
  afterAll(() => gw.close());

  it('speaks TLS 1.2 and 1.3, and refuses a TLS 1.1 handshake', async () => {
    expect(gw.baseUrl).toMatch(/^https:/);
    expect(await handshake(port, 'TLSv1.2')).toBe('TLSv1.2');
    expect(await handshake(port, 'TLSv1.3')).toBe('TLSv1.3');
    await expect(handshake(port, 'TLSv1.1')).rejects.toThrow();
  });
});

describe('production behind a TLS-terminating proxy', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway(sqlite, { ENVIRONMENT: 'production', TRUST_PROXY: 'true' });
  });
  afterAll(() => gw.close());

  it('answers plain-HTTP requests with 403 and no data, HTTPS ones normally, with HSTS', async () => {
    const client = await gw.client();
    const plain = await gw.request('POST', '/oauth/token', {
      headers: { 'x-forwarded-proto': 'http' },
      body: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.secret, audience: 'https://pasarela.test' },
    });
    expect(plain.status).toBe(403);
    // The OAuth endpoints answer in RFC 6749's shape, the others in the service's.
    expect(plain.body).toEqual({ error: 'https_required', error_description: expect.any(String) });
    expect(plain.text).not.toContain('access_token');
    const noHeader = await gw.request('GET', '/v1/organizations');
    expect(noHeader.status).toBe(403);
    expect(noHeader.body).toMatchObject({ error: { code: 'https_required' } });

    const secure = await gw.request<{ access_token: string }>('POST', '/oauth/token', {
      headers: { 'x-forwarded-proto': 'https' },
      body: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.secret, audience: 'https://pasarela.test' },
    });
    expect(secure.status).toBe(200);
    expect(secure.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    const orgs = await gw.request('GET', '/v1/organizations', { token: secure.body.access_token, headers: { 'x-forwarded-proto': 'https' } });
    expect(orgs.status).toBe(200);

    // Load-balancer probes carry no data and come without the header.
    expect((await gw.request('GET', '/healthz')).status).toBe(200);
    expect((await gw.request('GET', '/readyz')).status).toBe(200);
  });
});

describe("TRUST_PROXY as the proxies' addresses", () => {
  it('believes X-Forwarded-Proto only from a listed proxy: a client that reaches the server directly cannot claim https', async () => {
    const direct = await startGateway(sqlite, { ENVIRONMENT: 'production', TRUST_PROXY: '10.0.0.0/8' });
    try {
      // The test connects from 127.0.0.1, not one of the proxies.
      expect((await direct.request('GET', '/v1/organizations', { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.1.2.3' } })).status).toBe(403);
    } finally {
      await direct.close();
    }
    const proxied = await startGateway(sqlite, { ENVIRONMENT: 'production', TRUST_PROXY: '10.0.0.0/8,127.0.0.1' });
    try {
      expect((await proxied.request('GET', '/v1/organizations', { headers: { 'x-forwarded-proto': 'https' } })).status).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('discovery', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway(sqlite);
  });
  afterAll(() => gw.close());

  it('serves OpenAPI 3.1 generated from the route schemas, and a rendered reference', async () => {
    const doc = await gw.request<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>> }>(
      'GET',
      '/openapi.json',
    );
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    const create = doc.body.paths['/v1/organizations']!.post!;
    expect(JSON.stringify(create.requestBody)).toContain('"minLength":1');
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '401', '403', '422', '429']));
    expect(doc.body.paths['/oauth/token']).toBeDefined();
    expect(doc.body.paths['/v1/organizations/{id}']!.put).toBeDefined();
    const docs = await fetch(`${gw.baseUrl}/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toMatch(/<html/i);
  });

  it('the /docs page and its files carry a CSP without upgrade-insecure-requests (it broke the page on a plain-HTTP host)', async () => {
    for (const path of [
      '/docs',
      '/docs/',
      '/docs/static/index.html',
      '/docs/static/swagger-ui-bundle.js',
      '/docs/static/swagger-ui.css',
      '/docs/static/theme/pasarela.css',
    ]) {
      const reply = await fetch(`${gw.baseUrl}${path}`, { redirect: 'manual' });
      const policy = reply.headers.get('content-security-policy') ?? '';
      await reply.arrayBuffer();
      expect([path, reply.status < 400, policy]).toEqual([path, true, expect.stringContaining("default-src 'self';")]);
      expect(policy).not.toMatch(/upgrade-insecure-requests/i);
      // The rest of the plugin's policy is kept, with the inline style's hash.
      expect(policy).toMatch(/script-src 'self'[^;]*;/);
      expect(policy).toMatch(/style-src 'self' https: [^;]*'sha256-[A-Za-z0-9+/=]+';/);
      expect(policy).toContain("object-src 'none';");
      expect(policy).toContain("frame-ancestors 'self';");
    }
  });

  it('reports health, readiness and Prometheus metrics by route and status', async () => {
    expect((await gw.request('GET', '/healthz')).body).toEqual({ status: 'ok' });
    expect((await gw.request('GET', '/readyz')).body).toEqual({ status: 'ready' });
    const labels = 'method="GET",route="/v1/organizations",status="401"';
    const scrape = async () => {
      const text = await (await fetch(`${gw.baseUrl}/metrics`)).text();
      const value = (line: string) =>
        Number(
          text
            .split('\n')
            .find((l) => l.startsWith(`${line} `))
            ?.slice(line.length + 1) ?? 0,
        );
      const name = 'pasarela_http_request_duration_seconds';
      const bounds = ['0.001', '0.0025', '0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '+Inf'];
      return {
        text,
        count: value(`pasarela_http_requests_total{${labels}}`),
        buckets: bounds.map((le) => value(`${name}_bucket{le="${le}",${labels}}`)),
        sum: value(`${name}_sum{${labels}}`),
        observed: value(`${name}_count{${labels}}`),
      };
    };
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await gw.request('GET', '/v1/organizations')).status).toBe(401);
    const after = await scrape();
    // Prometheus's text format: a counter, and a histogram of cumulative buckets (le first), +Inf, sum and count.
    expect(after.text).toContain('# TYPE pasarela_http_requests_total counter');
    expect(after.text).toContain('# TYPE pasarela_http_request_duration_seconds histogram');
    expect(after.count - before.count).toBe(3);
    expect(after.observed - before.observed).toBe(3);
    expect(after.buckets.at(-1)).toBe(after.observed);
    expect(after.buckets).toEqual([...after.buckets].sort((a, b) => a - b));
    expect(after.sum).toBeGreaterThan(before.sum);
  });
});

describe('/metrics access', () => {
  const TOKEN = 'metrics-token-0123456789abcdef0123456789';
  const https = { 'x-forwarded-proto': 'https' };

  it('with METRICS_TOKEN, needs Authorization: Bearer <METRICS_TOKEN> (sandbox too)', async () => {
    const gw = await startGateway(sqlite, { METRICS_TOKEN: TOKEN });
    try {
      const none = await gw.request('GET', '/metrics');
      expect(none.status).toBe(401);
      expect(none.text).not.toContain('pasarela_http_requests_total');
      expect((await gw.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
      expect((await gw.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}` } })).status).toBe(401);
      const scraped = await gw.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(scraped.status).toBe(200);
      expect(scraped.text).toContain('pasarela_http_requests_total');
    } finally {
      await gw.close();
    }
  });

  it('in production is off the main listener by default; METRICS_PORT serves it on 127.0.0.1 only', async () => {
    const gw = await startGateway(sqlite, { ENVIRONMENT: 'production', TRUST_PROXY: '1', METRICS_PORT: '0' });
    try {
      expect((await gw.request('GET', '/metrics', { headers: https })).status).toBe(404);
      const listener = gw.gateway.metricsListener!;
      expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const scraped = await fetch(`${listener.url}/metrics`);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('pasarela_http_requests_total');
      // Nothing else is served there.
      expect((await fetch(`${listener.url}/v1/organizations`)).status).toBe(404);
      expect((await fetch(`${listener.url}/healthz`)).status).toBe(404);
    } finally {
      await gw.close();
    }
    const withToken = await startGateway(sqlite, { ENVIRONMENT: 'production', TRUST_PROXY: '1', METRICS_TOKEN: TOKEN });
    try {
      expect((await withToken.request('GET', '/metrics', { headers: https })).status).toBe(401);
      expect((await withToken.request('GET', '/metrics', { headers: { ...https, authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    } finally {
      await withToken.close();
    }
  });

  it('refuses a short METRICS_TOKEN', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 32 characters/);
  });
});
