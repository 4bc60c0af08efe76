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
    destination: Type.Optional(
      Type.Object(
        {
          breb_key: Type.String({ description: 'The key, normalized.' }),
          holder_name: Type.String({ description: "The holder's masked name, as the key look-up answered." }),
          institution: Type.Object({ id: Type.String(), name: Type.String() }),
        },
        { description: "A cashout to a Bre-B key: where the money went. Absent when it went back to the payment's payer." },
      ),
    ),
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
          "APM payments are irrevocable; money goes back as a disbursement. 409 `cashout_exceeds_paid` beyond the amount paid (also under concurrent requests). With `breb_key`, the money goes to that Bre-B key instead of the payment's payer: the key is looked up first (GET /v1/bre-b/keys/lookup; 422 `breb_key` when no account holds it) and the cashout keeps the answer (`destination`).",
        body: Type.Object({
          payment_id: Type.String({ minLength: 1, maxLength: 100 }),
          amount: MoneyInput(),
          breb_key: Type.Optional(
            Type.String({ minLength: 1, maxLength: 100, description: 'Pay this Bre-B key (any of the five types, read from its form).' }),
          ),
        }),
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
