/**
 * Fraud rules of the organization (`fraud:read` / `fraud:write`) and the
 * evaluation of a card payment (`payments:read` or `fraud:read`).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../http/principal.js';
import { FraudEvaluation, FraudRules, FraudRulesInput } from './schemas.js';
import type { FraudService } from './service.js';

export async function fraudRoutes(base: FastifyInstance, opts: { fraud: FraudService }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { fraud } = opts;
  const tags = ['Fraud'];
  const org = (request: { principal: Parameters<typeof principalOf>[0]['principal'] }) => principalOf(request).organizationId;

  app.get(
    '/v1/fraud/rules',
    {
      config: { scopes: ['fraud:read'] },
      schema: {
        tags,
        summary: "Get the organization's fraud rules",
        description: 'The configured rules, or the defaults (`configured: false`).',
        response: { 200: FraudRules },
      },
    },
    async (request) => fraud.getRules(org(request)),
  );

  app.put(
    '/v1/fraud/rules',
    {
      config: { scopes: ['fraud:write'] },
      schema: {
        tags,
        summary: "Replace the organization's fraud rules",
        description:
          'The whole rule set: an omitted rule takes its default, `null` switches it off; `amount_thresholds` omitted is none. Applies to payments created from now on (other processes within 5 s).',
        body: FraudRulesInput,
        response: { 200: FraudRules },
      },
    },
    async (request) => fraud.putRules(org(request), request.body),
  );

  app.get(
    '/v1/payments/:id/fraud-evaluation',
    {
      config: { scopes: ['payments:read', 'fraud:read'] },
      schema: {
        tags,
        summary: 'Get the fraud evaluation of a card payment',
        description: 'Score, rules hit and decision, computed before authorization. 404 for alternative payments and unknown ids.',
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: FraudEvaluation },
      },
    },
    async (request) => fraud.evaluation(org(request), request.params.id),
  );
}
