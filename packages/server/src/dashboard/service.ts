/**
 * The dashboard's people (docs/dashboard.md): users of an organization with a
 * role, passwords (scrypt at N=2^17, crypto/password-hash.ts; at least 12 characters and
 * not in the breached-password list beside this file), sessions stored in the
 * database (only a SHA-256 of the session id), and one-time links that set a
 * password: an owner's invitation, the sandbox's first-run link and the CLI's
 * (`dashboard-users create`). A link is used once, by a compare-and-set on
 * `used_at` in the transaction that sets the password.
 *
 * The CLI, the sandbox's first start, the routes and the tests' helper all use
 * this one service.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db, Executor } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import type { DashboardRole, DashboardUsersTable } from '../db/schema.js';
import { readFileSync } from 'node:fs';
import { hashPassword, PASSWORD_COST, type PasswordCost, verifyPassword } from '../crypto/password-hash.js';
import { deploymentSecret } from '../crypto/deployment-secrets.js';
import type { Keyring } from '../crypto/keyring.js';
import type { Config } from '../config/config.js';
import { ApiError } from '../errors/api-error.js';
import { newId } from '../lib/ids.js';
import type { RealClock } from '../clock/clock.js';

export const MIN_PASSWORD_LENGTH = 12;
/** scrypt's cost grows with the input: a passphrase longer than this is refused. */
export const MAX_PASSWORD_LENGTH = 256;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const randomToken = () => randomBytes(32).toString('base64url');

const RANKS: Record<DashboardRole, number> = { viewer: 0, developer: 1, owner: 2 };
const rank = (role: DashboardRole) => RANKS[role];

export function normalizeEmail(raw: string): string | undefined {
  const email = raw.trim().toLowerCase();
  return email.length <= 254 && EMAIL.test(email) ? email : undefined;
}

let breached: Set<string> | undefined;

/**
 * The passwords found in breaches that a dashboard user may not choose
 * (breached-password list beside this file, lower-case, one a line; the build copies it to dist/),
 * read once on first use.
 */
function breachedPasswords(): Set<string> {
  breached ??= new Set(
    readFileSync(new URL('./breached-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return breached;
}

/** Whether the password (compared without regard to case or surrounding spaces) is in the breached-password list. */
export function isBreachedPassword(password: string): boolean {
  return breachedPasswords().has(password.normalize('NFKC').trim().toLowerCase());
}

/** The problems of a new password, as error details (empty when it is acceptable). */
export function passwordProblems(password: string, field = 'password'): Array<{ field: string; message: string }> {
  if ([...password].length < MIN_PASSWORD_LENGTH) return [{ field, message: `must be at least ${MIN_PASSWORD_LENGTH} characters` }];
  if (password.length > MAX_PASSWORD_LENGTH) return [{ field, message: `must be at most ${MAX_PASSWORD_LENGTH} characters` }];
  if (isBreachedPassword(password)) return [{ field, message: 'is a commonly used password found in data breaches: choose another' }];
  return [];
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

  constructor(
    private readonly db: Db,
    private readonly options: DashboardOptions,
    /** Key of the CSRF tokens (an HMAC of the session id; a deployment secret). */
    private readonly csrfKey: Buffer,
    private readonly clock: RealClock,
  ) {}

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

  /** The organization of an unused invitation (the operator's CLI revokes one by id alone). */
  async invitationOrganization(id: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('dashboard_links')
      .select('organization_id')
      .where('id', '=', id)
      .where('kind', '=', 'invitation')
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return row?.organization_id;
  }

  members(organizationId: string) {
    return this.db
      .selectFrom('dashboard_users')
      .select(['id', 'email', 'role', 'created_at', 'last_sign_in_at', 'disabled_at'])
      .where('organization_id', '=', organizationId)
      .orderBy('created_at', 'asc')
      .limit(1000)
      .execute();
  }

  // ---- managing members (owners; the CLI) -----------------------------------

  private async member(db: Executor, organizationId: string, userId: string): Promise<DashboardUser> {
    const user = await db.selectFrom('dashboard_users').selectAll().where('id', '=', userId).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!user) throw ApiError.notFound('member');
    return user;
  }

  /**
   * Refuses a change that leaves the organization without an active owner. Runs in the change's
   * transaction after it (lockOwners first), so two owners demoting each other at once cannot both pass.
   */
  private async keepAnOwner(trx: Executor, organizationId: string): Promise<void> {
    const owners = await trx
      .selectFrom('dashboard_users')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('role', '=', 'owner')
      .where('disabled_at', 'is', null)
      .execute();
    if (owners.length === 0) {
      throw new ApiError('conflict', "The organization's last owner cannot be removed, disabled or demoted: make another member an owner first.", [
        { field: 'role', message: 'the last owner' },
      ]);
    }
  }

  /**
   * Locks the organization's owner rows first, so the last-owner checks of concurrent changes run one
   * after the other: a no-op UPDATE takes their row locks on PostgreSQL, and SQLite's one write lock.
   */
  private async lockOwners(trx: Executor, organizationId: string): Promise<void> {
    await trx.updateTable('dashboard_users').set({ role: 'owner' }).where('organization_id', '=', organizationId).where('role', '=', 'owner').execute();
  }

  /**
   * An owner changes a member's role or disables (or enables) them. A demotion or a disable ends
   * every session of the member at once; the last active owner cannot be demoted or disabled.
   */
  async updateMember(
    organizationId: string,
    userId: string,
    changes: { role?: DashboardRole | undefined; disabled?: boolean | undefined },
  ): Promise<DashboardUser> {
    return this.db.transaction().execute(async (trx) => {
      await this.lockOwners(trx, organizationId);
      const user = await this.member(trx, organizationId, userId);
      const role = changes.role ?? user.role;
      const disabledAt = changes.disabled === undefined ? user.disabled_at : changes.disabled ? (user.disabled_at ?? this.clock.realIso()) : null;
      await trx.updateTable('dashboard_users').set({ role, disabled_at: disabledAt }).where('id', '=', userId).execute();
      if (user.role === 'owner') await this.keepAnOwner(trx, organizationId);
      const lessAccess = (disabledAt !== null && user.disabled_at === null) || rank(role) < rank(user.role);
      if (lessAccess) await trx.deleteFrom('dashboard_sessions').where('user_id', '=', userId).execute();
      return { ...user, role, disabled_at: disabledAt };
    });
  }

  /** An owner removes a member: the user, their sessions and their unused links go; the last owner stays. */
  async removeMember(organizationId: string, userId: string): Promise<DashboardUser> {
    return this.db.transaction().execute(async (trx) => {
      await this.lockOwners(trx, organizationId);
      const user = await this.member(trx, organizationId, userId);
      await trx.deleteFrom('dashboard_sessions').where('user_id', '=', userId).execute();
      await trx.deleteFrom('dashboard_links').where('user_id', '=', userId).execute();
      await trx.updateTable('dashboard_links').set({ created_by: null }).where('created_by', '=', userId).execute();
      await trx.deleteFrom('dashboard_users').where('id', '=', userId).execute();
      if (user.role === 'owner') await this.keepAnOwner(trx, organizationId);
      return user;
    });
  }

  /** Ends every session of a member (a lost laptop); they can sign in again. */
  async endSessionsOf(organizationId: string, userId: string): Promise<number> {
    await this.member(this.db, organizationId, userId);
    const result = await this.db.deleteFrom('dashboard_sessions').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The organization's invitations not used and not expired (the Team page). */
  pendingInvitations(organizationId: string) {
    return this.db
      .selectFrom('dashboard_links')
      .select(['id', 'email', 'role', 'created_at', 'expires_at'])
      .where('organization_id', '=', organizationId)
      .where('kind', '=', 'invitation')
      .where('used_at', 'is', null)
      .where('expires_at', '>', this.clock.realIso())
      .orderBy('created_at', 'desc')
      .limit(1000)
      .execute();
  }

  /** Revokes an unused invitation: its link answers 404 from now on. */
  async revokeInvitation(organizationId: string, id: string): Promise<void> {
    const result = await this.db
      .deleteFrom('dashboard_links')
      .where('id', '=', id)
      .where('organization_id', '=', organizationId)
      .where('kind', '=', 'invitation')
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw ApiError.notFound('invitation');
  }

  // ---- sessions -------------------------------------------------------------

  /** A new session for `user`: the random id goes in the cookie, its SHA-256 in the database. */
  async startSession(user: DashboardUser): Promise<string> {
    const id = randomToken();
    const now = new Date(this.clock.realNow());
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('dashboard_sessions')
        .values({
          id_hash: sha256(id),
          user_id: user.id,
          created_at: now.toISOString(),
          last_seen_at: now.toISOString(),
          expires_at: new Date(now.getTime() + this.options.sessionMaxSeconds * 1000).toISOString(),
        })
        .execute();
      await trx.updateTable('dashboard_users').set({ last_sign_in_at: now.toISOString() }).where('id', '=', user.id).execute();
    });
    return id;
  }

  /**
   * The user of a live session; undefined when unknown or expired (an expired
   * row is deleted). Activity moves `last_seen_at` (written at most once a
   * minute).
   */
  async resolveSession(id: string): Promise<DashboardUser | undefined> {
    const hash = sha256(id);
    const row = await this.db
      .selectFrom('dashboard_sessions')
      .innerJoin('dashboard_users', 'dashboard_users.id', 'dashboard_sessions.user_id')
      .selectAll('dashboard_users')
      .select(['dashboard_sessions.last_seen_at', 'dashboard_sessions.expires_at'])
      .where('dashboard_sessions.id_hash', '=', hash)
      .executeTakeFirst();
    if (!row || row.disabled_at) return undefined;
    const now = this.clock.realNow();
    const { last_seen_at, expires_at, ...user } = row;
    if (Date.parse(expires_at) <= now || Date.parse(last_seen_at) + this.options.sessionIdleSeconds * 1000 <= now) {
      await this.db.deleteFrom('dashboard_sessions').where('id_hash', '=', hash).execute();
      return undefined;
    }
    if (now - Date.parse(last_seen_at) >= Math.min(60_000, (this.options.sessionIdleSeconds * 1000) / 10)) {
      await this.db
        .updateTable('dashboard_sessions')
        .set({ last_seen_at: new Date(now).toISOString() })
        .where('id_hash', '=', hash)
        .execute();
    }
    return user;
  }

  /** The maintenance job's clean-up: sessions past their idle time or lifetime, links used or expired more than a day ago. */
  async purgeExpired(): Promise<void> {
    const now = this.clock.realNow();
    await this.db
      .deleteFrom('dashboard_sessions')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', new Date(now).toISOString()),
          eb('last_seen_at', '<=', new Date(now - this.options.sessionIdleSeconds * 1000).toISOString()),
        ]),
      )
      .execute();
    const dayAgo = new Date(now - 86_400_000).toISOString();
    await this.db
      .deleteFrom('dashboard_links')
      .where((eb) => eb.or([eb('expires_at', '<=', dayAgo), eb('used_at', '<=', dayAgo)]))
      .execute();
  }

  /** Sign out: the row is deleted, so the cookie is worthless everywhere. */
  async endSession(id: string): Promise<void> {
    await this.db.deleteFrom('dashboard_sessions').where('id_hash', '=', sha256(id)).execute();
  }

  /** The session's CSRF token: an HMAC of its id, so nothing more is stored. */
  csrfToken(sessionId: string): string {
    return createHmac('sha256', this.csrfKey).update(`csrf:${sessionId}`).digest('base64url');
  }

  checkCsrf(sessionId: string, sent: string | string[] | undefined): boolean {
    if (typeof sent !== 'string') return false;
    const expected = Buffer.from(this.csrfToken(sessionId));
    const actual = Buffer.from(sent);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}
