/**
 * The hosted surfaces a shopper sees: the payment-link checkout (`/l/{token}`)
 * and the card-enrollment form (`/e/{token}`, made to live in a merchant's
 * iframe). Server-rendered HTML, Spanish or English by Accept-Language; the
 * card fields are the SDK's own form (/fields/v1/card-form.js), which encrypts
 * every field in the browser with the organization's public key.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { Principal } from '../auth/tokens.js';
import { ApiError } from '../errors/api-error.js';
import { CURRENCIES, formatMinor, minorToNumber } from '../lib/money.js';
import type { EncryptionKeyService } from '../encryption-keys/service.js';
import type { InstrumentService } from '../instruments/service.js';
import type { PaymentService } from '../payments/service.js';
import type { AlternativePaymentService } from '../apm/service.js';
import { RAIL_TYPES, type RailId } from '../apm/schemas.js';
import type { CreateInstrument } from '../instruments/schemas.js';
import { CHECKOUT_SCRIPT, ENROLL_SCRIPT } from './page-scripts.js';
import type { EnrollmentLinkData, LinkRow, LinkService, PaymentLinkData } from './service.js';
import { layout, type Lang, pick, TEXT } from './page-text.js';
import { releaseUse } from './outcomes.js';
import type { CardAttemptGuard } from './card-attempts.js';
import { escapeHtml } from '../lib/html.js';

interface Deps {
  links: LinkService;
  keys: EncryptionKeyService;
  instruments: InstrumentService;
  payments: PaymentService;
  apm: AlternativePaymentService;
  publicBaseUrl: string;
  /** Caps on declined card attempts per link and per client address (card-attempts.ts). */
  cardAttempts: CardAttemptGuard;
}

/** JSON inside a <script type="application/json">: never closes the element. */
const jsonBlock = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function linkPrincipal(organizationId: string): Principal {
  return { clientId: 'hosted-page', organizationId, permissions: new Set(), jti: '', pciSaqD: false };
}

/** `frameAncestors`: the origins that may frame the page (validated origins, see links/service.ts); none: not frameable. */
function html(reply: FastifyReply, body: string, options: { frameAncestors?: readonly string[] } = {}): FastifyReply {
  const ancestors = options.frameAncestors ?? [];
  reply.removeHeader('x-frame-options');
  if (ancestors.length === 0) reply.header('x-frame-options', 'DENY');
  return reply
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src data: 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors ${ancestors.length > 0 ? ancestors.join(' ') : "'none'"}`,
    )
    .send(body);
}

async function publicKey(keys: EncryptionKeyService, organizationId: string): Promise<string> {
  try {
    return (await keys.active(organizationId)).public_key;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return (await keys.rotate(organizationId)).public_key;
    throw error;
  }
}

export async function hostedPageRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { links, keys, instruments, payments, apm, cardAttempts } = deps;
  const config = { public: true };
  const hide = { hide: true };
  const tokenParams = Type.Object({ token: Type.String({ maxLength: 64 }) });

  app.get('/l/assets/checkout.js', { config, schema: hide }, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(CHECKOUT_SCRIPT),
  );
  app.get('/e/assets/enroll.js', { config, schema: hide }, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(ENROLL_SCRIPT),
  );

  /** The link behind a page request, or a 404 page. Expiry is checked on every view. */
  async function linkFor(request: FastifyRequest, type: LinkRow['type']): Promise<LinkRow | undefined> {
    const row = await links.byToken((request.params as { token: string }).token);
    if (!row || row.type !== type) return undefined;
    return links.expireIfDue(row);
  }

  function notFound(reply: FastifyReply, lang: Lang) {
    return html(reply.code(404), layout(lang, TEXT[lang].notFound, `<h1>${TEXT[lang].notFound}</h1>`));
  }

  /** A link that cannot take a payment now, or undefined when it can. */
  async function closedMessage(row: LinkRow, lang: Lang): Promise<string | undefined> {
    if (row.status === 'expired' || (row.status !== 'used' && (await links.pastExpiry(row)))) {
      return row.type === 'payment' ? TEXT[lang].expired : TEXT[lang].enrollExpired;
    }
    if (row.status === 'used') return row.type === 'payment' ? TEXT[lang].paid : TEXT[lang].enrolled;
    return undefined;
  }

  // ---- Payment-link checkout ------------------------------------------------

  app.get('/l/:token', { config, schema: { ...hide, params: tokenParams } }, async (request, reply) => {
    const lang = pick(request.headers['accept-language']);
    const t = TEXT[lang];
    const row = await linkFor(request, 'payment');
    if (!row) return notFound(reply, lang);
    const closed = await closedMessage(row, lang);
    if (closed) return html(reply.code(410), layout(lang, t.checkoutTitle, `<h1>${t.checkoutTitle}</h1><p role="status" class="notice">${closed}</p>`));
    await links.open(row);
    const data = JSON.parse(row.data) as PaymentLinkData;
    const banks = data.currency === 'COP' ? (await apm.banks()).map((b) => ({ id: b.id, name: b.name })) : [];
    const settings = {
      token: row.token,
      lang,
      currency: data.currency,
      digits: CURRENCIES[data.currency] ?? 2,
      amount: data.amount === undefined ? null : minorToNumber(data.amount, data.currency),
      min: data.amount_type === 'custom' ? minorToNumber(links.minimum(data), data.currency) : null,
      max: data.max_amount === undefined ? null : minorToNumber(data.max_amount, data.currency),
      publicKey: await publicKey(keys, row.organization_id),
      redirectUrl: data.redirect_url ?? null,
      rails: data.currency === 'COP',
      banks,
    };
    const amount =
      data.amount_type === 'fixed'
        ? `<p class="amount" id="amount">${escapeHtml(data.currency)} ${formatMinor(data.amount!, data.currency)}</p>`
        : `<label for="custom-amount">${t.amountLabel} (${escapeHtml(data.currency)} ${formatMinor(links.minimum(data), data.currency)} – ${formatMinor(data.max_amount!, data.currency)})</label>
<input id="custom-amount" name="amount" inputmode="decimal" autocomplete="off" aria-describedby="custom-amount-error" required>
<p class="field-error" id="custom-amount-error" role="alert"></p>`;
    const cancel = data.cancel_url ? `<p><a class="cancel" href="${escapeHtml(data.cancel_url)}">${t.cancel}</a></p>` : '';
    const railTabs = settings.rails
      ? `<div role="tablist" aria-label="${t.methods}" class="tabs">
<button role="tab" aria-selected="true" aria-controls="panel-card" id="tab-card" type="button">${t.card}</button>
<button role="tab" aria-selected="false" aria-controls="panel-rails" id="tab-rails" type="button" tabindex="-1">${t.otherMethods}</button></div>`
      : '';
    const railPanel = settings.rails
      ? `<section id="panel-rails" role="tabpanel" aria-labelledby="tab-rails" hidden>
<fieldset><legend>${t.chooseRail}</legend>
<label><input type="radio" name="rail" value="BANK_REDIRECT" checked> ${t.railBank}</label>
<label><input type="radio" name="rail" value="WALLET_PUSH"> ${t.railPush}</label>
<label><input type="radio" name="rail" value="WALLET_OTP"> ${t.railOtp}</label>
<label><input type="radio" name="rail" value="QR_INTEROP"> ${t.railQr}</label></fieldset>
<div data-rail="BANK_REDIRECT">
<label for="bank">${t.bank}</label><select id="bank" name="bank_id">${banks.map((b) => `<option value="${escapeHtml(b.id)}">${escapeHtml(b.name)}</option>`).join('')}</select>
<label for="document_type">${t.documentType}</label><select id="document_type"><option>CC</option><option>CE</option><option>NIT</option><option>PASSPORT</option></select>
<label for="document">${t.document}</label><input id="document" autocomplete="off">
<label for="first_name">${t.firstName}</label><input id="first_name" autocomplete="given-name">
<label for="last_name">${t.lastName}</label><input id="last_name" autocomplete="family-name">
<label for="email">${t.email}</label><input id="email" type="email" autocomplete="email"></div>
<div data-rail="WALLET_PUSH WALLET_OTP" hidden><label for="phone">${t.phone}</label><input id="phone" type="tel" inputmode="numeric" autocomplete="tel-national" placeholder="3001234567"></div>
<p class="field-error" id="rail-error" role="alert"></p>
<button class="primary" id="rail-pay" type="button">${t.continue}</button>
<div id="otp-step" hidden><label for="otp">${t.otp}</label><input id="otp" inputmode="numeric" autocomplete="one-time-code" maxlength="6"><button class="primary" id="otp-send" type="button">${t.confirm}</button></div>
<div id="qr-step" hidden><img id="qr-image" alt="QR" width="220" height="220"><p>${t.alias}: <strong id="qr-alias"></strong></p></div>
</section>`
      : '';
    // Past the card-attempt caps the card tab says so (the other methods stay open).
    const cardNotice = (await cardAttempts.blocked(row.id, request.ip)) ? t.cardBlocked : '';
    const body = `<h1>${escapeHtml(data.description ?? t.checkoutTitle)}</h1>
${amount}
${railTabs}
<section id="panel-card" role="tabpanel" aria-labelledby="tab-card">
<div id="card-form"></div>
<p class="field-error" id="card-error" role="alert">${cardNotice}</p>
<button class="primary" id="pay" type="button" disabled>${t.pay}</button>
</section>
${railPanel}
<p id="status" role="status" aria-live="polite"></p>
${cancel}
<script type="application/json" id="checkout-config">${jsonBlock(settings)}</script>
<script src="/fields/v1/card-form.js"></script>
<script src="/l/assets/checkout.js"></script>`;
    return html(reply, layout(lang, t.checkoutTitle, body));
  });

  /** The payment link (still payable) and the amount in major units for this attempt. */
  async function payable(request: FastifyRequest, requested: number | undefined): Promise<{ row: LinkRow; data: PaymentLinkData; amount: number }> {
    const row = await linkFor(request, 'payment');
    if (!row) throw ApiError.notFound('link');
    const lang = pick(request.headers['accept-language']);
    const closed = await closedMessage(row, lang);
    if (closed) throw new ApiError('conflict', closed);
    const data = JSON.parse(row.data) as PaymentLinkData;
    if (data.amount_type === 'fixed') return { row, data, amount: minorToNumber(data.amount!, data.currency) };
    // The link's min_amount, raised to today's floor (LINK_MIN_AMOUNT) for links made before it.
    const floor = links.minimum(data);
    const min = minorToNumber(floor, data.currency);
    const max = minorToNumber(data.max_amount!, data.currency);
    if (typeof requested !== 'number' || !(requested >= min && requested <= max)) {
      throw ApiError.validation([{ field: 'amount', message: `must be between ${formatMinor(floor, data.currency)} and ${formatMinor(data.max_amount!, data.currency)}` }]);
    }
    return { row, data, amount: requested };
  }

  const cardBody = Type.Object({
    amount: Type.Optional(Type.Number()),
    encrypted_number: Type.String({ maxLength: 2048 }),
    encrypted_expiration_month: Type.String({ maxLength: 2048 }),
    encrypted_expiration_year: Type.String({ maxLength: 2048 }),
    encrypted_holder_name: Type.String({ maxLength: 2048 }),
    encrypted_cvv: Type.String({ maxLength: 2048 }),
    cvv_for_payment: Type.String({ maxLength: 2048, description: 'A second encryption of the CVV: the charge needs a fresh one.' }),
  });

  app.post('/l/:token/card', { config, schema: { ...hide, params: tokenParams, body: cardBody } }, async (request) => {
    const body = request.body as Static<typeof cardBody>;
    const t = TEXT[pick(request.headers['accept-language'])];
    const { row, data, amount } = await payable(request, body.amount);
    if (!(await links.reserveUse(row))) throw new ApiError('conflict', t.unavailable);
    // Count the attempt against the caps before the card is read or the network called.
    const reservation = await cardAttempts.reserve(row, request.ip);
    if ('blocked' in reservation) {
      await releaseUse(links.db, row.id);
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
      const instrument = await instruments.tokenize(principal, fields);
      const { payment } = await payments.create(
        principal,
        { amount, currency: data.currency, order_id: `${row.id}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`, instrument_id: instrument.id, encrypted_cvv: body.cvv_for_payment, description: data.description },
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
      return { payment_id: payment.id, status: payment.status, redirect_url: redirect, ...(payment.status === 'REJECTED' ? { message: t.cardDeclined } : {}) };
    } catch (error) {
      // Nothing was charged: give the use back and do not count the attempt (once attached, the payment's outcome settles both).
      if (!attached) {
        await releaseUse(links.db, row.id);
        await cardAttempts.release(reservation.attemptId);
      }
      throw error;
    }
  });

  const intentBody = Type.Object({
    amount: Type.Optional(Type.Number()),
    rail_id: Type.String({ maxLength: 32 }),
    customer: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 254 }))),
  });

  app.post('/l/:token/intent', { config, schema: { ...hide, params: tokenParams, body: intentBody } }, async (request) => {
    const body = request.body as Static<typeof intentBody>;
    const { row, data, amount } = await payable(request, body.amount);
    if (data.currency !== 'COP') throw ApiError.validation([{ field: 'rail_id', message: 'alternative rails take COP only' }]);
    if (!(await links.reserveUse(row))) throw new ApiError('conflict', TEXT[pick(request.headers['accept-language'])].unavailable);
    let attached = false;
    try {
      const railId = body.rail_id as RailId;
      const { payment } = await apm.create(
        row.organization_id,
        {
          order_id: `${row.id}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
          amount,
          currency: 'COP',
          rail_id: railId,
          rail_type: RAIL_TYPES[railId] ?? 'WALLET',
          description: data.description,
          return_url: `${deps.publicBaseUrl}/l/${row.token}`,
          customer: body.customer ?? {},
        },
        {
          onCreate: async (trx, paymentId) => {
            await links.attach(trx, row.id, paymentId, 'apm');
            attached = true;
          },
        },
      );
      return { payment_id: payment.payment_id, rail: payment.rail, transaction: payment.transaction };
    } catch (error) {
      if (!attached) await releaseUse(links.db, row.id);
      throw error;
    }
  });

  /** A payment of this link (and only of this link) for the status and OTP calls. */
  async function linkPayment(request: FastifyRequest, paymentId: string) {
    const row = await links.byToken((request.params as { token: string }).token);
    if (!row) throw ApiError.notFound('link');
    const entry = await links.db.selectFrom('link_payments').select(['kind']).where('link_id', '=', row.id).where('payment_id', '=', paymentId).executeTakeFirst();
    if (!entry) throw ApiError.notFound('payment');
    return { row, kind: entry.kind };
  }

  app.get('/l/:token/status', { config, schema: { ...hide, params: tokenParams, querystring: Type.Object({ payment_id: Type.String({ maxLength: 100 }) }) } }, async (request) => {
    const paymentId = (request.query as { payment_id: string }).payment_id;
    const { row } = await linkPayment(request, paymentId);
    const data = JSON.parse(row.data) as PaymentLinkData;
    const apmRow = await apm.find(row.organization_id, paymentId);
    const status = apmRow ? apmRow.status : (await payments.get(row.organization_id, paymentId)).status;
    const approved = status === 'APPROVED';
    return { payment_id: paymentId, status, status_detail: apmRow?.status_detail ?? null, redirect_url: approved && data.redirect_url ? withPaymentId(data.redirect_url, paymentId) : null };
  });

  app.post('/l/:token/otp', { config, schema: { ...hide, params: tokenParams, body: Type.Object({ payment_id: Type.String({ maxLength: 100 }), otp: Type.String({ maxLength: 12 }) }) } }, async (request) => {
    const body = request.body as { payment_id: string; otp: string };
    const { row } = await linkPayment(request, body.payment_id);
    return apm.confirm(row.organization_id, body.payment_id, body.otp);
  });

  // ---- Card-enrollment form -------------------------------------------------

  app.get('/e/:token', { config, schema: { ...hide, params: tokenParams } }, async (request, reply) => {
    const lang = pick(request.headers['accept-language']);
    const t = TEXT[lang];
    const row = await linkFor(request, 'card_enrollment');
    if (!row) return notFound(reply, lang);
    const data = JSON.parse(row.data) as EnrollmentLinkData;
    const style = data.style ?? {};
    // Framed only by the merchant's listed origins (data.allowed_origins), which alone hear the result.
    const frameAncestors = data.allowed_origins ?? [];
    const title = style.text?.headerTitle ?? t.enrollTitle;
    const closed = await closedMessage(row, lang);
    if (closed) return html(reply.code(410), layout(lang, title, `<h1>${escapeHtml(title)}</h1><p role="status" class="notice">${closed}</p>`, style), { frameAncestors });
    await links.open(row);
    const settings = { token: row.token, lang, publicKey: await publicKey(keys, row.organization_id), accent: style.colors?.primary ?? null, parentOrigins: frameAncestors };
    const body = `${style.layout?.hideHeader ? '' : `<h1>${escapeHtml(title)}</h1>`}
<div id="card-form"></div>
<p class="field-error" id="card-error" role="alert"></p>
<button class="primary" id="save" type="button" disabled>${escapeHtml(style.text?.buttonText ?? t.save)}</button>
<p id="status" role="status" aria-live="polite"></p>
<script type="application/json" id="enroll-config">${jsonBlock(settings)}</script>
<script src="/fields/v1/card-form.js"></script>
<script src="/e/assets/enroll.js"></script>`;
    return html(reply, layout(lang, title, body, style), { frameAncestors });
  });

  app.post(
    '/e/:token/save',
    { config, schema: { ...hide, params: tokenParams, body: Type.Omit(cardBody, ['amount', 'cvv_for_payment']) } },
    async (request) => {
      const row = await linkFor(request, 'card_enrollment');
      if (!row) throw ApiError.notFound('link');
      const closed = await closedMessage(row, pick(request.headers['accept-language']));
      if (closed) throw new ApiError('conflict', closed);
      const instrument = await instruments.tokenize(linkPrincipal(row.organization_id), { type: 'CARD', ...(request.body as Omit<CreateInstrument, 'type'>) });
      if (!(await links.completeEnrollment(row, instrument.id))) throw new ApiError('conflict', TEXT[pick(request.headers['accept-language'])].unavailable);
      return { instrument_id: instrument.id, status: 'ENROLLED' };
    },
  );
}

function withPaymentId(url: string, paymentId: string): string {
  const target = new URL(url);
  target.searchParams.set('payment_id', paymentId);
  return target.toString();
}
