/**
 * The cash rail (payments/methods/cash/): the voucher a cash intent answers
 * with (`rail.cash`), its public pages (the printable voucher and its barcode
 * image, both at an unguessable token), and the store's report that the
 * reference was paid (the sandbox's store: POST /v1/sandbox/cash/payments).
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../../errors/api-error.js';
import { html } from '../../lib/html.js';
import { displayMoney } from '../../lib/money.js';
import { code128Svg } from '../methods/cash/code128.js';
import { CASH_AGREEMENT_CODE, cashBarcode, isCashReference } from '../methods/cash/voucher.js';
import { bankLayout, finishedPage, language, type Lang } from './bank-templates.js';
import type { ApmPayment } from './schemas.js';
import { asRail, railPayments, type AlternativePaymentService, type ApmRow } from './service.js';

type Voucher = NonNullable<ApmPayment['rail']['cash']>;

/**
 * A cash payment's voucher; `link` is its page (`rail.payment_link`). A
 * processor's voucher (a connector account's cash rail: `rail_link`) keeps
 * the processor's reference and barcode digits, drawn as Code 128 at the
 * gateway's own voucher page under `publicBaseUrl`.
 */
export function cashVoucher(row: ApmRow, link: string | undefined, publicBaseUrl: string): Voucher {
  if (row.rail_link)
    return {
      reference: row.cash_reference!,
      agreement_code: null,
      barcode: { url: `${publicBaseUrl}/cash/${row.page_token ?? ''}/barcode.svg`, text: row.rail_barcode ?? row.cash_reference! },
      expires_at: row.expires_at,
    };
  const barcode = cashBarcode({ reference: row.cash_reference!, amountMinor: Number(row.amount), expiresAt: row.expires_at });
  return {
    reference: row.cash_reference!,
    agreement_code: CASH_AGREEMENT_CODE,
    barcode: { url: `${link ?? ''}/barcode.svg`, text: barcode.text },
    expires_at: row.expires_at,
  };
}

function barcodeSvg(row: ApmRow): string {
  // A processor's voucher: its own digits (or its reference), as it gave them.
  if (row.rail_link) return code128Svg(row.rail_barcode ?? row.cash_reference!, { caption: row.rail_barcode ?? row.cash_reference! });
  const barcode = cashBarcode({ reference: row.cash_reference!, amountMinor: Number(row.amount), expiresAt: row.expires_at });
  return code128Svg(barcode.data, { caption: barcode.text });
}

/**
 * The store reports that the customer paid `reference` in cash: the payment
 * is APPROVED, once. A reference already paid is 409 `cash_reference_paid`,
 * an expired or declined one 409 `payment_finished`; either way nothing
 * changes (the approval is a compare-and-set on the payment's status).
 */
export async function payCashReference(apm: AlternativePaymentService, organizationId: string, reference: string): Promise<ApmPayment> {
  if (!isCashReference(reference)) throw ApiError.validation([{ field: 'reference', message: 'must be a payment reference: 12 digits with its check digit' }]);
  const load = () => railPayments(apm.db).where('organization_id', '=', organizationId).where('cash_reference', '=', reference).executeTakeFirst().then(asRail);
  const row = await load();
  if (!row) throw ApiError.notFound('cash payment');
  const refuse = (current: ApmRow): never => {
    if (current.status === 'APPROVED') throw new ApiError('cash_reference_paid', `Reference ${reference} was already paid (payment ${current.id}).`);
    throw new ApiError(
      'payment_finished',
      `Reference ${reference} can no longer be paid: its payment is ${current.status} (it expired at ${current.expires_at}, or was declined).`,
    );
  };
  if (row.status !== 'IN_PROGRESS') return refuse(row);
  // Approved only while IN_PROGRESS and before its expiry, in one conditional update.
  if (await apm.finish(row.id, 'approve', { onlyIfUnexpiredAt: await apm.clock.nowIso(organizationId) })) return apm.view((await load())!);
  // Another store was first, or the deadline passed (its expiry job may not have run yet: it is applied now).
  await apm.finish(row.id, 'expire');
  return refuse((await load())!);
}

const VOUCHER_TEXT = {
  es: {
    heading: 'Pago en efectivo',
    intro: 'Presente este código en un punto de pago o corresponsal bancario y pague en efectivo el valor exacto.',
    amount: 'Valor',
    reference: 'Referencia de pago',
    agreement: 'Convenio',
    expires: 'Pague antes de',
    barcode: 'Código de barras de la referencia {reference}',
    print: 'Imprima o guarde esta página.',
    store: 'Pagar en la tienda (sandbox)',
    storeLead: 'En el sandbox, este botón hace de cajero del punto de pago: recibe el efectivo y reporta la referencia pagada.',
  },
  en: {
    heading: 'Cash payment',
    intro: 'Show this code at a payment point or banking agent and pay the exact amount in cash.',
    amount: 'Amount',
    reference: 'Payment reference',
    agreement: 'Agreement code',
    expires: 'Pay before',
    barcode: 'Barcode of reference {reference}',
    print: 'Print or save this page.',
    store: 'Pay at the store (sandbox)',
    storeLead: "In the sandbox, this button plays the payment point's clerk: it takes the cash and reports the reference paid.",
  },
} as const;

/** The deadline as the voucher shows it: Colombian time, in the page's language. */
export function voucherDeadline(lang: Lang, iso: string): string {
  const format = new Intl.DateTimeFormat(lang === 'es' ? 'es-CO' : 'en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Bogota' });
  return `${format.format(new Date(iso))} (Bogotá)`;
}

/** The hosted checkout's view of a cash payment's voucher: its paths on the gateway's own origin. */
export function cashStepOf(rail: ApmPayment['rail'], lang: Lang) {
  const cash = rail.cash!;
  return {
    reference: cash.reference,
    agreement: cash.agreement_code ?? '',
    deadline: voucherDeadline(lang, cash.expires_at),
    barcodePath: new URL(cash.barcode.url).pathname,
    // The gateway's own voucher page (a processor's printable voucher is `rail.payment_link`).
    voucherPath: new URL(cash.barcode.url).pathname.replace(/\/barcode\.svg$/, ''),
  };
}

function voucherPage(lang: Lang, row: ApmRow, barcodeUri: string, sandbox: boolean): ReturnType<typeof html> {
  const t = VOUCHER_TEXT[lang];
  return bankLayout(
    lang,
    html`<h1>${t.heading}</h1><p class="muted">${t.intro}</p>
<img src="${barcodeUri}" alt="${t.barcode.replace('{reference}', row.cash_reference!)}" style="max-width:100%;height:auto">
<dl><dt>${t.amount}</dt><dd>${displayMoney(Number(row.amount), 'COP', lang)}</dd><dt>${t.reference}</dt><dd>${row.cash_reference}</dd>
${row.rail_link ? '' : html`<dt>${t.agreement}</dt><dd>${CASH_AGREEMENT_CODE}</dd>`}<dt>${t.expires}</dt><dd>${voucherDeadline(lang, row.expires_at)}</dd></dl><p class="muted">${t.print}</p>
${sandbox && !row.rail_link ? html`<form method="post"><p class="muted">${t.storeLead}</p><button class="primary" type="submit">${t.store}</button></form>` : ''}`,
  );
}

/**
 * The voucher's page and its barcode image: public, at the payment's
 * unguessable token. In the sandbox the page also plays the store: its button
 * reports the reference paid, as POST /v1/sandbox/cash/payments does.
 */
export async function cashPageRoutes(app: FastifyInstance, opts: { apm: AlternativePaymentService; sandbox: boolean }): Promise<void> {
  await app.register(formbody);
  const { apm, sandbox } = opts;
  const params = Type.Object({ token: Type.String({ maxLength: 64 }) });
  const load = async (token: string) => {
    const row = await railPayments(apm.db).where('page_token', '=', token).where('cash_reference', 'is not', null).executeTakeFirst().then(asRail);
    if (!row) throw ApiError.notFound('cash voucher');
    return row;
  };

  app.get('/cash/:token/barcode.svg', { config: { public: true }, schema: { hide: true, params } }, async (request, reply) => {
    const row = await load((request.params as { token: string }).token);
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('cache-control', 'private, max-age=300')
      .send(barcodeSvg(row));
  });

  app.get('/cash/:token', { config: { public: true }, schema: { hide: true, params } }, async (request, reply) => {
    const lang = language(request.headers['accept-language']);
    const row = await load((request.params as { token: string }).token);
    const body =
      row.status === 'IN_PROGRESS'
        ? voucherPage(lang, row, `data:image/svg+xml;base64,${Buffer.from(barcodeSvg(row)).toString('base64')}`, sandbox)
        : finishedPage(lang, VOUCHER_TEXT[lang].heading, row.status);
    return reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      )
      .header('content-language', lang)
      .header('cache-control', 'no-store')
      .send(body.value);
  });

  if (!sandbox) return;
  app.post('/cash/:token', { config: { public: true }, schema: { hide: true, params } }, async (request, reply) => {
    const row = await load((request.params as { token: string }).token);
    try {
      await payCashReference(apm, row.organization_id, row.cash_reference!);
    } catch (error) {
      // Already paid, or expired: the page shows the payment as it is.
      if (!(error instanceof ApiError) || error.status !== 409) throw error;
    }
    return reply.redirect(`/cash/${encodeURIComponent(row.page_token!)}`, 303);
  });
}
