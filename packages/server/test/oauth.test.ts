import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { dialects } from './support/dialects.js';
import { AUDIENCE, startGateway, testEnv, TestGateway, type TestClient } from './support/gateway.js';
import { createGateway } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';

describe.each(dialects)('OAuth token endpoint on $name', (dialect) => {
  let gw: TestGateway;
  let client: TestClient;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    client = await gw.client();
  });
  afterAll(() => gw.close());

  const tokenBody = (c: TestClient, extra: Record<string, string> = {}) => ({
    grant_type: 'client_credentials',
    client_id: c.clientId,
    client_secret: c.secret,
    audience: AUDIENCE,
    ...extra,
  });

  it('issues a signed at+jwt access token with the spec claims (JSON body)', async () => {
    const reply = await gw.request<{ access_token: string; token_type: string; expires_in: number; scope: string }>('POST', '/oauth/token', {
      body: tokenBody(client),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.token_type).toBe('Bearer');
    expect(reply.body.expires_in).toBe(43200);
    expect(reply.body.scope.split(' ')).toContain('organizations:write');
    expect(reply.headers.get('cache-control')).toBe('no-store');

    const header = decodeProtectedHeader(reply.body.access_token);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const jwks = await gw.request<{ keys: object[] }>('GET', '/.well-known/jwks.json');
    const verified = await jwtVerify(reply.body.access_token, createLocalJWKSet(jwks.body as never), { audience: AUDIENCE });
    expect(verified.payload).toMatchObject({ iss: AUDIENCE, aud: AUDIENCE, sub: client.clientId, client_id: client.clientId, org_id: client.organizationId });
    for (const claim of ['jti', 'iat', 'exp', 'scope']) expect(verified.payload).toHaveProperty(claim);
    expect(verified.payload.exp! - verified.payload.iat!).toBe(43200);
    expect(JSON.stringify(jwks.body)).not.toMatch(/"d":/); // no private part published
  });

  it('accepts application/x-www-form-urlencoded and HTTP Basic client authentication', async () => {
    const form = new URLSearchParams(tokenBody(client)).toString();
    const viaForm = await gw.request('POST', '/oauth/token', { rawBody: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(viaForm.status).toBe(200);
    const basic = Buffer.from(`${client.clientId}:${client.secret}`).toString('base64');
    const viaBasic = await gw.request('POST', '/oauth/token', {
      rawBody: 'grant_type=client_credentials&audience=' + encodeURIComponent(AUDIENCE),
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
    });
    expect(viaBasic.status).toBe(200);
    expect(viaBasic.body.access_token).toBe(viaForm.body.access_token);
  });

  it('returns the same token while it is valid, and a new one after revoke', async () => {
    const c = await gw.client();
    const first = await c.token();
    expect(await c.token()).toBe(first);
    expect((await gw.request('GET', `/v1/organizations/${c.organizationId}`, { token: first })).status).toBe(200);

    const revoke = await gw.request<{ message: string }>('POST', '/oauth/revoke', { body: tokenBody(c) });
    expect(revoke.status).toBe(200);
    expect(typeof revoke.body.message).toBe('string');
    expect((await gw.request('GET', `/v1/organizations/${c.organizationId}`, { token: first })).status).toBe(401);

    const second = await c.token();
    expect(second).not.toBe(first);
    expect((await gw.request('GET', `/v1/organizations/${c.organizationId}`, { token: second })).status).toBe(200);
  });

  it('revoke needs the audience of the issuing call and the right secret', async () => {
    const c = await gw.client();
    const token = await c.token();
    const wrongAudience = await gw.request('POST', '/oauth/revoke', { body: tokenBody(c, { audience: 'https://elsewhere.test' }) });
    expect(wrongAudience.status).toBe(400);
    const wrongSecret = await gw.request('POST', '/oauth/revoke', { body: { ...tokenBody(c), client_secret: 'nope-nope-nope-nope' } });
    expect(wrongSecret.status).toBe(401);
    expect((await gw.request('GET', `/v1/organizations/${c.organizationId}`, { token })).status).toBe(200);
  });

  it('grants a subset of the permissions when asked, and refuses more than granted', async () => {
    const narrow = await gw.request<{ access_token: string; scope: string }>('POST', '/oauth/token', {
      body: tokenBody(client, { scope: 'organizations:read payments:read' }),
    });
    expect(narrow.status).toBe(200);
    expect(narrow.body.scope).toBe('payments:read organizations:read');
    // A narrowed token is for a browser: short-lived (NARROW_TOKEN_TTL_SECONDS, 15 minutes).
    expect((narrow.body as unknown as { expires_in: number }).expires_in).toBe(900);
    expect(decodeJwt(narrow.body.access_token).scope).toBe('payments:read organizations:read');
    const write = await gw.request('POST', '/v1/organizations', { token: narrow.body.access_token, body: { name: 'x' } });
    expect(write.status).toBe(403);

    const limited = await gw.client({ scopes: ['organizations:read'] });
    const tooMuch = await gw.request('POST', '/oauth/token', { body: tokenBody(limited, { scope: 'organizations:read organizations:write' }) });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ error: 'invalid_scope' });
    const unknown = await gw.request('POST', '/oauth/token', { body: tokenBody(limited, { scope: 'everything:all' }) });
    expect(unknown.body).toMatchObject({ error: 'invalid_scope' });
  });

  it('answers errors the OAuth way (RFC 6749 5.2)', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ ...tokenBody(client), audience: undefined }, 400, 'invalid_request'],
      [{ ...tokenBody(client), client_id: undefined }, 400, 'invalid_request'],
      [{ ...tokenBody(client), grant_type: undefined }, 400, 'invalid_request'],
      [{ ...tokenBody(client), grant_type: 'password' }, 400, 'unsupported_grant_type'],
      [{ ...tokenBody(client), grant_type: 'authorization_code' }, 400, 'unsupported_grant_type'],
      [{ ...tokenBody(client), client_secret: 'wrong-secret-wrong-secret' }, 401, 'invalid_client'],
      [{ ...tokenBody(client), client_id: 'cli-doesnotexist' }, 401, 'invalid_client'],
      [{ ...tokenBody(client), audience: 'https://another.test' }, 400, 'invalid_target'],
      [{ ...tokenBody(client), client_secret: 12345 }, 400, 'invalid_request'],
    ];
    for (const [body, status, error] of cases) {
      const reply = await gw.request('POST', '/oauth/token', { body });
      expect({ body, status: reply.status, error: reply.body.error }).toEqual({ body, status, error });
      expect(typeof reply.body.error_description).toBe('string');
    }
  });

  it('names the content types it reads when the body is missing or in another type', async () => {
    const basic = Buffer.from(`${client.clientId}:${client.secret}`).toString('base64');
    for (const path of ['/oauth/token', '/oauth/revoke']) {
      const none = await gw.request('POST', path, { headers: { authorization: `Basic ${basic}` } });
      expect(none.status).toBe(400);
      expect(none.body).toMatchObject({ error: 'invalid_request' });
      expect(none.body.error_description).toContain('application/x-www-form-urlencoded');
      expect(none.body.error_description).toContain('application/json');
      const text = await gw.request('POST', path, { rawBody: 'grant_type=client_credentials', headers: { 'content-type': 'text/plain' } });
      expect(text.status).toBe(400);
      expect(text.body).toMatchObject({ error: 'invalid_request' });
      expect(text.body.error_description).toContain('application/x-www-form-urlencoded');
      expect(text.body.error_description).toContain('application/json');
    }
  });

  it('revokes with a standard RFC 7009 request (token and client authentication only)', async () => {
    const probe = (token: string, c: TestClient) => gw.request('GET', `/v1/organizations/${c.organizationId}`, { token });
    // Form body, HTTP Basic, with a hint.
    const a = await gw.client();
    const tokenA = await a.token();
    const basic = Buffer.from(`${a.clientId}:${a.secret}`).toString('base64');
    const viaBasic = await gw.request('POST', '/oauth/revoke', {
      rawBody: new URLSearchParams({ token: tokenA, token_type_hint: 'access_token' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
    });
    expect(viaBasic.status).toBe(200);
    expect((await probe(tokenA, a)).status).toBe(401);

    // client_id and client_secret in the form body.
    const b = await gw.client();
    const tokenB = await b.token();
    const viaPost = await gw.request('POST', '/oauth/revoke', {
      rawBody: new URLSearchParams({ token: tokenB, client_id: b.clientId, client_secret: b.secret }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(viaPost.status).toBe(200);
    expect((await probe(tokenB, b)).status).toBe(401);

    // Another client's token, or garbage: 200 and nothing revoked (RFC 7009 2.2).
    const c = await gw.client();
    const tokenC = await c.token();
    const foreign = await gw.request('POST', '/oauth/revoke', { body: { token: tokenC, client_id: b.clientId, client_secret: b.secret } });
    expect(foreign.status).toBe(200);
    expect((await gw.request('POST', '/oauth/revoke', { body: { token: 'not-a-token', client_id: c.clientId, client_secret: c.secret } })).status).toBe(200);
    expect((await probe(tokenC, c)).status).toBe(200);

    // Without token (and without the token request's grant_type): invalid_request; a wrong secret: invalid_client.
    const noToken = await gw.request('POST', '/oauth/revoke', { body: { client_id: c.clientId, client_secret: c.secret } });
    expect(noToken.status).toBe(400);
    expect(noToken.body).toMatchObject({ error: 'invalid_request' });
    const wrong = await gw.request('POST', '/oauth/revoke', { body: { token: tokenC, client_id: c.clientId, client_secret: 'wrong-secret-wrong-secret' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: 'invalid_client' });
    expect((await probe(tokenC, c)).status).toBe(200);
  });

  it('stores client secrets hashed', async () => {
    const row = await gw.db.selectFrom('clients').select('secret_hash').where('client_id', '=', client.clientId).executeTakeFirstOrThrow();
    expect(row.secret_hash).not.toContain(client.secret);
    expect(row.secret_hash).toMatch(/^scrypt\$/);
  });
});

describe.each(dialects)('token brute force on $name', (dialect) => {
  it('limits failed token requests per client id and address, then refuses even the right secret for a while', async () => {
    const gw = await startGateway(dialect, { TOKEN_FAILURE_LIMIT: '3', TOKEN_FAILURE_WINDOW_SECONDS: '600' });
    try {
      const c = await gw.client();
      const bad = { grant_type: 'client_credentials', client_id: c.clientId, client_secret: 'guess-guess-guess', audience: AUDIENCE };
      for (let i = 0; i < 3; i++) expect((await gw.request('POST', '/oauth/token', { body: bad })).status).toBe(401);
      const blocked = await gw.request('POST', '/oauth/token', { body: { ...bad, client_secret: c.secret } });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked.body.error).toBe('rate_limited');
      // Another client from the same address still gets in (the per-address budget is five times larger).
      const other = await gw.client();
      expect((await gw.request('POST', '/oauth/token', { body: { ...bad, client_id: other.clientId, client_secret: other.secret } })).status).toBe(200);
    } finally {
      await gw.close();
    }
  });

  it('counts an attempt before the secret is checked: 60 concurrent wrong guesses get at most the budget evaluated', async () => {
    const gw = await startGateway(dialect, { TOKEN_FAILURE_LIMIT: '5', TOKEN_FAILURE_WINDOW_SECONDS: '600' });
    try {
      const c = await gw.client();
      const bad = { grant_type: 'client_credentials', client_id: c.clientId, client_secret: 'guess-guess-guess', audience: AUDIENCE };
      // The point is given back when the secret is right (also when the request then fails on scope): successes use up nothing.
      for (let i = 0; i < 6; i++) expect((await gw.request('POST', '/oauth/token', { body: { ...bad, client_secret: c.secret } })).status).toBe(200);
      for (let i = 0; i < 6; i++)
        expect((await gw.request('POST', '/oauth/token', { body: { ...bad, client_secret: c.secret, scope: 'everything:all' } })).status).toBe(400);
      const replies = await Promise.all(
        Array.from({ length: 60 }, (_, i) => gw.request('POST', '/oauth/token', { body: { ...bad, client_secret: `guess-${i}-guess-guess` } })),
      );
      const evaluated = replies.filter((r) => r.status === 401);
      expect(evaluated.length).toBeGreaterThan(0);
      expect(evaluated.length).toBeLessThanOrEqual(5);
      for (const r of evaluated) expect(r.body.error).toBe('invalid_client');
      const refused = replies.filter((r) => r.status !== 401);
      expect(refused.length).toBe(60 - evaluated.length);
      for (const r of refused) expect([r.status, r.body.error]).toEqual([429, 'rate_limited']);
      // Locked: the right secret from the same address is refused too.
      const locked = await gw.request('POST', '/oauth/token', { body: { ...bad, client_secret: c.secret } });
      expect([locked.status, locked.body.error]).toEqual([429, 'rate_limited']);
      // The revoke endpoint shares the budget.
      expect((await gw.request('POST', '/oauth/revoke', { body: { ...bad, client_secret: c.secret } })).status).toBe(429);
    } finally {
      await gw.close();
    }
  });

  // TRUST_PROXY: the client address is the rightmost X-Forwarded-For entry the trusted proxy added; the
  // leftmost entries are whatever the client sent. As a hop count and as the proxy's address.
  it.each([['1'], ['127.0.0.1/8']])(
    'locks out a client id only from the guessing address (TRUST_PROXY=%s), whatever the client puts leftmost in X-Forwarded-For',
    async (trustProxy) => {
      const gw = await startGateway(dialect, { TOKEN_FAILURE_LIMIT: '3', TOKEN_FAILURE_WINDOW_SECONDS: '600', TRUST_PROXY: trustProxy });
      try {
        const c = await gw.client();
        const from = (xff: string) => ({ 'x-forwarded-for': xff });
        const good = { grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.secret, audience: AUDIENCE };
        const bad = { ...good, client_secret: 'guess-guess-guess' };
        // The attacker at 203.0.113.7 spoofs a new leftmost address on every guess.
        const statuses: number[] = [];
        for (let i = 0; i < 5; i++)
          statuses.push((await gw.request('POST', '/oauth/token', { headers: from(`198.51.100.${i}, 203.0.113.7`), body: bad })).status);
        expect(statuses).toEqual([401, 401, 401, 429, 429]);
        expect((await gw.request('POST', '/oauth/token', { headers: from('203.0.113.7'), body: good })).status).toBe(429);
        // Spoofing the owner's address on the left does not borrow the owner's budget either.
        expect((await gw.request('POST', '/oauth/token', { headers: from('192.0.2.10, 203.0.113.7'), body: good })).status).toBe(429);
        // The owner, from its own address, is not locked out.
        const owner = await gw.request('POST', '/oauth/token', { headers: from('192.0.2.10'), body: good });
        expect(owner.status).toBe(200);
        expect((await gw.request('POST', '/oauth/revoke', { headers: from('192.0.2.10'), body: good })).status).toBe(200);

        // The per-address budget (five times the per-client one) still holds across client ids.
        const perAddress: number[] = [];
        for (let i = 0; i < 17; i++) {
          perAddress.push((await gw.request('POST', '/oauth/token', { headers: from('203.0.113.9'), body: { ...bad, client_id: `cli-guess${i}` } })).status);
        }
        expect(perAddress).toEqual([...Array(15).fill(401), 429, 429]);
        expect((await gw.request('POST', '/oauth/token', { headers: from('203.0.113.9'), body: good })).status).toBe(429);
      } finally {
        await gw.close();
      }
    },
  );
});

describe.each(dialects)('the first signing key on $name', (dialect) => {
  it('is made once the server listens, not during start-up; tokens and the JWKS wait for it and use it', async () => {
    const gateway = await createGateway(loadConfig(await testEnv(dialect)));
    const keys = () => gateway.database.db.selectFrom('signing_keys').select('kid').execute();
    try {
      expect(await keys()).toEqual([]);
      const gw = new TestGateway(gateway, await gateway.app.listen({ port: 0, host: '127.0.0.1' }));
      // At once, while the key may still be in the making.
      const token = await (await gw.client()).token();
      const made = await keys();
      expect(made).toHaveLength(1);
      expect(decodeProtectedHeader(token).kid).toBe(made[0]!.kid);
      const jwks = await gw.request<{ keys: Array<{ kid: string }> }>('GET', '/.well-known/jwks.json');
      expect(jwks.body.keys.map((k) => k.kid)).toEqual([made[0]!.kid]);
      await jwtVerify(token, createLocalJWKSet(jwks.body as Parameters<typeof createLocalJWKSet>[0]), { audience: AUDIENCE });
    } finally {
      await gateway.close();
    }
  });
});
