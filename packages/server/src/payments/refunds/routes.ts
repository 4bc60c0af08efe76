import type { FastifyInstance } from 'fastify';
import { MetadataInput, MetadataQuery, MetadataView } from '../../lib/metadata.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../http/principal.js';
import { ListOf, ListQuery } from '../../http/pagination.js';
import type { RefundService } from './service.js';
import { MoneyInput } from '../../lib/money.js';
import { paymentAmountCheck } from '../../http/amount-checks.js';

export const Refund = Type.Object(
  {
    id: Type.String({ description: '`ref-` prefix.' }),
    payment_id: Type.String(),
    amount: Type.String(),
    currency: Type.String(),
    status: Type.Union([Type.Literal('PENDING'), Type.Literal('SUCCEEDED'), Type.Literal('REJECTED')], {
      description:
        '`PENDING` until the network settles it, then `SUCCEEDED` or `REJECTED`. A `SUCCEEDED` refund becomes `REJECTED` if the processor fails it afterwards (the cardholder never got the money, which went back to the merchant): its amount is refundable again.',
    }),
    response_code: Type.Union([Type.String(), Type.Null()], {
      description:
        "ISO 8583: `00` when it succeeded; why it was rejected or failed otherwise (a processor's failure reason as a code, `05` when it gave none).",
    }),
    transaction_id: Type.Union([Type.String(), Type.Null()], { description: "The refund's transaction (`trx-`) in its payment's history." }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    metadata: MetadataView,
  },
  { $id: 'Refund' },
);

export const CreateRefund = Type.Object({
  payment_id: Type.String({ minLength: 1, maxLength: 100 }),
  amount: MoneyInput({ description: 'Major units; less than the captured amount for a partial refund.' }),
  currency: Type.String({ minLength: 3, maxLength: 3, description: "The payment's currency." }),
  metadata: Type.Optional(MetadataInput()),
});

export async function refundRoutes(base: FastifyInstance, opts: { refunds: RefundService }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Refunds'];
  app.post(
    '/v1/refunds',
    {
      // The amount's problems that need no payment (so no currency) are named with the schema's (http/checks.ts).
      config: { scopes: ['payments:refund'], checks: { body: paymentAmountCheck } },
      schema: {
        tags,
        summary: 'Refund a captured card payment',
        description:
          '201 with the refund; a refund the network rejects is still created, with status REJECTED. 409 `payment_not_captured` before capture, 409 `refund_exceeds_captured` when the refunds would exceed the captured amount (also under concurrent requests), 409 `payment_disputed` for the part a chargeback disputes (from its opening until it is WON: the cardholder gets that back through the chargeback), 422 for another currency.',
        body: CreateRefund,
        response: { 201: Refund },
      },
    },
    async (request, reply) => reply.code(201).send(await opts.refunds.create(principalOf(request).organizationId, request.body)),
  );
  app.get(
    '/v1/refunds',
    {
      config: { scopes: ['payments:read'] },
      schema: {
        tags,
        summary: 'List refunds',
        querystring: Type.Object({ ...ListQuery.properties, payment_id: Type.Optional(Type.String({ maxLength: 100 })), metadata: MetadataQuery }),
        response: { 200: ListOf(Refund) },
      },
    },
    async (request) => opts.refunds.list(principalOf(request).organizationId, request.query),
  );
  app.get(
    '/v1/refunds/:id',
    {
      config: { scopes: ['payments:read'] },
      schema: { tags, summary: 'Get a refund', params: Type.Object({ id: Type.String({ maxLength: 100 }) }), response: { 200: Refund } },
    },
    async (request) => opts.refunds.get(principalOf(request).organizationId, request.params.id),
  );
}
