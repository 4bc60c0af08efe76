/**
 * The dashboard's sign-in sessions: a random id in the cookie, only its
 * SHA-256 in the database; an idle time and a lifetime; the CSRF token an
 * HMAC of the id under a deployment secret, so nothing more is stored.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RealClock } from '../clock/clock.js';
import type { Db } from '../db/database.js';
import type { DashboardUsersTable } from '../db/schema.js';

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
export const randomToken = (): string => randomBytes(32).toString('base64url');

export class DashboardSessions {
  constructor(
    private readonly db: Db,
    private readonly options: { sessionIdleSeconds: number; sessionMaxSeconds: number },
    /** Key of the CSRF tokens (an HMAC of the session id; a deployment secret). */
    private readonly csrfKey: Buffer,
    private readonly clock: RealClock,
  ) {}

  /** A new session for `user`: the random id goes in the cookie, its SHA-256 in the database. */
  async startSession(user: DashboardUsersTable): Promise<string> {
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
  async resolveSession(id: string): Promise<DashboardUsersTable | undefined> {
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

  /** The maintenance job's clean-up of sessions past their idle time or lifetime. */
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
  }
}
