/**
 * The dashboard's accounts under attack (docs/security.md, "Accounts and
 * access"): one-time tokens kept out of paths and logs, removing and
 * re-roling people, sign-in budgets, invitations that reveal nothing about
 * other organizations, password hashing, and the keys a role may create.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestClient, type TestGateway } from './support/gateway.js';
import { createDashboardUser, signIn, type DashboardSession } from './support/dashboard.js';

const PASSWORD = 'correct horse battery staple';
let counter = 0;
const email = (name: string) => `${name}-${Date.now().toString(36)}-${counter++}@example.com`;
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
