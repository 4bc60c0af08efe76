/**
 * The hosted surfaces a shopper sees: the payment-link checkout (`/l/{token}`)
 * and the card-enrollment form (`/e/{token}`, made to live in a merchant's
 * iframe). Server-rendered HTML (templates.ts), Spanish or English by
 * Accept-Language; their scripts are TypeScript entry points of
 * packages/fields (src/hosted/), served from /fields/v1/hosted/. The card
 * fields are the SDK's own form, which encrypts every field in the browser
 * with the organization's public key.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { Principal } from '../http/principal.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { CURRENCIES, displayMoney, minorToNumber } from '../lib/money.js';
import type { EncryptionKeyService } from '../encryption-keys/service.js';
import type { InstrumentService } from '../instruments/service.js';
import type { PaymentService } from '../payments/service.js';
import type { AlternativePaymentService } from '../apm/service.js';
import { cashStepOf } from '../apm/cash.js';
import type { CreateInstrument } from '../instruments/schemas.js';
import type { EnrollmentLinkData, LinkRow, LinkService, PaymentLinkData } from './service.js';
import { fill, type Lang, pick, TEXT } from './page-text.js';
import type { CheckoutConfig, EnrollmentConfig } from './page-config.js';
import { checkoutPage, enrollmentPage, noticePage, outcomePage, type OutcomeView, type RailChoice } from './templates.js';
import { linkOrderId, releaseUse } from './outcomes.js';
import type { CardAttemptGuard } from './card-attempts.js';
import type { Clock } from '../clock/clock.js';
import type { Html } from '../lib/html.js';
import { lookupBin } from '../cards/bins.js';
import { installmentTerms } from '../cards/installments.js';

interface Deps {
  links: LinkService;
  keys: EncryptionKeyService;
  instruments: InstrumentService;
  payments: PaymentService;
  apm: AlternativePaymentService;
  publicBaseUrl: string;
  /** Caps on declined card attempts per link and per client address (card-attempts.ts). */
  cardAttempts: CardAttemptGuard;
  /** The real time, and an organization's sandbox time (an alternative payment's expires_at is in it). */
  clock: Clock;
  /** OTP_MAX_ATTEMPTS: a wallet payment declined after that many wrong codes says so. */
  otpMaxAttempts: number;
}

function linkPrincipal(organizationId: string): Principal {
  return { clientId: 'hosted-page', organizationId, permissions: new Set(), jti: '', pciSaqD: false };
}

/** `frameAncestors`: the origins that may frame the page (validated origins, see links/service.ts); none: not frameable. */
function send(reply: FastifyReply, body: Html, options: { frameAncestors?: readonly string[] } = {}): FastifyReply {
  const ancestors = options.frameAncestors ?? [];
  reply.removeHeader('x-frame-options');
  if (ancestors.length === 0) reply.header('x-frame-options', 'DENY');
  return reply
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src data: 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors ${ancestors.length > 0 ? ancestors.join(' ') : "'none'"}`,
    )
    .send(body.value);
}

/**
 * The organization's public key, or null when it has none: a page never makes
 * one (its visitor holds no permission; see links/routes.ts for who does).
 */
async function publicKey(keys: EncryptionKeyService, organizationId: string): Promise<string | null> {
  return (await keys.find(organizationId))?.public_key ?? null;
}

export async function hostedPageRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { links, keys, instruments, payments, apm, cardAttempts, clock } = deps;
  const { methods } = apm;
  /** The page's own names for the intent's fields (every rail's checkout inputs), so each error sits beside its input. */
  const RAIL_FIELDS = new Set([...methods.rails().flatMap((rail) => rail.checkout!.fields.map((f) => `customer.${f.name}`)), 'rail_id']);
  /** The rails as the checkout offers them, in the page's language. */
  const railChoices = (lang: Lang): RailChoice[] =>
    methods.rails().map((rail) => ({
      id: rail.id,
      label: rail.texts[lang].label,
      then: rail.checkout!.then,
      fields: rail.checkout!.fields.map((f) => ({ name: f.name, ...(f.label ? { label: f.label[lang] } : {}) })),
    }));
  const config = { public: true };
  const hide = { hide: true };
  const tokenParams = Type.Object({ token: Type.String({ maxLength: 64 }) });
  const langOf = (request: FastifyRequest): Lang => pick(request.headers['accept-language']);

  /** The link behind a page request, or a 404 page. Expiry is checked on every view. */
  async function linkFor(request: FastifyRequest, type: LinkRow['type']): Promise<LinkRow | undefined> {
    const row = await links.byToken((request.params as { token: string }).token);
    if (!row || row.type !== type) return undefined;
    return links.expireIfDue(row);
  }

  function notFound(reply: FastifyReply, lang: Lang) {
    return send(reply.code(404), noticePage(lang, TEXT[lang].notFound, TEXT[lang].notFound));
  }

  /** A link that cannot take a payment now, or undefined when it can. */
  async function closedMessage(row: LinkRow, lang: Lang): Promise<string | undefined> {
    if (row.status === 'expired' || (row.status !== 'used' && (await links.pastExpiry(row)))) {
      return row.type === 'payment' ? TEXT[lang].expired : TEXT[lang].enrollExpired;
    }
    if (row.status === 'used') return row.type === 'payment' ? TEXT[lang].paid : TEXT[lang].enrolled;
    return undefined;
  }

  /** The link's entry for a payment made through it, or undefined (a payment of another link, or none). */
  const linkEntry = (linkId: string, paymentId: string) =>
    links.db.selectFrom('link_payments').select(['kind', 'status']).where('link_id', '=', linkId).where('payment_id', '=', paymentId).executeTakeFirst();

  // ---- Payment-link checkout ------------------------------------------------

  const checkoutQuery = Type.Object({ payment_id: Type.Optional(Type.String({ maxLength: 100 })) });

  /** The merchant the shopper pays: the organization's name. */
  const merchantName = async (organizationId: string) =>
    (await links.db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst())?.name ?? '';

  const BRANDS: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    diners: 'Diners Club',
    discover: 'Discover',
    jcb: 'JCB',
  };
  const dateText = (iso: string, lang: Lang) =>
    `${new Intl.DateTimeFormat(lang === 'es' ? 'es-CO' : 'en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC`;

  /**
   * The page of one payment of this link (`?payment_id=`, back from the bank
   * or after any attempt): processing (no form; the script follows it),
   * waiting for the shopper (the QR again, the wallet, the OTP, the bank),
   * approved (a receipt), declined (why, and what now) or expired (its time
   * ran out). Everything shown is what the API holds for that payment.
   */
  async function paymentOutcome(
    row: LinkRow,
    data: PaymentLinkData,
    paymentId: string,
    kind: 'card' | 'apm',
    lang: Lang,
    closed: string | undefined,
    merchant: string,
  ): Promise<{ view: OutcomeView; follow: boolean }> {
    const t = TEXT[lang];
    const o = t.outcome;
    const base = { lang, t, merchant, ...(data.description ? { description: data.description } : {}) };
    const retry = closed ? {} : { retryUrl: `/l/${row.token}` };
    const next = closed ? (closed === t.expired ? `${closed} ${o.expiredLinkLead}` : o.closedLead) : o.tryAgainLead;
    if (kind === 'card') {
      const payment = await payments.row(row.organization_id, paymentId);
      const amountText = displayMoney(Number(payment.amount), payment.currency, lang);
      // Paid (AUTHORIZED: held, not captured yet; REFUNDED later by the merchant): the receipt of the payment made.
      if (payment.status === 'APPROVED' || payment.status === 'AUTHORIZED' || payment.status === 'REFUNDED') {
        const brand = BRANDS[(payment.card_brand ?? '').toLowerCase()] ?? '';
        const method = brand ? fill(o.cardMethod, { brand, last4: payment.last_four ?? '' }) : fill(o.cardEnding, { last4: payment.last_four ?? '' });
        return { view: approvedView(base, row, data, paymentId, amountText, payment.created_at, method), follow: false };
      }
      if (payment.status === 'REJECTED' || payment.status === 'CANCELLED') {
        return { view: { ...base, state: 'declined', title: o.declinedTitle, lead: amountText, reason: o.reasonCard, next, ...retry }, follow: false };
      }
      return { view: { ...base, state: 'processing', title: o.processingTitle, lead: o.processingLead, amountText }, follow: true };
    }
    const intent = (await apm.find(row.organization_id, paymentId))!;
    const amountText = displayMoney(Number(intent.amount), intent.currency, lang);
    const rail = methods.rail(intent.rail_id);
    const texts = rail?.texts[lang];
    if (intent.status === 'APPROVED') {
      // A rail whose checkout asks for the bank names it on the receipt.
      const bank = rail?.checkout?.fields.some((f) => f.name === 'bank_id')
        ? (await apm.banks()).find((b) => b.id === (JSON.parse(intent.customer) as { bank_id?: string }).bank_id)?.name
        : undefined;
      const label = texts?.label ?? intent.rail_id;
      const method = bank ? `${label} (${bank})` : label;
      return { view: approvedView(base, row, data, paymentId, amountText, intent.created_at, method), follow: false };
    }
    if (intent.status !== 'IN_PROGRESS') {
      // Ran out of time: finished at or after its validity (in the organization's time), or an OTP that had expired.
      const offset = await clock.offsetMs(row.organization_id);
      const finished = intent.finished_at ? Date.parse(intent.finished_at) + offset : Number.NaN;
      const timedOut =
        intent.status === 'DECLINED' &&
        (finished >= Date.parse(intent.expires_at) ||
          (intent.otp_expires_at !== null && finished >= Date.parse(intent.otp_expires_at) && Number(intent.otp_attempts) < deps.otpMaxAttempts));
      if (timedOut)
        return { view: { ...base, state: 'expired', title: o.expiredTitle, lead: amountText, reason: o.reasonTimeout, next, ...retry }, follow: false };
      const reason =
        intent.status === 'FAILED'
          ? o.reasonFailed
          : rail?.connector?.confirm === 'otp' && Number(intent.otp_attempts) >= deps.otpMaxAttempts
            ? o.reasonOtp
            : (texts?.declinedReason ?? o.reasonWallet);
      return { view: { ...base, state: 'declined', title: o.declinedTitle, lead: amountText, reason, next, ...retry }, follow: false };
    }
    const processing = { ...base, state: 'processing' as const, title: o.processingTitle, amountText };
    if (intent.status_detail !== 'PENDING') return { view: { ...processing, lead: o.bankProcessingLead }, follow: true };
    // Still waiting for the shopper: what they were doing, and the way to another method.
    const anotherWayUrl = `/l/${row.token}`;
    const view = apm.view(intent);
    // What the shopper was doing, as the rail's checkout fragment says.
    const lead = texts?.waitingLead ?? o.processingLead;
    const then = rail?.checkout?.then;
    if (then === 'qr' && view.rail.qr)
      return { view: { ...processing, lead, qr: { image: view.rail.qr.image, alias: view.rail.alias ?? '' }, anotherWayUrl }, follow: true };
    if (then === 'voucher' && view.rail.cash) return { view: { ...processing, lead, cash: cashStepOf(view.rail, base.lang), anotherWayUrl }, follow: true };
    if (then === 'otp') return { view: { ...processing, lead, otp: true, anotherWayUrl }, follow: true };
    if (then === 'redirect')
      return { view: { ...processing, lead, ...(view.rail.payment_link ? { bankUrl: view.rail.payment_link } : {}), anotherWayUrl }, follow: true };
    return { view: { ...processing, lead, anotherWayUrl }, follow: true };
  }

  function approvedView(
    base: Pick<OutcomeView, 'lang' | 't' | 'merchant' | 'description'>,
    row: LinkRow,
    data: PaymentLinkData,
    paymentId: string,
    amountText: string,
    created: string,
    method: string,
  ): OutcomeView {
    const o = base.t.outcome;
    const receipt: Array<[string, string]> = [
      [base.t.merchant, base.merchant],
      [o.amount, amountText],
      [o.reference, paymentId],
      [o.date, dateText(created, base.lang)],
      [o.method, method],
    ];
    if (data.description) receipt.push([o.description, data.description]);
    const { description: _shown, ...rest } = base;
    return {
      ...rest,
      state: 'approved',
      title: o.approvedTitle,
      lead: o.approvedLead,
      receipt,
      ...(data.redirect_url ? { continueUrl: withPaymentId(data.redirect_url, paymentId) } : {}),
    };
  }

  // The address a shopper opens, which a shared link may carry tracking parameters on (utm_source, fbclid): ignored.
  app.get(
    '/l/:token',
    { config: { ...config, unknownFields: 'ignore' }, schema: { ...hide, params: tokenParams, querystring: checkoutQuery } },
    async (request, reply) => {
      const lang = langOf(request);
      const t = TEXT[lang];
      const row = await linkFor(request, 'payment');
      if (!row) return notFound(reply, lang);
      const data = JSON.parse(row.data) as PaymentLinkData;
      // Back from the bank (return_url), or after any attempt: the page of that payment.
      const asked = (request.query as { payment_id?: string }).payment_id;
      const entry = asked ? await linkEntry(row.id, asked) : undefined;
      const returning = entry ? asked! : null;
      const closed = await closedMessage(row, lang);
      const merchant = await merchantName(row.organization_id);
      reply.header('cache-control', 'no-store');
      const settings = (payable: boolean, key: string | null): CheckoutConfig => ({
        token: row.token,
        lang,
        currency: data.currency,
        digits: CURRENCIES[data.currency] ?? 2,
        amount: data.amount === undefined ? null : minorToNumber(data.amount, data.currency),
        min: data.amount_type === 'custom' ? minorToNumber(links.minimum(data), data.currency) : null,
        max: data.max_amount === undefined ? null : minorToNumber(data.max_amount, data.currency),
        minText: data.amount_type === 'custom' ? displayMoney(links.minimum(data), data.currency, lang) : null,
        maxText: data.max_amount === undefined ? null : displayMoney(data.max_amount, data.currency, lang),
        publicKey: key,
        redirectUrl: data.redirect_url ?? null,
        rails: data.currency === 'COP',
        returning,
        payable,
        text: t.script,
      });
      if (returning && entry) {
        const { view, follow } = await paymentOutcome(row, data, returning, entry.kind, lang, closed, merchant);
        // The script follows a payment still under way, and takes an approved one on to the merchant's redirect_url.
        const script = follow || view.continueUrl !== undefined;
        return send(reply, outcomePage({ ...view, ...(script ? { config: settings(false, null) } : {}) }));
      }
      if (closed) {
        const paid = row.status === 'used';
        const amountText = data.amount !== undefined ? displayMoney(data.amount, data.currency, lang) : undefined;
        const o = t.outcome;
        return send(
          reply.code(410),
          outcomePage({
            lang,
            t,
            merchant,
            state: paid ? 'paid' : 'expired',
            title: paid ? o.paidTitle : o.expiredLinkTitle,
            lead: closed,
            next: paid ? o.paidLinkLead : o.expiredLinkLead,
            ...(data.description ? { description: data.description } : {}),
            ...(amountText ? { amountText } : {}),
          }),
        );
      }
      await links.open(row);
      const custom = data.amount_type === 'custom';
      const range = custom
        ? { min: displayMoney(links.minimum(data), data.currency, lang), max: displayMoney(data.max_amount!, data.currency, lang) }
        : undefined;
      const rails = data.currency === 'COP' ? railChoices(lang) : [];
      const banks = rails.length > 0 ? (await apm.banks()).map((b) => ({ id: b.id, name: b.name })) : [];
      const key = await publicKey(keys, row.organization_id);
      // Without the organization's key, or past the card-attempt caps, the card tab says so (the other methods stay open).
      const cardNotice = key === null ? t.cardUnavailable : (await cardAttempts.blocked(row.id, request.ip)) ? t.cardBlocked : '';
      return send(
        reply,
        checkoutPage({
          lang,
          t,
          title: data.description ?? t.checkoutTitle,
          currency: data.currency,
          ...(data.amount !== undefined ? { amountText: displayMoney(data.amount, data.currency, lang) } : {}),
          ...(range ? { range } : {}),
          banks,
          rails,
          payable: true,
          cardNotice,
          merchant,
          ...(data.cancel_url ? { cancelUrl: data.cancel_url } : {}),
          config: settings(true, key),
        }),
      );
    },
  );

  /**
   * Why the link has no use to give this attempt, truthfully: closed (paid,
   * expired), or another attempt holds the use (waiting for the shopper, or at
   * the bank), or it was raced to its last use.
   */
  async function noUseMessage(linkId: string, lang: Lang): Promise<string> {
    const t = TEXT[lang];
    const row = (await links.db.selectFrom('links').selectAll().where('id', '=', linkId).executeTakeFirst())!;
    const closed = await closedMessage(row, lang);
    if (closed) return closed;
    const held = await links.db
      .selectFrom('link_payments')
      .select(['payment_id', 'kind'])
      .where('link_id', '=', linkId)
      .where('status', '=', 'reserved')
      .execute();
    let lapses: string | undefined;
    for (const entry of held) {
      if (entry.kind !== 'apm') continue;
      const intent = await apm.find(row.organization_id, entry.payment_id);
      if (!intent || intent.status !== 'IN_PROGRESS') continue;
      if (intent.status_detail === 'PENDING_PROVIDER') return t.bankInProgress;
      if (!lapses || intent.expires_at > lapses) lapses = intent.expires_at;
    }
    if (lapses) return fill(t.inProgress, { minutes: Math.max(1, Math.ceil((Date.parse(lapses) - (await clock.now(row.organization_id))) / 60_000)) });
    return held.length > 0 ? t.paymentInFlight : t.unavailable;
  }

  /**
   * The shopper leaves an unfinished rail payment of this link for another
   * attempt (the page names it: its own, kept in the tab's sessionStorage).
   * An intent still waiting for the shopper is declined (apm/service.ts
   * `abandon`), which gives its use back in the same transaction (outcomes.ts);
   * one the bank is already processing, or a finished one, is left alone.
   */
  async function abandon(row: LinkRow, paymentId: string | undefined): Promise<void> {
    if (!paymentId) return;
    const entry = await linkEntry(row.id, paymentId);
    if (entry?.kind === 'apm' && entry.status === 'reserved') await apm.abandon(paymentId);
  }

  /** Reserves a use of the link for this attempt, or 409 with the true reason. */
  async function reserve(row: LinkRow, lang: Lang): Promise<void> {
    if (!(await links.reserveUse(row))) throw new ApiError('conflict', await noUseMessage(row.id, lang));
  }

  /** The payment link (still payable) and the amount in major units for this attempt. */
  async function payable(request: FastifyRequest, requested: number | undefined): Promise<{ row: LinkRow; data: PaymentLinkData; amount: number; lang: Lang }> {
    const row = await linkFor(request, 'payment');
    if (!row) throw ApiError.notFound('link');
    const lang = langOf(request);
    const closed = await closedMessage(row, lang);
    if (closed) throw new ApiError('conflict', closed);
    const data = JSON.parse(row.data) as PaymentLinkData;
    if (data.amount_type === 'fixed') return { row, data, amount: minorToNumber(data.amount!, data.currency), lang };
    // The link's min_amount, raised to today's floor (LINK_MIN_AMOUNT) for links made before it.
    const floor = links.minimum(data);
    const min = minorToNumber(floor, data.currency);
    const max = minorToNumber(data.max_amount!, data.currency);
    if (typeof requested !== 'number' || !(requested >= min && requested <= max)) {
      const message = fill(TEXT[lang].amountOutOfRange, {
        min: displayMoney(floor, data.currency, lang),
        max: displayMoney(data.max_amount!, data.currency, lang),
      });
      throw ApiError.validation([{ field: 'amount', message }], message);
    }
    return { row, data, amount: requested, lang };
  }

  const cardBody = Type.Object({
    amount: Type.Optional(Type.Number()),
    encrypted_number: Type.String({ maxLength: 2048 }),
    encrypted_expiration_month: Type.String({ maxLength: 2048 }),
    encrypted_expiration_year: Type.String({ maxLength: 2048 }),
    encrypted_holder_name: Type.String({ maxLength: 2048 }),
    encrypted_cvv: Type.String({ maxLength: 2048 }),
    cvv_for_payment: Type.String({ maxLength: 2048, description: 'A second encryption of the CVV: the charge needs a fresh one.' }),
    abandon: Type.Optional(Type.String({ maxLength: 100, description: 'An unfinished rail payment of this link the shopper leaves for this one.' })),
    installments: Type.Optional(Type.Integer({ minimum: 1, maximum: 36, description: 'The installments the shopper chose (a credit card).' })),
  });

  // The card form's installments selector: how many installments a card of this BIN takes (cards/installments.ts).
  app.get(
    '/l/:token/installments',
    { config, schema: { ...hide, params: tokenParams, querystring: Type.Object({ bin: Type.String({ pattern: '^[0-9]{6}$' }) }) } },
    async (request, reply) => {
      if (!(await linkFor(request, 'payment'))) throw ApiError.notFound('link');
      const { card_type } = await lookupBin(links.db, (request.query as { bin: string }).bin);
      reply.header('cache-control', 'no-store');
      return installmentTerms(card_type);
    },
  );

  app.post('/l/:token/card', { config, schema: { ...hide, params: tokenParams, body: cardBody } }, async (request) => {
    const body = request.body as Static<typeof cardBody>;
    const { row, data, amount, lang } = await payable(request, body.amount);
    const t = TEXT[lang];
    await abandon(row, body.abandon);
    await reserve(row, lang);
    // Count the attempt against the caps before the card is read or the network called.
    const reservation = await cardAttempts.reserve(row, request.ip);
    if ('blocked' in reservation) {
      await releaseUse(links.db, row.id, clock.realIso());
      throw new ApiError('rate_limited', t.cardBlocked, [], { 'retry-after': String(reservation.blocked.retryAfterSeconds) });
    }
    const principal = linkPrincipal(row.organization_id);
    let attached = false;
    try {
      const fields: CreateInstrument = {
        type: 'CARD',
        encrypted_number: body.encrypted_number,
        encrypted_expiration_month: body.encrypted_expiration_month,
        encrypted_expiration_year: body.encrypted_expiration_year,
        encrypted_holder_name: body.encrypted_holder_name,
        encrypted_cvv: body.encrypted_cvv,
      };
      const instrument = await instruments.tokenize(principal, fields, { browserOrigin: row.id });
      const { payment } = await payments.create(
        principal,
        {
          amount,
          currency: data.currency,
          order_id: linkOrderId(row.id, clock.realNow()),
          instrument_id: instrument.id,
          encrypted_cvv: body.cvv_for_payment,
          description: data.description,
          ...(body.installments !== undefined ? { installments: body.installments } : {}),
          // A fraud rule may ask for 3-D Secure: the challenge then returns to this payment's page.
          three_ds: { required: false, return_url: `${deps.publicBaseUrl}/l/${row.token}` },
        },
        {
          onCreate: async (trx, paymentId) => {
            await links.attach(trx, row.id, paymentId, 'card');
            await cardAttempts.attach(trx, reservation.attemptId, paymentId);
            attached = true;
          },
        },
      );
      const redirect = payment.status === 'APPROVED' && data.redirect_url ? withPaymentId(data.redirect_url, payment.id) : null;
      // The shopper learns approved or declined, never why: the issuer's response code stays with the merchant (GET /v1/payments/{id}, events).
      const challenge = payment.next_action?.redirect_to_url.url;
      return {
        payment_id: payment.id,
        status: payment.status,
        redirect_url: redirect,
        ...(challenge ? { challenge_url: challenge } : {}),
        ...(payment.status === 'REJECTED' ? { message: t.cardDeclined } : {}),
      };
    } catch (error) {
      // Nothing was charged: give the use back and do not count the attempt (once attached, the payment's outcome settles both).
      if (!attached) {
        await releaseUse(links.db, row.id, clock.realIso());
        await cardAttempts.release(reservation.attemptId);
      }
      throw error;
    }
  });

  const intentBody = Type.Object({
    amount: Type.Optional(Type.Number()),
    rail_id: Type.String({ maxLength: 32 }),
    customer: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 254 }))),
    abandon: Type.Optional(Type.String({ maxLength: 100, description: 'An unfinished rail payment of this link the shopper leaves for this one.' })),
  });

  /** The intent's 422 in the page's language, each problem named by its field (the script puts it beside its input). */
  function localized(error: unknown, lang: Lang): unknown {
    if (!(error instanceof ApiError) || error.code !== 'validation_failed') return error;
    const texts = TEXT[lang].fieldErrors;
    const details: ErrorDetail[] = [];
    for (const detail of error.details) {
      const field = RAIL_FIELDS.has(detail.field) ? detail.field : detail.field === 'amount' ? 'amount' : 'rail';
      if (details.some((d) => d.field === field)) continue;
      details.push({ field, message: texts[field] ?? (field === 'amount' ? detail.message : texts.invalid!) });
    }
    return ApiError.validation(details, texts.invalid);
  }

  app.post('/l/:token/intent', { config, schema: { ...hide, params: tokenParams, body: intentBody } }, async (request) => {
    const body = request.body as Static<typeof intentBody>;
    const { row, data, amount, lang } = await payable(request, body.amount);
    if (data.currency !== 'COP') throw ApiError.validation([{ field: 'rail_id', message: TEXT[lang].fieldErrors.rail_id! }]);
    await abandon(row, body.abandon);
    await reserve(row, lang);
    let attached = false;
    try {
      const railId = body.rail_id;
      const { payment } = await apm.create(
        row.organization_id,
        {
          order_id: linkOrderId(row.id, clock.realNow()),
          amount,
          currency: 'COP',
          rail_id: railId,
          rail_type: methods.rail(railId)?.railType ?? 'WALLET',
          description: data.description,
          return_url: `${deps.publicBaseUrl}/l/${row.token}`,
          customer: body.customer ?? {},
        },
        {
          onCreate: async (trx, paymentId) => {
            await links.attach(trx, row.id, paymentId, 'apm');
            attached = true;
          },
          ipAddress: request.ip,
        },
      );
      return { payment_id: payment.payment_id, rail: payment.rail, transaction: payment.transaction };
    } catch (error) {
      if (!attached) await releaseUse(links.db, row.id, clock.realIso());
      throw localized(error, lang);
    }
  });

  /** A payment of this link (and only of this link) for the status and OTP calls. */
  async function linkPayment(request: FastifyRequest, paymentId: string) {
    const row = await links.byToken((request.params as { token: string }).token);
    if (!row || row.type !== 'payment') throw ApiError.notFound('link');
    const entry = await linkEntry(row.id, paymentId);
    if (!entry) throw ApiError.notFound('payment');
    return { row, kind: entry.kind };
  }

  /**
   * The state of one payment of this link: what the page polls. It reveals
   * nothing but the state (no amount, card, customer or reason), and only for
   * a payment made through this link.
   */
  app.get(
    '/l/:token/status',
    { config, schema: { ...hide, params: tokenParams, querystring: Type.Object({ payment_id: Type.String({ maxLength: 100 }) }) } },
    async (request, reply) => {
      const paymentId = (request.query as { payment_id: string }).payment_id;
      const { row, kind } = await linkPayment(request, paymentId);
      const data = JSON.parse(row.data) as PaymentLinkData;
      const apmRow = kind === 'apm' ? await apm.find(row.organization_id, paymentId) : undefined;
      const status = apmRow ? apmRow.status : (await payments.get(row.organization_id, paymentId)).status;
      const approved = status === 'APPROVED';
      reply.header('cache-control', 'no-store');
      return {
        payment_id: paymentId,
        status,
        status_detail: apmRow?.status_detail ?? null,
        redirect_url: approved && data.redirect_url ? withPaymentId(data.redirect_url, paymentId) : null,
      };
    },
  );

  /**
   * The OTP step: unlike the API's confirm (200 "received"), the shopper is
   * told whether the code was right and how many attempts remain.
   */
  app.post(
    '/l/:token/otp',
    {
      config,
      schema: { ...hide, params: tokenParams, body: Type.Object({ payment_id: Type.String({ maxLength: 100 }), otp: Type.String({ maxLength: 12 }) }) },
    },
    async (request) => {
      const body = request.body as { payment_id: string; otp: string };
      const { row } = await linkPayment(request, body.payment_id);
      const lang = langOf(request);
      const confirmation = await apm.confirm(row.organization_id, body.payment_id, body.otp);
      const s = TEXT[lang].script;
      const message =
        confirmation.result === 'accepted'
          ? s.otpReceived
          : confirmation.result === 'expired'
            ? s.otpExpired
            : confirmation.result === 'exhausted'
              ? s.otpExhausted
              : confirmation.attemptsRemaining === 1
                ? s.otpWrongLast
                : fill(s.otpWrong, { n: confirmation.attemptsRemaining });
      return { result: confirmation.result, attempts_remaining: confirmation.attemptsRemaining, message };
    },
  );

  // ---- Card-enrollment form -------------------------------------------------

  app.get('/e/:token', { config, schema: { ...hide, params: tokenParams } }, async (request, reply) => {
    const lang = langOf(request);
    const t = TEXT[lang];
    const row = await linkFor(request, 'card_enrollment');
    if (!row) return notFound(reply, lang);
    const data = JSON.parse(row.data) as EnrollmentLinkData;
    const style = data.style ?? {};
    // Framed only by the merchant's listed origins (data.allowed_origins), which alone hear the result.
    const frameAncestors = data.allowed_origins ?? [];
    const title = style.text?.headerTitle ?? t.enrollTitle;
    const closed = await closedMessage(row, lang);
    if (closed) return send(reply.code(410), noticePage(lang, title, closed, style), { frameAncestors });
    // The form cannot encrypt a card without the organization's key; the link stays unopened until it exists.
    const key = await publicKey(keys, row.organization_id);
    if (key === null) return send(reply.code(503), noticePage(lang, title, t.enrollUnavailable, style), { frameAncestors });
    await links.open(row);
    const settings: EnrollmentConfig = {
      token: row.token,
      lang,
      publicKey: key,
      accent: style.colors?.primary ?? null,
      parentOrigins: frameAncestors,
      text: { saved: t.saved },
    };
    return send(reply, enrollmentPage({ lang, t, title, style, framed: frameAncestors.length > 0, config: settings }), { frameAncestors });
  });

  app.post(
    '/e/:token/save',
    { config, schema: { ...hide, params: tokenParams, body: Type.Omit(cardBody, ['amount', 'cvv_for_payment', 'abandon']) } },
    async (request) => {
      const row = await linkFor(request, 'card_enrollment');
      if (!row) throw ApiError.notFound('link');
      const closed = await closedMessage(row, langOf(request));
      if (closed) throw new ApiError('conflict', closed);
      const instrument = await instruments.tokenize(
        linkPrincipal(row.organization_id),
        { type: 'CARD', ...(request.body as Omit<CreateInstrument, 'type'>) },
        { browserOrigin: row.id },
      );
      if (!(await links.completeEnrollment(row, instrument.id))) throw new ApiError('conflict', TEXT[langOf(request)].unavailable);
      return { instrument_id: instrument.id, status: 'ENROLLED' };
    },
  );
}

function withPaymentId(url: string, paymentId: string): string {
  const target = new URL(url);
  target.searchParams.set('payment_id', paymentId);
  return target.toString();
}
