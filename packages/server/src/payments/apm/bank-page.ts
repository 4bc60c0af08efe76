/**
 * The sandbox bank of the bank-redirect rail: a real HTML page where the
 * customer authenticates and approves or rejects, then returns to the
 * merchant's return_url; and the QR rail's page. Server-rendered from typed
 * templates (bank-templates.ts), no script, Spanish and English.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../../errors/api-error.js';
import type { Html } from '../../lib/html.js';
import { asRail, railPayments, type AlternativePaymentService, type ApmRow } from './service.js';
import { BANK_TEXT, bankLayout, bankLoginPage, finishedPage, language, qrPage, type BankPayer, type Lang } from './bank-templates.js';
import { html } from '../../lib/html.js';
import { displayMoney, minorToNumber, toMinorUnits } from '../../lib/money.js';
import { parseTlv } from './qr.js';
import { transferToQr } from './qr-transfer.js';
import { payerPersonType } from '../methods/documents.js';

/** The payer the intent named (customer.*), as the bank shows them back; none for an intent without a document. */
function payerOf(row: ApmRow): BankPayer | undefined {
  const c = JSON.parse(row.customer) as Record<string, string | undefined>;
  if (!c.document || !c.document_type) return undefined;
  return {
    name: [c.first_name, c.last_name].filter(Boolean).join(' '),
    personType: payerPersonType(c),
    documentType: c.document_type,
    document: c.document,
    email: c.email ?? '',
  };
}

function page(reply: FastifyReply, lang: Lang, body: Html, formAction: string): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'none'; img-src data:; style-src 'unsafe-inline'; form-action 'self' ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('content-language', lang)
    .header('cache-control', 'no-store')
    .send(body.value);
}

export async function bankPageRoutes(app: FastifyInstance, opts: { apm: AlternativePaymentService }): Promise<void> {
  await app.register(formbody);
  const { apm } = opts;
  const config = { public: true };
  const params = Type.Object({ token: Type.String({ maxLength: 64 }) });

  // A cash voucher's token (cash.ts) is not a bank page's.
  const load = (token: string) => railPayments(apm.db).where('page_token', '=', token).where('cash_reference', 'is', null).executeTakeFirst().then(asRail);
  const returnTo = (row: ApmRow) => {
    const url = new URL(row.return_url!);
    url.searchParams.set('payment_id', row.id);
    return url.toString();
  };

  async function render(reply: FastifyReply, lang: Lang, row: ApmRow, error?: string) {
    const t = BANK_TEXT[lang];
    const bank = (await apm.banks()).find((b) => b.id === (JSON.parse(row.customer) as { bank_id?: string }).bank_id)?.name || t.title;
    const origin = new URL(row.return_url!).origin;
    if (row.status !== 'IN_PROGRESS' || row.status_detail !== 'PENDING') return page(reply, lang, finishedPage(lang, bank, row.status, returnTo(row)), origin);
    const view = { bank, amount: displayMoney(Number(row.amount), 'COP', lang), orderId: row.order_id, payer: payerOf(row), ...(error ? { error } : {}) };
    return page(reply, lang, bankLoginPage(lang, view), origin);
  }

  app.get('/sandbox-bank/:token', { config, schema: { hide: true, params } }, async (request, reply) => {
    const row = await load((request.params as { token: string }).token);
    if (!row) throw ApiError.notFound('bank page');
    return render(reply, language(request.headers['accept-language']), row);
  });

  app.post('/sandbox-bank/:token', { config, schema: { hide: true, params } }, async (request, reply) => {
    const lang = language(request.headers['accept-language']);
    const row = await load((request.params as { token: string }).token);
    if (!row) throw ApiError.notFound('bank page');
    const form = (request.body ?? {}) as { username?: string; password?: string; decision?: string };
    if (row.status === 'IN_PROGRESS' && row.status_detail === 'PENDING') {
      if (form.decision === 'reject') await apm.finish(row.id, 'reject');
      else if (!form.username?.trim() || !form.password) return render(reply.code(422), lang, row, BANK_TEXT[lang].required);
      else {
        const bank = (await apm.banks()).find((b) => b.id === (JSON.parse(row.customer) as { bank_id?: string }).bank_id);
        await apm.bankProcessing(row.id, bank?.sandbox_outcome ?? 'approve');
      }
    }
    return reply.redirect(returnTo(row), 303);
  });

  // The QR rail's payment_link: the page a customer's banking app would show after scanning.
  const aliasParams = Type.Object({ alias: Type.String({ maxLength: 16 }) });
  const byAlias = (alias: string) => railPayments(apm.db).where('alias', '=', alias).executeTakeFirst().then(asRail);

  async function renderQr(reply: FastifyReply, lang: Lang, row: ApmRow, extra: { notice?: string; error?: string; amountInput?: string } = {}) {
    const t = BANK_TEXT[lang];
    if (row.status !== 'IN_PROGRESS') {
      const body = extra.notice ? html`<h1>${t.title}</h1><p role="status">${extra.notice}</p><p>${t.done[row.status]}</p>` : undefined;
      return page(reply, lang, body ? bankLayout(lang, body) : finishedPage(lang, t.title, row.status), "'self'");
    }
    const view = apm.view(row);
    const amount = Number(row.amount);
    return page(
      reply,
      lang,
      qrPage(lang, {
        image: view.rail.qr!.image,
        alias: view.rail.alias ?? '',
        amount: displayMoney(amount, 'COP', lang),
        amountInput: extra.amountInput ?? String(minorToNumber(amount, 'COP')),
        // What a banking app shows after scanning: the merchant's name the QR carries (59).
        merchant: parseTlv(row.qr_content ?? '').get('59') ?? t.title,
        banks: await apm.banks(),
        ...(extra.notice ? { notice: extra.notice } : {}),
        ...(extra.error ? { error: extra.error } : {}),
      }),
      "'self'",
    );
  }

  const REASONS = ['amount_mismatch', 'expired', 'already_paid', 'closed'] as const;
  app.get('/sandbox-bank/qr/:alias', { config, schema: { hide: true, params: aliasParams } }, async (request, reply) => {
    const row = await byAlias((request.params as { alias: string }).alias);
    if (!row) throw ApiError.notFound('bank page');
    const lang = language(request.headers['accept-language']);
    // After a transfer that came back (the redirect of the POST below): why, in words.
    const returned = (request.query as { returned?: string }).returned;
    const reason = REASONS.find((r) => r === returned);
    return renderQr(reply, lang, row, reason ? { notice: BANK_TEXT[lang].transfer[reason] } : {});
  });

  // The payer sends the amount shown, or another (then the rail returns it: qr-transfer.ts), or declines.
  app.post('/sandbox-bank/qr/:alias', { config, schema: { hide: true, params: aliasParams } }, async (request, reply) => {
    const row = await byAlias((request.params as { alias: string }).alias);
    if (!row) throw ApiError.notFound('bank page');
    const form = (request.body ?? {}) as { decision?: string; amount?: string };
    const back = `/sandbox-bank/qr/${row.alias}`;
    if (form.decision === 'reject') {
      await apm.finish(row.id, 'reject');
      return reply.redirect(back, 303);
    }
    let amount = Number(row.amount);
    if (form.amount !== undefined) {
      const parsed = toMinorUnits(form.amount.trim().replace(',', '.'), 'COP');
      const lang = language(request.headers['accept-language']);
      if ('problem' in parsed) return renderQr(reply.code(422), lang, row, { error: BANK_TEXT[lang].amountInvalid, amountInput: form.amount });
      amount = parsed.minor;
    }
    const result = await transferToQr(apm, row.organization_id, row.id, amount);
    return reply.redirect(result.outcome === 'reversed' ? `${back}?returned=${result.reason}` : back, 303);
  });
}
