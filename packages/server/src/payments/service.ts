/**
 * Card payments (spec 4.4): create from an instrument and a freshly encrypted
 * CVV, get, list, capture (deferred mode), cancel. `order_id` is the charge's
 * idempotency key, enforced by a unique index: a retry, even a racing one,
 * returns the first payment and never charges twice.
 */
import type { Db, Executor } from '../db/database.js';
import type { Principal } from '../http/principal.js';
import { amountOf, objectOf, textOf, type Loose } from '../http/checks.js';
import { amountRange } from '../http/amount-checks.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import type { Page } from '../http/pagination.js';
import { amountProblemMessage, formatMinor, toMinorUnits, type MoneyAmount } from '../lib/money.js';
import { newId } from '../lib/ids.js';
import type { AuthorizeRequest, CardNetworkConnector } from '../connectors/card-network/connector.js';
import { requireNetworkFor } from '../connectors/card-network/unavailable.js';
import type { EncryptionKeyService } from '../encryption-keys/service.js';
import { instrumentProblem, type InstrumentService } from '../instruments/service.js';
import type { InstrumentRow } from '../instruments/store.js';
import type { PaymentLifecycle } from './lifecycle.js';
import { type CardPayment, type CreatePayment, type PaymentSearchQuery } from './schemas.js';
import type { ApmPayment } from './apm/schemas.js';
import type { AlternativePaymentService, ApmRow } from './apm/service.js';
import type { TransactionRow } from './transactions/store.js';
import { transactionView } from './transactions/schemas.js';
import { findPayment, listPayments, pendingPayment, type PaymentRow, type PaymentWithCard } from './store.js';
import { feeFields } from '../fees/apply.js';
import type { RealClock } from '../clock/clock.js';
import { decide, FraudService, type Decision } from '../fraud/service.js';
import { screenedPayment } from './screened.js';
import { readTogether } from '../db/prepared.js';
import { authorizeAndRecord, paymentOfOrder } from './authorize.js';
import { metadataColumn, metadataOf } from '../lib/metadata.js';
import { lookupBin } from '../cards/bins.js';
import { installmentTerms } from '../cards/installments.js';
import type { PaymentAuthentications } from './authentication.js';
import { nextActionOf, threeDsView } from './three-ds-view.js';
import { copyWith } from '../lib/objects.js';

/**
 * The payment; after an action, with the transaction that action recorded.
 * `challengeUrl` (PaymentAuthentications) adds `next_action` to a payment
 * waiting for its 3-D Secure challenge.
 */
export function paymentView(p: PaymentWithCard, transaction?: TransactionRow, challengeUrl?: (paymentId: string) => string): CardPayment {
  const nextAction = nextActionOf(p, challengeUrl);
  return {
    ...(transaction ? { transaction: transactionView(transaction) } : {}),
    id: p.id,
    status: p.status,
    response_code: p.response_code,
    ...(p.approval_code ? { approval_code: p.approval_code } : {}),
    amount: formatMinor(Number(p.amount), p.currency),
    currency: p.currency,
    order_id: p.order_id,
    description: p.description,
    capture: p.capture_mode === 'automatic',
    amount_captured: formatMinor(Number(p.amount_captured), p.currency),
    amount_refunded: formatMinor(Number(p.amount_refunded), p.currency),
    amount_authorized: formatMinor(Number(p.amount_authorized), p.currency),
    ...feeFields(p),
    instrument: { id: p.instrument_id, card_brand: p.card_brand, last_four_digits: p.last_four },
    installments: Number(p.installments),
    three_ds: threeDsView(p),
    ...(nextAction ? { next_action: nextAction } : {}),
    authorized_at: p.authorized_at,
    captured_at: p.captured_at,
    cancelled_at: p.cancelled_at,
    merchant_id: p.merchant_id,
    point_of_sale_id: p.point_of_sale_id,
    terminal_id: p.terminal_id,
    channel: p.channel,
    created_at: p.created_at,
    updated_at: p.updated_at,
    metadata: metadataOf(p.metadata),
  };
}

export function parseAmount(amount: MoneyAmount, currency: string, field = 'amount'): { minor: number } | { error: ErrorDetail } {
  const parsed = toMinorUnits(amount, currency);
  if ('minor' in parsed) return parsed;
  return { error: { field: parsed.problem === 'unknown_currency' ? 'currency' : field, message: amountProblemMessage(parsed.problem, currency) } };
}

/**
 * The problems of a card payment's body that need no database (http/checks.ts): the route's check,
 * and create's own for its other callers (the hosted checkout, a link's page). Fields of the wrong
 * type are the schema's to name. `threeDs`: whether 3-D Secure is available on this gateway.
 */
export function createPaymentProblems(body: Loose, threeDs: boolean): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  if (body.card !== undefined)
    errors.push({ field: 'card', message: 'card data is not accepted here: tokenize it (POST /v1/instruments) and send instrument_id' });
  const amount = amountOf(body, 'amount');
  const currency = textOf(body, 'currency');
  if (amount !== undefined && currency !== undefined) {
    const parsed = parseAmount(amount, currency);
    if ('error' in parsed) errors.push(parsed.error);
  }
  if (objectOf(body, 'three_ds')?.required === true && !threeDs)
    errors.push({ field: 'three_ds.required', message: '3-D Secure is not available on this gateway (it runs in the sandbox)' });
  const cvv = textOf(body, 'encrypted_cvv');
  if (cvv !== undefined && /^\s*\d{3,4}\s*$/.test(cvv))
    errors.push({ field: 'encrypted_cvv', message: 'must be encrypted with your public key, never the CVV in clear text' });
  return errors;
}

const PAYMENT_NEEDS_CURRENCY = 'needs currency: amounts are in major units of one currency';

/** The problems of GET /v1/payments/search's query that need no database: its amount filters. */
export const paymentListProblems = (query: Loose): ErrorDetail[] => amountRange(query, PAYMENT_NEEDS_CURRENCY).details;

export class PaymentService {
  // Fraud screening before authorization (fraud/service.ts).
  private readonly fraud: FraudService;

  constructor(
    private readonly db: Db,
    private readonly keys: EncryptionKeyService,
    private readonly instruments: InstrumentService,
    private readonly network: CardNetworkConnector,
    private readonly lifecycle: PaymentLifecycle,
    private readonly clock: RealClock,
    /** 3-D Secure (authentication.ts), in the sandbox; without it a payment that asks for 3-D Secure is 422 and the fraud rules' `three_ds` is not run. */
    private readonly authentications?: PaymentAuthentications,
  ) {
    this.fraud = new FraudService(db, clock);
  }

  /** createPaymentProblems on this gateway: the route's check of POST /v1/payments and /v1/payments/authorizations. */
  createProblems(body: Loose): ErrorDetail[] {
    return createPaymentProblems(body, this.authentications !== undefined);
  }

  /** The payment as the API shows it, with `next_action` while its challenge is pending. */
  view(p: PaymentWithCard, transaction?: TransactionRow): CardPayment {
    return paymentView(p, transaction, this.authentications?.challengeUrl);
  }

  async create(
    principal: Principal,
    body: CreatePayment,
    options: { capture?: boolean; onCreate?: (trx: Executor, paymentId: string) => Promise<void> } = {},
  ): Promise<{ payment: CardPayment; created: boolean }> {
    const organizationId = principal.organizationId;
    await requireNetworkFor(this.network, organizationId);
    // The route's check names these beside the schema's problems; a body the schema accepts gets them
    // here, with the merchant's look-up (and so does the checkout's or a link page's payment).
    const errors = this.createProblems(body);
    // Only a payment that names a merchant or point of sale pays for this look-up.
    const place = body.merchant_id !== undefined || body.point_of_sale_id !== undefined ? await this.merchantOf(organizationId, body, errors) : undefined;
    if (errors.length > 0) throw ApiError.validation(errors);
    const amount = parseAmount(body.amount, body.currency);
    const minor = (amount as { minor: number }).minor;
    const captureMode: PaymentRow['capture_mode'] = (options.capture ?? body.capture ?? true) ? 'automatic' : 'manual';

    // A retry of an order already charged answers the first payment, whatever state it is in. Most
    // orders are new, so there is no look-up first: a retry is found when its insert loses to the
    // first payment's order_id (authorize.ts), or below when it could not be charged again (its CVV's
    // key retired, its instrument deleted since).
    const installments = body.installments ?? 1;
    const terms = { orderId: body.order_id, minor, currency: body.currency, instrumentId: body.instrument_id, installments, captureMode };
    let screened: { instrument: InstrumentRow; card: AuthorizeRequest['card']; fraud: Decision };
    try {
      screened = await this.screen(principal, body, minor);
    } catch (error) {
      const existing = await paymentOfOrder(this.db, organizationId, terms);
      if (existing) return { payment: this.view(existing), created: false };
      throw error;
    }
    const { instrument, card, fraud } = screened;

    const now = this.clock.realIso();
    const pending = pendingPayment({
      id: newId('payment'),
      organization_id: organizationId,
      order_id: body.order_id,
      instrument_id: instrument.id,
      amount: minor,
      currency: body.currency,
      description: body.description ?? null,
      capture_mode: captureMode,
      created_at: now,
      merchant_id: place?.merchantId ?? null,
      point_of_sale_id: place?.pointOfSaleId ?? null,
      metadata: metadataColumn(body.metadata),
      installments,
      // Where the cardholder goes back after an authentication a processor asks for (processor-authentication.ts).
      return_url: body.three_ds?.return_url ?? null,
    });
    // Declined by the fraud rules: REJECTED at once, the network is never called.
    let row = screenedPayment(pending, fraud);
    // 3-D Secure, asked for by the payment or a fraud rule (authentication.ts): a challenged card's
    // payment waits for its cardholder; any other is authorized with the result.
    if (fraud.decision !== 'decline' && (body.three_ds?.required === true || fraud.threeDs) && this.authentications) {
      const assessment = await this.authentications.assess(card, instrument);
      if (assessment.kind === 'challenge') {
        const { payment, created } = await this.authentications.challenge(row, fraud, {
          enrolment: assessment.enrolment,
          returnUrl: body.three_ds?.return_url ?? null,
          terms,
          onCreate: options.onCreate,
        });
        return { payment: this.view(payment), created };
      }
      row = copyWith(row, { three_ds: JSON.stringify(assessment.stored) });
    }
    // The authorize path shared with card-present payments (authorize.ts); a network in this
    // database (the simulator) answers inside the insert transaction.
    const { payment, created } = await authorizeAndRecord({ db: this.db, network: this.network, lifecycle: this.lifecycle }, row, fraud, card, {
      terms,
      instrument,
      onCreate: options.onCreate,
      withinTransaction: true,
    });
    return { payment: this.view(payment), created };
  }

  /**
   * The card to charge and the fraud rules' decision. The instrument and the
   * fraud rules' counts are read in one round trip (readTogether), while the
   * CVV is decrypted.
   */
  private async screen(
    principal: Principal,
    body: CreatePayment,
    minor: number,
  ): Promise<{ instrument: InstrumentRow; card: AuthorizeRequest['card']; fraud: Decision }> {
    const organizationId = principal.organizationId;
    const reads = (async () => {
      const plan = await this.fraud.planScreening({ organizationId, clientId: principal.clientId, instrumentId: body.instrument_id });
      const [instrumentRows, screeningRows] = await readTogether(
        this.db,
        this.instruments.paymentInstrumentRead(organizationId, body.instrument_id),
        plan.read,
      );
      return { instrumentRows, screening: plan.screening(screeningRows) };
    })();
    // Awaited below, after the decryption; a failure meanwhile is not left unhandled.
    reads.catch(() => undefined);
    const [cvv] = await this.keys.decrypt(organizationId, [body.encrypted_cvv]);
    if (cvv === undefined) {
      // The instrument was read meanwhile: an unknown or deleted one is named in the same 422.
      const instrumentRows = await reads.then(
        (read) => read.instrumentRows,
        () => [],
      );
      const instrument = instrumentProblem(instrumentRows);
      throw ApiError.validation([
        ...(instrument ? [instrument] : []),
        { field: 'encrypted_cvv', message: "could not be decrypted with this organization's encryption keys" },
      ]);
    }
    const { instrumentRows, screening } = await reads;
    const { instrument, card } = await this.instruments.cardForPayment(organizationId, instrumentRows, cvv);
    // Installments are for credit cards: only a payment that asks for them pays for the BIN look-up.
    if ((body.installments ?? 1) > 1) {
      const { card_type } = await lookupBin(this.db, instrument.bin);
      if (!installmentTerms(card_type).allowed)
        throw ApiError.validation([{ field: 'installments', message: `a ${card_type} card is charged in one payment: installments must be 1` }]);
    }
    const fraud = decide(screening, { clientId: principal.clientId, instrumentId: instrument.id, amount: minor, currency: body.currency });
    return { instrument, card, fraud };
  }

  /**
   * The merchant and point of sale a payment names, checked in one query: the
   * merchant must be the organization's, the point of sale that merchant's. A
   * point of sale alone names its merchant.
   */
  private async merchantOf(
    organizationId: string,
    body: { merchant_id?: string; point_of_sale_id?: string },
    errors: ErrorDetail[],
  ): Promise<{ merchantId: string; pointOfSaleId: string | null } | undefined> {
    const [merchant, point] = await Promise.all([
      body.merchant_id === undefined
        ? undefined
        : this.db.selectFrom('merchants').select('id').where('id', '=', body.merchant_id).where('organization_id', '=', organizationId).executeTakeFirst(),
      body.point_of_sale_id === undefined
        ? undefined
        : this.db
            .selectFrom('points_of_sale')
            .select(['id', 'merchant_id'])
            .where('id', '=', body.point_of_sale_id)
            .where('organization_id', '=', organizationId)
            .executeTakeFirst(),
    ]);
    const before = errors.length;
    if (body.merchant_id !== undefined && !merchant) errors.push({ field: 'merchant_id', message: 'no merchant of your organization has this id' });
    if (body.point_of_sale_id !== undefined) {
      if (!point) errors.push({ field: 'point_of_sale_id', message: 'no point of sale of your organization has this id' });
      else if (merchant && point.merchant_id !== merchant.id)
        errors.push({ field: 'point_of_sale_id', message: `belongs to another merchant, not ${merchant.id}` });
    }
    if (errors.length > before) return undefined;
    return { merchantId: merchant?.id ?? point!.merchant_id, pointOfSaleId: point?.id ?? null };
  }

  /** The organization's card payment with this id, if there is one, and its network reference (who served it: connectors/routing.ts `processorOf`). */
  async findServed(organizationId: string, id: string): Promise<{ payment: CardPayment; networkReference: string | null } | undefined> {
    const row = await findPayment(this.db, organizationId, id);
    return row && { payment: this.view(row), networkReference: row.network_reference };
  }

  async get(organizationId: string, id: string): Promise<CardPayment> {
    return this.view(await this.row(organizationId, id));
  }

  /** One of the organization's card payments; an alternative payment's id is 422 (card operations do not apply), another organization's 404. */
  async row(organizationId: string, id: string): Promise<PaymentWithCard> {
    const row = await findPayment(this.db, organizationId, id);
    if (row) return row;
    const apm = await this.db
      .selectFrom('payments')
      .select('id')
      .where('id', '=', id)
      .where('organization_id', '=', organizationId)
      .where('method', '=', 'rail')
      .executeTakeFirst();
    // Spec 1.8: alternative payments have no capture, cancel, refund or chargeback.
    if (apm)
      throw ApiError.validation([{ field: 'id', message: 'this is an alternative payment: card operations do not apply (pay back with POST /v1/cashouts)' }]);
    throw ApiError.notFound('payment');
  }

  /**
   * GET /v1/payments and /v1/payments/search: card payments and alternative
   * ones, newest first, one query of the one `payments` table (store.ts
   * listPayments); `alternatives` renders the rail payments. Every filter is
   * ANDed. The amount range is in major units of `currency`, which it needs.
   */
  async list(organizationId: string, params: PaymentSearchQuery, alternatives: AlternativePaymentService): Promise<Page<CardPayment | ApmPayment>> {
    // Checked by the routes already (paymentListProblems); the bounds in minor units.
    const { bounds: range, details } = amountRange(params, PAYMENT_NEEDS_CURRENCY);
    if (details.length > 0) throw ApiError.validation(details);
    const bounds = { amountGte: range.amount_gte, amountLte: range.amount_lte };
    const { kind, ...filters } = params;
    const method = kind === 'card' ? 'card' : kind === 'alternative' ? 'rail' : undefined;
    const page = await listPayments(this.db, organizationId, { ...filters, ...bounds, ...(method ? { method } : {}) });
    const data = page.data.map((row) =>
      row.method === 'card' ? paymentView(row as PaymentWithCard) : alternatives.view(row as unknown as ApmRow, { qrImage: false }),
    );
    return { data, has_more: page.has_more };
  }
}
