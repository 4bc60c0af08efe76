/**
 * `/v1/fee-rules` (docs/api-conventions.md "fee rules"). The permission table has no
 * fees permission: fee rules price the merchants' payments, so GET needs
 * `merchants:read` and writes `merchants:write`. Another organization's rule is 404.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { principalOf } from '../http/principal.js';
import { ListOf } from '../http/pagination.js';
import { FeeRule, FeeRuleDeleted, FeeRuleInput, FeeRuleListQuery, FeeRuleParams } from './schemas.js';
import type { FeeRuleService } from './service.js';

export async function feeRuleRoutes(base: FastifyInstance, opts: { feeRules: FeeRuleService }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { feeRules } = opts;
  const tags = ['Fee rules'];
  const read = { scopes: ['merchants:read' as const] };
  const write = { scopes: ['merchants:write' as const] };
  const org = (request: { principal: Parameters<typeof principalOf>[0]['principal'] }) => principalOf(request).organizationId;
  const how =
    'A fee is round-half-up(captured × percentage_bps / 10000) + fixed_amount, in minor units, computed at capture (`interchange`, `mdr`); a `chargeback` fee is round-half-up(disputed × percentage_bps / 10000) + fixed_amount, computed once when a chargeback opens, shown on the chargeback (`fee`) and posted as a `chargeback_fee` balance transaction; a won chargeback does not return it. For each type the matching active rule with the lowest `priority` applies; ties go to the more specific rule (more of brand, card_type, merchant_id, currency set), then the older.';

  app.get(
    '/v1/fee-rules',
    {
      config: read,
      schema: {
        tags,
        summary: 'List fee rules',
        description: 'Newest first; filter `type`.',
        querystring: FeeRuleListQuery,
        response: { 200: ListOf(FeeRule) },
      },
    },
    async (request) => feeRules.list(org(request), request.query),
  );
  app.post(
    '/v1/fee-rules',
    {
      config: write,
      schema: { tags, summary: 'Create an interchange, MDR or chargeback fee rule', description: how, body: FeeRuleInput, response: { 201: FeeRule } },
    },
    async (request, reply) => reply.code(201).send(await feeRules.create(org(request), request.body)),
  );
  app.get(
    '/v1/fee-rules/:id',
    { config: read, schema: { tags, summary: 'Get a fee rule', params: FeeRuleParams, response: { 200: FeeRule } } },
    async (request) => feeRules.get(org(request), request.params.id),
  );
  app.put(
    '/v1/fee-rules/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Replace a fee rule',
        description: `Whole replacement: an omitted optional field returns to its default. Fees already applied do not change. ${how}`,
        params: FeeRuleParams,
        body: FeeRuleInput,
        response: { 200: FeeRule },
      },
    },
    async (request) => feeRules.update(org(request), request.params.id, request.body),
  );
  app.delete(
    '/v1/fee-rules/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a fee rule',
        description: "Fees already applied keep the rule's id and terms.",
        params: FeeRuleParams,
        response: { 200: FeeRuleDeleted },
      },
    },
    async (request) => feeRules.remove(org(request), request.params.id),
  );
}
