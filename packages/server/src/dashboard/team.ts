/**
 * An organization's dashboard members and its pending invitations: roles
 * changed, members disabled or removed, their sessions ended. Every change
 * keeps at least one active owner, checked under a lock of the owners' rows.
 */
import type { RealClock } from '../clock/clock.js';
import type { Db, Executor } from '../db/database.js';
import type { DashboardRole } from '../db/schema.js';
import { ApiError } from '../errors/api-error.js';
import type { DashboardUser } from './service.js';

const RANKS: Record<DashboardRole, number> = { viewer: 0, developer: 1, owner: 2 };
const rank = (role: DashboardRole) => RANKS[role];

export class DashboardTeam {
  constructor(
    private readonly db: Db,
    private readonly clock: RealClock,
  ) {}

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
}
