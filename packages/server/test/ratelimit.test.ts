import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { AUDIENCE, startGateway, type TestGateway } from './support/gateway.js';

describe.each(dialects)('rate limit on $name', (dialect) => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway(dialect, { RATE_LIMIT_REQUESTS: '7', RATE_LIMIT_WINDOW_SECONDS: '30' });
  });
  afterAll(() => gw.close());

  it('counts requests per client across its tokens, then answers 429 with Retry-After', async () => {
    const c = await gw.client();
    const full = await c.token();
    const narrow = await c.token('organizations:read');
    const path = `/v1/organizations/${c.organizationId}`;
    const statuses: number[] = [];
    let last: Awaited<ReturnType<TestGateway['request']>> | undefined;
    for (let i = 0; i < 9; i++) {
      last = await gw.request('GET', path, { token: i % 2 ? full : narrow });
      statuses.push(last.status);
      if (i === 0) {
        expect(last.headers.get('ratelimit-policy')).toBe('"default";q=7;w=30');
        expect(last.headers.get('ratelimit')).toMatch(/^"default";r=6;t=\d+$/);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 429, 429]);
    const retryAfter = Number(last!.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(last!.body).toMatchObject({ error: { code: 'rate_limited' } });

    // Another client has its own budget.
    const other = await gw.client();
    expect((await gw.request('GET', `/v1/organizations/${other.organizationId}`, { token: await other.token() })).status).toBe(200);
  });

  it("counts failed authentications against the caller's address, so token guessing is limited too", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push((await gw.request('GET', '/v1/organizations', { headers: { authorization: `Bearer guess.${i}.x` } })).status);
    }
    // Earlier tests in this file used 3 of the 7 requests this address may make in the window.
    expect(statuses.filter((s) => s === 401).length).toBeLessThan(9);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect(new Set(statuses)).toEqual(new Set([401, 429]));
  });

  it('answers the OAuth endpoints over the limit in their own shape (RFC 6749 5.2), with Retry-After', async () => {
    // The previous test spent this address's requests: valid credentials are refused by the limit alone.
    const c = await gw.client();
    const credentials = { grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.secret, audience: AUDIENCE };
    for (const [path, body] of [
      ['/oauth/token', credentials],
      ['/oauth/revoke', { token: 'any', client_id: c.clientId, client_secret: c.secret }],
    ] as const) {
      const reply = await gw.request('POST', path, { body });
      expect({ path, status: reply.status, body: reply.body }).toEqual({
        path,
        status: 429,
        body: { error: 'rate_limited', error_description: expect.stringMatching(/retry in \d+ s/) },
      });
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(reply.headers.get('cache-control')).toBe('no-store');
    }
  });
});
