/**
 * The gateway's page a processor's 3-D Secure page sends the cardholder back
 * to (payments/processor-authentication.ts): `GET /payment-returns/{payment
 * id}/{token}`, the token a keyed hash of the payment id (anything else is
 * 404). The gateway asks the processor for the authorization's outcome,
 * records it, and sends the cardholder on (303) to the merchant's
 * `three_ds.return_url` with `payment_id` added, as the sandbox challenge
 * does; without one it shows the result, in Spanish or English, and may be
 * framed by any page: the embedded fields' frame shows the processor's page
 * inside itself (on the merchant's page), so the processor sends that frame
 * here (packages/fields/src/frame/challenge.ts), as the sandbox challenge
 * page is framed without a return URL. The page has no form, link or
 * script: nothing to click through a frame. The query
 * string the processor adds (Stripe's `payment_intent`, `redirect_status`) is
 * not trusted: only the processor's own answer moves the payment.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../errors/api-error.js';
import { FAVICON } from '../lib/favicon.js';
import { html } from '../lib/html.js';
import type { ProcessorAuthentications } from '../payments/processor-authentication.js';
import type { PaymentRow } from '../payments/store.js';

type Lang = 'es' | 'en';

const TEXT = {
  es: {
    title: 'Verificación de su banco',
    authorized: 'Verificación completada. Su pago continúa.',
    rejected: 'El pago fue rechazado.',
    waiting: 'Su banco aún no responde. El comercio le confirmará el resultado.',
  },
  en: {
    title: "Your bank's verification",
    authorized: 'Verification complete. Your payment goes on.',
    rejected: 'The payment was declined.',
    waiting: 'Your bank has not answered yet. The merchant will confirm the result.',
  },
};

function language(query: unknown, header: string | undefined): Lang {
  const asked = (query as { lang?: unknown } | undefined)?.lang;
  if (asked === 'en' || asked === 'es') return asked;
  return /^\s*en\b/i.test(header ?? '') ? 'en' : 'es';
}

function resultText(lang: Lang, payment: PaymentRow): string {
  if (payment.status === 'PENDING') return TEXT[lang].waiting;
  return payment.status === 'REJECTED' || payment.status === 'CANCELLED' ? TEXT[lang].rejected : TEXT[lang].authorized;
}

export async function processorReturnRoutes(app: FastifyInstance, opts: { authentications: ProcessorAuthentications }): Promise<void> {
  const params = Type.Object({ paymentId: Type.String({ maxLength: 64 }), token: Type.String({ maxLength: 64 }) });
  app.get('/payment-returns/:paymentId/:token', { config: { public: true }, schema: { hide: true, params } }, async (request, reply) => {
    const { paymentId, token } = request.params as { paymentId: string; token: string };
    if (!opts.authentications.verify(paymentId, token)) throw ApiError.notFound('payment');
    const payment = await opts.authentications.returned(paymentId);
    if (!payment) throw ApiError.notFound('payment');
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (payment.return_url) {
      const back = new URL(payment.return_url);
      back.searchParams.set('payment_id', payment.id);
      return reply.redirect(back.toString(), 303);
    }
    const lang = language(request.query, request.headers['accept-language']);
    const t = TEXT[lang];
    const page = html`<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title><link rel="icon" href="${FAVICON}"></head>
<body><main><h1>${t.title}</h1><p role="status">${resultText(lang, payment)}</p></main></body></html>`;
    reply.removeHeader('x-frame-options');
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; img-src data:; frame-ancestors *; base-uri 'none'")
      .header('content-language', lang)
      .send(page.value);
  });
}
