import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { principalOf } from '../auth/authenticate.js';
import { ListOf } from '../http/pagination.js';
import { CapturePayment, CardPayment, CreatePayment, PaymentListQuery, PaymentParams } from './schemas.js';
import type { PaymentService } from './service.js';
import { Type } from 'typebox';
import { ApmPayment } from '../apm/schemas.js';
import type { AlternativePaymentService } from '../apm/service.js';
import { ApiError } from '../errors/api-error.js';

/** Spec 4.4 and ../shared/API.md: card payments. */
export async function paymentRoutes(base: FastifyInstance, opts: { payments: PaymentService; apm: AlternativePaymentService }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { payments } = opts;
  const tags = ['Card payments'];
  const write = { scopes: ['payments:write' as const] };
  const createDescription =
    '201 with the payment. `order_id` is the idempotency key of the charge: the same order_id again returns the first payment (201, never a second charge); with another amount, currency or instrument it is 409 `order_id_conflict`. `card` in the body and a clear-text CVV are 422.';

  app.post(
    '/v1/payments',
    { config: write, schema: { tags, summary: 'Create a card payment', description: createDescription, body: CreatePayment, response: { 201: CardPayment } } },
    async (request, reply) => reply.code(201).send((await payments.create(principalOf(request), request.body)).payment),
  );

  app.post(
    '/v1/payments/authorizations',
    {
      config: write,
      schema: {
        tags,
        summary: 'Authorize only',
        description: 'Same body as POST /v1/payments; the payment is AUTHORIZED until POST /v1/payments/{id}/capture, or voided by cancel (or after AUTHORIZATION_TTL_SECONDS, 7 days).',
        body: CreatePayment,
        response: { 201: CardPayment },
      },
    },
    async (request, reply) => reply.code(201).send((await payments.create(principalOf(request), request.body, { capture: false })).payment),
  );

  app.get(
    '/v1/payments',
    {
      config: { scopes: ['payments:read'] },
      schema: { tags, summary: 'List card payments', description: 'Newest first; filters `status`, `created_gte`, `created_lte`.', querystring: PaymentListQuery, response: { 200: ListOf(CardPayment) } },
    },
    async (request) => payments.list(principalOf(request).organizationId, request.query),
  );

  app.get(
    '/v1/payments/:id',
    {
      config: { scopes: ['payments:read'] },
      schema: {
        tags,
        summary: 'Get a payment (card or alternative)',
        description: 'A card payment, or an alternative payment in the shape of the intent creation response with its current transaction status.',
        params: PaymentParams,
        response: { 200: Type.Union([CardPayment, ApmPayment]) },
      },
    },
    async (request, reply) => {
      const organizationId = principalOf(request).organizationId;
      // Card payments first: the hot read is one compiled query, serialized by the card schema
      // alone (the union would make the serializer validate against both shapes to pick one).
      const card = await payments.find(organizationId, request.params.id);
      if (card) return reply.serializer(reply.compileSerializationSchema(CardPayment as never) as (payload: unknown) => string).send(card);
      const apm = await opts.apm.find(organizationId, request.params.id);
      if (!apm) throw ApiError.notFound('payment');
      return opts.apm.view(apm);
    },
  );

  app.post(
    '/v1/payments/:id/capture',
    {
      config: write,
      schema: {
        tags,
        summary: 'Capture an authorized payment',
        description: 'Deferred-capture payments only (created with capture: false). Optional `amount` captures less. 409 `payment_not_authorized` otherwise.',
        params: PaymentParams,
        body: CapturePayment,
        response: { 200: CardPayment },
      },
    },
    async (request) => payments.capture(principalOf(request).organizationId, request.params.id, request.body?.amount),
  );

  app.post(
    '/v1/payments/:id/cancel',
    {
      config: write,
      schema: {
        tags,
        summary: 'Cancel (void) an uncaptured payment',
        description: 'Only while not captured; then CANCELLED. A captured payment is 409 `payment_already_captured` (refund it instead).',
        params: PaymentParams,
        response: { 200: CardPayment },
      },
    },
    async (request) => payments.cancel(principalOf(request).organizationId, request.params.id),
  );
}
