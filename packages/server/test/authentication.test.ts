import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { dialects } from './support/dialects.js';
import { AUDIENCE, startGateway, type TestClient, type TestGateway } from './support/gateway.js';
import { revokeClient } from '../src/auth/clients.store.js';
import { eventually } from './support/wait.js';
import { MovableTime } from './support/clock.js';

describe.each(dialects)('Bearer authentication on $name', (dialect) => {
  let gw: TestGateway;
  let client: TestClient;
  let token: string;
  let path: string;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    client = await gw.client();
    token = await client.token();
    path = `/v1/organizations/${client.organizationId}`;
  });
  afterAll(() => gw.close());

  async function expect401(headers: Record<string, string>) {
    const reply = await gw.request('GET', path, { headers });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ error: { code: 'unauthorized' } });
    expect(reply.headers.get('www-authenticate')).toMatch(/^Bearer/);
    return reply;
  }

  it('accepts a valid token', async () => {
    expect((await gw.request('GET', path, { token })).status).toBe(200);
  });

  it('refuses a missing or malformed Authorization header', async () => {
    await expect401({});
    await expect401({ authorization: token });
    await expect401({ authorization: `Basic ${token}` });
    await expect401({ authorization: 'Bearer' });
    await expect401({ authorization: 'Bearer not-a-jwt' });
  });

  it('refuses a token with a tampered payload or signature', async () => {
    const [h, p, s] = token.split('.');
    const claims = decodeJwt(token);
    const forged = Buffer.from(JSON.stringify({ ...claims, org_id: 'org-someoneelse' })).toString('base64url');
    // The real token is in this process's cache of verified tokens, whose key is a token's tail:
    // the forged one ends the same (the same signature), and must still be verified in full.
    expect((await gw.request('GET', path, { token })).status).toBe(200);
    await expect401({ authorization: `Bearer ${h}.${forged}.${s}` });
    await expect401({ authorization: `Bearer ${h}.${p}.${s!.slice(0, -4)}AAAA` });
  });

  it('refuses alg none, a foreign key, and another audience', async () => {
    const claims = decodeJwt(token);
    const kid = decodeProtectedHeader(token).kid!;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt', kid })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    await expect401({ authorization: `Bearer ${none}` });

    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const foreign = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid }).sign(privateKey);
    await expect401({ authorization: `Bearer ${foreign}` });

    const other = await startGateway(dialect, { PUBLIC_BASE_URL: 'https://other-deployment.test' });
    try {
      const otherClient = await other.client();
      const reply = await other.request<{ access_token: string }>('POST', '/oauth/token', {
        body: {
          grant_type: 'client_credentials',
          client_id: otherClient.clientId,
          client_secret: otherClient.secret,
          audience: 'https://other-deployment.test',
        },
      });
      expect(reply.status).toBe(200);
      // Same database and signing key on PostgreSQL, so only the audience tells them apart.
      await expect401({ authorization: `Bearer ${reply.body.access_token}` });
    } finally {
      await other.close();
    }
  });

  it('refuses an expired token', async () => {
    // Token times are whole seconds: a 1 s token issued late in a second lives a few ms; 2 s lives at least 1 s.
    // The gateway's clock moves past the expiry instead of the test sleeping through it.
    const time = new MovableTime();
    const short = await startGateway(dialect, { TOKEN_TTL_SECONDS: '2' }, { time });
    try {
      const c = await short.client();
      const t = await c.token();
      expect((await short.request('GET', `/v1/organizations/${c.organizationId}`, { token: t })).status).toBe(200);
      time.advance(3);
      const reply = await short.request('GET', `/v1/organizations/${c.organizationId}`, { token: t });
      expect(reply.status).toBe(401);
      expect((reply.body as { error: { message: string } }).error.message).toMatch(/expired/);
    } finally {
      await short.close();
    }
  });

  it('refuses every token of a client the operator revoked, within TOKEN_REVOCATION_CACHE_MS', async () => {
    const c = await gw.client();
    const t = await c.token();
    expect((await gw.request('GET', `/v1/organizations/${c.organizationId}`, { token: t })).status).toBe(200);
    // The operator's CLI writes the database directly, as here; the server notices within a second.
    await revokeClient(gw.db, c.clientId, new Date().toISOString());
    const revokedAt = Date.now();
    const refused = await eventually(
      () => gw.request('GET', `/v1/organizations/${c.organizationId}`, { token: t }),
      (r) => r.status === 401,
      5000,
    );
    expect(refused.status).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(3000);
    const again = await gw.request('POST', '/oauth/token', {
      body: { grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.secret, audience: AUDIENCE },
    });
    expect(again.status).toBe(401);
  });
});
