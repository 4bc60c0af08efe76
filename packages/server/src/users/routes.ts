import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf, type SessionPrincipal } from '../http/principal.js';
import { ListOf, ListQuery } from '../http/pagination.js';
import { Instrument } from '../instruments/schemas.js';
import { MetadataInput, MetadataQuery, MetadataView } from '../lib/metadata.js';
import type { UserService, UserView } from './service.js';

/** The enrollment form (checkout/): a checkout session's token attaches the saved card to its user through it. */
export interface CheckoutEnrollment {
  enroll(principal: SessionPrincipal, userId: string, instrumentId: string): Promise<UserView>;
}

const User = Type.Object(
  {
    id: Type.String({ description: '`usr-` prefix.' }),
    name: Type.String(),
    email: Type.String(),
    instruments: Type.Array(Instrument, { description: "The user's active instruments, newest first." }),
    metadata: MetadataView,
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'User' },
);
const Params = Type.Object({ id: Type.String({ maxLength: 100 }) });

/** A new user: the body of POST /v1/users (also a checkout session's `user`). */
export const NewUser = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  email: Type.String({ format: 'email', maxLength: 254 }),
  metadata: Type.Optional(MetadataInput()),
});

export async function userRoutes(base: FastifyInstance, opts: { users: UserService; checkout: CheckoutEnrollment }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { users } = opts;
  const tags = ['Users'];
  const read = { scopes: ['users:read' as const] };
  const write = { scopes: ['users:write' as const] };
  const org = (request: { principal: Parameters<typeof principalOf>[0]['principal'] }) => principalOf(request).organizationId;

  app.post(
    '/v1/users',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a user',
        body: NewUser,
        response: { 201: User },
      },
    },
    async (request, reply) => reply.code(201).send(await users.create(org(request), request.body)),
  );
  app.get(
    '/v1/users',
    {
      config: read,
      schema: {
        tags,
        summary: 'List users',
        description: 'Newest first; `metadata[key]=value` keeps those with each pair (exact match).',
        querystring: Type.Object({ ...ListQuery.properties, metadata: MetadataQuery }),
        response: { 200: ListOf(User) },
      },
    },
    async (request) => users.list(org(request), request.query),
  );
  app.get(
    '/v1/users/:id',
    { config: read, schema: { tags, summary: 'Get a user with its instruments', params: Params, response: { 200: User } } },
    async (request) => users.get(org(request), request.params.id),
  );
  app.post(
    '/v1/users/:id/instruments',
    {
      // A checkout session's token (mode enrollment) may save its card for its user, once.
      config: { ...write, checkoutSession: true },
      schema: {
        tags,
        summary: 'Save an instrument for a user',
        description:
          "With a checkout session's token (mode enrollment): only the card that session tokenized, for the session's user (else 403), once (then 409 `checkout_session_complete`).",
        params: Params,
        body: Type.Object({ instrument_id: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 201: User },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      if (principal.checkoutSession) {
        return reply
          .code(201)
          .send(await opts.checkout.enroll({ ...principal, checkoutSession: principal.checkoutSession }, request.params.id, request.body.instrument_id));
      }
      return reply.code(201).send(await users.addInstrument(org(request), request.params.id, request.body.instrument_id));
    },
  );
  app.delete(
    '/v1/users/:id/instruments/:instrument_id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Remove a saved instrument from a user',
        params: Type.Object({ id: Type.String({ maxLength: 100 }), instrument_id: Type.String({ maxLength: 100 }) }),
        response: { 200: User },
      },
    },
    async (request) => users.removeInstrument(org(request), request.params.id, request.params.instrument_id),
  );
}
