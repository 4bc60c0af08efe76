import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { principalOf, type SessionPrincipal } from '../http/principal.js';
import { ListOf } from '../http/pagination.js';
import { JSON_CONTENT_TYPE } from '../lib/content-types.js';
import { CardPayment, CreatePayment, PaymentParams, paymentListQueries, type PaymentProcessor } from './schemas.js';
import type { PaymentActions } from './actions.js';
import { registerActionRoutes } from './action-routes.js';
import { paymentListProblems, type PaymentService } from './service.js';
import { Type } from 'typebox';
import type { Loose } from '../http/checks.js';
import { ApmPayment } from './apm/schemas.js';
import type { AlternativePaymentService } from './apm/service.js';
import { ApiError } from '../errors/api-error.js';

/** The hosted checkout's payment (checkout/): a checkout session's token pays through it. */
export interface CheckoutPayment {
  pay(principal: SessionPrincipal, body: CreatePayment, ip: string): Promise<CardPayment>;
}

/** Spec 4.4: card payments; the list, the search and the read also answer for alternative payments (apm/, inside this folder). */
export async function paymentRoutes(
  base: FastifyInstance,
  opts: {
    payments: PaymentService;
    apm: AlternativePaymentService;
    actions: PaymentActions;
    checkout: CheckoutPayment;
    /** Who served a payment, from its network reference (connectors/routing.ts). */
    processorOf: (organizationId: string, networkReference: string) => PaymentProcessor | Promise<PaymentProcessor>;
  },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { payments } = opts;
  const { list: PaymentListAllQuery, search: PaymentSearchQuery } = paymentListQueries(opts.apm.methods.railIds());
  const tags = ['Card payments'];
  // Beside the schema's problems; otherwise create runs them with the merchant's look-up, so both come together.
  const createChecks = { body: (body: Loose) => payments.createProblems(body), whenValid: 'handler' as const };
  const write = { scopes: ['payments:write' as const] };
  const createDescription =
    '201 with the payment. `order_id` is the idempotency key of the charge: the same order_id again returns the first payment (201, never a second charge); with another amount, currency or instrument, or when an alternative payment (an intent) has it, it is 409 `order_id_conflict` (one payment per order across every method). `card` in the body and a clear-text CVV are 422.';

  app.post(
    '/v1/payments',
    {
      // A checkout session's token may make its session's one payment (checkout/service.ts).
      config: { ...write, checkoutSession: true, checks: createChecks },
      schema: {
        tags,
        summary: 'Create a card payment',
        description: `${createDescription} With a checkout session's token: only the session's payment (its amount, currency and order_id, with the card it tokenized; anything else is 403), once (then 409 \`checkout_session_complete\`).`,
        body: CreatePayment,
        response: { 201: CardPayment },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      if (principal.checkoutSession)
        return reply.code(201).send(await opts.checkout.pay({ ...principal, checkoutSession: principal.checkoutSession }, request.body, request.ip));
      return reply.code(201).send((await payments.create(principal, request.body)).payment);
    },
  );

  app.post(
    '/v1/payments/authorizations',
    {
      config: { ...write, checks: createChecks },
      schema: {
        tags,
        summary: 'Authorize only',
        description:
          'Same body as POST /v1/payments; the payment is AUTHORIZED until POST /v1/payments/{id}/capture, or voided by cancel (or after AUTHORIZATION_TTL_SECONDS, 7 days).',
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
      schema: {
        tags,
        summary: 'List payments (card and alternative)',
        description:
          "Card payments and alternative payments (the Colombian rails), newest first in one keyset page; each in the shape GET /v1/payments/{id} returns (an alternative payment without `rail.qr`: read the payment for its image). Every item carries `id` and `status` (an alternative payment: its payment id, also in `payment_id`, and its `transaction.status`), so `starting_after` the last item's `id` pages through both kinds. Filters, combined with AND: `kind` (`card`, `alternative`), `rail_id`, `status` (a card payment's `status` or an alternative payment's `transaction.status`), `created_gte`, `created_lte`, and `merchant_id`, `point_of_sale_id`, which only card payments have.",
        querystring: PaymentListAllQuery,
        response: { 200: ListOf(Type.Union([CardPayment, ApmPayment])) },
      },
    },
    async (request) => payments.list(principalOf(request).organizationId, request.query, opts.apm),
  );

  app.get(
    '/v1/payments/search',
    {
      config: { scopes: ['payments:read'], checks: { query: paymentListProblems } },
      schema: {
        tags,
        summary: 'Search payments (card and alternative)',
        description:
          'The list with every filter, combined with AND: `kind`, `rail_id`, `status`, `currency`, `order_id`, `instrument_id`, `merchant_id`, `point_of_sale_id` (the last three: card payments only), `created_gte` / `created_lte`, and `amount_gte` / `amount_lte` in major units of `currency` (required with them: 422 otherwise). Newest first, keyset pagination across both kinds like every list.',
        querystring: PaymentSearchQuery,
        response: { 200: ListOf(Type.Union([CardPayment, ApmPayment])) },
      },
    },
    async (request) => payments.list(principalOf(request).organizationId, request.query, opts.apm),
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
      const principal = principalOf(request);
      const organizationId = principal.organizationId;
      // Card payments first: the hot read is one compiled query, serialized by the card schema
      // alone (the union would make the serializer validate against both shapes to pick one).
      // A reply with its own serializer gets no content type from Fastify, so it is set here.
      const found = await payments.findServed(organizationId, request.params.id);
      if (found) {
        const card = found.payment;
        // Set on the view this request made: a copy with it (an object spread) took the serializer three times as long.
        if (found.networkReference !== null && principal.permissions.has('connector-accounts:read')) {
          const processor = opts.processorOf(organizationId, found.networkReference);
          card.processor = processor instanceof Promise ? await processor : processor;
        }
        return reply
          .type(JSON_CONTENT_TYPE)
          .serializer(reply.compileSerializationSchema(CardPayment as never) as (payload: unknown) => string)
          .send(card);
      }
      const apm = await opts.apm.find(organizationId, request.params.id);
      if (!apm) throw ApiError.notFound('payment');
      const view = opts.apm.view(apm);
      // A rail payment: its connector account and the processor's id, or the deployment's default rail.
      if (principal.permissions.has('connector-accounts:read'))
        return { ...view, processor: await opts.processorOf(organizationId, apm.network_reference ?? '') };
      return view;
    },
  );

  registerActionRoutes(app, { prefix: '/v1/payments', tags, actions: opts.actions, resolve: (_organizationId, id) => Promise.resolve(id) });
}
