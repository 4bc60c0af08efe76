/**
 * `/v1/balance` and `/v1/balance/transactions` (docs/ledger.md): the
 * organization's balances per currency and the ledger entries behind them.
 * Scope `balance:read`. Another organization's entry is 404.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { principalOf } from '../http/principal.js';
import { ListOf } from '../http/pagination.js';
import { Balance, BalanceTransaction, BalanceTransactionListQuery, BalanceTransactionParams } from './schemas.js';
import type { LedgerService } from './service.js';

export async function ledgerRoutes(base: FastifyInstance, opts: { ledger: LedgerService }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { ledger } = opts;
  const tags = ['Balance'];
  const config = { scopes: ['balance:read' as const] };
  app.get(
    '/v1/balance',
    {
      config,
      schema: {
        tags,
        summary: "Get the organization's balances",
        description:
          'Per currency: `available` (settled), `pending` (captured or approved, not settled yet) and `reserved` (held for open chargebacks), each the sum of the ledger entries that moved it (GET /v1/balance/transactions). In the sandbox the ledger is bookkeeping only: no money moves.',
        response: { 200: Balance },
      },
    },
    async (request) => ledger.balance(principalOf(request).organizationId),
  );
  app.get(
    '/v1/balance/transactions',
    {
      config,
      schema: {
        tags,
        summary: 'List balance transactions',
        description:
          'The ledger entries, newest first: each with the object that caused it (`source`), its effect on the balances (`amount`, `fee`, `net`) and its double-entry `postings`. Filter `type`, `currency`, `payment_id`, `created_gte` / `created_lte`. Entries are never changed: a correction is a new entry.',
        querystring: BalanceTransactionListQuery,
        response: { 200: ListOf(BalanceTransaction) },
      },
    },
    async (request) => ledger.transactions(principalOf(request).organizationId, request.query),
  );
  app.get(
    '/v1/balance/transactions/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Get a balance transaction',
        description: "One ledger entry with its postings; another organization's entry is 404.",
        params: BalanceTransactionParams,
        response: { 200: BalanceTransaction },
      },
    },
    async (request) => ledger.transaction(principalOf(request).organizationId, request.params.id),
  );
}
