import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../auth/authenticate.js';
import type { Db } from '../db/database.js';
import { ListOf, ListQuery, paginate } from '../http/pagination.js';
import { formatMinor } from '../lib/money.js';

const Chargeback = Type.Object(
  {
    id: Type.String({ description: '`chb-` prefix.' }),
    payment_id: Type.String(),
    status: Type.String({ description: 'OPEN when the issuer raises it.' }),
    amount: Type.String(),
    currency: Type.String(),
    reason_code: Type.String(),
    reason: Type.String(),
    respond_by: Type.String({ format: 'date-time' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Chargeback' },
);

/** Spec 4.4: GET /v1/chargebacks (the rest of chargeback handling comes with the platform reference). */
export async function chargebackRoutes(base: FastifyInstance, opts: { db: Db }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/chargebacks',
    {
      config: { scopes: ['chargebacks:read'] },
      schema: { tags: ['Chargebacks'], summary: 'List chargebacks', querystring: ListQuery, response: { 200: ListOf(Chargeback) } },
    },
    async (request) => {
      const query = opts.db.selectFrom('chargebacks').selectAll().where('organization_id', '=', principalOf(request).organizationId);
      const page = await paginate(query, { id: 'id', createdAt: 'created_at' }, request.query);
      return {
        has_more: page.has_more,
        data: page.data.map((c) => ({
          id: c.id,
          payment_id: c.payment_id,
          status: c.status,
          amount: formatMinor(Number(c.amount), c.currency),
          currency: c.currency,
          reason_code: c.reason_code,
          reason: c.reason,
          respond_by: c.respond_by,
          created_at: c.created_at,
        })),
      };
    },
  );
}
