/**
 * Stripe's test-mode keys in production (connectors/stripe/index.ts
 * `stripeProductionProblems`), as Mercado Pago's `TEST-` tokens: a
 * production gateway answers 422 naming `credentials.secret_key` for an
 * `sk_test_` key and takes an `sk_live_` one, and refuses to start while an
 * enabled account keeps a test key (a database brought over from a
 * sandbox), naming the account and the field and never the key; disabled,
 * it starts. Real gateway, real HTTP, both dialects.
 */
import { describe, expect, it } from 'vitest';
import { stripeConnector } from '../src/connectors/stripe/index.js';
import { dialects } from './support/dialects.js';
import { FakeStripe } from './support/fake-stripe.js';
import { startGateway } from './support/gateway.js';

interface ErrorBody {
  error: { code: string; details: Array<{ field: string; message: string }> };
}

const WEBHOOK_SECRET = 'whsec_test0123456789abcdefABCDEF';

describe.each(dialects)('Stripe keys in production on $name', (dialect) => {
  it('refuses an sk_test_ key naming the field; an sk_live_ key is taken', async () => {
    const fake = await FakeStripe.start();
    const gw = await startGateway(dialect, { ENVIRONMENT: 'production', TRUST_PROXY: 'true' }, { connectors: [stripeConnector(fake.endpoint())] });
    try {
      const headers = { 'x-forwarded-proto': 'https' };
      const c = await gw.client();
      const token = (
        await gw.request<{ access_token: string }>('POST', '/oauth/token', {
          headers,
          body: { grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.secret, audience: 'https://pasarela.test' },
        })
      ).body.access_token;
      const credentials = { secret_key: fake.secretKey, webhook_secret: WEBHOOK_SECRET };
      const refused = await gw.request<ErrorBody>('POST', '/v1/connector-accounts', { token, headers, body: { connector: 'stripe', credentials } });
      expect(refused.status, refused.text).toBe(422);
      expect(refused.body.error.details).toEqual([{ field: 'credentials.secret_key', message: expect.stringContaining('sk_live_') }]);
      expect(refused.text).not.toContain(fake.secretKey);
      const live = { ...credentials, secret_key: 'sk_live_0123456789abcdefABCDEF' };
      const created = await gw.request<{ id: string }>('POST', '/v1/connector-accounts', { token, headers, body: { connector: 'stripe', credentials: live } });
      expect(created.status, created.text).toBe(201);
      // Rotating the live account back to a test key is refused the same way.
      const rotated = await gw.request<ErrorBody>('PATCH', `/v1/connector-accounts/${created.body.id}`, { token, headers, body: { credentials } });
      expect(rotated.status, rotated.text).toBe(422);
      expect(rotated.body.error.details).toMatchObject([{ field: 'credentials.secret_key' }]);
    } finally {
      await gw.close();
      await fake.close();
    }
  });

  it('refuses to start in production while an enabled account keeps an sk_test_ key; starts once it is disabled', async () => {
    const fake = await FakeStripe.start();
    const databaseUrl = await dialect.migratedDatabaseUrl();
    const connectors = [stripeConnector(fake.endpoint())];
    const sandbox = await startGateway(dialect, { DATABASE_URL: databaseUrl }, { connectors });
    let accountId: string;
    let token: string;
    try {
      token = await (await sandbox.client()).token();
      const created = await sandbox.request<{ id: string }>('POST', '/v1/connector-accounts', {
        token,
        body: { connector: 'stripe', credentials: { secret_key: fake.secretKey, webhook_secret: WEBHOOK_SECRET } },
      });
      expect(created.status, created.text).toBe(201);
      accountId = created.body.id;
    } finally {
      await sandbox.close();
    }
    const production = { DATABASE_URL: databaseUrl, ENVIRONMENT: 'production', TRUST_PROXY: 'true' };
    const refused = startGateway(dialect, production, { connectors });
    await expect(refused).rejects.toThrow(new RegExp(`connector account ${accountId} \\(stripe\\): credentials.secret_key is a test-mode key`));
    await expect(refused).rejects.not.toThrow(fake.secretKey);
    const again = await startGateway(dialect, { DATABASE_URL: databaseUrl }, { connectors });
    try {
      expect((await again.request('PATCH', `/v1/connector-accounts/${accountId}`, { token, body: { status: 'disabled' } })).status).toBe(200);
    } finally {
      await again.close();
    }
    const started = await startGateway(dialect, production, { connectors });
    await started.close();
    await fake.close();
  });
});
