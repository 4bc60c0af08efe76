/**
 * The sandbox issuer's 3-D Secure challenge page (docs/sandbox.md, "3-D
 * Secure"), at `next_action.redirect_to_url.url`: `/sandbox-3ds/{token}`, the
 * token being the only secret in it (payments/authentication.ts). The
 * cardholder types the code, fails the authentication or cancels; the payment
 * then goes on (authorized, or REJECTED) and the page sends the cardholder to
 * the merchant's return URL with `payment_id`, or, without one (a challenge in
 * an iframe), shows the result. Server-rendered HTML, Spanish and English, no
 * script; framed by the gateway's own pages, or, without a return URL, by any
 * page (the fields SDK's frame shows it inside itself).
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../errors/api-error.js';
import { FAVICON } from '../lib/favicon.js';
import { html, raw, type Html } from '../lib/html.js';
import { displayMoney } from '../lib/money.js';
import { CHALLENGE_CODE } from '../cards/three-ds.js';
import type { Challenge, ChallengeAnswer, PaymentAuthentications } from '../payments/authentication.js';

type Lang = 'es' | 'en';
type Finished = 'authenticated' | 'failed' | 'cancelled' | 'abandoned';

function language(query: unknown, header: string | undefined): Lang {
  const asked = (query as { lang?: unknown } | undefined)?.lang;
  if (asked === 'en' || asked === 'es') return asked;
  return /^\s*en\b/i.test(header ?? '') ? 'en' : 'es';
}

export const CHALLENGE_TEXT = {
  es: {
    title: 'Verificación de su banco',
    intro: 'Su banco necesita confirmar que es usted quien paga (3-D Secure).',
    amount: 'Valor',
    card: 'Tarjeta',
    code: 'Código de verificación',
    hint: `Entorno de pruebas: el código es ${CHALLENGE_CODE}.`,
    verify: 'Verificar',
    fail: 'Fallar la autenticación',
    cancel: 'Cancelar',
    required: 'Ingrese el código que le envió su banco.',
    silent: 'Su banco no responde. Puede esperar o cancelar.',
    back: 'Volver al comercio',
    sandbox: 'Entorno de pruebas: no se mueve dinero real.',
    done: {
      authenticated: 'Verificación completada. Su pago continúa.',
      failed: 'La verificación falló. El pago fue rechazado.',
      cancelled: 'Canceló la verificación. El pago fue rechazado.',
      abandoned: 'La verificación venció. El pago fue rechazado.',
    },
  },
  en: {
    title: "Your bank's verification",
    intro: 'Your bank needs to confirm that you are the one paying (3-D Secure).',
    amount: 'Amount',
    card: 'Card',
    code: 'Verification code',
    hint: `Sandbox: the code is ${CHALLENGE_CODE}.`,
    verify: 'Verify',
    fail: 'Fail authentication',
    cancel: 'Cancel',
    required: 'Enter the code your bank sent you.',
    silent: 'Your bank is not answering. You may wait or cancel.',
    back: 'Back to the merchant',
    sandbox: 'Sandbox: no real money moves.',
    done: {
      authenticated: 'Verification complete. Your payment goes on.',
      failed: 'The verification failed. The payment was declined.',
      cancelled: 'You cancelled the verification. The payment was declined.',
      abandoned: 'The verification expired. The payment was declined.',
    },
  },
} satisfies Record<Lang, { done: Record<Finished, string> } & Record<string, unknown>>;

const STYLES = raw(`body{font-family:system-ui,sans-serif;background:#f3f5f9;margin:0;color:#1d2433;line-height:1.35}
main{max-width:26rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px #0002}
h1{font-size:1.3rem;margin:0 0 .25rem} .muted{color:#4f5866;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem} dt{color:#4f5866} dd{margin:0}
label{display:block;margin-top:.75rem;font-weight:600} input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #8a93a6;border-radius:6px}
button{margin-top:1rem;width:100%;padding:.75rem;font-size:1rem;border-radius:6px;border:0;cursor:pointer}
.primary{background:#0b5cad;color:#fff} .secondary{background:#e5e8ef;color:#1d2433}
:focus-visible{outline:3px solid #b36b00;outline-offset:2px} .error{color:#b00020}
@media (max-width:480px){main{margin:0;border-radius:0;min-height:100vh}}`);

function layout(lang: Lang, body: Html): Html {
  const t = CHALLENGE_TEXT[lang];
  return html`<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<link rel="icon" href="${FAVICON}">
<style>
${STYLES}
</style></head><body><main>${body}<p class="muted">${t.sandbox}</p></main></body></html>`;
}

export function challengePage(lang: Lang, view: { amount: string; card: string; error?: string; notice?: string }): Html {
  const t = CHALLENGE_TEXT[lang];
  const invalid = view.error ? raw(' aria-describedby="form-error" aria-invalid="true"') : '';
  return layout(
    lang,
    html`<h1>${t.title}</h1><p class="muted">${t.intro}</p>
<dl><dt>${t.amount}</dt><dd>${view.amount}</dd><dt>${t.card}</dt><dd>${view.card}</dd></dl>
<form method="post" novalidate>
${view.error ? html`<p class="error" role="alert" id="form-error">${view.error}</p>` : ''}${view.notice ? html`<p role="status">${view.notice}</p>` : ''}
<label for="code">${t.code}</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="8" required${invalid}>
<p class="muted" id="code-hint">${t.hint}</p>
<button class="primary" name="action" value="submit" type="submit">${t.verify}</button>
<button class="secondary" name="action" value="fail" type="submit" formnovalidate>${t.fail}</button>
<button class="secondary" name="action" value="cancel" type="submit" formnovalidate>${t.cancel}</button>
</form>`,
  );
}

export function finishedChallengePage(lang: Lang, status: Finished, back?: string): Html {
  const t = CHALLENGE_TEXT[lang];
  return layout(lang, html`<h1>${t.title}</h1><p role="status">${t.done[status]}</p>${back ? html`<p><a href="${back}">${t.back}</a></p>` : ''}`);
}

/**
 * With a return URL the page is a redirect's, framed by no one but the
 * gateway's own pages; without one it is the challenge in an iframe (the
 * fields SDK's frame, on any merchant's page), as an issuer's page is.
 */
function send(reply: FastifyReply, lang: Lang, body: Html, returnUrl: string | null): FastifyReply {
  const formAction = returnUrl ? `'self' ${new URL(returnUrl).origin}` : "'self'";
  const ancestors = returnUrl ? "'self'" : '*';
  return reply
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'none'; img-src data:; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors ${ancestors}; base-uri 'none'`,
    )
    .header('content-language', lang)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(body.value);
}

function returnTo({ authentication, payment }: Challenge): string | undefined {
  if (!authentication.return_url) return undefined;
  const url = new URL(authentication.return_url);
  url.searchParams.set('payment_id', payment.id);
  return url.toString();
}

function answerOf(form: { action?: unknown; code?: unknown }): ChallengeAnswer | 'missing_code' {
  if (form.action === 'cancel') return { action: 'cancel' };
  if (form.action === 'fail') return { action: 'fail' };
  const code = typeof form.code === 'string' ? form.code.trim() : '';
  return code ? { action: 'submit', code } : 'missing_code';
}

export async function challengeRoutes(app: FastifyInstance, opts: { authentications: PaymentAuthentications }): Promise<void> {
  await app.register(formbody);
  const { authentications } = opts;
  const config = { public: true };
  const params = Type.Object({ token: Type.String({ maxLength: 64 }) });

  function render(reply: FastifyReply, lang: Lang, found: Challenge, extra: { error?: string; notice?: string } = {}) {
    const { authentication, payment } = found;
    if (authentication.status !== 'pending')
      return send(reply, lang, finishedChallengePage(lang, authentication.status, returnTo(found)), authentication.return_url);
    const view = { amount: displayMoney(Number(payment.amount), payment.currency, lang), card: `${payment.card_brand} •••• ${payment.last_four}`, ...extra };
    return send(reply, lang, challengePage(lang, view), authentication.return_url);
  }

  app.get('/sandbox-3ds/:token', { config, schema: { hide: true, params } }, async (request, reply) => {
    const found = await authentications.current((request.params as { token: string }).token);
    if (!found) throw ApiError.notFound('challenge');
    return render(reply, language(request.query, request.headers['accept-language']), found);
  });

  app.post('/sandbox-3ds/:token', { config, schema: { hide: true, params } }, async (request, reply) => {
    const lang = language(request.query, request.headers['accept-language']);
    const token = (request.params as { token: string }).token;
    const answer = answerOf(request.body ?? {});
    if (answer === 'missing_code') {
      const found = await authentications.current(token);
      if (!found) throw ApiError.notFound('challenge');
      return render(reply.code(found.authentication.status === 'pending' ? 422 : 200), lang, found, { error: CHALLENGE_TEXT[lang].required });
    }
    const found = await authentications.answer(token, answer);
    if (!found) throw ApiError.notFound('challenge');
    // The silent issuer's card: nothing changed, the cardholder may wait or cancel.
    if (found.authentication.status === 'pending') return render(reply.code(202), lang, found, { notice: CHALLENGE_TEXT[lang].silent });
    const back = returnTo(found);
    if (back) return reply.header('referrer-policy', 'no-referrer').redirect(back, 303);
    return render(reply, lang, found);
  });
}
