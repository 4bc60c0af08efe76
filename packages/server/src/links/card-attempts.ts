/**
 * The hosted checkout is not a card-testing oracle (docs/security.md):
 * card attempts that are not approved (declined, or still in flight) are
 * capped per payment link and per client address within a window.
 *
 * `reserve` checks and counts in one transaction, before the card is even
 * tokenized: it first writes the `link_card_blocks` row of the link, then of
 * the address (always in that order), which on PostgreSQL holds their row
 * locks to the end of the transaction and on SQLite takes the one write lock,
 * so racing attempts of one key are counted one after the other, in any
 * number of processes. An attempt is released (deleted) when its payment is
 * approved (outcomes.ts, in the transaction of the approval's event) or
 * when it never reached a payment (`release`). A refused attempt is not
 * counted; the first refusal of a block records `link.card_attempts_blocked`.
 *
 * The address is never stored: the key is an HMAC-SHA256 of it (of its /64
 * for IPv6, which one subscriber usually holds whole) under a deployment secret.
 */
import { createHmac } from 'node:crypto';
import type { Db, Executor } from '../db/database.js';
import { recordEvent } from '../events/store.js';
import { newId } from '../lib/ids.js';
import { isoPlusSeconds } from '../lib/time.js';
import type { RealClock } from '../clock/clock.js';

export interface CardAttemptLimits {
  perLink: number;
  perAddress: number;
  windowSeconds: number;
}

export type Scope = 'link' | 'address';

export type Reservation = { attemptId: string } | { blocked: { scope: Scope; until: string; retryAfterSeconds: number } };

export { addressSubject } from '../lib/address-subject.js';
import { addressSubject } from '../lib/address-subject.js';

export class CardAttemptGuard {
  constructor(
    private readonly db: Db,
    private readonly secret: Buffer,
    readonly limits: CardAttemptLimits,
    private readonly clock: RealClock,
  ) {}

  addressKey(ip: string): string {
    return createHmac('sha256', this.secret).update(addressSubject(ip)).digest('hex');
  }

  /**
   * When the attempts already counted block this key: the end of the block.
   * `cap` newest attempts within the window block it until the oldest of them
   * leaves the window.
   */
  private async blockedUntil(db: Executor, column: 'link_id' | 'address_key', value: string, cap: number): Promise<string | undefined> {
    const { windowSeconds } = this.limits;
    const rows = await db
      .selectFrom('link_card_attempts')
      .select('created_at')
      .where(column, '=', value)
      .where('created_at', '>=', isoPlusSeconds(this.clock.realNow(), -windowSeconds))
      .orderBy('created_at', 'desc')
      .limit(cap)
      .execute();
    if (rows.length < cap) return undefined;
    return isoPlusSeconds(Date.parse(rows[cap - 1]!.created_at), windowSeconds);
  }

  /** For the checkout page: whether a card attempt from this address on this link would be refused now. Reads only. */
  async blocked(linkId: string, ip: string): Promise<boolean> {
    const [link, address] = await Promise.all([
      this.blockedUntil(this.db, 'link_id', linkId, this.limits.perLink),
      this.blockedUntil(this.db, 'address_key', this.addressKey(ip), this.limits.perAddress),
    ]);
    return link !== undefined || address !== undefined;
  }

  /**
   * Checks the caps and counts one attempt, atomically; or says which cap refuses it and until when.
   * `link` is a payment link, or a checkout session (the embedded fields: `recordBlock` false, as
   * `link.card_attempts_blocked` names a link), whose attempts count against the same address.
   */
  async reserve(link: { id: string; organization_id: string }, ip: string, options: { recordBlock?: boolean } = {}): Promise<Reservation> {
    const addressKey = this.addressKey(ip);
    return this.db.transaction().execute(async (trx) => {
      const now = this.clock.realIso();
      const lock = (scope: Scope, key: string) =>
        trx
          .insertInto('link_card_blocks')
          .values({ scope, key, blocked_until: null, updated_at: now })
          .onConflict((oc) => oc.columns(['scope', 'key']).doUpdateSet({ updated_at: now }))
          .returning('blocked_until')
          .executeTakeFirstOrThrow();
      const linkLock = await lock('link', link.id);
      const addressLock = await lock('address', addressKey);
      const checks: Array<[Scope, string, { blocked_until: string | null }, string | undefined]> = [
        ['link', link.id, linkLock, await this.blockedUntil(trx, 'link_id', link.id, this.limits.perLink)],
        ['address', addressKey, addressLock, await this.blockedUntil(trx, 'address_key', addressKey, this.limits.perAddress)],
      ];
      const refused = checks.find((c) => c[3] !== undefined);
      if (!refused) {
        const attemptId = newId('cardAttempt');
        await trx
          .insertInto('link_card_attempts')
          .values({ id: attemptId, link_id: link.id, address_key: addressKey, payment_id: null, created_at: now })
          .execute();
        return { attemptId };
      }
      const [scope, key, row, until] = refused as [Scope, string, { blocked_until: string | null }, string];
      const already = row.blocked_until !== null && row.blocked_until > now;
      if (!already || row.blocked_until! < until) {
        await trx.updateTable('link_card_blocks').set({ blocked_until: until, updated_at: now }).where('scope', '=', scope).where('key', '=', key).execute();
      }
      // Once per block: the first refused attempt records it.
      if (!already && options.recordBlock !== false)
        await recordEvent(trx, link.organization_id, 'link.card_attempts_blocked', { link: { id: link.id }, scope, until }, undefined, this.clock);
      return { blocked: { scope, until, retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(until) - this.clock.realNow()) / 1000)) } };
    });
  }

  /** In the payment's insert transaction: the attempt's payment, so its approval releases it. */
  async attach(db: Executor, attemptId: string, paymentId: string): Promise<void> {
    await db.updateTable('link_card_attempts').set({ payment_id: paymentId }).where('id', '=', attemptId).execute();
  }

  /** The attempt never reached a payment (the card could not be read, the link was taken): not counted. */
  async release(attemptId: string): Promise<void> {
    await this.db.deleteFrom('link_card_attempts').where('id', '=', attemptId).execute();
  }
}

/** Maintenance: attempts and block rows older than the longest window (24 hours). */
export async function purgeCardAttempts(db: Executor, clock: RealClock): Promise<void> {
  const before = isoPlusSeconds(clock.realNow(), -86400);
  await db.deleteFrom('link_card_attempts').where('created_at', '<', before).execute();
  await db.deleteFrom('link_card_blocks').where('updated_at', '<', before).execute();
}
