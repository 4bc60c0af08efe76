/**
 * Checkout sessions: what a merchant's backend creates for one checkout, and
 * whose token is the only credential a browser gets (docs/fields.md
 * "Checkout sessions"). The token can read the public key, tokenize cards,
 * and make this session's one payment (mode `payment`: its amount, currency
 * and order) or save one card for its user (mode `enrollment`). The session
 * is `complete` from the transaction that creates that payment or saves that
 * card: a compare-and-set there (store.ts `completeSession`) refuses a second
 * one, racing or not.
 */
import { isPlainOrigin } from '../lib/origins.js';
import type { CardAttemptGuard } from '../links/card-attempts.js';
import type { Db } from '../db/database.js';
import type { TokenService } from '../auth/tokens.js';
import type { Principal, SessionPrincipal } from '../http/principal.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { formatMinor } from '../lib/money.js';
import { newId } from '../lib/ids.js';
import { isoPlusSeconds } from '../lib/time.js';
import type { RealClock } from '../clock/clock.js';
import type { InstrumentService } from '../instruments/service.js';
import type { CreateInstrument, Instrument } from '../instruments/schemas.js';
import { parseAmount, type PaymentService } from '../payments/service.js';
import type { CardPayment, CreatePayment } from '../payments/schemas.js';
import { findPaymentByOrder } from '../payments/store.js';
import { insertUser, type UserService, type UserView } from '../users/service.js';
import { CHECKOUT_SESSION_DEFAULT_SECONDS, type CheckoutSession, type CreateCheckoutSession, type ListCheckoutSessionsQuery } from './schemas.js';
import { completeSession, expireSession, findSession, insertSession, listSessions, setSessionInstrument, type CheckoutSessionRow } from './store.js';
import type { Page } from '../http/pagination.js';

/** Thrown inside the payment's (or enrollment's) transaction when the session was no longer open: rolls it back. */
class SessionClaimLost extends Error {}

const claimSession = (clock: RealClock, id: string, paymentId?: string) => async (trx: Parameters<typeof completeSession>[0]) => {
  if (!(await completeSession(trx, id, { ...(paymentId ? { payment_id: paymentId } : {}), now: clock.realIso() }))) throw new SessionClaimLost();
};

const unixSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** The view: the stored status, except an open session past `expires_at` reads as expired. */
export function sessionView(row: CheckoutSessionRow, now: string): CheckoutSession {
  return {
    id: row.id,
    mode: row.mode,
    status: row.status === 'open' && row.expires_at <= now ? 'expired' : row.status,
    amount: row.amount === null || row.currency === null ? null : formatMinor(Number(row.amount), row.currency),
    currency: row.currency,
    order_id: row.order_id,
    description: row.description,
    user_id: row.user_id,
    allowed_origins: JSON.parse(row.allowed_origins) as string[],
    instrument_id: row.instrument_id,
    payment_id: row.payment_id,
    expires_at: row.expires_at,
    completed_at: row.completed_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * `https://host[:port]`, nothing after it; `http://localhost[:port]` only in
 * the sandbox. Returns the normalized origin, or the problem.
 */
export function checkOrigin(value: string, sandbox: boolean): { origin: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'must be an origin such as https://shop.example' };
  }
  if (
    url.username ||
    url.password ||
    (url.pathname !== '/' && url.pathname !== '') ||
    url.search ||
    url.hash ||
    value.endsWith('/') ||
    !isPlainOrigin(url.origin)
  ) {
    return { problem: 'must be an origin (scheme, host and port only), such as https://shop.example' };
  }
  if (url.protocol === 'https:') return { origin: url.origin };
  if (url.protocol === 'http:' && url.hostname === 'localhost') {
    return sandbox ? { origin: url.origin } : { problem: 'http://localhost is allowed only in the sandbox; use https' };
  }
  return { problem: sandbox ? 'must use https (or be http://localhost in the sandbox)' : 'must use https' };
}

export class CheckoutSessionService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly deps: { payments: PaymentService; instruments: InstrumentService; users: UserService; cardAttempts: CardAttemptGuard },
    private readonly options: { sandbox: boolean },
    private readonly clock: RealClock,
  ) {}

  // ---- The merchant's backend (payments:write, payments:read) ------------------

  async create(principal: Principal, body: CreateCheckoutSession): Promise<CheckoutSession & { token: string }> {
    // A session's token is checked against the API client that created it (revoking the client ends it);
    // a dashboard user is no API client, and such a token would be refused on every call.
    if (principal.jti.startsWith('dashboard:')) {
      throw new ApiError(
        'forbidden',
        'Checkout sessions are created by your server with an API key (POST /v1/checkout/sessions with an access token), not from the dashboard.',
      );
    }
    const organizationId = principal.organizationId;
    const mode = body.mode ?? 'payment';
    const errors: ErrorDetail[] = [];
    const onlyFor = (field: keyof CreateCheckoutSession, other: 'payment' | 'enrollment') => {
      if (body[field] !== undefined) errors.push({ field, message: `is only for mode ${other}` });
    };
    let minor: number | null = null;
    if (mode === 'payment') {
      if (body.amount === undefined) errors.push({ field: 'amount', message: 'is required with mode payment' });
      if (body.currency === undefined) errors.push({ field: 'currency', message: 'is required with mode payment' });
      if (body.amount !== undefined && body.currency !== undefined) {
        const amount = parseAmount(body.amount, body.currency);
        if ('error' in amount) errors.push(amount.error);
        else minor = amount.minor;
      }
      onlyFor('user_id', 'enrollment');
      onlyFor('user', 'enrollment');
    } else {
      for (const field of ['amount', 'currency', 'order_id', 'description'] as const) onlyFor(field, 'payment');
      if (body.user_id === undefined && body.user === undefined)
        errors.push({ field: 'user_id', message: 'mode enrollment needs user_id (an existing user) or user (a new one)' });
      if (body.user_id !== undefined && body.user !== undefined) errors.push({ field: 'user', message: 'give user_id or user, not both' });
    }
    const origins: string[] = [];
    (body.allowed_origins ?? []).forEach((value, index) => {
      const checked = checkOrigin(value, this.options.sandbox);
      if ('problem' in checked) errors.push({ field: `allowed_origins.${index}`, message: checked.problem });
      else if (!origins.includes(checked.origin)) origins.push(checked.origin);
    });
    if (body.user_id !== undefined && mode === 'enrollment') {
      const user = await this.db
        .selectFrom('users')
        .select('id')
        .where('id', '=', body.user_id)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      if (!user) errors.push({ field: 'user_id', message: 'no user of your organization has this id' });
    }
    if (errors.length > 0) throw ApiError.validation(errors);
    // The order's charge is made once: a session for an order already paid could never pay.
    if (body.order_id !== undefined && (await findPaymentByOrder(this.db, organizationId, body.order_id))) {
      throw new ApiError('order_id_conflict', `order_id ${body.order_id} already has a payment; use a new order_id for a new checkout.`);
    }

    const id = newId('checkoutSession');
    // Whole seconds, like the token's iat and exp: the token expires exactly at expires_at.
    const now = Math.floor(this.clock.realNow() / 1000) * 1000;
    const created = new Date(now).toISOString();
    const row: CheckoutSessionRow = {
      id,
      organization_id: organizationId,
      client_id: principal.clientId,
      mode,
      status: 'open',
      amount: minor,
      currency: mode === 'payment' ? body.currency! : null,
      order_id: mode === 'payment' ? (body.order_id ?? id) : null,
      description: body.description ?? null,
      user_id: body.user_id ?? null,
      allowed_origins: JSON.stringify(origins),
      instrument_id: null,
      payment_id: null,
      expires_at: isoPlusSeconds(now, body.expires_in ?? CHECKOUT_SESSION_DEFAULT_SECONDS),
      completed_at: null,
      created_at: created,
      updated_at: created,
      token_jti: principal.jti,
    };
    await this.db.transaction().execute(async (trx) => {
      if (body.user) row.user_id = (await insertUser(trx, organizationId, body.user, this.clock)).id;
      await insertSession(trx, row);
    });
    return { ...sessionView(row, this.clock.realIso()), token: await this.tokenOf(row) };
  }

  /**
   * The merchant reads any session of its organization (404 otherwise), never
   * with its token. A session's own token reads only that session (the
   * embedded fields learn its amount, order and allowed origins from it).
   */
  async get(principal: Principal, id: string): Promise<CheckoutSession> {
    if (principal.checkoutSession && principal.checkoutSession.id !== id) {
      throw new ApiError('forbidden', 'A checkout session token reads only its own session.');
    }
    const row = await findSession(this.db, principal.organizationId, id);
    if (!row) throw ApiError.notFound('checkout session');
    const view = sessionView(row, this.clock.realIso());
    if (!row.payment_id) return view;
    // The frame follows its payment through a 3-D Secure challenge by this status.
    const payment = await this.db.selectFrom('payments').select('status').where('id', '=', row.payment_id).executeTakeFirst();
    return payment ? { ...view, payment_status: payment.status } : view;
  }

  /** The organization's sessions, newest first, paginated like every list. */
  async list(principal: Principal, params: ListCheckoutSessionsQuery): Promise<Page<CheckoutSession>> {
    const now = this.clock.realIso();
    const page = await listSessions(this.db, principal.organizationId, params, now);
    return { data: page.data.map((row) => sessionView(row, now)), has_more: page.has_more };
  }

  /** Ends an open session at once: its token is refused from then on (401). A complete session is 409. */
  async expire(principal: Principal, id: string): Promise<CheckoutSession> {
    const row = await findSession(this.db, principal.organizationId, id);
    if (!row) throw ApiError.notFound('checkout session');
    if (row.status === 'complete') throw this.completed(row);
    await expireSession(this.db, id, this.clock.realIso());
    this.tokens.forgetCheckoutSession(id);
    const current = (await findSession(this.db, principal.organizationId, id))!;
    if (current.status === 'complete') throw this.completed(current);
    return sessionView(current, this.clock.realIso());
  }

  /** The token again, for an idempotent replay of the creation: the same row signs to the same token. */
  async tokenFor(organizationId: string, id: string): Promise<string | undefined> {
    const row = await findSession(this.db, organizationId, id);
    return row ? this.tokenOf(row) : undefined;
  }

  private tokenOf(row: CheckoutSessionRow): Promise<string> {
    return this.tokens.signCheckoutSession({
      id: row.id,
      organizationId: row.organization_id,
      clientId: row.client_id,
      issuedAt: unixSeconds(row.created_at),
      expiresAt: unixSeconds(row.expires_at),
    });
  }

  // ---- The browser, with the session's token ---------------------------------

  /** Tokenizes a card (encrypted fields only) and makes it the session's card. */
  async tokenize(principal: SessionPrincipal, body: CreateInstrument): Promise<Instrument> {
    const row = await this.openSession(principal);
    // pciSaqD is false for a session: clear card data (`card`) is refused with 403.
    const instrument = await this.deps.instruments.tokenize(principal, body);
    if (!(await setSessionInstrument(this.db, row.id, instrument.id, this.clock.realIso()))) throw await this.ended(row);
    return instrument;
  }

  /**
   * The session's one payment. The browser's body must name the session's
   * amount, currency and order_id, and the card it tokenized; anything else
   * (another amount, capture: false, a merchant, a description of its own) is
   * 403. The session completes in the payment's own transaction.
   */
  async pay(principal: SessionPrincipal, body: CreatePayment, ip: string): Promise<CardPayment> {
    const row = await this.openSession(principal, 'payment');
    const problems: ErrorDetail[] = [];
    const amount = parseAmount(body.amount, body.currency);
    const expected = `${formatMinor(Number(row.amount), row.currency!)} ${row.currency}`;
    if (body.currency !== row.currency) problems.push({ field: 'currency', message: `must be ${row.currency}, the session's currency` });
    if ('error' in amount || amount.minor !== Number(row.amount)) problems.push({ field: 'amount', message: `must be the session's amount, ${expected}` });
    if (body.order_id !== row.order_id) problems.push({ field: 'order_id', message: `must be the session's order_id, ${row.order_id}` });
    if (body.instrument_id !== row.instrument_id) {
      problems.push({
        field: 'instrument_id',
        message: row.instrument_id
          ? `must be the card this session tokenized, ${row.instrument_id}`
          : 'tokenize the card with this session first (POST /v1/instruments)',
      });
    }
    if (body.description !== undefined && body.description !== row.description)
      problems.push({ field: 'description', message: 'is set by the checkout session' });
    // `capture` defaults to true: only authorize-only is refused.
    if (body.capture === false) problems.push({ field: 'capture', message: "a checkout session's payment is captured" });
    for (const field of ['merchant_id', 'point_of_sale_id'] as const) {
      if (body[field] !== undefined) problems.push({ field, message: "is not for a checkout session's payment" });
    }
    if (problems.length > 0)
      throw new ApiError('forbidden', `This checkout session pays ${expected} for order ${row.order_id}, with the card it tokenized.`, problems);

    const charge: CreatePayment = {
      amount: body.amount,
      currency: row.currency!,
      order_id: row.order_id!,
      instrument_id: row.instrument_id!,
      encrypted_cvv: body.encrypted_cvv,
      ...(row.description !== null ? { description: row.description } : {}),
      // The shopper's choice of installments (a credit card), checked by PaymentService like any payment's.
      ...(body.installments !== undefined ? { installments: body.installments } : {}),
    };
    // Fraud rules count the payment against the API client that created the session.
    const merchant: Principal = { ...principal, clientId: row.client_id };
    // The hosted checkout's card-testing caps (links/card-attempts.ts): declined attempts per client
    // address, across links and sessions. Counted before the card is read; an approval gives it back.
    const reservation = await this.deps.cardAttempts.reserve(row, ip, { recordBlock: false });
    if ('blocked' in reservation) {
      throw new ApiError('rate_limited', 'Too many declined card attempts from this address; retry later.', [], {
        'retry-after': String(reservation.blocked.retryAfterSeconds),
      });
    }
    let outcome: Awaited<ReturnType<PaymentService['create']>>;
    try {
      outcome = await this.deps.payments.create(merchant, charge, {
        onCreate: async (trx, paymentId) => {
          await claimSession(this.clock, row.id, paymentId)(trx);
          await this.deps.cardAttempts.attach(trx, reservation.attemptId, paymentId);
        },
      });
    } catch (error) {
      await this.deps.cardAttempts.release(reservation.attemptId);
      throw error instanceof SessionClaimLost ? await this.ended(row) : error;
    }
    if (!outcome.created || outcome.payment.status === 'APPROVED' || outcome.payment.status === 'AUTHORIZED')
      await this.deps.cardAttempts.release(reservation.attemptId);
    const { payment, created } = outcome;
    // Not created: a racing request of this session made it, or the order was paid otherwise.
    if (!created) {
      const current = await findSession(this.db, row.organization_id, row.id);
      if (current?.payment_id === payment.id) throw this.completed(current);
      throw new ApiError(
        'order_id_conflict',
        `order_id ${row.order_id} was already used for another payment; create a new checkout session with a new order_id.`,
      );
    }
    // The browser holds this token: a decline's issuer code (51 says the card is real) is for the merchant's server only.
    return payment.status === 'APPROVED' || payment.status === 'AUTHORIZED' ? payment : { ...payment, response_code: null };
  }

  /** Mode enrollment: saves the session's card for the session's user, once. */
  async enroll(principal: SessionPrincipal, userId: string, instrumentId: string): Promise<UserView> {
    const row = await this.openSession(principal, 'enrollment');
    const problems: ErrorDetail[] = [];
    if (userId !== row.user_id) problems.push({ field: 'id', message: `must be the session's user, ${row.user_id}` });
    if (instrumentId !== row.instrument_id) {
      problems.push({
        field: 'instrument_id',
        message: row.instrument_id
          ? `must be the card this session tokenized, ${row.instrument_id}`
          : 'tokenize the card with this session first (POST /v1/instruments)',
      });
    }
    if (problems.length > 0) throw new ApiError('forbidden', 'This checkout session saves the card it tokenized for its own user only.', problems);
    try {
      return await this.deps.users.addInstrument(row.organization_id, row.user_id!, row.instrument_id!, { onSave: claimSession(this.clock, row.id) });
    } catch (error) {
      throw error instanceof SessionClaimLost ? await this.ended(row) : error;
    }
  }

  /** The token's session, open and of this mode: complete is 409, ended or expired is 401. */
  private async openSession(principal: SessionPrincipal, mode?: 'payment' | 'enrollment'): Promise<CheckoutSessionRow> {
    const row = await findSession(this.db, principal.organizationId, principal.checkoutSession.id);
    if (!row) throw this.gone();
    if (mode && row.mode !== mode) {
      throw new ApiError(
        'forbidden',
        mode === 'payment'
          ? 'This checkout session saves a card (mode enrollment); it makes no payment.'
          : 'This checkout session makes a payment (mode payment); it saves no card.',
      );
    }
    if (row.status === 'complete') throw this.completed(row);
    if (row.status === 'expired' || row.expires_at <= this.clock.realIso()) throw this.gone();
    return row;
  }

  /** Why a compare-and-set on an open session failed (read after its transaction): another request completed it, or it ended meanwhile. */
  private async ended(row: CheckoutSessionRow): Promise<ApiError> {
    const current = await findSession(this.db, row.organization_id, row.id);
    return current?.status === 'complete' ? this.completed(current) : this.gone();
  }

  private completed(row: CheckoutSessionRow): ApiError {
    const what = row.payment_id ? `made its payment, ${row.payment_id}` : 'saved its card';
    return new ApiError('checkout_session_complete', `This checkout session already ${what}; create a new session for another.`);
  }

  private gone(): ApiError {
    return new ApiError('unauthorized', 'The checkout session has expired.', [], { 'www-authenticate': 'Bearer realm="pasarela", error="invalid_token"' });
  }
}
