import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../http/principal.js';
import { ApiError } from '../../errors/api-error.js';
import { ApmPayment, createIntentSchema, type CreateIntent } from './schemas.js';
import type { AlternativePaymentService } from './service.js';
import { payCashReference } from './cash.js';
import { transferToQr } from './qr-transfer.js';
import { amountProblemMessage, MoneyInput, toMinorUnits } from '../../lib/money.js';

const Params = Type.Object({ payment_id: Type.String({ maxLength: 100 }) });

/** Spec 4.5: intents, the OTP confirm step, the bank list; sandbox controls of docs/api-conventions.md. */
export async function apmRoutes(base: FastifyInstance, opts: { apm: AlternativePaymentService; sandbox: boolean }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { apm } = opts;
  const tags = ['Alternative payments'];
  const CreateIntent = createIntentSchema(apm.methods);

  app.post(
    '/v1/payments/intents',
    {
      config: { scopes: ['payments:write'] },
      schema: {
        tags,
        summary: 'Create an alternative payment (Colombian rails)',
        description:
          "COP only. `rail_id` selects the rail: BANK_REDIRECT (send the customer to rail.payment_link), WALLET_PUSH (the customer approves in the wallet app), WALLET_OTP (an SMS OTP; then POST .../confirm), QR_INTEROP (show rail.qr or rail.alias), CASH (rail_type CASH: give the customer rail.cash, the reference, agreement code, barcode and expiry, or send them to rail.payment_link, the printable voucher; whole pesos from 1,000 to 3,000,000; `expires_in` chooses the deadline). Asynchronous: the result arrives by webhook (payment.purchase.*) and GET /v1/payments/{payment_id}. `order_id` is the idempotency key: the same order_id again returns the first intent; with another amount or rail, or when a card payment has it, it is 409 `order_id_conflict` (one payment per order across every method). A rail method the organization routes to a connector account (PUT /v1/routing, `methods`; Mercado Pago serves BANK_REDIRECT as PSE and CASH as Efecty) goes to that processor: rail.payment_link is its page (the bank's, or its printable voucher), and a processor that cannot be reached at all makes the payment FAILED. Sandbox: an amount whose integer part ends in 00 is approved by the rail mock after RAIL_MOCK_DELAY_SECONDS (the default rail only).",
        body: CreateIntent,
        response: { 201: ApmPayment },
      },
    },
    async (request, reply) =>
      reply.code(201).send((await apm.create(principalOf(request).organizationId, request.body as CreateIntent, { ipAddress: request.ip })).payment),
  );

  app.post(
    '/v1/payments/intents/:payment_id/confirm',
    {
      config: { scopes: ['payments:write'] },
      schema: {
        tags,
        summary: 'Confirm an OTP-wallet payment with the OTP',
        description:
          '200 means only that the OTP was received. A wrong OTP emits payment.purchase.confirm.failed.retryable and the attempt stays active (up to OTP_MAX_ATTEMPTS); the right one emits payment.purchase.confirm.processed, then payment.purchase.succeeded. 409 on another rail or a finished payment.',
        params: Params,
        body: Type.Object({ otp: Type.String({ minLength: 1, maxLength: 12 }) }),
        response: { 200: Type.Object({ message: Type.String() }) },
      },
    },
    async (request) => apm.confirm(principalOf(request).organizationId, request.params.payment_id, request.body.otp),
  );

  app.get(
    '/api/banks',
    {
      config: { scopes: ['payments:read', 'payments:write'] },
      schema: {
        tags,
        summary: 'Banks of the bank-redirect rail',
        description: 'Fetch it at each checkout: the list changes over time (operators keep it in the `banks` table).',
        querystring: Type.Object({ country: Type.Literal('COL', { description: 'ISO 3166-1 alpha-3.' }), rail_id: Type.Literal('BANK_REDIRECT') }),
        response: { 200: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })) },
      },
    },
    async () => (await apm.banks()).map((b) => ({ id: b.id, name: b.name })),
  );

  if (!opts.sandbox) return;
  const sandboxTags = ['Sandbox controls'];
  app.post(
    '/v1/sandbox/payments/:payment_id/simulate',
    {
      config: { scopes: ['payments:write'] },
      schema: {
        tags: sandboxTags,
        summary: 'Decide an alternative payment (sandbox only)',
        description:
          "Plays the rail: approve, reject, fail or expire an IN_PROGRESS intent (409 `payment_finished` once finished). QR_INTEROP: `approve` with `amount` plays the payer's transfer of that amount to the QR's Bre-B key: the intent's amount in time approves it; any other amount, or a transfer after expiry, to a paid or to a declined QR, is reversed (`payment.purchase.reversed`, with the reason) and changes nothing. 404 in production.",
        params: Params,
        body: Type.Object({
          outcome: Type.Union([Type.Literal('approve'), Type.Literal('reject'), Type.Literal('fail'), Type.Literal('expire')]),
          amount: Type.Optional(MoneyInput({ description: 'QR_INTEROP with `approve` only: what the payer sends, in pesos.' })),
        }),
        response: { 200: ApmPayment },
      },
    },
    async (request) => {
      const organizationId = principalOf(request).organizationId;
      const { outcome, amount } = request.body;
      if (amount === undefined) return apm.simulate(organizationId, request.params.payment_id, outcome);
      const parsed = toMinorUnits(amount, 'COP');
      if ('problem' in parsed) throw ApiError.validation([{ field: 'amount', message: amountProblemMessage(parsed.problem, 'COP') }]);
      if (outcome !== 'approve') throw ApiError.validation([{ field: 'amount', message: 'goes only with outcome approve (a transfer from the payer)' }]);
      await transferToQr(apm, organizationId, request.params.payment_id, parsed.minor);
      return apm.view((await apm.find(organizationId, request.params.payment_id))!);
    },
  );
  app.post(
    '/v1/sandbox/cash/payments',
    {
      config: { scopes: ['payments:write'] },
      schema: {
        tags: sandboxTags,
        operationId: 'sandbox.cash.pay',
        summary: 'Pay a cash reference at the store (sandbox only)',
        description:
          "Plays the store's clerk: the customer paid this CASH reference in cash. The payment becomes APPROVED (payment.purchase.succeeded) and the answer is the payment. A reference already paid: 409 `cash_reference_paid`; an expired or declined one: 409 `payment_finished` (an expiry the job has not run yet is applied first); either way nothing changes. A reference of another organization, or none: 404. 404 in production.",
        body: Type.Object({
          reference: Type.String({ maxLength: 40, description: 'The payment reference (`rail.cash.reference`): 12 digits, the last a Luhn check digit.' }),
        }),
        response: { 200: ApmPayment },
      },
    },
    async (request) => payCashReference(apm, principalOf(request).organizationId, request.body.reference.trim()),
  );
  app.get(
    '/v1/sandbox/sms',
    {
      config: { scopes: ['payments:read'] },
      schema: {
        tags: sandboxTags,
        summary: 'The OTP SMS sent in the sandbox',
        description:
          'The last 50 messages to the number, newest first (no pages: `has_more` is not sent). Each has its `id` (`sms-`) like every list item. 404 in production.',
        querystring: Type.Object({ phone_number: Type.String({ minLength: 10, maxLength: 20 }) }),
        response: {
          200: Type.Object({
            data: Type.Array(
              Type.Object({
                id: Type.String({ description: '`sms-` prefix.' }),
                phone_number: Type.String(),
                otp: Type.String(),
                payment_id: Type.String(),
                sent_at: Type.String(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const phone = request.query.phone_number.replace(/[\s-]/g, '').replace(/^\+?57(?=3\d{9}$)/, '');
      if (!/^3\d{9}$/.test(phone)) throw ApiError.validation([{ field: 'phone_number', message: 'must be a Colombian mobile number' }]);
      return apm.sms(principalOf(request).organizationId, phone);
    },
  );
}
