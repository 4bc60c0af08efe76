/**
 * The dashboard's API (/dashboard/api, docs/dashboard.md): sign-in and
 * sessions, one-time links, members and invitations, API keys. Cookie session
 * only: these routes are `public` to the Bearer hook (auth/authenticate.ts) and
 * never read a Bearer token, so a leaked API token reaches nothing here; a
 * session id is not a token either (the /v1 routes refuse it).
 *
 * Every state-changing request of a signed-in session must carry the session's
 * CSRF token in `X-CSRF-Token` (403 otherwise); every body must be JSON, which a
 * cross-site form cannot send.
 */
import type { RealClock } from '../clock/clock.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import type { TokenService } from '../auth/tokens.js';
import { provisionClient } from '../auth/clients.service.js';
import { findClient, findClientWithUse, listOrganizationClients, revokeClient } from '../auth/clients.store.js';
import { apiClientView } from '../auth/clients.routes.js';
import { parseScope } from '../http/permissions.js';
import { findVisibleOrganization, listVisibleOrganizations } from '../organizations/store.js';
import { ApiError } from '../errors/api-error.js';
import { addressSubject } from '../lib/address-subject.js';
import type { RateLimiter } from '../ratelimit/limiter.js';
import { canInvite, canManageKeys, keyPermissions, permissionCatalogue } from './roles.js';
import { normalizeEmail } from './passwords.js';
import type { DashboardService, DashboardUser } from './service.js';
import {
  CreatedKey,
  CreateKey,
  Invitation,
  Invite,
  KeyParams,
  Keys,
  LinkView,
  Member,
  MemberParams,
  Members,
  PendingInvitations,
  Permissions,
  UpdateMember,
  SessionView,
  SetPassword,
  SignIn,
  LinkToken,
} from './schemas.js';
import { passthroughRoutes } from './passthrough.js';
import { actingOrganization, cookie, SESSION_COOKIE, sessions, sessionOf, signedOut, UNSAFE, type SessionContext } from './session.js';

export interface DashboardRouteOptions {
  db: Db;
  dashboard: DashboardService;
  tokens: TokenService;
  config: Config;
  /** Failed sign-ins, per e-mail and address, per address (five times the budget), and per account from any address (three times). */
  signInFailures: { perEmailAddress: RateLimiter; perAddress: RateLimiter; perAccount: RateLimiter };
  /** The real time: when a locked account's budget comes back. */
  clock: RealClock;
}

export async function dashboardRoutes(base: FastifyInstance, opts: DashboardRouteOptions): Promise<void> {
  const { db, dashboard, config, signInFailures, clock } = opts;
  const production = config.environment === 'production';

  function setCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAge: number): void {
    // Secure whenever the browser reached us over HTTPS (always in production); a plain-HTTP sandbox on localhost goes without.
    const secure = production || request.protocol === 'https';
    reply.header('set-cookie', `${SESSION_COOKIE}=${value}; Path=/dashboard; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`);
  }

  async function sessionView(sessionId: string, user: DashboardUser) {
    const organization = await findVisibleOrganization(db, user.organization_id, user.organization_id);
    if (!organization) throw new Error(`dashboard user ${user.id} has no organization`);
    const children = await listVisibleOrganizations(db, user.organization_id, { limit: 100 });
    const summary = (o: { id: string; name: string; parent_id: string | null }) => ({ id: o.id, name: o.name, parent_id: o.parent_id });
    return {
      user: {
        id: user.id,
        email: user.email,
        role: user.role,
        organization_id: user.organization_id,
        created_at: user.created_at,
        last_sign_in_at: user.last_sign_in_at,
      },
      organization: summary(organization),
      organizations: [summary(organization), ...children.data.filter((o) => o.id !== organization.id).map(summary)],
      csrf_token: dashboard.sessions.csrfToken(sessionId),
      environment: config.environment,
    };
  }

  /** The request's session cookie and the user it signs in, if it names a live session. */
  async function requestSession(request: FastifyRequest): Promise<{ id: string | undefined; context: SessionContext | undefined }> {
    const id = cookie(request, SESSION_COOKIE);
    const user = id ? await dashboard.sessions.resolveSession(id) : undefined;
    return { id, context: id && user ? { id, user } : undefined };
  }

  async function signInAs(request: FastifyRequest, reply: FastifyReply, user: DashboardUser) {
    const id = await dashboard.sessions.startSession(user);
    setCookie(request, reply, id, config.dashboard.sessionMaxSeconds);
    return sessionView(id, (await dashboard.sessions.resolveSession(id)) ?? user);
  }

  // ---- no session needed ----------------------------------------------------
  await base.register(async (scope) => {
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();
    const config = { public: true };

    // Who is signed in, if anyone. Nobody is an answer, not an error: 204, so the sign-in page's
    // first check is no failed request in the browser's console. A cookie of an ended session is cleared.
    app.get(
      '/dashboard/api/session',
      { config, schema: { hide: true, response: { 200: SessionView, 204: Type.Null({ description: 'Nobody is signed in.' }) } } },
      async (request, reply) => {
        const { id, context } = await requestSession(request);
        if (!context) {
          if (id) setCookie(request, reply, '', 0);
          return reply.code(204).send(null);
        }
        return sessionView(context.id, context.user);
      },
    );

    app.post('/dashboard/api/session', { config, schema: { hide: true, body: SignIn, response: { 200: SessionView } } }, async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      // A point from each budget before the password is checked, given back unless it was wrong:
      // concurrent guesses get at most the budget evaluated.
      // An IPv6 address counts by its /64. The per-account budget stops guesses spread over many
      // addresses; spent, it locks the account until its window ends (the owner sees `locked_until`).
      const address = addressSubject(request.ip);
      const keys: Array<[RateLimiter, string]> = [
        [signInFailures.perAddress, address],
        [signInFailures.perEmailAddress, `${email} ${address}`],
        [signInFailures.perAccount, email],
      ];
      const decisions = await Promise.all(keys.map(([limiter, key]) => limiter.consume(key)));
      const refused = decisions.find((d) => !d.allowed);
      if (refused) {
        throw new ApiError('rate_limited', `Too many failed sign-ins; retry in ${refused.resetSeconds} s.`, [], {
          'retry-after': String(refused.resetSeconds),
        });
      }
      const user = await dashboard.verifyPassword(email, request.body.password);
      if (!user) {
        request.log.info({ audit: 'dashboard.sign_in_failed', email }, 'dashboard sign-in failed');
        throw new ApiError('unauthorized', 'The e-mail address or the password is wrong.');
      }
      await Promise.all(keys.map(([limiter, key]) => limiter.refund(key)));
      request.log.info({ audit: 'dashboard.sign_in', user_id: user.id, organization_id: user.organization_id }, 'dashboard sign-in');
      return signInAs(request, reply, user);
    });

    // The token travels in the body, never in a path: paths reach the request log and proxies' logs.
    app.post('/dashboard/api/password/link', { config, schema: { hide: true, body: LinkToken, response: { 200: LinkView } } }, async (request) => {
      const link = await dashboard.describeLink(request.body.token);
      if (!link) throw ApiError.notFound('link (it may have been used or have expired)');
      return link;
    });

    app.post('/dashboard/api/password', { config, schema: { hide: true, body: SetPassword, response: { 200: SessionView } } }, async (request, reply) => {
      const user = await dashboard.useLink(request.body.token, request.body.password, request.body.email);
      request.log.info(
        { audit: 'dashboard.password_set', user_id: user.id, organization_id: user.organization_id },
        'dashboard password set through a one-time link',
      );
      return signInAs(request, reply, user);
    });
  });

  // ---- a session needed -----------------------------------------------------
  await base.register(async (scope) => {
    // Before the body is read: the session, then the CSRF token of a state-changing request.
    scope.addHook('onRequest', async (request) => {
      const { context } = await requestSession(request);
      if (!context) throw signedOut();
      if (UNSAFE.has(request.method) && !dashboard.sessions.checkCsrf(context.id, request.headers['x-csrf-token'])) {
        throw new ApiError('forbidden', "Send the session's X-CSRF-Token header (csrf_token of GET /dashboard/api/session) with every change.");
      }
      sessions.set(request, context);
    });

    const app = scope.withTypeProvider<TypeBoxTypeProvider>();
    const config = { public: true };
    const schema = { hide: true } as const;

    app.delete('/dashboard/api/session', { config, schema }, async (request, reply) => {
      await dashboard.sessions.endSession(sessionOf(request).id);
      setCookie(request, reply, '', 0);
      return reply.code(204).send();
    });

    app.get('/dashboard/api/members', { config, schema: { ...schema, response: { 200: Members } } }, async (request) => {
      const members = await dashboard.team.members(sessionOf(request).user.organization_id);
      // A member whose per-account sign-in budget is spent is locked until its window ends.
      const data = await Promise.all(
        members.map(async (m) => {
          const budget = await signInFailures.perAccount.peek(m.email);
          return { ...m, locked_until: budget.allowed ? null : new Date(clock.realNow() + budget.resetSeconds * 1000).toISOString() };
        }),
      );
      return { data };
    });

    app.post('/dashboard/api/invitations', { config, schema: { ...schema, body: Invite, response: { 201: Invitation } } }, async (request, reply) => {
      const { user } = sessionOf(request);
      if (!canInvite(user.role)) throw new ApiError('forbidden', 'Only an owner invites teammates.');
      const email = normalizeEmail(request.body.email);
      if (!email) throw ApiError.validation([{ field: 'email', message: 'is not an e-mail address' }]);
      // Only this organization's members are named: whether the address has an account in another
      // organization is not the owner's to learn (the invitee meets that when using the link).
      const existing = await dashboard.findByEmail(email);
      if (existing && existing.organization_id === user.organization_id) {
        throw new ApiError('conflict', 'This person is a member of your organization already.', [{ field: 'email', message: 'is a member already' }]);
      }
      const link = await dashboard.invite({ organizationId: user.organization_id, role: request.body.role, email, createdBy: user.id });
      request.log.info(
        { audit: 'dashboard.invitation', user_id: user.id, organization_id: user.organization_id, role: link.role },
        'dashboard invitation created',
      );
      return reply.code(201).send({ url: link.url, expires_at: link.expires_at, role: link.role });
    });

    const ownerOnly = (request: FastifyRequest, what: string) => {
      const { user } = sessionOf(request);
      if (!canInvite(user.role)) throw new ApiError('forbidden', `Only an owner ${what}.`);
      return user;
    };
    const memberView = (m: DashboardUser) => ({
      id: m.id,
      email: m.email,
      role: m.role,
      created_at: m.created_at,
      last_sign_in_at: m.last_sign_in_at,
      disabled_at: m.disabled_at,
    });

    // Members: change the role, disable or enable, end the sessions, remove. A demotion, a disable
    // and a removal end the member's sessions at once; the last active owner stays an owner.
    app.patch(
      '/dashboard/api/members/:id',
      { config, schema: { ...schema, params: MemberParams, body: UpdateMember, response: { 200: Member } } },
      async (request) => {
        const user = ownerOnly(request, 'changes members');
        const changed = await dashboard.team.updateMember(user.organization_id, request.params.id, request.body);
        request.log.info(
          {
            audit: 'dashboard.member_updated',
            user_id: user.id,
            organization_id: user.organization_id,
            member_id: changed.id,
            role: changed.role,
            disabled: changed.disabled_at !== null,
          },
          'dashboard member updated',
        );
        return memberView(changed);
      },
    );

    app.delete('/dashboard/api/members/:id', { config, schema: { ...schema, params: MemberParams, response: { 200: Member } } }, async (request) => {
      const user = ownerOnly(request, 'removes members');
      const removed = await dashboard.team.removeMember(user.organization_id, request.params.id);
      request.log.info(
        { audit: 'dashboard.member_removed', user_id: user.id, organization_id: user.organization_id, member_id: removed.id },
        'dashboard member removed',
      );
      return memberView(removed);
    });

    app.delete('/dashboard/api/members/:id/sessions', { config, schema: { ...schema, params: MemberParams } }, async (request, reply) => {
      const user = ownerOnly(request, "ends other members' sessions");
      const ended = await dashboard.team.endSessionsOf(user.organization_id, request.params.id);
      request.log.info(
        { audit: 'dashboard.member_signed_out', user_id: user.id, organization_id: user.organization_id, member_id: request.params.id, sessions: ended },
        'dashboard member signed out',
      );
      return reply.code(204).send();
    });

    app.get('/dashboard/api/invitations', { config, schema: { ...schema, response: { 200: PendingInvitations } } }, async (request) => {
      const user = ownerOnly(request, 'sees invitations');
      return { data: await dashboard.team.pendingInvitations(user.organization_id) };
    });

    app.delete('/dashboard/api/invitations/:id', { config, schema: { ...schema, params: MemberParams } }, async (request, reply) => {
      const user = ownerOnly(request, 'revokes invitations');
      await dashboard.team.revokeInvitation(user.organization_id, request.params.id);
      request.log.info(
        { audit: 'dashboard.invitation_revoked', user_id: user.id, organization_id: user.organization_id, invitation_id: request.params.id },
        'dashboard invitation revoked',
      );
      return reply.code(204).send();
    });

    app.get('/dashboard/api/permissions', { config, schema: { ...schema, response: { 200: Permissions } } }, () => ({ data: permissionCatalogue() }));

    // API keys: the same client service as the operator CLI (auth/clients.service.ts).
    app.get('/dashboard/api/keys', { config, schema: { ...schema, response: { 200: Keys } } }, async (request) => {
      const page = await listOrganizationClients(db, await actingOrganization(db, request), { limit: 100 });
      return { data: page.data.map(apiClientView), has_more: page.has_more };
    });

    app.post('/dashboard/api/keys', { config, schema: { ...schema, body: CreateKey, response: { 201: CreatedKey } } }, async (request, reply) => {
      const { user } = sessionOf(request);
      if (!canManageKeys(user.role)) throw new ApiError('forbidden', 'A viewer cannot create API keys.');
      const organizationId = await actingOrganization(db, request);
      const name = request.body.name.trim();
      if (!name) throw ApiError.validation([{ field: 'name', message: 'must not be blank' }]);
      const grantable = keyPermissions(user.role);
      const withheld = request.body.permissions.flatMap((p, i) =>
        grantable.has(p) ? [] : [{ field: `permissions.${i}`, message: `${p} is withheld from the ${user.role} role; an owner can create this key` }],
      );
      if (withheld.length > 0) throw new ApiError('forbidden', `A ${user.role} cannot create a key with permissions the role does not hold.`, withheld);
      const client = await provisionClient(db, { name, organizationId, scopes: parseScope(request.body.permissions.join(' ')).permissions }, clock);
      const row = await findClient(db, client.client_id);
      request.log.info(
        { audit: 'dashboard.key_created', user_id: user.id, organization_id: organizationId, client_id: client.client_id, permissions: client.scopes },
        'API key created in the dashboard',
      );
      return reply.code(201).send({
        client_id: client.client_id,
        client_secret: client.client_secret.reveal(),
        name,
        organization_id: organizationId,
        permissions: client.scopes,
        created_at: row!.created_at,
      });
    });

    app.delete('/dashboard/api/keys/:client_id', { config, schema: { ...schema, params: KeyParams } }, async (request) => {
      const { user } = sessionOf(request);
      if (!canManageKeys(user.role)) throw new ApiError('forbidden', 'A viewer cannot revoke API keys.');
      const organizationId = await actingOrganization(db, request);
      const clientId = request.params.client_id;
      const client = await findClient(db, clientId);
      if (!client || client.organization_id !== organizationId) throw ApiError.notFound('API key');
      if (!client.revoked_at) {
        await db.transaction().execute((trx) => revokeClient(trx, clientId, clock.realIso()));
        opts.tokens.forgetClient(clientId);
        request.log.info(
          { audit: 'dashboard.key_revoked', user_id: user.id, organization_id: organizationId, client_id: clientId },
          'API key revoked in the dashboard',
        );
      }
      return apiClientView((await findClientWithUse(db, clientId))!);
    });

    await scope.register(passthroughRoutes, { db });
  });
}
