/**
 * The settlement schedule and the payouts (docs/ledger.md "Settlements",
 * "Payouts"), driven by durable jobs on the organization's clock, so a
 * sandbox test clock advance (clock/) moves them.
 *
 * A settlement run (`settlement.run`, one waiting per organization) settles,
 * per method and currency, the queued entries (ledger/queue.ts) booked before
 * the method's cutoff: the start of the organization's current day (UTC) less
 * the method's delay in days. So an entry booked on day D settles at the
 * start of day D + delay + 1: T+0 at the end of its own day, T+1 a day later.
 * Each batch posts a `settlement` entry moving its total from pending to
 * available. Then, on the `daily` payout interval, each currency's available
 * balance is paid out; and the run schedules the next one, when the oldest
 * entry still queued falls due, or at the start of the organization's next
 * day if that is sooner: an entry booked later falls due then at the soonest,
 * so a capture never needs to move the waiting run (ledger/queue.ts).
 *
 * A payout claims every settlement of its currency not claimed yet with one
 * compare-and-set update (`payout_id is null`): two payouts racing never claim
 * one settlement twice, and a payout's amount is what it claimed, never more
 * than available. It posts a `payout` entry (available to in transit); at its
 * arrival (`payout.arrive`, a day later) it is paid (`payout_paid`, out to the
 * processor's clearing) or, to the failing test account, fails
 * (`payout_failure`: back to available, its settlements free to be paid again).
 */
import type { SandboxClock } from '../clock/clock.js';
import type { Db, Executor } from '../db/database.js';
import type { PayoutsTable } from '../db/schema.js';
import { recordEvent } from '../events/store.js';
import { enqueueJob } from '../jobs/store.js';
import { postEntry } from '../ledger/post.js';
import { scheduleSettlementRun } from '../ledger/queue.js';
import { newId } from '../lib/ids.js';
import { FAILING_ACCOUNT_HASH, payoutAccount, readSettings, type Settings } from './settings.js';
import { payoutView } from './views.js';

export const DAY_MS = 86_400_000;
export const PAYOUT_ARRIVAL_JOB = 'payout.arrive';
const METHODS = ['card', 'rail'] as const;

const delayOf = (settings: Settings, method: 'card' | 'rail') => (method === 'card' ? settings.card_delay_days : settings.rail_delay_days);
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Holds the organization's test clock for the rest of the transaction (a write to its row, which an
 * advance also writes) and answers its offset as committed. Either the advance commits first and the
 * run reads the moved time, or the run commits first and the advance then shifts the next run it
 * scheduled: without it, a run in flight while the clock moved scheduled its next run by the old time,
 * a whole advance too late.
 */
async function holdClock(trx: Executor, organizationId: string, now: string): Promise<number> {
  await trx
    .insertInto('sandbox_clocks')
    .values({ organization_id: organizationId, offset_ms: 0, updated_at: now })
    .onConflict((oc) => oc.column('organization_id').doNothing())
    .execute();
  await trx
    .updateTable('sandbox_clocks')
    .set((eb) => ({ offset_ms: eb.ref('offset_ms') }))
    .where('organization_id', '=', organizationId)
    .execute();
  const row = await trx.selectFrom('sandbox_clocks').select('offset_ms').where('organization_id', '=', organizationId).executeTakeFirstOrThrow();
  return Number(row.offset_ms);
}

export class PayoutEngine {
  constructor(
    private readonly db: Db,
    private readonly clock: SandboxClock,
    /** The sandbox: settlements and payouts are simulated; elsewhere no payout connector exists yet. */
    readonly sandbox: boolean,
  ) {}

  /** One settlement run of the organization (the `settlement.run` job). */
  async runSettlement(organizationId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const settings = await readSettings(trx, organizationId);
      // Switched off: nothing settles and no run is scheduled; switching it on schedules one.
      if (!settings.settlements_enabled) return;
      const orgNow = this.sandbox
        ? this.clock.realNow() + (await holdClock(trx, organizationId, this.clock.realIso()))
        : await this.clock.now(organizationId, trx);
      const dayStart = Math.floor(orgNow / DAY_MS) * DAY_MS;
      for (const method of METHODS) await this.settle(trx, organizationId, method, dayStart - delayOf(settings, method) * DAY_MS);
      if (settings.payout_interval === 'daily' && this.sandbox) {
        const unpaid = await trx
          .selectFrom('settlements')
          .select('currency')
          .distinct()
          .where('organization_id', '=', organizationId)
          .where('payout_id', 'is', null)
          .execute();
        for (const { currency } of unpaid) await this.payout(trx, organizationId, currency, true, settings);
      }
      await this.scheduleNext(trx, organizationId, settings, orgNow, dayStart + DAY_MS);
    });
  }

  /** Settles the method's queued entries booked before `cutoff` (the organization's time), one batch per currency. */
  private async settle(trx: Executor, organizationId: string, method: 'card' | 'rail', cutoff: number): Promise<void> {
    const due = (qb: Executor) =>
      qb
        .selectFrom('settlement_queue')
        .where('settlement_queue.organization_id', '=', organizationId)
        .where('settlement_queue.method', '=', method)
        .where('settlement_queue.booked_ms', '<', cutoff);
    const currencies = await due(trx).select('settlement_queue.currency').distinct().execute();
    for (const { currency } of currencies) {
      const id = newId('settlement');
      const now = this.clock.realIso();
      await trx
        .insertInto('settlement_entries')
        .columns(['entry_id', 'settlement_id', 'organization_id', 'amount', 'fee'])
        .expression(
          due(trx)
            .innerJoin('ledger_entries as e', 'e.id', 'settlement_queue.entry_id')
            .where('settlement_queue.currency', '=', currency)
            .select((eb) => [
              'settlement_queue.entry_id',
              eb.val(id).as('settlement_id'),
              'settlement_queue.organization_id',
              'settlement_queue.amount',
              'e.fee',
            ]),
        )
        .execute();
      await trx
        .deleteFrom('settlement_queue')
        .where('entry_id', 'in', (eb) => eb.selectFrom('settlement_entries').select('entry_id').where('settlement_id', '=', id))
        .execute();
      const totals = await trx
        .selectFrom('settlement_entries')
        .select((eb) => [
          eb.fn.sum<string | number>('amount').as('amount'),
          eb.fn.sum<string | number>('fee').as('fee'),
          eb.fn.countAll<string | number>().as('n'),
        ])
        .where('settlement_id', '=', id)
        .executeTakeFirstOrThrow();
      const amount = Number(totals.amount ?? 0);
      const entryId = await postEntry(trx, {
        organizationId,
        type: 'settlement',
        currency,
        source: { object: 'settlement', id },
        paymentId: null,
        postings:
          amount >= 0
            ? [{ debit: 'merchant_pending', credit: 'merchant_available', amount }]
            : [{ debit: 'merchant_available', credit: 'merchant_pending', amount: -amount }],
        createdAt: now,
      });
      await trx
        .insertInto('settlements')
        .values({
          id,
          organization_id: organizationId,
          currency,
          method,
          amount,
          fee: Number(totals.fee ?? 0),
          entry_count: Number(totals.n),
          cutoff: iso(cutoff),
          simulated: this.sandbox ? 1 : 0,
          ledger_entry_id: entryId,
          payout_id: null,
          created_at: now,
        })
        .execute();
    }
  }

  /** The next run: when the oldest queued entry of a method falls due, and no later than the start of the organization's next day. */
  private async scheduleNext(trx: Executor, organizationId: string, settings: Settings, orgNow: number, nextDay: number): Promise<void> {
    const oldest = await trx
      .selectFrom('settlement_queue')
      .select(['method', (eb) => eb.fn.min<string | number>('booked_ms').as('booked')])
      .where('organization_id', '=', organizationId)
      .groupBy('method')
      .execute();
    if (oldest.length === 0) return;
    const due = Math.min(nextDay, ...oldest.map((o) => (Math.floor(Number(o.booked) / DAY_MS) + delayOf(settings, o.method) + 1) * DAY_MS));
    const realNow = this.clock.realNow();
    await scheduleSettlementRun(trx, organizationId, iso(realNow + Math.max(0, due - orgNow)), iso(realNow));
  }

  /**
   * Pays out the currency's available balance: claims every unclaimed settlement (a compare-and-set,
   * so racing payouts never share one). Undefined when they add up to nothing positive (nothing claimed then).
   */
  async payout(trx: Executor, organizationId: string, currency: string, automatic: boolean, settings: Settings): Promise<PayoutsTable | undefined> {
    const account = payoutAccount(settings, this.sandbox);
    if (!account) return undefined;
    const id = newId('payout');
    const claimed = await trx
      .updateTable('settlements')
      .set({ payout_id: id })
      .where('organization_id', '=', organizationId)
      .where('currency', '=', currency)
      .where('payout_id', 'is', null)
      .returning(['id', 'amount'])
      .execute();
    const amount = claimed.reduce((sum, s) => sum + Number(s.amount), 0);
    if (amount <= 0) {
      if (claimed.length > 0) await trx.updateTable('settlements').set({ payout_id: null }).where('payout_id', '=', id).execute();
      return undefined;
    }
    const now = this.clock.realIso();
    const row: PayoutsTable = {
      id,
      organization_id: organizationId,
      currency,
      amount,
      status: 'in_transit',
      automatic: automatic ? 1 : 0,
      simulated: this.sandbox ? 1 : 0,
      bank_account_last4: account.last4,
      bank_account_hash: account.hash,
      arrival_date: iso((await this.clock.now(organizationId, trx)) + DAY_MS),
      failure_code: null,
      failure_message: null,
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto('payouts').values(row).execute();
    await trx
      .insertInto('payout_settlements')
      .values(claimed.map((s) => ({ payout_id: id, settlement_id: s.id })))
      .execute();
    await postEntry(trx, {
      organizationId,
      type: 'payout',
      currency,
      source: { object: 'payout', id },
      paymentId: null,
      postings: [{ debit: 'merchant_available', credit: 'payouts_in_transit', amount }],
      createdAt: now,
    });
    // Until it runs the payout stays in transit: it keeps trying while the database (or a bug a deploy fixes) fails it.
    await enqueueJob(trx, { type: PAYOUT_ARRIVAL_JOB, payload: { payout_id: id }, organizationId, delaySeconds: DAY_MS / 1000 }, this.clock);
    return row;
  }

  /** A payout arrives (`payout.arrive`): paid, or failed to the failing test account and its money back to available. */
  async arrive(payoutId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('payouts').selectAll().where('id', '=', payoutId).where('status', '=', 'in_transit').executeTakeFirst();
      if (!row) return;
      const failed = row.bank_account_hash === FAILING_ACCOUNT_HASH;
      const now = this.clock.realIso();
      const next: PayoutsTable = {
        ...row,
        amount: Number(row.amount),
        status: failed ? 'failed' : 'paid',
        failure_code: failed ? 'no_account' : null,
        failure_message: failed ? 'The bank account does not exist: the sandbox test account whose payouts fail.' : null,
        updated_at: now,
      };
      const moved = await trx
        .updateTable('payouts')
        .set({ status: next.status, failure_code: next.failure_code, failure_message: next.failure_message, updated_at: now })
        .where('id', '=', payoutId)
        .where('status', '=', 'in_transit')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return;
      const entry = {
        organizationId: row.organization_id,
        currency: row.currency,
        source: { object: 'payout' as const, id: row.id },
        paymentId: null,
        createdAt: now,
      };
      if (failed) {
        await postEntry(trx, {
          ...entry,
          type: 'payout_failure',
          postings: [{ debit: 'payouts_in_transit', credit: 'merchant_available', amount: next.amount }],
        });
        await trx.updateTable('settlements').set({ payout_id: null }).where('payout_id', '=', payoutId).execute();
      } else {
        await postEntry(trx, { ...entry, type: 'payout_paid', postings: [{ debit: 'payouts_in_transit', credit: 'processor_clearing', amount: next.amount }] });
      }
      await recordEvent(trx, row.organization_id, failed ? 'payout.failed' : 'payout.paid', { payout: payoutView(next) }, undefined, this.clock);
    });
  }
}
