/**
 * `GET /v1/clients` (`clients:read`): the caller's organization's API clients,
 * without secrets (the dashboard's Developers → API keys lists the same).
 * Creating and revoking clients is not an API action: the dashboard
 * (dashboard/keys.ts) and the operator CLI do it.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import type { Db } from '../db/database.js';
import { ListOf, ListQuery } from '../http/pagination.js';
import { principalOf } from '../http/principal.js';
import { listOrganizationClients, type ClientRow } from './clients.store.js';
import { parseScope } from '../http/permissions.js';

export const ApiClient = Type.Object(
  {
    id: Type.String({ description: 'The client id, equal to `client_id`: every list item carries `id`, the cursor of `starting_after` / `ending_before`.' }),
    client_id: Type.String(),
    name: Type.String(),
    organization_id: Type.String(),
    permissions: Type.Array(Type.String(), { description: 'What its tokens may do (spec section 5).' }),
    pci_saq_d: Type.Boolean({ description: 'Marked PCI DSS SAQ D by the operator: may send clear card data.' }),
    created_at: Type.String({ format: 'date-time' }),
    last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When it last got an access token (tokens are reused while valid), or null.',
    }),
    status: Type.Union([Type.Literal('active'), Type.Literal('revoked')]),
    revoked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'ApiClient', description: 'An API client, never its secret.' },
);
export type ApiClient = Static<typeof ApiClient>;

export function apiClientView(row: ClientRow & { last_token_at: number | null }): ApiClient {
  return {
    id: row.client_id,
    client_id: row.client_id,
    name: row.name,
    organization_id: row.organization_id,
    permissions: parseScope(row.scopes).permissions,
    pci_saq_d: Number(row.pci_saq_d) === 1,
    created_at: row.created_at,
    last_used_at: row.last_token_at === null ? null : new Date(row.last_token_at * 1000).toISOString(),
    status: row.revoked_at ? 'revoked' : 'active',
    revoked_at: row.revoked_at,
  };
}

export async function clientRoutes(base: FastifyInstance, opts: { db: Db }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/clients',
    {
      config: { scopes: ['clients:read'] },
      schema: {
        tags: ['Authentication'],
        summary: 'List API clients',
        description:
          "The API clients of the caller's organization, newest first, without secrets. Clients are created and revoked in the dashboard (Developers → API keys) or with the operator CLI.",
        querystring: ListQuery,
        response: { 200: ListOf(ApiClient) },
      },
    },
    async (request) => {
      const page = await listOrganizationClients(opts.db, principalOf(request).organizationId, request.query);
      return { data: page.data.map(apiClientView), has_more: page.has_more };
    },
  );
}
