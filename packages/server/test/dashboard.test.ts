/**
 * The dashboard's server side over HTTP (docs/dashboard.md): sign-in and
 * sessions, CSRF, one-time links, roles, API keys, the pass-through to /v1,
 * the separation of sessions and API tokens, and the app's files.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { AUDIENCE, startGateway, type Reply, type TestClient, type TestGateway } from './support/gateway.js';
import { createDashboardUser, sessionCookie, signIn, type DashboardSession } from './support/dashboard.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';
import { eventually } from './support/wait.js';
import { enqueueJob } from '../src/jobs/store.js';
import { MAINTENANCE_JOB } from '../src/jobs/maintenance.js';

const PASSWORD = 'correct horse battery staple';
let counter = 0;
const email = (name: string) => `${name}-${Date.now().toString(36)}-${counter++}@example.com`;
const errorOf = (reply: Reply<unknown>) => (reply.body as { error: { code: string; details: Array<{ field: string }> } }).error;

describe.each(dialects)('the dashboard on $name', (dialect) => {
  let gw: TestGateway;
  let api: TestClient;
  let apiToken: string;
  let owner: DashboardSession;
  let viewer: DashboardSession;
  let developer: DashboardSession;
  let ownerEmail: string;

  beforeAll(async () => {
    gw = await startGateway(dialect, { DASHBOARD_SIGN_IN_FAILURE_LIMIT: '3', TOKEN_REVOCATION_CACHE_MS: '60000' });
    api = await gw.client();
    apiToken = await api.token();
    ownerEmail = email('owner');
    const organizationId = api.organizationId;
    await createDashboardUser(gw, { email: ownerEmail, password: PASSWORD, role: 'owner', organizationId });
    const viewerUser = await createDashboardUser(gw, { email: email('viewer'), password: PASSWORD, role: 'viewer', organizationId });
    const developerUser = await createDashboardUser(gw, { email: email('developer'), password: PASSWORD, role: 'developer', organizationId });
    owner = await signIn(gw, ownerEmail, PASSWORD);
    viewer = await signIn(gw, viewerUser.email, PASSWORD);
    developer = await signIn(gw, developerUser.email, PASSWORD);
  });
  afterAll(() => gw.close());

  describe('sign-in and sessions', () => {
    it('signs in with e-mail (any case) and password, sets a session cookie with the right flags, and signs out everywhere', async () => {
      const signedIn = await gw.request<{
        user: { email: string; role: string };
        organization: { id: string };
        organizations: Array<{ id: string }>;
        csrf_token: string;
      }>('POST', '/dashboard/api/session', { body: { email: ownerEmail.toUpperCase(), password: PASSWORD } });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user).toMatchObject({ email: ownerEmail, role: 'owner' });
      expect(signedIn.body.organization.id).toBe(api.organizationId);
      expect(signedIn.body.organizations[0]!.id).toBe(api.organizationId);
      expect(signedIn.body.csrf_token.length).toBeGreaterThan(20);
      const setCookie = signedIn.headers.get('set-cookie')!;
      expect(setCookie).toMatch(/^pasarela_dashboard=[A-Za-z0-9_-]{43};/);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Lax');
      expect(setCookie).toContain('Path=/dashboard');
      // Plain HTTP in the sandbox: a Secure cookie would never come back.
      expect(setCookie).not.toContain('Secure');

      const cookie = sessionCookie(signedIn)!;
      // Only a hash of the session id is stored.
      const rows = await gw.db.selectFrom('dashboard_sessions').select('id_hash').execute();
      expect(rows.some((r) => r.id_hash === cookie)).toBe(false);

      const headers = { cookie: `pasarela_dashboard=${cookie}` };
      expect((await gw.request('GET', '/dashboard/api/session', { headers })).status).toBe(200);
      const out = await gw.request('DELETE', '/dashboard/api/session', { headers: { ...headers, 'x-csrf-token': signedIn.body.csrf_token } });
      expect(out.status).toBe(204);
      expect(out.headers.get('set-cookie')).toMatch(/pasarela_dashboard=;.*Max-Age=0/);
      // Who is signed in: nobody (204, no body), and the ended session's cookie is cleared.
      const after = await gw.request('GET', '/dashboard/api/session', { headers });
      expect(after.status).toBe(204);
      expect(after.text).toBe('');
      expect(after.headers.get('set-cookie')).toMatch(/pasarela_dashboard=;.*Max-Age=0/);
      expect((await gw.request('GET', '/dashboard/api/v1/payments', { headers })).status).toBe(401);
      // Without any cookie: 204 too, and no cookie set.
      const none = await gw.request('GET', '/dashboard/api/session');
      expect(none.status).toBe(204);
      expect(none.headers.get('set-cookie')).toBeNull();
    });

    it('sets the cookie Secure when the browser came over HTTPS', async () => {
      const behindProxy = await startGateway(dialect, { TRUST_PROXY: '1' });
      try {
        const user = await createDashboardUser(behindProxy, { email: email('https'), password: PASSWORD, role: 'viewer' });
        const reply = await behindProxy.request('POST', '/dashboard/api/session', {
          body: { email: user.email, password: PASSWORD },
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(reply.status).toBe(200);
        expect(reply.headers.get('set-cookie')).toMatch(/; Secure$/);
      } finally {
        await behindProxy.close();
      }
    });

    it('answers 401 to a wrong password or an unknown address, then 429 once the budget per e-mail and address is spent', async () => {
      const target = await createDashboardUser(gw, { email: email('guessed'), password: PASSWORD, role: 'viewer', organizationId: api.organizationId });
      const unknown = await gw.request('POST', '/dashboard/api/session', { body: { email: email('nobody'), password: PASSWORD } });
      expect(unknown.status).toBe(401);
      expect(unknown.headers.get('set-cookie')).toBeNull();
      for (let i = 0; i < 3; i++) {
        const wrong = await gw.request('POST', '/dashboard/api/session', { body: { email: target.email, password: `wrong password ${i}` } });
        expect(wrong.status).toBe(401);
        expect(errorOf(wrong).code).toBe('unauthorized');
      }
      // Spent: even the right password is refused until the window ends.
      const limited = await gw.request('POST', '/dashboard/api/session', { body: { email: target.email, password: PASSWORD } });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another person at the same address is not locked out.
      const other = await createDashboardUser(gw, { email: email('other'), password: PASSWORD, role: 'viewer', organizationId: api.organizationId });
      expect((await gw.request('POST', '/dashboard/api/session', { body: { email: other.email, password: PASSWORD } })).status).toBe(200);
    });

    it('ends a session after the idle time and after the absolute lifetime, deleting it', async () => {
      for (const column of ['last_seen_at', 'expires_at'] as const) {
        const session = await signIn(gw, ownerEmail, PASSWORD);
        expect((await session.request('GET', '/dashboard/api/session')).status).toBe(200);
        const before = await gw.db.selectFrom('dashboard_sessions').select('id_hash').execute();
        // 31 minutes ago: past DASHBOARD_SESSION_IDLE_MINUTES (30); an absolute end in the past.
        const past = new Date(Date.now() - 31 * 60_000).toISOString();
        await gw.db
          .updateTable('dashboard_sessions')
          .set({ [column]: past })
          .where('created_at', '>=', new Date(Date.now() - 60_000).toISOString())
          .where('last_seen_at', '>', past)
          .execute();
        expect((await session.request('GET', '/dashboard/api/session')).status).toBe(204);
        const after = await gw.db.selectFrom('dashboard_sessions').select('id_hash').execute();
        expect(after.length).toBeLessThan(before.length);
        owner = await signIn(gw, ownerEmail, PASSWORD);
        viewer = await signIn(gw, (viewer.body.user as { email: string }).email, PASSWORD);
        developer = await signIn(gw, (developer.body.user as { email: string }).email, PASSWORD);
      }
    });

    it('the maintenance job deletes ended sessions nobody presents again', async () => {
      const session = await signIn(gw, ownerEmail, PASSWORD);
      const count = async () => (await gw.db.selectFrom('dashboard_sessions').select('id_hash').execute()).length;
      const before = await count();
      const idHash = createHash('sha256').update(session.cookie).digest('hex');
      await gw.db
        .updateTable('dashboard_sessions')
        .set({ last_seen_at: new Date(Date.now() - 31 * 60_000).toISOString() })
        .where('id_hash', '=', idHash)
        .execute();
      const job = (await enqueueJob(gw.db, { type: MAINTENANCE_JOB }, gw.gateway.clock))!;
      await eventually(
        () => gw.db.selectFrom('jobs').select('status').where('id', '=', job).executeTakeFirst(),
        (row) => row?.status === 'completed' || row === undefined,
      );
      expect(await count()).toBeLessThan(before);
      // Live sessions stay.
      expect((await owner.request('GET', '/dashboard/api/session')).status).toBe(200);
      expect(await gw.db.selectFrom('dashboard_sessions').select('id_hash').where('id_hash', '=', idHash).executeTakeFirst()).toBeUndefined();
      expect((await session.request('GET', '/dashboard/api/session')).status).toBe(204);
    });

    it("refuses a state-changing request without the session's CSRF token", async () => {
      const create = { name: 'csrf key', permissions: ['payments:read'] };
      const missing = await owner.request('POST', '/dashboard/api/keys', { body: create, csrf: false });
      expect(missing.status).toBe(403);
      const wrong = await owner.request('POST', '/dashboard/api/keys', { body: create, headers: { 'x-csrf-token': viewer.csrfToken }, csrf: false });
      expect(wrong.status).toBe(403);
      const passthrough = await owner.request('POST', '/v1/organizations'.replace(/^/, '/dashboard/api'), { body: { name: 'x' }, csrf: false });
      expect(passthrough.status).toBe(403);
      const signOut = await owner.request('DELETE', '/dashboard/api/session', { csrf: false });
      expect(signOut.status).toBe(403);
      expect((await owner.request('GET', '/dashboard/api/session')).status).toBe(200);
      // Nothing was created.
      const keys = await owner.request<{ data: Array<{ name: string }> }>('GET', '/dashboard/api/keys');
      expect(keys.body.data.map((k) => k.name)).not.toContain('csrf key');
    });
  });

  describe('one-time links', () => {
    it("an owner's invitation works once: the invitee sets a password (>= 12 characters) and is signed in with the role", async () => {
      const invitee = email('invitee');
      const invited = await owner.request<{ url: string; role: string; expires_at: string }>('POST', '/dashboard/api/invitations', {
        body: { role: 'viewer', email: invitee },
      });
      expect(invited.status).toBe(201);
      expect(invited.body.url).toMatch(new RegExp(`^${AUDIENCE}/dashboard/welcome#token=[A-Za-z0-9_-]{43}$`));
      const token = new URLSearchParams(new URL(invited.body.url).hash.slice(1)).get('token')!;
      // Stored hashed.
      expect(await gw.db.selectFrom('dashboard_links').select('id').where('token_hash', '=', token).executeTakeFirst()).toBeUndefined();

      const described = await gw.request('POST', '/dashboard/api/password/link', { body: { token } });
      expect(described.status).toBe(200);
      expect(described.body).toMatchObject({ email: invitee, role: 'viewer' });

      const short = await gw.request('POST', '/dashboard/api/password', { body: { token, password: 'short pass' } });
      expect(short.status).toBe(422);
      expect(errorOf(short).details[0]!.field).toBe('password');

      // Two uses at once: one wins. The address is the invitation's, whatever the invitee sends.
      const uses = await Promise.all(
        [0, 1].map(() =>
          gw.request<{ user: { role: string; email: string } }>('POST', '/dashboard/api/password', {
            body: { token, password: PASSWORD, email: email('other') },
          }),
        ),
      );
      expect(uses.map((u) => u.status).sort()).toEqual([200, 404]);
      const winner = uses.find((u) => u.status === 200)!;
      expect(winner.body.user).toMatchObject({ role: 'viewer', email: invitee });
      expect(sessionCookie(winner)).toBeTruthy();
      expect((await gw.request('POST', '/dashboard/api/password/link', { body: { token } })).status).toBe(404);
      expect((await gw.request('POST', '/dashboard/api/password', { body: { token, password: PASSWORD, email: email('late') } })).status).toBe(404);

      const session = await signIn(gw, invitee, PASSWORD);
      expect((session.body.user as { role: string }).role).toBe('viewer');
      const members = await owner.request<{ data: Array<{ email: string; role: string }> }>('GET', '/dashboard/api/members');
      expect(members.body.data).toContainEqual(expect.objectContaining({ email: invitee, role: 'viewer' }));
    });

    it('an expired link is refused; only owners invite', async () => {
      const invited = await owner.request<{ url: string }>('POST', '/dashboard/api/invitations', { body: { role: 'developer', email: email('late') } });
      const token = new URLSearchParams(new URL(invited.body.url).hash.slice(1)).get('token')!;
      await gw.db
        .updateTable('dashboard_links')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('used_at', 'is', null)
        .execute();
      expect((await gw.request('POST', '/dashboard/api/password/link', { body: { token } })).status).toBe(404);
      expect((await gw.request('POST', '/dashboard/api/password', { body: { token, password: PASSWORD } })).status).toBe(404);
      expect((await developer.request('POST', '/dashboard/api/invitations', { body: { role: 'owner', email: email('x') } })).status).toBe(403);
      expect((await viewer.request('POST', '/dashboard/api/invitations', { body: { role: 'viewer', email: email('x') } })).status).toBe(403);
    });
  });

  describe('API keys', () => {
    it('a key created in the dashboard (secret shown once) gets a token; revoking it refuses the token', async () => {
      const permissions = await owner.request<{ data: Array<{ resource: string; permissions: Array<{ name: string; description: string }> }> }>(
        'GET',
        '/dashboard/api/permissions',
      );
      expect(permissions.body.data.find((g) => g.resource === 'payments')!.permissions.map((p) => p.name)).toEqual([
        'payments:read',
        'payments:write',
        'payments:refund',
      ]);

      const created = await developer.request<{ client_id: string; client_secret: string; permissions: string[] }>('POST', '/dashboard/api/keys', {
        body: { name: 'Shop backend', permissions: ['payments:write', 'payments:read'] },
      });
      expect(created.status).toBe(201);
      expect(created.body.permissions).toEqual(['payments:read', 'payments:write']);
      const { client_id, client_secret } = created.body;

      const token = await gw.request<{ access_token: string; scope: string }>('POST', '/oauth/token', {
        body: { grant_type: 'client_credentials', client_id, client_secret, audience: AUDIENCE },
      });
      expect(token.status).toBe(200);
      expect(token.body.scope).toBe('payments:read payments:write');
      const bearer = token.body.access_token;
      expect((await gw.request('GET', '/v1/payments', { token: bearer })).status).toBe(200);

      const listed = await owner.request<{ data: Array<{ client_id: string; name: string; status: string; last_used_at: string | null }> }>(
        'GET',
        '/dashboard/api/keys',
      );
      const row = listed.body.data.find((k) => k.client_id === client_id)!;
      expect(row).toMatchObject({ name: 'Shop backend', status: 'active' });
      expect(row.last_used_at).not.toBeNull();
      expect(listed.text).not.toContain(client_secret);

      const revoked = await owner.request<{ status: string }>('DELETE', `/dashboard/api/keys/${client_id}`);
      expect(revoked.status).toBe(200);
      expect(revoked.body.status).toBe('revoked');
      // This process refuses it at once, although TOKEN_REVOCATION_CACHE_MS is a minute here.
      expect((await gw.request('GET', '/v1/payments', { token: bearer })).status).toBe(401);
      const again = await gw.request('POST', '/oauth/token', { body: { grant_type: 'client_credentials', client_id, client_secret, audience: AUDIENCE } });
      expect(again.status).toBe(401);
    });

    it('validates the name and the permissions against the permission list', async () => {
      const unknown = await owner.request('POST', '/dashboard/api/keys', { body: { name: 'x', permissions: ['payments:read', 'root:all'] } });
      expect(unknown.status).toBe(422);
      expect(
        errorOf(unknown)
          .details.map((d) => d.field)
          .join(' '),
      ).toMatch(/permissions/);
      expect((await owner.request('POST', '/dashboard/api/keys', { body: { name: 'x', permissions: [] } })).status).toBe(422);
      expect((await owner.request('POST', '/dashboard/api/keys', { body: { name: '   ', permissions: ['payments:read'] } })).status).toBe(422);
    });

    it("GET /v1/clients lists the organization's clients without secrets, for clients:read", async () => {
      const reader = await gw.client({ scopes: ['clients:read'], organizationId: api.organizationId });
      const stranger = await gw.client();
      const list = await gw.request<{ data: Array<{ client_id: string; permissions: string[]; status: string }>; has_more: boolean }>(
        'GET',
        '/v1/clients?limit=100',
        { token: await reader.token() },
      );
      expect(list.status).toBe(200);
      const ids = list.body.data.map((c) => c.client_id);
      expect(ids).toContain(api.clientId);
      expect(ids).toContain(reader.clientId);
      expect(ids).not.toContain(stranger.clientId);
      expect(list.body.data.find((c) => c.client_id === reader.clientId)).toMatchObject({ permissions: ['clients:read'], status: 'active' });
      expect(list.text).not.toContain(reader.secret);
      expect(list.text).not.toContain('secret_hash');
      // Each carries `id` (its client id), the cursor of the next page: a walk by it ends, each client once.
      const walked: string[] = [];
      for (let cursor = '', requests = 0; ; requests++) {
        expect(requests).toBeLessThan(list.body.data.length + 1);
        const page = await gw.request<{ data: Array<{ id: string; client_id: string }>; has_more: boolean }>('GET', `/v1/clients?limit=1${cursor}`, {
          token: await reader.token(),
        });
        for (const c of page.body.data) expect(c.id).toBe(c.client_id);
        walked.push(...page.body.data.map((c) => c.id));
        if (!page.body.has_more) break;
        cursor = `&starting_after=${page.body.data.at(-1)!.id}`;
      }
      expect(walked).toEqual(ids);
      expect((await gw.request('GET', '/v1/clients', { token: await (await gw.client({ scopes: ['payments:read'] })).token() })).status).toBe(403);
    });
  });

  describe('roles and the pass-through to /v1', () => {
    let captured: PaymentReply;
    let authorized: PaymentReply;

    beforeAll(async () => {
      const instrumentId = await tokenize(gw, apiToken, { number: '4242424242424242' });
      const first = (await pay(gw, apiToken, { instrumentId, amount: 500, capture: false })).body;
      captured = (await gw.request<PaymentReply>('POST', `/v1/payments/${first.id}/capture`, { token: apiToken, body: {} })).body;
      expect(captured.captured_at).not.toBeNull();
      authorized = (await pay(gw, apiToken, { instrumentId, amount: 300, capture: false })).body;
    });

    it('a viewer reads but cannot capture, refund, create keys or reveal a webhook secret (403)', async () => {
      const list = await viewer.request<{ data: Array<{ id: string }> }>('GET', '/dashboard/api/v1/payments?limit=100');
      expect(list.status).toBe(200);
      expect(list.body.data.map((p) => p.id)).toContain(captured.id);
      expect((await viewer.request('GET', `/dashboard/api/v1/payments/${captured.id}`)).body).toMatchObject({ id: captured.id });

      expect((await viewer.request('POST', `/dashboard/api/v1/payments/${authorized.id}/capture`, { body: {} })).status).toBe(403);
      expect((await viewer.request('POST', `/dashboard/api/v1/payments/${captured.id}/refund`, { body: { amount: 100 } })).status).toBe(403);
      expect((await viewer.request('POST', '/dashboard/api/keys', { body: { name: 'no', permissions: ['payments:read'] } })).status).toBe(403);
      expect((await viewer.request('DELETE', `/dashboard/api/keys/${api.clientId}`)).status).toBe(403);

      const endpoint = await owner.request<{ id: string }>('POST', '/dashboard/api/v1/webhooks', {
        body: { url: 'http://127.0.0.1:9999/hook', events: ['payment.card.approved'] },
      });
      expect(endpoint.status).toBe(201);
      expect((await viewer.request('GET', `/dashboard/api/v1/webhooks/${endpoint.body.id}/secret`)).status).toBe(403);
      const secret = await developer.request<{ secret: string }>('GET', `/dashboard/api/v1/webhooks/${endpoint.body.id}/secret`);
      expect(secret.status).toBe(200);
      expect(secret.body.secret).toMatch(/^whsec_/);
      // Nothing moved.
      const after = await gw.request<PaymentReply>('GET', `/v1/payments/${captured.id}`, { token: apiToken });
      expect(after.body.amount_refunded).toBe(captured.amount_refunded);
    });

    it('an owner captures and refunds through the real /v1 routes, with idempotency per user', async () => {
      const capture = await owner.request<PaymentReply>('POST', `/dashboard/api/v1/payments/${authorized.id}/capture`, { body: {} });
      expect(capture.status).toBe(200);
      expect(capture.body.captured_at).not.toBeNull();

      const headers = { 'idempotency-key': `refund-${Date.now()}` };
      const refund = await owner.request<{ id: string; amount: string }>('POST', `/dashboard/api/v1/payments/${captured.id}/refund`, {
        body: { amount: 100 },
        headers,
      });
      expect(refund.status).toBe(201);
      const replay = await owner.request<{ id: string }>('POST', `/dashboard/api/v1/payments/${captured.id}/refund`, { body: { amount: 100 }, headers });
      expect(replay.status).toBe(201);
      expect(replay.body.id).toBe(refund.body.id);
      const payment = await gw.request<PaymentReply>('GET', `/v1/payments/${captured.id}`, { token: apiToken });
      expect(Number(payment.body.amount_refunded)).toBe(Number(refund.body.amount));

      // Bad input keeps the API's own answer.
      const bad = await owner.request('POST', `/dashboard/api/v1/payments/${captured.id}/refund`, { body: { amount: 'lots' } });
      expect(bad.status).toBe(422);
      expect(errorOf(bad).code).toBe('validation_failed');
    });

    it("another organization's objects are 404, and so is an organization the user may not see", async () => {
      const other = await gw.client();
      const otherToken = await other.token();
      const theirs = (await pay(gw, otherToken, { instrumentId: await tokenize(gw, otherToken, { number: '4242424242424242' }) })).body;
      expect((await owner.request('GET', `/dashboard/api/v1/payments/${theirs.id}`)).status).toBe(404);
      expect((await owner.request('POST', `/dashboard/api/v1/payments/${theirs.id}/refund`, { body: { amount: 10 } })).status).toBe(404);
      expect((await owner.request('DELETE', `/dashboard/api/keys/${other.clientId}`)).status).toBe(404);
      expect((await owner.request('GET', '/dashboard/api/v1/payments', { headers: { 'x-pasarela-organization': other.organizationId } })).status).toBe(404);
      expect((await owner.request('GET', '/dashboard/api/keys', { headers: { 'x-pasarela-organization': other.organizationId } })).status).toBe(404);

      // A sub-organization the user's organization registered: allowed, and its own tenancy.
      const sub = await owner.request<{ id: string }>('POST', '/dashboard/api/v1/organizations', { body: { name: 'Tienda Norte' } });
      expect(sub.status).toBe(201);
      const inSub = await owner.request<{ data: unknown[] }>('GET', '/dashboard/api/v1/payments', { headers: { 'x-pasarela-organization': sub.body.id } });
      expect(inSub.status).toBe(200);
      expect(inSub.body.data).toEqual([]);
      const session = await owner.request<{ organizations: Array<{ id: string }> }>('GET', '/dashboard/api/session');
      expect(session.body.organizations.map((o) => o.id)).toContain(sub.body.id);
    });
  });

  describe('sessions and API tokens do not mix', () => {
    it('an API token reaches nothing under /dashboard/api', async () => {
      for (const path of ['/dashboard/api/keys', '/dashboard/api/v1/payments', '/dashboard/api/members']) {
        const reply = await gw.request('GET', path, { token: apiToken });
        expect(reply.status).toBe(401);
      }
      // Nobody is signed in for it.
      expect((await gw.request('GET', '/dashboard/api/session', { token: apiToken })).status).toBe(204);
      // The pass-through reaches /v1 routes only.
      for (const path of ['/dashboard/api/v1/../oauth/token', '/dashboard/api/v1/%2e%2e/healthz', '/dashboard/api/v1/..%2f..%2fmetrics']) {
        expect((await owner.request('GET', path)).status).toBe(404);
      }
      const create = await gw.request('POST', '/dashboard/api/keys', { token: apiToken, body: { name: 'stolen', permissions: ['payments:read'] } });
      expect(create.status).toBe(401);
    });

    it('a session cookie is not a Bearer token, and the internal header cannot be forged', async () => {
      expect((await gw.request('GET', '/v1/payments', { token: owner.cookie })).status).toBe(401);
      expect((await gw.request('GET', '/v1/payments', { headers: { cookie: `pasarela_dashboard=${owner.cookie}` } })).status).toBe(401);
      expect((await gw.request('GET', '/v1/payments', { token: owner.csrfToken })).status).toBe(401);
      const forged = await gw.request('GET', '/v1/payments', { headers: { 'x-pasarela-internal-principal': owner.cookie } });
      expect(forged.status).toBe(401);
      const both = await gw.request('GET', '/v1/payments', { token: apiToken, headers: { 'x-pasarela-internal-principal': 'x' } });
      expect(both.status).toBe(401);
    });
  });

  describe("the app's files", () => {
    it("serves the built app with its CSP, long-cached hashed assets, and index.html for the app's routes", async () => {
      const dist = mkdtempSync(join(tmpdir(), 'dashboard-dist-'));
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Pasarela</title><script type="module" src="/dashboard/assets/index-abc123.js"></script>');
      writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
      const site = await startGateway(dialect, {}, { dashboardDist: dist });
      try {
        const bare = await fetch(`${site.baseUrl}/dashboard`, { redirect: 'manual' });
        expect(bare.status).toBe(302);
        expect(bare.headers.get('location')).toBe('/dashboard/');
        for (const path of ['/dashboard/', '/dashboard/payments/pay-123', '/dashboard/welcome?token=abc']) {
          const page = await site.request('GET', path);
          expect(page.status).toBe(200);
          expect(page.headers.get('content-type')).toMatch(/^text\/html/);
          expect(page.text).toContain('<title>Pasarela</title>');
          expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'; style-src 'self'/);
          expect(page.headers.get('cache-control')).toBe('no-cache');
          expect(page.headers.get('x-frame-options')).toBe('DENY');
        }
        const script = await site.request('GET', '/dashboard/assets/index-abc123.js');
        expect(script.status).toBe(200);
        expect(script.headers.get('content-type')).toMatch(/^application\/javascript/);
        expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const etag = script.headers.get('etag')!;
        expect((await site.request('GET', '/dashboard/assets/index-abc123.js', { headers: { 'if-none-match': etag } })).status).toBe(304);
        expect((await site.request('GET', '/dashboard/assets/gone-999.js')).status).toBe(404);
        expect((await site.request('GET', '/dashboard/favicon.ico')).status).toBe(404);
        const api404 = await site.request('GET', '/dashboard/api/nothing-here');
        expect(api404.status).toBe(404);
        expect(api404.headers.get('content-type')).toMatch(/json/);
      } finally {
        await site.close();
      }
    });

    it('answers a helpful 503 page when the app is not built', async () => {
      const site = await startGateway(dialect, {}, { dashboardDist: join(tmpdir(), 'no-such-dashboard-dist') });
      try {
        const page = await site.request('GET', '/dashboard/', { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
        expect(page.status).toBe(503);
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
        expect(page.text).toContain('npm run build');
        const api = await site.request('GET', '/dashboard/payments');
        expect(api.status).toBe(503);
        expect(errorOf(api).code).toBe('service_unavailable');
        // The API still answers.
        expect((await site.request('GET', '/dashboard/api/session')).status).toBe(204);
      } finally {
        await site.close();
      }
    });
  });
});
