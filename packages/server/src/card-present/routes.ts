/**
 * Card-present payments (../shared/API.md "payment core actions": the
 * card-present variants under /v1/card-present/payments/...). GET needs
 * `card-present:read`, the rest `card-present:write`. Only payments of the
 * card_present channel exist here: any other payment id is 404. The actions
 * are the payments' own (payments/service.ts, refunds/service.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../auth/authenticate.js';
import { ApiError } from '../errors/api-error.js';
import { ListOf } from '../http/pagination.js';
import { minorToNumber } from '../lib/money.js';
import { CapturePayment, PaymentParams } from '../payments/schemas.js';
import type { PaymentService } from '../payments/service.js';
import type { RefundService } from '../refunds/service.js';
import { CardPresentListQuery, CardPresentPayment, CreateCardPresentPayment } from './schemas.js';
import type { CardPresentService } from './service.js';

const CardPresentRefund = Type.Object(
  {
    id: Type.String({ description: '`ref-` prefix.' }),
    payment_id: Type.String(),
    amount: Type.String(),
    currency: Type.String(),
    status: Type.Union([Type.Literal('PENDING'), Type.Literal('SUCCEEDED'), Type.Literal('REJECTED')]),
    response_code: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'CardPresentRefund' },
);

const RefundBody = Type.Object({
  amount: Type.Optional(Type.Number({ description: 'Major units; default: all that is captured and not yet refunded.' })),
  currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3, description: 'The payment\'s currency (default).' })),
});

export async function cardPresentRoutes(base: FastifyInstance, opts: { cardPresent: CardPresentService; payments: PaymentService; refunds: RefundService }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { cardPresent, payments, refunds } = opts;
  const tags = ['Card-present payments'];
  const read = { scopes: ['card-present:read' as const] };
  const write = { scopes: ['card-present:write' as const] };
  const org = (request: FastifyRequest) => principalOf(request).organizationId;

  app.post(
    '/v1/card-present/payments',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a card-present payment from a card read',
        description:
          '201 with the payment (`channel` card_present). The terminal must be an active terminal attached to `point_of_sale_id`; `card` carries the encrypted fields of the read (as for POST /v1/instruments, the CVV optional). The sandbox test cards decide the outcome (4242 4242 4242 4242 approved, 4000 0000 0000 0002 REJECTED `05`). `order_id` is the idempotency key of the charge, as for POST /v1/payments. Every problem of the body is one 422.',
        body: CreateCardPresentPayment,
        response: { 201: CardPresentPayment },
      },
    },
    async (request, reply) => reply.code(201).send((await cardPresent.create(org(request), request.body)).payment),
  );

  app.get(
    '/v1/card-present/payments',
    {
      config: read,
      schema: { tags, summary: 'List card-present payments', description: 'Newest first; filters `status`, `point_of_sale_id`, `terminal_id`, `created_gte`, `created_lte`.', querystring: CardPresentListQuery, response: { 200: ListOf(CardPresentPayment) } },
    },
    async (request) => cardPresent.list(org(request), request.query),
  );

  app.get(
    '/v1/card-present/payments/:id',
    { config: read, schema: { tags, summary: 'Get a card-present payment', description: '404 for a payment of another channel.', params: PaymentParams, response: { 200: CardPresentPayment } } },
    async (request) => cardPresent.get(org(request), request.params.id),
  );

  app.post(
    '/v1/card-present/payments/:id/capture',
    {
      config: write,
      schema: { tags, summary: 'Capture an authorized card-present payment', description: 'As POST /v1/payments/{id}/capture.', params: PaymentParams, body: CapturePayment, response: { 200: CardPresentPayment } },
    },
    async (request) => {
      const organizationId = org(request);
      await cardPresent.row(organizationId, request.params.id);
      await payments.capture(organizationId, request.params.id, request.body?.amount);
      return cardPresent.get(organizationId, request.params.id);
    },
  );

  app.post(
    '/v1/card-present/payments/:id/cancel',
    { config: write, schema: { tags, summary: 'Cancel (void) an uncaptured card-present payment', description: 'As POST /v1/payments/{id}/cancel.', params: PaymentParams, response: { 200: CardPresentPayment } } },
    async (request) => {
      const organizationId = org(request);
      await cardPresent.row(organizationId, request.params.id);
      await payments.cancel(organizationId, request.params.id);
      return cardPresent.get(organizationId, request.params.id);
    },
  );

  app.post(
    '/v1/card-present/payments/:id/refund',
    {
      config: write,
      schema: {
        tags,
        summary: 'Refund a captured card-present payment',
        description: 'As POST /v1/refunds for this payment: 201 with the refund (REJECTED when the network refuses), 409 `payment_not_captured` or `refund_exceeds_captured`.',
        params: PaymentParams,
        body: RefundBody,
        response: { 201: CardPresentRefund },
      },
    },
    async (request, reply) => {
      const organizationId = org(request);
      const payment = await cardPresent.row(organizationId, request.params.id);
      const currency = request.body?.currency ?? payment.currency;
      let amount = request.body?.amount;
      if (amount === undefined) {
        // Default: what is captured and not refunded (nor being refunded).
        const remaining = Number(payment.amount_captured) - Number(payment.amount_refunded) - Number(payment.amount_refund_pending);
        if (!payment.captured_at) throw new ApiError('payment_not_captured', 'Only a captured payment can be refunded; cancel it instead, or wait for the automatic capture.');
        if (remaining <= 0) throw new ApiError('refund_exceeds_captured', 'Nothing captured is left to refund.');
        amount = minorToNumber(remaining, payment.currency);
      }
      return reply.code(201).send(await refunds.create(organizationId, { payment_id: payment.id, amount, currency }));
    },
  );
}
