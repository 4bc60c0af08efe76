/**
 * SEED_FILE (seed/seed.ts, docs/testing-your-integration.md): the server
 * started with a seed file provisions its clients with their fixed ids and
 * secrets and its webhook endpoints, on both databases; a restart on the same
 * database applies it again without duplicates.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { AUDIENCE, HttpClient, testEnv } from './support/gateway.js';
import { startServerProcess } from './support/process.js';

const SEED = {
  organizations: [
    {
      name: 'CI shop',
      clients: [{ client_id: 'ci-shop', client_secret: 'ci-shop-sandbox-secret-0123', scopes: ['payments:read', 'webhooks:read'] }],
      webhook_endpoints: [{ url: 'http://127.0.0.1:9999/webhooks', events: ['payment.card.captured'], secret: 'whsec_o12cfXNrjJn6v8tQh9yCSjw5wdgCBJhX' }],
    },
  ],
};

describe.each(dialects)('SEED_FILE on $name', (dialect) => {
  it('provisions the fixed clients and endpoints, and again on a restart without duplicates', { timeout: 120_000 }, async () => {
    const file = join(tmpdir(), `seed-${dialect.name}-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify(SEED));
    const env = await testEnv(dialect, { SEED_FILE: file, LOG_LEVEL: 'error' });
    for (const round of [1, 2]) {
      const server = await startServerProcess(env);
      try {
        expect(server.output()).toContain('client_id:   ci-shop');
        // No first-run client beside the seed's.
        expect(server.output()).not.toContain('client_secret:');
        const gw = new HttpClient(server.url);
        const token = await gw.request<{ access_token: string; scope: string }>('POST', '/oauth/token', {
          body: { grant_type: 'client_credentials', client_id: 'ci-shop', client_secret: 'ci-shop-sandbox-secret-0123', audience: AUDIENCE },
        });
        expect(token.status, `round ${round}: ${token.text}`).toBe(200);
        expect(token.body.scope).toBe('payments:read webhooks:read');
        const endpoints = await gw.request<{ data: { url: string }[] }>('GET', '/v1/webhooks', { token: token.body.access_token });
        expect(endpoints.status).toBe(200);
        expect(endpoints.body.data.map((e) => e.url)).toEqual(['http://127.0.0.1:9999/webhooks']);
      } finally {
        await server.stop();
      }
    }
  });
});
