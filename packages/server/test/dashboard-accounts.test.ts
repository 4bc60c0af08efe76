/**
 * The dashboard's accounts under attack (docs/security.md, "Accounts and
 * access"): one-time tokens kept out of paths and logs, removing and
 * re-roling people, sign-in budgets, invitations that reveal nothing about
 * other organizations, password hashing, and the keys a role may create.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { AUDIENCE, startGateway, type Reply, type TestClient, type TestGateway } from './support/gateway.js';
import { createDashboardUser, signIn, type DashboardSession } from './support/dashboard.js';
import { hashSecret } from '../src/crypto/secret-hash.js';
import { MovableTime } from './support/clock.js';

const PASSWORD = 'correct horse battery staple';
let counter = 0;
const email = (name: string) => `${name}-${Date.now().toString(36)}-${counter++}@example.com`;
const errorOf = (reply: Reply<unknown>) =>
  (reply.body as { error: { code: string; message: string; details: Array<{ field: string; message: string }> } }).error;
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
      const developerUser = await createDashboardUser(gw, {
        email: email('developer'),
        password: PASSWORD,
        role: 'developer',
        organizationId: api.organizationId,
      });
      const developer = await signIn(gw, developerUser.email, PASSWORD);
      const withheld = ['instruments:read-sensitive-data', 'payment-instructions:ws', 'clients:read'];
      const refused = await developer.request('POST', '/dashboard/api/keys', { body: { name: 'too much', permissions: ['payments:read', ...withheld] } });
      expect(refused.status).toBe(403);
      expect(errorOf(refused).details.map((d) => d.field)).toEqual(['permissions.1', 'permissions.2', 'permissions.3']);
      const keys = await developer.request<{ data: Array<{ name: string }> }>('GET', '/dashboard/api/keys');
      expect(keys.body.data.map((k) => k.name)).not.toContain('too much');
      expect(
        (await developer.request('POST', '/dashboard/api/keys', { body: { name: 'fine', permissions: ['payments:read', 'payments:write'] } })).status,
      ).toBe(201);
      expect((await owner.request('POST', '/dashboard/api/keys', { body: { name: 'terminal', permissions: ['payment-instructions:ws'] } })).status).toBe(201);
    });

    it('a checkout session is refused from the dashboard with a clear 403, not made with a token that is always 401', async () => {
      const reply = await owner.request('POST', '/dashboard/api/v1/checkout/sessions', { body: { mode: 'payment', amount: 10, currency: 'USD' } });
      expect(reply.status).toBe(403);
      expect(errorOf(reply).message).toMatch(/API key/);
      expect(await gw.db.selectFrom('checkout_sessions').select('id').where('client_id', 'like', 'dbu-%').execute()).toEqual([]);
    });
  });

  describe('members (A2)', () => {
    it('an owner re-roles, disables, signs out and removes a member, each ending their sessions at once; the last owner stays', async () => {
      const org = await gw.client();
      const boss = await createDashboardUser(gw, { email: email('boss'), password: PASSWORD, role: 'owner', organizationId: org.organizationId });
      const dev = await createDashboardUser(gw, { email: email('dev'), password: PASSWORD, role: 'developer', organizationId: org.organizationId });
      const bossSession = await signIn(gw, boss.email, PASSWORD);
      const alive = async (s: DashboardSession) => (await s.request('GET', '/dashboard/api/session')).status === 200;

      // A demotion ends the member's sessions at once.
      let devSession = await signIn(gw, dev.email, PASSWORD);
      const demoted = await bossSession.request<{ role: string }>('PATCH', `/dashboard/api/members/${dev.id}`, { body: { role: 'viewer' } });
      expect([demoted.status, demoted.body.role]).toEqual([200, 'viewer']);
      expect(await alive(devSession)).toBe(false);
      // Disabled: no session, no sign-in; enabled again: signs in.
      devSession = await signIn(gw, dev.email, PASSWORD);
      expect((await bossSession.request('PATCH', `/dashboard/api/members/${dev.id}`, { body: { disabled: true } })).status).toBe(200);
      expect(await alive(devSession)).toBe(false);
      expect((await gw.request('POST', '/dashboard/api/session', { body: { email: dev.email, password: PASSWORD } })).status).toBe(401);
      expect((await bossSession.request('PATCH', `/dashboard/api/members/${dev.id}`, { body: { disabled: false } })).status).toBe(200);
      devSession = await signIn(gw, dev.email, PASSWORD);
      // Signed out everywhere by the owner.
      expect((await bossSession.request('DELETE', `/dashboard/api/members/${dev.id}/sessions`)).status).toBe(204);
      expect(await alive(devSession)).toBe(false);
      // Only owners manage members; a member is not managed from another organization.
      devSession = await signIn(gw, dev.email, PASSWORD);
      expect((await devSession.request('PATCH', `/dashboard/api/members/${boss.id}`, { body: { role: 'viewer' } })).status).toBe(403);
      expect((await owner.request('DELETE', `/dashboard/api/members/${dev.id}`)).status).toBe(404);
      // The last owner cannot demote, disable or remove themselves.
      for (const [method, path, body] of [
        ['PATCH', `/dashboard/api/members/${boss.id}`, { role: 'developer' }],
        ['PATCH', `/dashboard/api/members/${boss.id}`, { disabled: true }],
        ['DELETE', `/dashboard/api/members/${boss.id}`, undefined],
      ] as const) {
        const refused = await bossSession.request(method, path, body ? { body } : {});
        expect([refused.status, errorOf(refused).code]).toEqual([409, 'conflict']);
      }
      expect(await alive(bossSession)).toBe(true);
      // Removed: the session ends and the person cannot sign in.
      expect((await bossSession.request('DELETE', `/dashboard/api/members/${dev.id}`)).status).toBe(200);
      expect(await alive(devSession)).toBe(false);
      expect((await gw.request('POST', '/dashboard/api/session', { body: { email: dev.email, password: PASSWORD } })).status).toBe(401);
      const members = await bossSession.request<{ data: Array<{ id: string }> }>('GET', '/dashboard/api/members');
      expect(members.body.data.map((m) => m.id)).toEqual([boss.id]);
    });

    it('pending invitations are listed and can be revoked: the link then answers 404', async () => {
      const invitee = email('pending');
      const invited = await owner.request<{ url: string }>('POST', '/dashboard/api/invitations', { body: { role: 'developer', email: invitee } });
      const pending = await owner.request<{ data: Array<{ id: string; email: string; role: string }> }>('GET', '/dashboard/api/invitations');
      const entry = pending.body.data.find((i) => i.email === invitee)!;
      expect(entry).toMatchObject({ role: 'developer' });
      expect(pending.text).not.toContain(tokenOf(invited.body.url));
      expect((await owner.request('DELETE', `/dashboard/api/invitations/${entry.id}`)).status).toBe(204);
      expect((await gw.request('POST', '/dashboard/api/password/link', { body: { token: tokenOf(invited.body.url) } })).status).toBe(404);
      expect((await gw.request('POST', '/dashboard/api/password', { body: { token: tokenOf(invited.body.url), password: PASSWORD } })).status).toBe(404);
      expect((await owner.request<{ data: Array<{ id: string }> }>('GET', '/dashboard/api/invitations')).body.data.map((i) => i.id)).not.toContain(entry.id);
    });
  });

  describe('invitations (A7)', () => {
    it("reveal nothing about another organization's accounts, and always name the address the invitee gets", async () => {
      const elsewhere = await createDashboardUser(gw, { email: email('elsewhere'), password: PASSWORD, role: 'owner' });
      const taken = await owner.request<{ url: string; role: string }>('POST', '/dashboard/api/invitations', {
        body: { role: 'viewer', email: elsewhere.email },
      });
      const fresh = await owner.request<{ url: string; role: string }>('POST', '/dashboard/api/invitations', {
        body: { role: 'viewer', email: email('fresh') },
      });
      expect([taken.status, fresh.status]).toEqual([201, 201]);
      expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
      // Our own member is named.
      const member = await owner.request('POST', '/dashboard/api/invitations', {
        body: { role: 'viewer', email: (owner.body.user as { email: string }).email },
      });
      expect([member.status, errorOf(member).code]).toEqual([409, 'conflict']);
      // No address, no invitation: the invitee could otherwise claim any address.
      const none = await owner.request('POST', '/dashboard/api/invitations', { body: { role: 'viewer' } });
      expect(none.status).toBe(422);
      expect(errorOf(none).details.map((d) => d.field)).toEqual(['email']);
      // The invitee gets the invitation's address, whatever they send.
      const invitee = email('invitee');
      const invited = await owner.request<{ url: string }>('POST', '/dashboard/api/invitations', { body: { role: 'developer', email: invitee } });
      const used = await gw.request<{ user: { email: string } }>('POST', '/dashboard/api/password', {
        body: { token: tokenOf(invited.body.url), password: PASSWORD, email: 'ceo@bank.example' },
      });
      expect([used.status, used.body.user.email]).toEqual([200, invitee]);
    });
  });

  describe('one-time tokens (A1)', () => {
    it('an invitation link carries its token in the fragment, the page reads it with a POST, and no log line holds it', async () => {
      const invited = await owner.request<{ url: string }>('POST', '/dashboard/api/invitations', { body: { role: 'viewer', email: email('a1') } });
      expect(invited.status).toBe(201);
      expect(new URL(invited.body.url).search).toBe('');
      const token = tokenOf(invited.body.url);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const described = await gw.request('POST', '/dashboard/api/password/link', { body: { token } });
      expect(described.status).toBe(200);
      expect(described.body).toMatchObject({ role: 'viewer' });
      // The old path form is gone, and a client that still puts the token in a path does not get it logged.
      expect((await gw.request('GET', `/dashboard/api/password/${token}`)).status).toBe(404);
      expect((await gw.request('GET', `/dashboard/welcome?token=${token}`)).status).not.toBe(500);
      await new Promise((resolve) => setImmediate(resolve));
      expect(lines.some((line) => line.includes('/dashboard/api/password/[redacted]'))).toBe(true);
      expect(lines.join('\n')).not.toContain(token);
    });
  });

  describe('password hashing and breached passwords (A9)', () => {
    const costOf = (hash: string | null | undefined) => hash?.split('$').slice(1, -2);
    /** A gateway at the default cost (the other tests' gateways hash at the sandbox's least, support/gateway.ts). */
    let byDefault: TestGateway;
    let organizationId: string;
    beforeAll(async () => {
      // Empty is unset: the default.
      byDefault = await startGateway(dialect, { DASHBOARD_PASSWORD_SCRYPT_LOG_N: '' });
      organizationId = (await byDefault.client()).organizationId;
    });
    afterAll(() => byDefault?.close());

    it("a new user's password is stored with scrypt at N=2^17, r=8, p=1, the parameters beside the hash", async () => {
      const user = await createDashboardUser(byDefault, { email: email('cost'), password: PASSWORD, role: 'viewer', organizationId });
      const row = await byDefault.db.selectFrom('dashboard_users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(costOf(row.password_hash)).toEqual(['131072', '8', '1']);
      expect((await byDefault.request('POST', '/dashboard/api/session', { body: { email: user.email, password: PASSWORD } })).status).toBe(200);
    });

    it('a hash made at the old cost (N=16384) still signs in, and is then replaced by one at the new cost', async () => {
      const user = await createDashboardUser(byDefault, { email: email('legacy'), password: PASSWORD, role: 'viewer', organizationId });
      const legacy = await hashSecret(PASSWORD);
      expect(legacy.split('$')[1]).toBe('16384');
      await byDefault.db.updateTable('dashboard_users').set({ password_hash: legacy }).where('id', '=', user.id).execute();

      expect((await byDefault.request('POST', '/dashboard/api/session', { body: { email: user.email, password: 'not the password at all' } })).status).toBe(
        401,
      );
      expect((await byDefault.db.selectFrom('dashboard_users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow()).password_hash).toBe(
        legacy,
      );

      expect((await byDefault.request('POST', '/dashboard/api/session', { body: { email: user.email, password: PASSWORD } })).status).toBe(200);
      const row = await byDefault.db.selectFrom('dashboard_users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(costOf(row.password_hash)).toEqual(['131072', '8', '1']);
      expect((await byDefault.request('POST', '/dashboard/api/session', { body: { email: user.email, password: PASSWORD } })).status).toBe(200);
    });

    it("a gateway set to the sandbox's least cost (DASHBOARD_PASSWORD_SCRYPT_LOG_N=14) hashes at N=2^14 and signs in with it", async () => {
      const user = await createDashboardUser(gw, { email: email('cheap'), password: PASSWORD, role: 'viewer', organizationId: api.organizationId });
      const row = await gw.db.selectFrom('dashboard_users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(costOf(row.password_hash)).toEqual(['16384', '8', '1']);
      expect((await gw.request('POST', '/dashboard/api/session', { body: { email: user.email, password: PASSWORD } })).status).toBe(200);
    });

    it('a password from the breached-password list is refused with a 422 naming the field, whatever its case; the link stays usable', async () => {
      const invited = await owner.request<{ url: string }>('POST', '/dashboard/api/invitations', { body: { role: 'viewer', email: email('breached') } });
      const token = tokenOf(invited.body.url);
      for (const password of ['qwertyuiop123', 'LeaveMeAlone', '1qaz2wsx3edc']) {
        const refused = await gw.request('POST', '/dashboard/api/password', { body: { token, password } });
        expect(refused.status).toBe(422);
        expect(errorOf(refused).details).toEqual([{ field: 'password', message: expect.stringMatching(/breach/) }]);
      }
      expect((await gw.request('POST', '/dashboard/api/password', { body: { token, password: PASSWORD } })).status).toBe(200);
    });
  });

  describe('sign-in budgets (A3)', () => {
    // A fresh block of addresses per run: on PostgreSQL the counters outlive one gateway.
    const run = Date.now().toString(16).slice(-4);
    let proxied: TestGateway;
    beforeAll(async () => {
      proxied = await startGateway(dialect, { TRUST_PROXY: '1', DASHBOARD_SIGN_IN_FAILURE_LIMIT: '2', TOKEN_FAILURE_LIMIT: '2' });
    });
    afterAll(() => proxied?.close());
    const from = (ip: string) => ({ 'x-forwarded-for': ip });

    it('guesses spread over many addresses spend a per-account budget; the account is then locked, and the owner sees until when', async () => {
      const org = await proxied.client();
      const boss = await createDashboardUser(proxied, { email: email('lock-owner'), password: PASSWORD, role: 'owner', organizationId: org.organizationId });
      const target = await createDashboardUser(proxied, {
        email: email('lock-target'),
        password: PASSWORD,
        role: 'viewer',
        organizationId: org.organizationId,
      });
      const statuses: number[] = [];
      // Six addresses, one guess each: no per-address budget (2) is spent, the account's (3 × 2) is.
      for (let i = 0; i < 6; i++) {
        statuses.push(
          (
            await proxied.request('POST', '/dashboard/api/session', {
              headers: from(`198.51.${i}.${Number.parseInt(run.slice(-2), 16)}`),
              body: { email: target.email, password: `wrong password ${i}` },
            })
          ).status,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
      const locked = await proxied.request('POST', '/dashboard/api/session', {
        headers: from('192.0.2.77'),
        body: { email: target.email, password: PASSWORD },
      });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);

      const bossSession = await signIn(proxied, boss.email, PASSWORD);
      const members = await bossSession.request<{ data: Array<{ id: string; locked_until: string | null }> }>('GET', '/dashboard/api/members');
      const lockedUntil = members.body.data.find((m) => m.id === target.id)!.locked_until;
      expect(lockedUntil).not.toBeNull();
      expect(Date.parse(lockedUntil!)).toBeGreaterThan(Date.now());
      expect(members.body.data.find((m) => m.id === boss.id)!.locked_until).toBeNull();
    });

    it("the lock ends when the gateway's clock passes locked_until: refused until then, signed in after", async () => {
      const time = new MovableTime();
      const clocked = await startGateway(dialect, { TRUST_PROXY: '1', DASHBOARD_SIGN_IN_FAILURE_LIMIT: '2' }, { time });
      try {
        const org = await clocked.client();
        const boss = await createDashboardUser(clocked, { email: email('clock-owner'), password: PASSWORD, role: 'owner', organizationId: org.organizationId });
        const target = await createDashboardUser(clocked, {
          email: email('clock-target'),
          password: PASSWORD,
          role: 'viewer',
          organizationId: org.organizationId,
        });
        const host = Number.parseInt(run.slice(-2), 16);
        for (let i = 0; i < 6; i++) {
          expect(
            (
              await clocked.request('POST', '/dashboard/api/session', {
                headers: from(`203.0.${i}.${host}`),
                body: { email: target.email, password: `wrong password ${i}` },
              })
            ).status,
          ).toBe(401);
        }
        // Each try from an address of its own: a refused try spends that address's budget, not the account's window.
        let tries = 0;
        const signInTarget = () =>
          clocked.request('POST', '/dashboard/api/session', { headers: from(`192.0.${tries++}.${host}`), body: { email: target.email, password: PASSWORD } });
        expect((await signInTarget()).status).toBe(429);
        const bossSession = await signIn(clocked, boss.email, PASSWORD);
        const lockOf = async () =>
          (await bossSession.request<{ data: Array<{ id: string; locked_until: string | null }> }>('GET', '/dashboard/api/members')).body.data.find(
            (m) => m.id === target.id,
          )!.locked_until;
        const lockedUntil = Date.parse((await lockOf())!);
        // The default window is 15 minutes.
        expect(lockedUntil - time.now()).toBeGreaterThan(14 * 60_000);
        expect(lockedUntil - time.now()).toBeLessThanOrEqual(15 * 60_000 + 1000);

        // Two seconds before the lock ends: still refused, with the correct password.
        time.advance((lockedUntil - time.now()) / 1000 - 2);
        expect((await signInTarget()).status).toBe(429);
        expect(await lockOf()).not.toBeNull();
        // Past it: the same request signs in, and the owner sees no lock.
        time.advance(3);
        const after = await signInTarget();
        expect(after.status, after.text).toBe(200);
        expect(await lockOf()).toBeNull();
      } finally {
        await clocked.close();
      }
    }, 120_000);

    it('IPv6 addresses of one /64 share one budget, in sign-in and in /oauth/token', async () => {
      const prefix = `2001:db8:${run}:1`;
      const user = await createDashboardUser(proxied, { email: email('v6'), password: PASSWORD, role: 'viewer' });
      for (const host of ['1', 'a:b:c']) {
        expect(
          (
            await proxied.request('POST', '/dashboard/api/session', {
              headers: from(`${prefix}::${host}`),
              body: { email: user.email, password: 'wrong password here' },
            })
          ).status,
        ).toBe(401);
      }
      expect(
        (await proxied.request('POST', '/dashboard/api/session', { headers: from(`${prefix}:0:0:0:2`), body: { email: user.email, password: PASSWORD } }))
          .status,
      ).toBe(429);
      // Another /64 is another subscriber.
      expect(
        (await proxied.request('POST', '/dashboard/api/session', { headers: from(`2001:db8:${run}:2::1`), body: { email: user.email, password: PASSWORD } }))
          .status,
      ).toBe(200);

      const c = await proxied.client();
      const good = { grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.secret, audience: AUDIENCE };
      const tokenPrefix = `2001:db8:${run}:3`;
      for (const host of ['1', '2']) {
        expect(
          (await proxied.request('POST', '/oauth/token', { headers: from(`${tokenPrefix}::${host}`), body: { ...good, client_secret: 'guess-guess-guess' } }))
            .status,
        ).toBe(401);
      }
      expect((await proxied.request('POST', '/oauth/token', { headers: from(`${tokenPrefix}::3`), body: good })).status).toBe(429);
      expect((await proxied.request('POST', '/oauth/token', { headers: from(`2001:db8:${run}:4::1`), body: good })).status).toBe(200);
    });
  });
});
