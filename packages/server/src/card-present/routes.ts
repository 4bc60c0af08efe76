/**
 * Card-present payments (docs/api-conventions.md "payment core actions": the
 * card-present variants under /v1/card-present/payments/...). GET needs
 * `card-present:read`, the rest `card-present:write`, and a refund also
 * `payments:refund`. Only payments of the
 * card_present channel exist here: any other payment id is 404. The actions
 * (capture, cancel, refund, reverse, adjust, authorize, cancel-or-refund)
 * are the payments' own: payments/action-routes.ts and payments/actions.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { principalOf } from '../http/principal.js';
import { ApiError } from '../errors/api-error.js';
import { ListOf } from '../http/pagination.js';
import { ACTION_ROUTES } from '../payments/action-routes.js';
import type { PaymentActions } from '../payments/actions.js';
import { PaymentParams } from '../payments/schemas.js';
import { Refund } from '../payments/refunds/routes.js';
import { CardPresentListQuery, CardPresentPayment, CreateCardPresentPayment } from './schemas.js';
import type { CardPresentService } from './service.js';

export async function cardPresentRoutes(base: FastifyInstance, opts: { cardPresent: CardPresentService; actions: PaymentActions }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { cardPresent, actions } = opts;
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
    async (request, reply) => reply.code(201).send((await cardPresent.create(principalOf(request), request.body)).payment),
  );

  app.get(
    '/v1/card-present/payments',
    {
      config: read,
      schema: {
        tags,
        summary: 'List card-present payments',
        description: 'Newest first; filters `status`, `point_of_sale_id`, `terminal_id`, `created_gte`, `created_lte`.',
        querystring: CardPresentListQuery,
        response: { 200: ListOf(CardPresentPayment) },
      },
    },
    async (request) => cardPresent.list(org(request), request.query),
  );

  app.get(
    '/v1/card-present/payments/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Get a card-present payment',
        description: '404 for a payment of another channel.',
        params: PaymentParams,
        response: { 200: CardPresentPayment },
      },
    },
    async (request) => cardPresent.get(org(request), request.params.id),
  );

  // The core actions, each the same code as under /v1/payments/{id}/... (payments/actions.ts),
  // on card-present payments only. card-present:write covers them; a refund (refund, and
  // cancel-or-refund of a captured payment) also needs payments:refund, as under /v1/payments.
  for (const route of ACTION_ROUTES) {
    app.post(
      `/v1/card-present/payments/:id/${route.name}`,
      {
        config: write,
        schema: {
          tags,
          summary: `${route.summary} (card-present)`,
          description: `${route.description} Card-present payments only (any other payment is 404). Needs card-present:write; ${
            route.name === 'refund'
              ? 'a refund also needs payments:refund (else 403).'
              : route.name === 'cancel-or-refund'
                ? 'refunding a captured payment also needs payments:refund (else 403).'
                : 'nothing else.'
          }`,
          params: PaymentParams,
          ...(route.body ? { body: route.body } : {}),
          response: { [route.status]: route.status === 201 ? Refund : CardPresentPayment },
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        if (route.name === 'refund' && !principal.permissions.has('payments:refund')) {
          throw new ApiError('forbidden', 'This token lacks the permission payments:refund.');
        }
        const payment = await cardPresent.row(principal.organizationId, request.params.id);
        // card-present:write stands for payments:write on these payments; payments:refund only the token's own.
        const acting = { ...principal, permissions: new Set([...principal.permissions, 'payments:write']) };
        const result = await route.run(actions, acting, payment.id, request.body as Record<string, unknown> | undefined);
        return reply.code(route.status).send((route.status === 201 ? result : { ...(result as object), entry_mode: payment.entry_mode }) as never);
      },
    );
  }
}
