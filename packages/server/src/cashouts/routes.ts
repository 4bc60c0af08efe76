import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../http/principal.js';
import { ListOf, ListQuery } from '../http/pagination.js';
import type { CashoutService } from './service.js';
import { MoneyInput } from '../lib/money.js';

const Cashout = Type.Object(
  {
    id: Type.String({ description: '`cas-` prefix.' }),
    payment_id: Type.String(),
    amount: Type.Number(),
    currency: Type.String(),
    status: Type.Union([Type.Literal('SUCCEEDED'), Type.Literal('FAILED')]),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Cashout' },
);

export async function cashoutRoutes(base: FastifyInstance, opts: { cashouts: CashoutService }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Cashouts'];
  app.post(
    '/v1/cashouts',
    {
      config: { scopes: ['cashouts:write'] },
      schema: {
        tags,
        summary: 'Pay back an alternative payment',
        description:
          'APM payments are irrevocable; money goes back as a disbursement. 409 `cashout_exceeds_paid` beyond the amount paid (also under concurrent requests).',
        body: Type.Object({ payment_id: Type.String({ minLength: 1, maxLength: 100 }), amount: MoneyInput() }),
        response: { 201: Cashout },
      },
    },
    async (request, reply) => reply.code(201).send(await opts.cashouts.create(principalOf(request).organizationId, request.body)),
  );
  app.get(
    '/v1/cashouts',
    {
      config: { scopes: ['cashouts:read'] },
      schema: {
        tags,
        summary: 'List cashouts',
        querystring: Type.Object({ ...ListQuery.properties, payment_id: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: { 200: ListOf(Cashout) },
      },
    },
    async (request) => opts.cashouts.list(principalOf(request).organizationId, request.query),
  );
  app.get(
    '/v1/cashouts/:id',
    {
      config: { scopes: ['cashouts:read'] },
      schema: { tags, summary: 'Get a cashout', params: Type.Object({ id: Type.String({ maxLength: 100 }) }), response: { 200: Cashout } },
    },
    async (request) => opts.cashouts.get(principalOf(request).organizationId, request.params.id),
  );
}
