import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { principalOf } from '../http/principal.js';
import { ListOf, ListQuery } from '../http/pagination.js';
import { CreateOrganization, Organization, OrganizationParams, UpdateOrganization } from './schemas.js';
import type { OrganizationService } from './service.js';

/** Spec 4.7 and docs/api-conventions.md: POST/GET /v1/organizations, GET/PUT /v1/organizations/{id}. */
export async function organizationRoutes(base: FastifyInstance, opts: { organizations: OrganizationService }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { organizations } = opts;
  const tags = ['Organizations'];

  app.post(
    '/v1/organizations',
    {
      config: { scopes: ['organizations:write', 'organizations:create'] },
      schema: {
        tags,
        summary: 'Register an organization',
        description: "The new organization belongs to the caller's organization (its `parent_id`), which can then read and rename it.",
        body: CreateOrganization,
        response: { 201: Organization },
      },
    },
    async (request, reply) => {
      const org = await organizations.create(principalOf(request).organizationId, request.body.name);
      return reply.code(201).send(org);
    },
  );

  app.get(
    '/v1/organizations',
    {
      config: { scopes: ['organizations:read'] },
      schema: {
        tags,
        summary: 'List organizations',
        description: "The caller's organization and those it registered, newest first.",
        querystring: ListQuery,
        response: { 200: ListOf(Organization) },
      },
    },
    async (request) => organizations.list(principalOf(request).organizationId, request.query),
  );

  app.get(
    '/v1/organizations/:id',
    {
      config: { scopes: ['organizations:read'] },
      schema: { tags, summary: 'Get an organization', params: OrganizationParams, response: { 200: Organization } },
    },
    async (request) => organizations.get(principalOf(request).organizationId, request.params.id),
  );

  app.put(
    '/v1/organizations/:id',
    {
      config: { scopes: ['organizations:write'] },
      schema: {
        tags,
        summary: 'Update an organization',
        params: OrganizationParams,
        body: UpdateOrganization,
        response: { 200: Organization },
      },
    },
    async (request) => organizations.update(principalOf(request).organizationId, request.params.id, request.body.name),
  );
}
