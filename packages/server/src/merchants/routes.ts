/**
 * Merchants (merchants:*), points of sale (points:*), terminals and terminal
 * users (terminals:*). GET needs `:read`, writes need `:write`; another
 * organization's object is 404.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../http/principal.js';
import { ListOf, ListQuery } from '../http/pagination.js';
import type { MerchantService } from './merchants.service.js';
import type { TerminalService } from './terminals.service.js';
import {
  Deleted,
  IdParams as Params,
  Merchant,
  MerchantInput,
  PointOfSale,
  PointOfSaleCreate,
  PointOfSaleUpdate,
  Terminal,
  TerminalAssociation,
  TerminalInput,
  TerminalUser,
  TerminalUserInput,
} from './schemas.js';

export async function merchantRoutes(base: FastifyInstance, opts: { merchants: MerchantService; terminals: TerminalService }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { merchants, terminals } = opts;
  const org = (request: { principal: Parameters<typeof principalOf>[0]['principal'] }) => principalOf(request).organizationId;

  // Merchants.
  {
    const tags = ['Merchants'];
    const read = { scopes: ['merchants:read' as const] };
    const write = { scopes: ['merchants:write' as const] };
    app.get(
      '/v1/merchants',
      { config: read, schema: { tags, summary: 'List merchants', querystring: ListQuery, response: { 200: ListOf(Merchant) } } },
      async (request) => merchants.list(org(request), request.query),
    );
    app.post(
      '/v1/merchants',
      { config: write, schema: { tags, summary: 'Create a merchant or sub-merchant', body: MerchantInput, response: { 201: Merchant } } },
      async (request, reply) => reply.code(201).send(await merchants.create(org(request), request.body)),
    );
    app.get('/v1/merchants/:id', { config: read, schema: { tags, summary: 'Get a merchant', params: Params, response: { 200: Merchant } } }, async (request) =>
      merchants.get(org(request), request.params.id),
    );
    app.put(
      '/v1/merchants/:id',
      { config: write, schema: { tags, summary: "Replace a merchant's editable fields", params: Params, body: MerchantInput, response: { 200: Merchant } } },
      async (request) => merchants.update(org(request), request.params.id, request.body),
    );
    app.delete(
      '/v1/merchants/:id',
      {
        config: write,
        schema: {
          tags,
          summary: 'Delete a merchant (409 merchant_in_use while it has points of sale or sub-merchants)',
          params: Params,
          response: { 200: Deleted },
        },
      },
      async (request) => merchants.remove(org(request), request.params.id),
    );
    app.get(
      '/v1/merchants/:id/sub-merchants',
      {
        config: read,
        schema: { tags, summary: "List a merchant's sub-merchants", params: Params, querystring: ListQuery, response: { 200: ListOf(Merchant) } },
      },
      async (request) => merchants.subMerchants(org(request), request.params.id, request.query),
    );
  }

  // Points of sale.
  {
    const tags = ['Points of sale'];
    const read = { scopes: ['points:read' as const] };
    const write = { scopes: ['points:write' as const] };
    app.post(
      '/v1/points-of-sale',
      { config: write, schema: { tags, summary: 'Create a point of sale of a merchant', body: PointOfSaleCreate, response: { 201: PointOfSale } } },
      async (request, reply) => reply.code(201).send(await terminals.createPoint(org(request), request.body)),
    );
    app.get(
      '/v1/points-of-sale/:id',
      { config: read, schema: { tags, summary: 'Get a point of sale', params: Params, response: { 200: PointOfSale } } },
      async (request) => terminals.getPoint(org(request), request.params.id),
    );
    app.put(
      '/v1/points-of-sale/:id',
      {
        config: write,
        schema: { tags, summary: "Replace a point of sale's name and address", params: Params, body: PointOfSaleUpdate, response: { 200: PointOfSale } },
      },
      async (request) => terminals.updatePoint(org(request), request.params.id, request.body),
    );
    app.delete(
      '/v1/points-of-sale/:id',
      {
        config: write,
        schema: { tags, summary: 'Delete a point of sale (409 point_of_sale_in_use while it has terminals)', params: Params, response: { 200: Deleted } },
      },
      async (request) => terminals.removePoint(org(request), request.params.id),
    );
    app.get(
      '/v1/points-of-sale/:id/terminals',
      {
        config: read,
        schema: { tags, summary: 'List the terminals of a point of sale', params: Params, querystring: ListQuery, response: { 200: ListOf(Terminal) } },
      },
      async (request) => terminals.pointTerminals(org(request), request.params.id, request.query),
    );
    app.patch(
      '/v1/points-of-sale/:id/terminals',
      {
        config: write,
        schema: {
          tags,
          summary: 'Attach and detach terminals (a terminal attached elsewhere moves here); answers the first 100 terminals',
          params: Params,
          body: TerminalAssociation,
          response: { 200: ListOf(Terminal) },
        },
      },
      async (request) => terminals.associate(org(request), request.params.id, request.body),
    );
  }

  // Terminals and terminal users.
  {
    const tags = ['Terminals'];
    const read = { scopes: ['terminals:read' as const] };
    const write = { scopes: ['terminals:write' as const] };
    app.get(
      '/v1/terminals',
      { config: read, schema: { tags, summary: 'List terminals', querystring: ListQuery, response: { 200: ListOf(Terminal) } } },
      async (request) => terminals.listTerminals(org(request), request.query),
    );
    app.post(
      '/v1/terminals',
      {
        config: write,
        schema: { tags, summary: 'Register a terminal (409 terminal_serial_taken on a duplicate serial)', body: TerminalInput, response: { 201: Terminal } },
      },
      async (request, reply) => reply.code(201).send(await terminals.createTerminal(org(request), request.body)),
    );
    app.get('/v1/terminals/:id', { config: read, schema: { tags, summary: 'Get a terminal', params: Params, response: { 200: Terminal } } }, async (request) =>
      terminals.getTerminal(org(request), request.params.id),
    );
    app.put(
      '/v1/terminals/:id',
      {
        config: write,
        schema: { tags, summary: "Replace a terminal's serial, model and status", params: Params, body: TerminalInput, response: { 200: Terminal } },
      },
      async (request) => terminals.updateTerminal(org(request), request.params.id, request.body),
    );
    app.delete(
      '/v1/terminals/:id',
      { config: write, schema: { tags, summary: 'Delete a terminal and its users', params: Params, response: { 200: Deleted } } },
      async (request) => terminals.removeTerminal(org(request), request.params.id),
    );
    app.get(
      '/v1/terminals/:id/users',
      { config: read, schema: { tags, summary: "List a terminal's users", params: Params, querystring: ListQuery, response: { 200: ListOf(TerminalUser) } } },
      async (request) => terminals.listUsers(org(request), request.params.id, request.query),
    );
    app.post(
      '/v1/terminals/:id/users',
      {
        config: write,
        schema: { tags, summary: 'Add a cashier or supervisor to a terminal', params: Params, body: TerminalUserInput, response: { 201: TerminalUser } },
      },
      async (request, reply) => reply.code(201).send(await terminals.addUser(org(request), request.params.id, request.body)),
    );
    app.delete(
      '/v1/terminals/:id/users/:user_id',
      {
        config: write,
        schema: {
          tags,
          summary: 'Remove a user from a terminal',
          params: Type.Object({ id: Type.String({ maxLength: 100 }), user_id: Type.String({ maxLength: 100 }) }),
          response: { 200: Deleted },
        },
      },
      async (request) => terminals.removeUser(org(request), request.params.id, request.params.user_id),
    );
  }
}
