/**
 * Card-present payments (`/v1/card-present/payments`): a card read at a
 * terminal of a point of sale. They are card payments (the `payments` table,
 * `channel` card_present, with `merchant_id`, `point_of_sale_id`,
 * `terminal_id` and `entry_mode`) and go through the authorize path of every
 * card payment (payments/authorize.ts, with the same `sameOrder` check, here
 * on the terminal instead of the instrument): the row is inserted with
 * `pending_action = authorize` and its recovery job, the network authorizes
 * (so the sandbox test cards decide), and `PaymentLifecycle.recordAuthorization`
 * records the result, its event and its follow-up job. Before the insert, the fraud rules screen the
 * payment as they do e-commerce ones (fraud/service.ts), for the API client
 * that presents the card (`Caller`): a declined payment is inserted REJECTED
 * `59` with its event and no recovery job, and the network is never called. The card read is stored as an instrument like a
 * tokenized card. The actions (capture, cancel, refund, ...) are the payments'
 * own, on payments of this channel only.
 */
import type { Db, Executor } from '../db/database.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { paginate, type Page } from '../http/pagination.js';
import { newId } from '../lib/ids.js';
import type { CardNetworkConnector } from '../connectors/card-network/connector.js';
import { requireNetwork } from '../connectors/card-network/unavailable.js';
import type { InstrumentService, CardReadFields, CardReadResult } from '../instruments/service.js';
import type { RealClock } from '../clock/clock.js';
import { decide, FraudService } from '../fraud/service.js';
import { authorizeAndRecord, paymentOfOrder } from '../payments/authorize.js';
import { screenedPayment } from '../payments/screened.js';
import type { PaymentLifecycle } from '../payments/lifecycle.js';
import { parseAmount, paymentView } from '../payments/service.js';
import { findPayment, pendingPayment, withCard, type PaymentWithCard } from '../payments/store.js';
import type { CardPayment } from '../payments/schemas.js';
import type { CardPresentListQuery, CreateCardPresentPayment } from './schemas.js';

export type EntryMode = 'chip' | 'contactless' | 'swipe';
export type CardPresentPayment = CardPayment & { entry_mode: EntryMode | null };

export function cardPresentView(p: PaymentWithCard): CardPresentPayment {
  return { ...paymentView(p), entry_mode: p.entry_mode };
}

/** What a card-present authorization needs, already checked (amount in minor units). */
export interface CardPresentCharge {
  minor: number;
  currency: string;
  orderId: string;
  description: string | null;
  captureMode: 'automatic' | 'manual';
  merchantId: string;
  pointOfSaleId: string;
  terminalId: string;
  entryMode: EntryMode;
}

/**
 * Who asks for a card-present payment: the organization, and the API client
 * the fraud rules count the payment against (per-client velocity and new cards).
 */
export interface Caller {
  organizationId: string;
  clientId: string;
}

export class CardPresentService {
  private readonly fraud: FraudService;

  constructor(
    private readonly db: Db,
    private readonly instruments: InstrumentService,
    private readonly network: CardNetworkConnector,
    private readonly lifecycle: PaymentLifecycle,
    private readonly clock: RealClock,
  ) {
    this.fraud = new FraudService(db, clock);
  }

  /**
   * The terminal a card-present operation names: the organization's, active,
   * attached to a point of sale (to `pointOfSaleId` when given). The answer
   * names the bad field, for a 422 that lists every problem.
   */
  async terminalAt(
    organizationId: string,
    terminalId: string,
    pointOfSaleId?: string,
  ): Promise<{ point: { id: string; merchant_id: string } } | { error: ErrorDetail }> {
    const terminal = await this.db
      .selectFrom('terminals')
      .select(['id', 'status', 'point_of_sale_id'])
      .where('id', '=', terminalId)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (!terminal) return { error: { field: 'terminal_id', message: 'no terminal of your organization has this id' } };
    if (terminal.status !== 'active') return { error: { field: 'terminal_id', message: 'the terminal is inactive' } };
    if (!terminal.point_of_sale_id)
      return { error: { field: 'terminal_id', message: 'the terminal is not attached to a point of sale (PATCH /v1/points-of-sale/{id}/terminals)' } };
    if (pointOfSaleId !== undefined && terminal.point_of_sale_id !== pointOfSaleId) {
      return { error: { field: 'terminal_id', message: `the terminal is not attached to point of sale ${pointOfSaleId}` } };
    }
    const point = await this.db
      .selectFrom('points_of_sale')
      .select(['id', 'merchant_id'])
      .where('id', '=', terminal.point_of_sale_id)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (!point) return { error: { field: 'terminal_id', message: "the terminal's point of sale no longer exists" } };
    return { point };
  }

  /** POST /v1/card-present/payments: every problem of the body in one 422, nothing written. */
  async create(caller: Caller, body: CreateCardPresentPayment): Promise<{ payment: CardPresentPayment; created: boolean }> {
    const { organizationId } = caller;
    requireNetwork(this.network);
    const errors: ErrorDetail[] = [];
    const amount = parseAmount(body.amount, body.currency);
    if ('error' in amount) errors.push(amount.error);
    const point = await this.db
      .selectFrom('points_of_sale')
      .select('id')
      .where('id', '=', body.point_of_sale_id)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    let place: { point: { id: string; merchant_id: string } } | undefined;
    if (!point) errors.push({ field: 'point_of_sale_id', message: 'no point of sale of your organization has this id' });
    else {
      const at = await this.terminalAt(organizationId, body.terminal_id, body.point_of_sale_id);
      if ('error' in at) errors.push(at.error);
      else place = at;
    }
    const read = await this.instruments.readCard(organizationId, body.card, 'card.');
    if ('errors' in read) errors.push(...read.errors);
    if (errors.length > 0) throw ApiError.validation(errors);
    return this.authorize(
      caller,
      {
        minor: (amount as { minor: number }).minor,
        currency: body.currency,
        orderId: body.order_id,
        description: body.description ?? null,
        captureMode: (body.capture ?? true) ? 'automatic' : 'manual',
        merchantId: place!.point.merchant_id,
        pointOfSaleId: place!.point.id,
        terminalId: body.terminal_id,
        entryMode: body.entry_mode,
      },
      (read as { read: CardReadResult }).read,
    );
  }

  /** A payment instruction's card read (payment-instructions/): decrypted and checked, then authorized. */
  async authorizeRead(
    caller: Caller,
    charge: CardPresentCharge & { card: CardReadFields },
    options: { cardField: string; onCreate?: (trx: Executor, paymentId: string) => Promise<void> },
  ): Promise<{ payment: CardPresentPayment; created: boolean }> {
    requireNetwork(this.network);
    const read = await this.instruments.readCard(caller.organizationId, charge.card, options.cardField);
    if ('errors' in read) throw ApiError.validation(read.errors);
    return this.authorize(caller, charge, read.read, options.onCreate);
  }

  /**
   * Screens the payment with the fraud rules, inserts it (claimed for
   * `authorize`, with its recovery job, and `onCreate` in the same
   * transaction), asks the network, records the answer. A payment the rules
   * decline is inserted REJECTED and the network is not asked. The same
   * order_id again returns the first payment.
   */
  private async authorize(
    caller: Caller,
    charge: CardPresentCharge,
    read: CardReadResult,
    onCreate?: (trx: Executor, paymentId: string) => Promise<void>,
  ): Promise<{ payment: CardPresentPayment; created: boolean }> {
    const { organizationId, clientId } = caller;
    const terms = { orderId: charge.orderId, minor: charge.minor, currency: charge.currency, terminalId: charge.terminalId };
    const existing = await paymentOfOrder(this.db, organizationId, terms);
    if (existing) return { payment: cardPresentView(existing), created: false };

    const { instrument, card } = await this.instruments.instrumentForRead(organizationId, read);
    const screening = await this.fraud.screen({ organizationId, clientId, instrumentId: instrument.id });
    const fraud = decide(screening, { clientId, instrumentId: instrument.id, amount: charge.minor, currency: charge.currency });
    const now = this.clock.realIso();
    const pending = pendingPayment({
      id: newId('payment'),
      organization_id: organizationId,
      order_id: charge.orderId,
      instrument_id: instrument.id,
      amount: charge.minor,
      currency: charge.currency,
      description: charge.description,
      capture_mode: charge.captureMode,
      created_at: now,
      merchant_id: charge.merchantId,
      point_of_sale_id: charge.pointOfSaleId,
      terminal_id: charge.terminalId,
      channel: 'card_present',
      entry_mode: charge.entryMode,
    });
    const row = screenedPayment(pending, fraud);
    // The authorize path shared with e-commerce payments (payments/authorize.ts), in two steps.
    const { payment, created } = await authorizeAndRecord({ db: this.db, network: this.network, lifecycle: this.lifecycle }, row, fraud, card, {
      terms,
      instrument,
      onCreate,
      withinTransaction: false,
    });
    return { payment: cardPresentView(payment), created };
  }

  /** A card-present payment of the organization; any other payment is 404 here. */
  async row(organizationId: string, id: string): Promise<PaymentWithCard> {
    const row = await findPayment(this.db, organizationId, id);
    if (!row || row.channel !== 'card_present') throw ApiError.notFound('card-present payment');
    return row;
  }

  async get(organizationId: string, id: string): Promise<CardPresentPayment> {
    return cardPresentView(await this.row(organizationId, id));
  }

  async list(organizationId: string, params: CardPresentListQuery): Promise<Page<CardPresentPayment>> {
    let query = withCard(this.db).where('payments.organization_id', '=', organizationId).where('payments.channel', '=', 'card_present');
    if (params.status) query = query.where('payments.status', '=', params.status);
    if (params.point_of_sale_id) query = query.where('payments.point_of_sale_id', '=', params.point_of_sale_id);
    if (params.terminal_id) query = query.where('payments.terminal_id', '=', params.terminal_id);
    const page = await paginate(query, { id: 'payments.id', createdAt: 'payments.created_at', kind: 'payment' }, params);
    return { data: page.data.map(cardPresentView), has_more: page.has_more };
  }
}
