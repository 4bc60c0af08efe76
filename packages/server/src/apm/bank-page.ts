/**
 * The sandbox bank of the bank-redirect rail: a real HTML page where the
 * customer authenticates and approves or rejects, then returns to the
 * merchant's return_url. Server-rendered, no script, Spanish and English.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../errors/api-error.js';
import { formatMinor } from '../lib/money.js';
import type { AlternativePaymentService, ApmRow } from './service.js';
import { escapeHtml } from '../lib/html.js';


const TEXT = {
  es: {
    title: 'Banco de pruebas',
    intro: 'Autorice el pago en su banco',
    amount: 'Valor',
    merchantRef: 'Referencia',
    user: 'Usuario',
    password: 'Clave',
    approve: 'Aprobar pago',
    reject: 'Rechazar',
    done: 'Este pago ya no está pendiente',
    processing: 'El banco está procesando su pago.',
    back: 'Volver al comercio',
    sandbox: 'Entorno de pruebas: no se mueve dinero real.',
    required: 'Ingrese usuario y clave.',
  },
  en: {
    title: 'Sandbox bank',
    intro: 'Authorize the payment at your bank',
    amount: 'Amount',
    merchantRef: 'Reference',
    user: 'Username',
    password: 'Password',
    approve: 'Approve payment',
    reject: 'Reject',
    done: 'This payment is no longer pending',
    processing: 'The bank is processing your payment.',
    back: 'Back to the merchant',
    sandbox: 'Sandbox: no real money moves.',
    required: 'Enter your username and password.',
  },
};

type Lang = keyof typeof TEXT;

function language(header: string | undefined): Lang {
  return /^\s*en\b/i.test(header ?? '') ? 'en' : 'es';
}

function page(reply: FastifyReply, lang: Lang, body: string, formAction: string): FastifyReply {
  const t = TEXT[lang];
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', `default-src 'none'; img-src data:; style-src 'unsafe-inline'; form-action 'self' ${formAction}; frame-ancestors 'none'; base-uri 'none'`)
    .header('content-language', lang)
    .send(`<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f3f5f9;margin:0;color:#1d2433}
main{max-width:26rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px #0002}
h1{font-size:1.3rem;margin:0 0 .25rem} .muted{color:#566;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem} dt{color:#566}
label{display:block;margin-top:.75rem;font-weight:600} input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #99a;border-radius:6px}
button{margin-top:1rem;width:100%;padding:.75rem;font-size:1rem;border-radius:6px;border:0;cursor:pointer}
.primary{background:#0b5cad;color:#fff} .secondary{background:#e5e8ef;color:#1d2433}
:focus-visible{outline:3px solid #f0a500;outline-offset:2px} .error{color:#b00020}
</style></head><body><main>${body}<p class="muted">${t.sandbox}</p></main></body></html>`);
}

export async function bankPageRoutes(app: FastifyInstance, opts: { apm: AlternativePaymentService }): Promise<void> {
  await app.register(formbody);
  const { apm } = opts;
  const config = { public: true };
  const params = Type.Object({ token: Type.String({ maxLength: 64 }) });

  const load = (token: string) => apm.db.selectFrom('apm_payments').selectAll().where('page_token', '=', token).executeTakeFirst();
  const returnTo = (row: ApmRow) => {
    const url = new URL(row.return_url!);
    url.searchParams.set('payment_id', row.id);
    return url.toString();
  };

  async function render(reply: FastifyReply, lang: Lang, row: ApmRow, error?: string) {
    const t = TEXT[lang];
    const bank = (await apm.banks()).find((b) => b.id === JSON.parse(row.customer).bank_id)?.name ?? '';
    const origin = new URL(row.return_url!).origin;
    if (row.status !== 'IN_PROGRESS' || row.status_detail !== 'PENDING') {
      const message = row.status === 'IN_PROGRESS' ? t.processing : `${t.done} (${row.status}).`;
      return page(reply, lang, `<h1>${escapeHtml(bank || t.title)}</h1><p role="status">${message}</p><p><a href="${escapeHtml(returnTo(row))}">${t.back}</a></p>`, origin);
    }
    return page(
      reply,
      lang,
      `<h1>${escapeHtml(bank || t.title)}</h1><p class="muted">${t.intro}</p>
<dl><dt>${t.amount}</dt><dd>COP ${formatMinor(Number(row.amount), 'COP')}</dd><dt>${t.merchantRef}</dt><dd>${escapeHtml(row.order_id)}</dd></dl>
<form method="post" novalidate>
${error ? `<p class="error" role="alert" id="form-error">${error}</p>` : ''}
<label for="username">${t.user}</label><input id="username" name="username" autocomplete="username" required ${error ? 'aria-describedby="form-error"' : ''}>
<label for="password">${t.password}</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button class="primary" name="decision" value="approve" type="submit">${t.approve}</button>
<button class="secondary" name="decision" value="reject" type="submit" formnovalidate>${t.reject}</button>
</form>`,
      origin,
    );
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
      else if (!form.username?.trim() || !form.password) return render(reply.code(422), lang, row, TEXT[lang].required);
      else {
        const bank = (await apm.banks()).find((b) => b.id === JSON.parse(row.customer).bank_id);
        await apm.bankProcessing(row.id, bank?.sandbox_outcome ?? 'approve');
      }
    }
    return reply.redirect(returnTo(row), 303);
  });

  // The QR rail's payment_link: the page a customer's banking app would show after scanning.
  const aliasParams = Type.Object({ alias: Type.String({ maxLength: 16 }) });
  const byAlias = (alias: string) => apm.db.selectFrom('apm_payments').selectAll().where('alias', '=', alias).executeTakeFirst();

  async function renderQr(reply: FastifyReply, lang: Lang, row: ApmRow) {
    const t = TEXT[lang];
    const view = await apm.view(row);
    if (row.status !== 'IN_PROGRESS') return page(reply, lang, `<h1>${t.title}</h1><p role="status">${t.done} (${row.status}).</p>`, "'self'");
    return page(
      reply,
      lang,
      `<h1>${t.title}</h1><p class="muted">${t.intro}</p>
<img src="${view.rail.qr!.image}" alt="QR ${escapeHtml(row.alias ?? '')}" width="220" height="220">
<dl><dt>${t.amount}</dt><dd>COP ${formatMinor(Number(row.amount), 'COP')}</dd><dt>Alias</dt><dd>${escapeHtml(row.alias ?? '')}</dd></dl>
<form method="post"><button class="primary" name="decision" value="approve" type="submit">${t.approve}</button>
<button class="secondary" name="decision" value="reject" type="submit">${t.reject}</button></form>`,
      "'self'",
    );
  }

  app.get('/sandbox-bank/qr/:alias', { config, schema: { hide: true, params: aliasParams } }, async (request, reply) => {
    const row = await byAlias((request.params as { alias: string }).alias);
    if (!row) throw ApiError.notFound('bank page');
    return renderQr(reply, language(request.headers['accept-language']), row);
  });

  app.post('/sandbox-bank/qr/:alias', { config, schema: { hide: true, params: aliasParams } }, async (request, reply) => {
    const row = await byAlias((request.params as { alias: string }).alias);
    if (!row) throw ApiError.notFound('bank page');
    const decision = ((request.body ?? {}) as { decision?: string }).decision;
    await apm.finish(row.id, decision === 'reject' ? 'reject' : 'approve');
    return reply.redirect(`/sandbox-bank/qr/${row.alias}`, 303);
  });
}
