/**
 * The hosted surfaces a shopper sees: the payment-link checkout (`/l/{token}`)
 * and the card-enrollment form (`/e/{token}`, made to live in a merchant's
 * iframe). Server-rendered HTML (templates.ts), Spanish or English by
 * Accept-Language; their scripts are TypeScript entry points of
 * packages/fields (src/hosted/), served from /fields/v1/hosted/. The card
 * fields are the SDK's own form, which encrypts every field in the browser
 * with the organization's public key.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { CURRENCIES, displayMoney, minorToNumber } from '../lib/money.js';
import type { CreateInstrument } from '../instruments/schemas.js';
import type { LinkRow, PaymentLinkData } from './service.js';
import { fill, type Lang, TEXT } from './page-text.js';
import type { CheckoutConfig } from './page-config.js';
import { checkoutPage, outcomePage, type RailChoice } from './templates.js';
import { linkOrderId, releaseUse } from './outcomes.js';
import { lookupBin } from '../cards/bins.js';
import { installmentTerms } from '../cards/installments.js';
import {
  cardBody,
  HIDDEN,
  langOf,
  linkPrincipal,
  localizedCardError,
  PAGE,
  type PageDeps,
  pageLookups,
  publicKey,
  send,
  tokenParams,
  withPaymentId,
} from './page-kit.js';
import { outcomeViews } from './outcome-views.js';
import { pollRoutes } from './poll-routes.js';
import { enrollmentPageRoutes } from './enrollment-pages.js';

export async function hostedPageRoutes(app: FastifyInstance, deps: PageDeps): Promise<void> {
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
  const config = PAGE;
  const hide = HIDDEN;
  const { linkFor, notFound, closedMessage, linkEntry, merchantName } = pageLookups(deps);
  const { paymentOutcome } = outcomeViews(deps);

  // ---- Payment-link checkout ------------------------------------------------

  const checkoutQuery = Type.Object({ payment_id: Type.Optional(Type.String({ maxLength: 100 })) });
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
   * the bank). Not closed, the use is held by an attempt in flight, even when
   * its payment is not recorded yet (a card attempt between taking the use and
   * its payment's insert): its result decides, and the link may take this
   * shopper's payment after a decline.
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
    return t.paymentInFlight;
  }

  /**
   * The shopper leaves an unfinished rail payment of this link for another
   * attempt (the page names it: its own, kept in the tab's sessionStorage).
   * An intent still waiting for the shopper is declined (payments/apm/service.ts
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
      throw localizedCardError(error, lang);
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

  await pollRoutes(app, deps);
  await enrollmentPageRoutes(app, deps);
}
