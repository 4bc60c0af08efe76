/**
 * What a payment link's page calls while a payment of it is under way: its
 * state (the page polls it) and the OTP step.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../errors/api-error.js';
import type { PaymentLinkData } from './service.js';
import { fill, TEXT } from './page-text.js';
import { HIDDEN, langOf, PAGE, type PageDeps, pageLookups, tokenParams, withPaymentId } from './page-kit.js';

export async function pollRoutes(app: FastifyInstance, deps: Pick<PageDeps, 'links' | 'payments' | 'apm'>): Promise<void> {
  const { links, payments, apm } = deps;
  const { linkEntry } = pageLookups(deps);
  const config = PAGE;
  const hide = HIDDEN;

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
}
