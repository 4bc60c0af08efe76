/**
 * The dashboard's people (docs/dashboard.md): users of an organization with a
 * role, passwords (scrypt at N=2^17 by default, crypto/password-hash.ts; the rules for a
 * new one in passwords.ts), sessions (sessions.ts), members and invitations
 * (team.ts), and one-time links that set a
 * password: an owner's invitation, the sandbox's first-run link and the CLI's
 * (`dashboard-users create`). A link is used once, by a compare-and-set on
 * `used_at` in the transaction that sets the password.
 *
 * The CLI, the sandbox's first start, the routes and the tests' helper all use
 * this one service.
 */
import type { Db, Executor } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import type { DashboardRole, DashboardUsersTable } from '../db/schema.js';
import { hashPassword, PASSWORD_COST, type PasswordCost, verifyPassword } from '../crypto/password-hash.js';
import { deploymentSecret } from '../crypto/deployment-secrets.js';
import type { Keyring } from '../crypto/keyring.js';
import type { Config } from '../config/config.js';
import { ApiError } from '../errors/api-error.js';
import { newId } from '../lib/ids.js';
import type { RealClock } from '../clock/clock.js';
import { MAX_PASSWORD_LENGTH, normalizeEmail, passwordProblems } from './passwords.js';
import { DashboardSessions, randomToken, sha256 } from './sessions.js';
import { DashboardTeam } from './team.js';

export type DashboardUser = DashboardUsersTable;

export interface OneTimeLink {
  url: string;
  token: string;
  expires_at: string;
  role: DashboardRole;
}

export class DashboardUserError extends Error {}

export interface DashboardOptions {
  publicBaseUrl: string;
  sessionIdleSeconds: number;
  sessionMaxSeconds: number;
  linkTtlSeconds: number;
  /** scrypt's N is 2^this (DASHBOARD_PASSWORD_SCRYPT_LOG_N). */
  passwordScryptLogN: number;
}

export class DashboardService {
  /** The service of this deployment (its CSRF key is a deployment secret, sealed in `settings`). */
  static async open(db: Db, keyring: Keyring, config: Pick<Config, 'publicBaseUrl' | 'dashboard'>, clock: RealClock): Promise<DashboardService> {
    return new DashboardService(
      db,
      { publicBaseUrl: config.publicBaseUrl, ...config.dashboard },
      await deploymentSecret(db, keyring, 'dashboard_csrf', clock),
      clock,
    );
  }

  /** Sign-in sessions and their CSRF tokens. */
  readonly sessions: DashboardSessions;
  /** An organization's members and pending invitations. */
  readonly team: DashboardTeam;

  constructor(
    private readonly db: Db,
    private readonly options: DashboardOptions,
    /** Key of the CSRF tokens (an HMAC of the session id; a deployment secret). */
    csrfKey: Buffer,
    private readonly clock: RealClock,
  ) {
    this.sessions = new DashboardSessions(db, options, csrfKey, clock);
    this.team = new DashboardTeam(db, clock);
  }

  private get passwordCost(): PasswordCost {
    return { ...PASSWORD_COST, N: 2 ** this.options.passwordScryptLogN };
  }

  // ---- one-time links -------------------------------------------------------

  private async insertLink(
    db: Executor,
    link: {
      kind: 'invitation' | 'password';
      organizationId: string;
      role: DashboardRole;
      email?: string | null;
      userId?: string | null;
      createdBy?: string | null;
    },
  ): Promise<OneTimeLink> {
    const token = randomToken();
    const now = this.clock.realNow();
    const expires_at = new Date(now + this.options.linkTtlSeconds * 1000).toISOString();
    // The token is in the URL's fragment, which a browser never sends: it reaches no request log,
    // proxy log or Referer header. The page reads it and sends it in a POST body.
    await db
      .insertInto('dashboard_links')
      .values({
        id: newId('dashboardLink'),
        token_hash: sha256(token),
        kind: link.kind,
        organization_id: link.organizationId,
        role: link.role,
        email: link.email ?? null,
        user_id: link.userId ?? null,
        created_by: link.createdBy ?? null,
        created_at: new Date(now).toISOString(),
        expires_at,
        used_at: null,
      })
      .execute();
    return { url: `${this.options.publicBaseUrl.replace(/\/+$/, '')}/dashboard/welcome#token=${token}`, token, expires_at, role: link.role };
  }

  /**
   * The CLI's `dashboard-users create`: the user (no password yet) and the
   * one-time link that sets it. The organization must exist.
   */
  async createUser(input: { email: string; organizationId: string; role: DashboardRole }): Promise<{ user: DashboardUser; link: OneTimeLink }> {
    const email = normalizeEmail(input.email);
    if (!email) throw new DashboardUserError(`not an e-mail address: ${input.email}`);
    return this.db.transaction().execute(async (trx) => {
      const org = await trx.selectFrom('organizations').select('id').where('id', '=', input.organizationId).executeTakeFirst();
      if (!org) throw new DashboardUserError(`no organization ${input.organizationId}`);
      const user: DashboardUser = {
        id: newId('dashboardUser'),
        email,
        organization_id: input.organizationId,
        role: input.role,
        password_hash: null,
        created_at: this.clock.realIso(),
        last_sign_in_at: null,
        disabled_at: null,
      };
      try {
        await trx.insertInto('dashboard_users').values(user).execute();
      } catch (error) {
        if (isUniqueViolation(error))
          throw new DashboardUserError(`a dashboard user ${email} exists already (use dashboard-users link to give it a new one-time link)`);
        throw error;
      }
      const link = await this.insertLink(trx, { kind: 'password', organizationId: input.organizationId, role: input.role, email, userId: user.id });
      return { user, link };
    });
  }

  /** A new one-time link that sets the password of an existing user (a forgotten password; the CLI). */
  async passwordLink(email: string): Promise<OneTimeLink> {
    const user = await this.findByEmail(email);
    if (!user) throw new DashboardUserError(`no dashboard user ${email}`);
    return this.insertLink(this.db, { kind: 'password', organizationId: user.organization_id, role: user.role, email: user.email, userId: user.id });
  }

  /** An owner's invitation (the invitee chooses the e-mail address when none is given), or the sandbox's first-run link. */
  invite(input: { organizationId: string; role: DashboardRole; email?: string | undefined; createdBy: string | null }): Promise<OneTimeLink> {
    return this.insertLink(this.db, {
      kind: 'invitation',
      organizationId: input.organizationId,
      role: input.role,
      email: input.email ?? null,
      createdBy: input.createdBy,
    });
  }

  /**
   * The first start of an empty sandbox: a link that makes its visitor an
   * owner of the first-run client's organization. Once per database (a
   * unique settings row elects one process).
   */
  async firstRunLink(organizationId: string): Promise<OneTimeLink | undefined> {
    try {
      await this.db.insertInto('settings').values({ key: 'first_run_dashboard_link', value: 'provisioned', created_at: this.clock.realIso() }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
    return this.invite({ organizationId, role: 'owner', createdBy: null });
  }

  private liveLink(db: Executor, token: string) {
    return db
      .selectFrom('dashboard_links')
      .innerJoin('organizations', 'organizations.id', 'dashboard_links.organization_id')
      .select(['dashboard_links.id', 'kind', 'organization_id', 'role', 'email', 'user_id', 'expires_at', 'organizations.name as organization_name'])
      .where('token_hash', '=', sha256(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', this.clock.realIso())
      .executeTakeFirst();
  }

  /** What the welcome page shows; undefined when the link is unknown, used or expired. */
  async describeLink(token: string): Promise<{ email: string | null; organization_name: string; role: DashboardRole; expires_at: string } | undefined> {
    const link = await this.liveLink(this.db, token);
    return link ? { email: link.email, organization_name: link.organization_name, role: link.role, expires_at: link.expires_at } : undefined;
  }

  /**
   * Uses a one-time link: sets the password (and, for an invitation, creates
   * the user with the link's e-mail address or the one given). All in one
   * transaction whose first statement is the compare-and-set on `used_at`:
   * two concurrent uses, one wins; a refused password leaves the link usable.
   */
  async useLink(token: string, password: string, email?: string): Promise<DashboardUser> {
    const problems = passwordProblems(password);
    if (problems.length > 0) throw ApiError.validation(problems);
    const passwordHash = await hashPassword(password, this.passwordCost);
    return this.db.transaction().execute(async (trx) => {
      const link = await this.liveLink(trx, token);
      if (!link) throw ApiError.notFound('link (it may have been used or have expired)');
      const claimed = await trx
        .updateTable('dashboard_links')
        .set({ used_at: this.clock.realIso() })
        .where('id', '=', link.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw ApiError.notFound('link (it may have been used or have expired)');
      if (link.kind === 'password' && link.user_id) {
        await trx.updateTable('dashboard_users').set({ password_hash: passwordHash }).where('id', '=', link.user_id).execute();
        // A new password ends every session of the user.
        await trx.deleteFrom('dashboard_sessions').where('user_id', '=', link.user_id).execute();
        return trx.selectFrom('dashboard_users').selectAll().where('id', '=', link.user_id).executeTakeFirstOrThrow();
      }
      const address = link.email ?? (email === undefined ? undefined : normalizeEmail(email));
      if (!address)
        throw ApiError.validation([{ field: 'email', message: email === undefined ? 'is required for this invitation' : 'is not an e-mail address' }]);
      const user: DashboardUser = {
        id: newId('dashboardUser'),
        email: address,
        organization_id: link.organization_id,
        role: link.role,
        password_hash: passwordHash,
        created_at: this.clock.realIso(),
        last_sign_in_at: null,
        disabled_at: null,
      };
      try {
        await trx.insertInto('dashboard_users').values(user).execute();
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ApiError('conflict', 'A dashboard user with this e-mail address exists already.', [{ field: 'email', message: 'is taken' }]);
        throw error;
      }
      return user;
    });
  }

  // ---- users and sign-in ----------------------------------------------------

  findByEmail(email: string): Promise<DashboardUser | undefined> {
    return this.db.selectFrom('dashboard_users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  }

  /** The user whose password this is; undefined otherwise (the same scrypt work for an unknown address). */
  async verifyPassword(email: string, password: string): Promise<DashboardUser | undefined> {
    const user = password.length > MAX_PASSWORD_LENGTH ? undefined : await this.findByEmail(email);
    const { valid, needsRehash } = await verifyPassword(password.slice(0, MAX_PASSWORD_LENGTH), user?.password_hash ?? undefined, this.passwordCost);
    if (!valid || !user || user.disabled_at) return undefined;
    if (needsRehash && user.password_hash) {
      // Made at an older cost: store one at today's cost, unless the password changed meanwhile.
      const rehashed = await hashPassword(password, this.passwordCost);
      await this.db
        .updateTable('dashboard_users')
        .set({ password_hash: rehashed })
        .where('id', '=', user.id)
        .where('password_hash', '=', user.password_hash)
        .execute();
      return { ...user, password_hash: rehashed };
    }
    return user;
  }

  /** A user by id (`dbu_...`) or e-mail address, in any organization (the operator's CLI). */
  async findUser(ref: string): Promise<DashboardUser | undefined> {
    const byId = await this.db.selectFrom('dashboard_users').selectAll().where('id', '=', ref).executeTakeFirst();
    return byId ?? this.findByEmail(ref);
  }

  /** The maintenance job's clean-up: sessions past their idle time or lifetime, links used or expired more than a day ago. */
  async purgeExpired(): Promise<void> {
    await this.sessions.purgeExpired();
    const dayAgo = new Date(this.clock.realNow() - 86_400_000).toISOString();
    await this.db
      .deleteFrom('dashboard_links')
      .where((eb) => eb.or([eb('expires_at', '<=', dayAgo), eb('used_at', '<=', dayAgo)]))
      .execute();
  }
}
