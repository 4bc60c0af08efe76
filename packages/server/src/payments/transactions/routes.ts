import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { principalOf } from '../../http/principal.js';
import { ListOf } from '../../http/pagination.js';
import type { PaymentActions } from '../actions.js';
import { registerActionRoutes } from '../action-routes.js';
import { PaymentParams } from '../schemas.js';
import { Transaction, TransactionListQuery, TransactionParams } from './schemas.js';
import type { TransactionService } from './service.js';

/** docs/api-conventions.md: transactions (`trx-`), a payment's history, and the core actions by transaction id. */
export async function transactionRoutes(base: FastifyInstance, opts: { transactions: TransactionService; actions: PaymentActions }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Transactions'];
  const read = { scopes: ['payments:read' as const] };

  app.get(
    '/v1/transactions/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Get a transaction',
        description:
          'One network operation of a card payment (authorization, capture, void, reversal, adjustment, refund), or the purchase transaction of an alternative payment (its `transaction.id`).',
        params: TransactionParams,
        response: { 200: Transaction },
      },
    },
    async (request) => opts.transactions.get(principalOf(request).organizationId, request.params.id),
  );

  app.get(
    '/v1/payments/:id/transactions',
    {
      config: read,
      schema: {
        tags,
        summary: "A payment's transactions (its history)",
        description: 'Newest first, like every list (reverse the page to read the story in order); cursors `starting_after` / `ending_before`.',
        params: PaymentParams,
        querystring: TransactionListQuery,
        response: { 200: ListOf(Transaction) },
      },
    },
    async (request) => opts.transactions.listForPayment(principalOf(request).organizationId, request.params.id, request.query),
  );

  registerActionRoutes(app, {
    prefix: '/v1/transactions',
    tags,
    actions: opts.actions,
    resolve: (organizationId, id, action) => opts.transactions.paymentFor(organizationId, id, action),
  });
}
