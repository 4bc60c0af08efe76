/**
 * `/v1/settlements`, `/v1/payouts` and `/v1/balance/settings`
 * (docs/ledger.md): reads with `balance:read`; a payout on request and the
 * settings with `payouts:write`. Another organization's object is 404.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { principalOf } from '../http/principal.js';
import { ListOf, ListQuery } from '../http/pagination.js';
import {
  BalanceSettings,
  BalanceSettingsUpdate,
  IdParams,
  Payout,
  PayoutCreate,
  PayoutListQuery,
  Settlement,
  SettlementEntry,
  SettlementListQuery,
} from './schemas.js';
import type { PayoutService } from './service.js';

const SIMULATED = 'In the sandbox no money moves: settlements and payouts are simulated bookkeeping records (`simulated: true`).';

export async function payoutRoutes(base: FastifyInstance, opts: { payouts: PayoutService }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { payouts } = opts;
  const read = { scopes: ['balance:read' as const] };
  const write = { scopes: ['payouts:write' as const] };
  const org = (request: Parameters<typeof principalOf>[0]) => principalOf(request).organizationId;

  app.get(
    '/v1/settlements',
    {
      config: read,
      schema: {
        tags: ['Settlements'],
        summary: 'List settlements',
        description: `The settlement batches, newest first: each moved its entries' total from pending to available on the organization's schedule (cards T+1, rails T+0 by default; GET /v1/balance/settings). Filter \`currency\`, \`payout_id\`, \`created_gte\` / \`created_lte\`. ${SIMULATED}`,
        querystring: SettlementListQuery,
        response: { 200: ListOf(Settlement) },
      },
    },
    async (request) => payouts.settlements(org(request), request.query),
  );
  app.get(
    '/v1/settlements/:id',
    {
      config: read,
      schema: {
        tags: ['Settlements'],
        summary: 'Get a settlement',
        description: 'One batch with its totals.',
        params: IdParams,
        response: { 200: Settlement },
      },
    },
    async (request) => payouts.settlement(org(request), request.params.id),
  );
  app.get(
    '/v1/settlements/:id/entries',
    {
      config: read,
      schema: {
        tags: ['Settlements'],
        summary: "List a settlement's entries",
        description: "The ledger entries the batch settled, newest first; their `net` adds up to the batch's `net`.",
        params: IdParams,
        querystring: ListQuery,
        response: { 200: ListOf(SettlementEntry) },
      },
    },
    async (request) => payouts.settlementEntries(org(request), request.params.id, request.query),
  );
  app.get(
    '/v1/payouts',
    {
      config: read,
      schema: {
        tags: ['Payouts'],
        summary: 'List payouts',
        description: `The payouts, newest first. Filter \`currency\`, \`status\`, \`created_gte\` / \`created_lte\`. ${SIMULATED}`,
        querystring: PayoutListQuery,
        response: { 200: ListOf(Payout) },
      },
    },
    async (request) => payouts.payouts(org(request), request.query),
  );
  app.get(
    '/v1/payouts/:id',
    {
      config: read,
      schema: {
        tags: ['Payouts'],
        summary: 'Get a payout',
        description: "One payout; another organization's is 404.",
        params: IdParams,
        response: { 200: Payout },
      },
    },
    async (request) => payouts.payout(org(request), request.params.id),
  );
  app.post(
    '/v1/payouts',
    {
      config: write,
      schema: {
        tags: ['Payouts'],
        summary: 'Pay out the available balance',
        description: `Pays the currency's whole available balance to the organization's bank account: every settlement not paid yet, so the payout reconciles entry by entry (POST /v1/reports). 409 \`balance_insufficient\` when nothing above 0 is available, also to the requests that lose a race for the same balance. \`in_transit\` until its \`arrival_date\` (a day later), then \`paid\` (\`payout.paid\`) or \`failed\` (\`payout.failed\`, the money back to available). ${SIMULATED} Outside the sandbox: 503, no payout connector exists yet.`,
        body: PayoutCreate,
        response: { 201: Payout },
      },
    },
    async (request, reply) => reply.code(201).send(await payouts.createPayout(org(request), request.body.currency)),
  );
  app.get(
    '/v1/balance/settings',
    {
      config: read,
      schema: {
        tags: ['Payouts'],
        summary: 'Get the settlement and payout settings',
        description: "The settlement schedule (on or off, each method's delay in days), the payout interval and the bank account (its last four digits).",
        response: { 200: BalanceSettings },
      },
    },
    async (request) => payouts.settings(org(request)),
  );
  app.patch(
    '/v1/balance/settings',
    {
      config: write,
      schema: {
        tags: ['Payouts'],
        summary: 'Change the settlement and payout settings',
        description:
          'Only the fields given change. `settlements.enabled: false` switches the (simulated) schedule off: everything stays pending. A changed schedule runs at once. The bank account number is stored hashed; in the sandbox `000111111116` is the test account whose payouts fail.',
        body: BalanceSettingsUpdate,
        response: { 200: BalanceSettings },
      },
    },
    async (request) => payouts.updateSettings(org(request), request.body),
  );
}
