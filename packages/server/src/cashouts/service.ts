/**
 * Cashouts (spec 1.8, docs/sandbox.md "Cashouts"): alternative payments are irrevocable,
 * so money goes back to the customer as a separate disbursement. The amount is
 * reserved against the paid amount with a compare-and-set, so concurrent
 * cashouts never exceed it. The rail (connectors/rails/) disburses inside the
 * same transaction: a disbursement it refuses gives the reservation back and
 * is recorded FAILED with `cashout.failed`.
 */
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { RailConnector } from '../connectors/rails/connector.js';
import type { CashoutsTable } from '../db/schema.js';
import { ApiError } from '../errors/api-error.js';
import { recordEvent } from '../events/store.js';
import { paginate, type ListQuery, type Page } from '../http/pagination.js';
import { amountProblemMessage, minorToNumber, toMinorUnits, type MoneyAmount } from '../lib/money.js';
import { newId } from '../lib/ids.js';
import { asRail, railPayments, releaseCashout, reserveCashout } from '../payments/methods/rail-store.js';
import type { RealClock } from '../clock/clock.js';

type CashoutRow = Selectable<CashoutsTable>;

/** Where a cashout to a Bre-B key went, as the key look-up answered. */
export interface CashoutDestination {
  breb_key: string;
  holder_name: string;
  institution: { id: string; name: string };
}

export interface CashoutView {
  id: string;
  payment_id: string;
  amount: number;
  currency: string;
  status: CashoutRow['status'];
  destination?: CashoutDestination;
  created_at: string;
  updated_at: string;
}

const view = (r: CashoutRow): CashoutView => ({
  id: r.id,
  payment_id: r.payment_id,
  amount: minorToNumber(Number(r.amount), r.currency),
  currency: r.currency,
  status: r.status,
  ...(r.destination ? { destination: JSON.parse(r.destination) as CashoutDestination } : {}),
  created_at: r.created_at,
  updated_at: r.updated_at,
});

export class CashoutService {
  constructor(
    private readonly db: Db,
    /** The rails (the sandbox simulator), or undefined when none is configured (CONNECTORS=none). */
    private readonly rails: RailConnector | undefined,
    private readonly clock: RealClock,
    /** Who holds a Bre-B key (bre-b/), for a cashout to a key. */
    private readonly lookupKey: (key: string) => Promise<CashoutDestination | undefined>,
  ) {}

  async create(organizationId: string, body: { payment_id: string; amount: MoneyAmount; breb_key?: string }): Promise<CashoutView> {
    const rails = this.rails;
    if (!rails) throw new ApiError('service_unavailable', 'No rail connector is configured in this deployment (CONNECTORS=none).');
    const payment = await railPayments(this.db).where('id', '=', body.payment_id).where('organization_id', '=', organizationId).executeTakeFirst().then(asRail);
    if (!payment) {
      const card = await this.db
        .selectFrom('payments')
        .select('id')
        .where('id', '=', body.payment_id)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      if (card) throw ApiError.validation([{ field: 'payment_id', message: 'card payments are refunded with POST /v1/refunds, not cashouts' }]);
      throw ApiError.notFound('payment');
    }
    // A payment a connector account's processor served is paid back there (its panel): the default rail never saw it.
    if (payment.network_reference !== null)
      throw ApiError.validation([
        { field: 'payment_id', message: "was served by a connector account's processor: pay it back in the processor's panel, not with a cashout" },
      ]);
    const parsed = toMinorUnits(body.amount, payment.currency);
    if ('problem' in parsed) throw ApiError.validation([{ field: 'amount', message: amountProblemMessage(parsed.problem, payment.currency) }]);
    if (payment.status !== 'APPROVED') throw new ApiError('payment_not_captured', `Only an APPROVED payment can be paid back; this one is ${payment.status}.`);
    let destination: CashoutDestination | undefined;
    if (body.breb_key !== undefined) {
      destination = await this.lookupKey(body.breb_key);
      if (!destination) throw ApiError.validation([{ field: 'breb_key', message: 'no account holds this key (GET /v1/bre-b/keys/lookup)' }]);
    }
    const amount = parsed.minor;
    const now = this.clock.realIso();
    const row: CashoutRow = {
      id: newId('cashout'),
      organization_id: organizationId,
      payment_id: payment.id,
      amount,
      currency: payment.currency,
      status: 'SUCCEEDED',
      destination: destination ? JSON.stringify(destination) : null,
      created_at: now,
      updated_at: now,
    };
    return this.db.transaction().execute(async (trx) => {
      const reserved = await reserveCashout(trx, payment.id, amount, now);
      if (!reserved) throw new ApiError('cashout_exceeds_paid', 'The cashouts would exceed the amount paid.');
      const paid = await rails.disburse(trx, {
        cashoutId: row.id,
        paymentId: payment.id,
        organizationId,
        railId: payment.rail_id,
        amount,
        ...(destination ? { brebKey: destination.breb_key } : {}),
      });
      if (paid.outcome === 'failed') {
        // Nothing went back to the customer: the reservation is given back.
        await releaseCashout(trx, payment.id, amount);
        row.status = 'FAILED';
      }
      await trx.insertInto('cashouts').values(row).execute();
      await recordEvent(trx, organizationId, paid.outcome === 'failed' ? 'cashout.failed' : 'cashout.succeeded', { cashout: view(row) }, undefined, this.clock);
      return view(row);
    });
  }

  async get(organizationId: string, id: string): Promise<CashoutView> {
    const row = await this.db.selectFrom('cashouts').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!row) throw ApiError.notFound('cashout');
    return view(row);
  }

  async list(organizationId: string, params: ListQuery & { payment_id?: string }): Promise<Page<CashoutView>> {
    let query = this.db.selectFrom('cashouts').selectAll().where('organization_id', '=', organizationId);
    if (params.payment_id) query = query.where('payment_id', '=', params.payment_id);
    const page = await paginate(query, { id: 'id', createdAt: 'created_at', kind: 'cashout' }, params);
    return { data: page.data.map(view), has_more: page.has_more };
  }
}
