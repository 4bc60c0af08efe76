/**
 * RFC 8414 authorization server metadata, and a standard OAuth client
 * (oauth4webapi) that discovers the server from it, gets a token with each
 * client authentication method and revokes it per RFC 7009.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import * as oauth from 'oauth4webapi';
import { PERMISSIONS } from '../src/http/permissions.js';
import { dialects } from './support/dialects.js';
import { AUDIENCE, startGateway, type TestGateway } from './support/gateway.js';

describe.each(dialects)('authorization server metadata on $name', (dialect) => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway(dialect);
  });
  afterAll(() => gw.close());

  it("publishes RFC 8414 metadata whose issuer is the tokens' iss", async () => {
    const reply = await gw.request<Record<string, unknown>>('GET', '/.well-known/oauth-authorization-server');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.body).toMatchObject({
      issuer: AUDIENCE,
      token_endpoint: `${AUDIENCE}/oauth/token`,
      revocation_endpoint: `${AUDIENCE}/oauth/revoke`,
      jwks_uri: `${AUDIENCE}/.well-known/jwks.json`,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      response_types_supported: [],
      scopes_supported: [...PERMISSIONS],
      audience: AUDIENCE,
    });
    const client = await gw.client();
    expect(decodeJwt(await client.token()).iss).toBe(reply.body.issuer);
    // Public, and listed in the OpenAPI document.
    const openapi = await gw.request<{ paths: Record<string, unknown> }>('GET', '/openapi.json');
    expect(openapi.body.paths).toHaveProperty(['/.well-known/oauth-authorization-server']);
  });

  it('lets oauth4webapi discover the server, get tokens (Basic and post) and revoke them (RFC 7009)', async () => {
    const c = await gw.client();
    // The metadata names the public base URL; this process reaches the same server on its local port.
    const options = {
      [oauth.customFetch]: (url: string, init: RequestInit) => fetch(url.replace(AUDIENCE, gw.baseUrl), init),
    };
    const issuer = new URL(AUDIENCE);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { ...options, algorithm: 'oauth2' }));
    const client: oauth.Client = { client_id: c.clientId };
    const probe = (token: string) => gw.request('GET', `/v1/organizations/${c.organizationId}`, { token });

    for (const auth of [oauth.ClientSecretBasic(c.secret), oauth.ClientSecretPost(c.secret)]) {
      // The one option docs/api-conventions.md "The audience" shows: the audience the metadata publishes.
      const response = await oauth.clientCredentialsGrantRequest(as, client, auth, new URLSearchParams({ audience: String(as.audience) }), options);
      const token = await oauth.processClientCredentialsResponse(as, client, response);
      expect(token.token_type).toBe('bearer');
      expect((await probe(token.access_token)).status).toBe(200);

      await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, token.access_token, options));
      expect((await probe(token.access_token)).status).toBe(401);
    }
  });

  it('a token request without audience, as libraries send it unless told, answers 400 saying what to send', async () => {
    const c = await gw.client();
    for (const type of ['application/x-www-form-urlencoded', 'application/json']) {
      const fields = { grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.secret };
      const reply = await fetch(`${gw.baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: type === 'application/json' ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
      });
      expect(reply.status).toBe(400);
      const body = (await reply.json()) as { error: string; error_description: string };
      expect(body.error).toBe('invalid_request');
      expect(body.error_description).toContain(`send audience=${AUDIENCE}`);
      expect(body.error_description).toContain('/.well-known/oauth-authorization-server');
    }
  });
});

it('docs/api-conventions.md lists every permission a client can hold, and no other', () => {
  const text = readFileSync(new URL('../../../docs/api-conventions.md', import.meta.url), 'utf8');
  const list = /^- The permissions: ([\s\S]*?)\.\n/m.exec(text)?.[1] ?? '';
  const documented = [...list.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  expect([...documented].sort()).toEqual([...PERMISSIONS].sort());
});
