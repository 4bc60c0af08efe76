/**
 * The dashboard's accounts under attack (docs/security.md, "Accounts and
 * access"): one-time tokens kept out of paths and logs, removing and
 * re-roling people, sign-in budgets, invitations that reveal nothing about
 * other organizations, password hashing, and the keys a role may create.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type Reply, type TestClient, type TestGateway } from './support/gateway.js';
import { createDashboardUser, signIn, type DashboardSession } from './support/dashboard.js';

const PASSWORD = 'correct horse battery staple';
let counter = 0;
const email = (name: string) => `${name}-${Date.now().toString(36)}-${counter++}@example.com`;
const errorOf = (reply: Reply<unknown>) => (reply.body as { error: { code: string; message: string; details: Array<{ field: string; message: string }> } }).error;
const tokenOf = (url: string) => new URLSearchParams(new URL(url).hash.slice(1)).get('token')!;

describe.each(dialects)('dashboard accounts on $name', (dialect) => {
  let gw: TestGateway;
  let api: TestClient;
  let owner: DashboardSession;
  const lines: string[] = [];

  beforeAll(async () => {
    gw = await startGateway(dialect, { LOG_LEVEL: 'info', TOKEN_REVOCATION_CACHE_MS: '0' }, { logStream: { write: (line: string) => void lines.push(line) } });
    api = await gw.client();
    const ownerUser = await createDashboardUser(gw, { email: email('owner'), password: PASSWORD, role: 'owner', organizationId: api.organizationId });
    owner = await signIn(gw, ownerUser.email, PASSWORD);
  });
  afterAll(() => gw?.close());

  describe('keys and sessions made from the dashboard (A11)', () => {
    it('a developer cannot create a key with a permission the role withholds; an owner can', async () => {
      const developerUser = await createDashboardUser(gw, { email: email('developer'), password: PASSWORD, role: 'developer', organizationId: api.organizationId });
      const developer = await signIn(gw, developerUser.email, PASSWORD);
      const withheld = ['instruments:read-sensitive-data', 'payment-instructions:ws', 'clients:read'];
      const refused = await developer.request('POST', '/dashboard/api/keys', { body: { name: 'too much', permissions: ['payments:read', ...withheld] } });
      expect(refused.status).toBe(403);
      expect(errorOf(refused).details.map((d) => d.field)).toEqual(['permissions.1', 'permissions.2', 'permissions.3']);
      const keys = await developer.request<{ data: Array<{ name: string }> }>('GET', '/dashboard/api/keys');
      expect(keys.body.data.map((k) => k.name)).not.toContain('too much');
      expect((await developer.request('POST', '/dashboard/api/keys', { body: { name: 'fine', permissions: ['payments:read', 'payments:write'] } })).status).toBe(201);
      expect((await owner.request('POST', '/dashboard/api/keys', { body: { name: 'terminal', permissions: ['payment-instructions:ws'] } })).status).toBe(201);
    });

    it('a checkout session is refused from the dashboard with a clear 403, not made with a token that is always 401', async () => {
      const reply = await owner.request('POST', '/dashboard/api/v1/checkout/sessions', { body: { mode: 'payment', amount: 10, currency: 'USD' } });
      expect(reply.status).toBe(403);
      expect(errorOf(reply).message).toMatch(/API key/);
      expect(await gw.db.selectFrom('checkout_sessions').select('id').where('client_id', 'like', 'dbu-%').execute()).toEqual([]);
    });
  });

  describe('one-time tokens (A1)', () => {
    it('an invitation link carries its token in the fragment, the page reads it with a POST, and no log line holds it', async () => {
      const invited = await owner.request<{ url: string }>('POST', '/dashboard/api/invitations', { body: { role: 'viewer' } });
      expect(invited.status).toBe(201);
      expect(new URL(invited.body.url).search).toBe('');
      const token = tokenOf(invited.body.url);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const described = await gw.request('POST', '/dashboard/api/password/link', { body: { token } });
      expect(described.status).toBe(200);
      expect(described.body).toMatchObject({ email: null, role: 'viewer' });
      // The old path form is gone, and a client that still puts the token in a path does not get it logged.
      expect((await gw.request('GET', `/dashboard/api/password/${token}`)).status).toBe(404);
      expect((await gw.request('GET', `/dashboard/welcome?token=${token}`)).status).not.toBe(500);
      await new Promise((resolve) => setImmediate(resolve));
      expect(lines.some((line) => line.includes('/dashboard/api/password/[redacted]'))).toBe(true);
      expect(lines.join('\n')).not.toContain(token);
    });
  });
});
