/**
 * What a link does when a payment made through it finishes: the outbox
 * reaction `linkSettlement` (registered in app.ts) runs it inside the
 * transaction that records the payment's final event.
 */
import { metadataOf } from '../lib/metadata.js';
import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { preparedQuery } from '../db/prepared.js';
import { recordEvent, type Reaction } from '../events/store.js';
import type { EventType } from '../events/types.js';
import { ID_PREFIXES } from '../lib/ids.js';
import { clockAt } from '../clock/clock.js';
import { enqueueJob } from '../jobs/store.js';
import { LINK_JOBS } from './service.js';

const PAID: readonly EventType[] = ['payment.card.approved', 'payment.card.authorized', 'payment.purchase.succeeded'];
const NOT_PAID: readonly EventType[] = ['payment.card.rejected', 'payment.card.cancelled', 'payment.purchase.rejected', 'payment.purchase.failed'];

/**
 * The order_id of a payment made through a link: the link's id, then a unique
 * suffix. Every payment a link reserves a use for gets one (pages.ts), so the
 * settlement reaction skips, without a look-up, the payments whose order_id
 * cannot be a link's (a merchant's own order_id may look like one: it is then
 * looked up and found to hold no use).
 */
export function linkOrderId(linkId: string, now: number): string {
  return `${linkId}-${now.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

const LINK_ORDER_PREFIX = `${ID_PREFIXES.link}-`;

function mayBeLinkOrder(orderId: unknown): boolean {
  return typeof orderId !== 'string' || orderId.startsWith(LINK_ORDER_PREFIX);
}

/** `now`: the real time, read from the gateway's clock by the caller. */
export async function releaseUse(db: Executor, linkId: string, now: string): Promise<void> {
  await db.updateTable('links').set({ uses: sql`uses - 1`, updated_at: now }).where('id', '=', linkId).where('uses', '>', 0).execute();
}

/**
 * Paid: the link is used once its last use is paid, and `link.paid` is
 * emitted; its card attempt no longer counts against the checkout's caps
 * (card-attempts.ts). Not paid: the reserved use is given back.
 */
const reservedLinkPayment = preparedQuery((db: Executor, paymentId: string) =>
  db.selectFrom('link_payments').selectAll().where('payment_id', '=', paymentId).where('status', '=', 'reserved'),
);

/** `now`: the time of the payment's event (its reactions' time). */
export async function settleLinkPayment(db: Executor, paymentId: string, paid: boolean, now: string): Promise<void> {
  const [entry] = await reservedLinkPayment(db, paymentId);
  if (!entry) return;
  const changed = await db
    .updateTable('link_payments')
    .set({ status: paid ? 'paid' : 'released' })
    .where('link_id', '=', entry.link_id)
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'reserved')
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) return;
  if (!paid) {
    await releaseUse(db, entry.link_id, now);
    // A link past its expiry was kept open for this payment (service.ts expire): its expiry job looks again now (a
    // sandbox timer of the organization), and expires it unless another payment still holds it.
    const link = await db.selectFrom('links').select(['organization_id', 'status']).where('id', '=', entry.link_id).executeTakeFirst();
    if (link && (link.status === 'created' || link.status === 'opened'))
      await enqueueJob(db, { type: LINK_JOBS.expire, payload: { link_id: entry.link_id }, organizationId: link.organization_id }, clockAt(now));
    return;
  }
  // An approved card attempt does not count against the checkout's decline caps.
  if (entry.kind === 'card') await db.deleteFrom('link_card_attempts').where('payment_id', '=', paymentId).execute();
  const link = (await db.selectFrom('links').selectAll().where('id', '=', entry.link_id).executeTakeFirst())!;
  const paidCount = await db
    .selectFrom('link_payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('link_id', '=', link.id)
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  if (Number(paidCount.n) >= Number(link.max_uses ?? 1)) {
    await db.updateTable('links').set({ status: 'used', used_at: now, updated_at: now }).where('id', '=', link.id).execute();
  }
  await recordEvent(
    db,
    link.organization_id,
    'link.paid',
    { link: { id: link.id, payment_id: paymentId, uses: Number(paidCount.n), max_uses: Number(link.max_uses ?? 1), metadata: metadataOf(link.metadata) } },
    undefined,
    clockAt(now),
  );
}

/**
 * The outbox reaction: a payment's final event settles the link use it came through, if any. A
 * checkout session's payment (another order id) approved after a 3-D Secure challenge gives its card
 * attempt back too: the session gives back an approval it sees at once (checkout/service.ts), and a
 * payment with `three_ds` is the one that may be approved later.
 */
export const linkSettlement: Reaction = {
  name: 'links.settlement',
  types: [...PAID, ...NOT_PAID],
  run: async (db, event) => {
    const payment = (event.data as { payment?: { id?: unknown; order_id?: unknown; three_ds?: unknown } }).payment;
    if (typeof payment?.id !== 'string') return;
    if (mayBeLinkOrder(payment.order_id)) await settleLinkPayment(db, payment.id, PAID.includes(event.type), event.created_at);
    else if (payment.three_ds && PAID.includes(event.type)) await db.deleteFrom('link_card_attempts').where('payment_id', '=', payment.id).execute();
  },
};
