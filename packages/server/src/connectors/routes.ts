import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../http/principal.js';
import { ListOf, ListQuery } from '../http/pagination.js';
import type { ConnectorAccounts } from './accounts.js';
import { RoutingInput, RoutingRuleInput, type Router } from './routing.js';

const Account = Type.Object(
  {
    id: Type.String({ description: '`cna-` prefix.' }),
    connector: Type.String({ description: 'The registered connector (`simulator`, ...).' }),
    families: Type.Array(Type.String(), { description: 'The method families it serves: `card`, `rail`.' }),
    rails: Type.Array(Type.String(), {
      description: "The rail methods it serves (an intent's `rail_id`: `BANK_REDIRECT`, `CASH`, ...); empty when it serves none.",
    }),
    description: Type.Union([Type.String(), Type.Null()]),
    status: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')], { description: 'Routing skips a disabled account.' }),
    credentials: Type.Object(
      {
        fields_set: Type.Array(Type.String(), { description: 'The names of the credential fields that are set. Their values are never returned.' }),
        rotated_at: Type.String({ format: 'date-time', description: 'When the credentials were set or last replaced.' }),
      },
      { description: 'Which credentials the account holds; sealed with the master key and never shown.' },
    ),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'ConnectorAccount' },
);

const Credentials = Type.Record(Type.String(), Type.Unknown(), {
  description:
    "As the connector's schema asks (the simulator: `api_key`, optionally `notification_secret`). Checked on write (422 naming each problem); never returned.",
});

const AccountInput = Type.Object(
  {
    connector: Type.String({ minLength: 1, maxLength: 40 }),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    status: Type.Optional(Type.Union([Type.Literal('enabled'), Type.Literal('disabled')])),
    credentials: Credentials,
  },
  { additionalProperties: false },
);

const AccountPatch = Type.Object(
  {
    description: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
    status: Type.Optional(Type.Union([Type.Literal('enabled'), Type.Literal('disabled')])),
    credentials: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Replaces every credential (a rotation): send them all.' })),
  },
  { additionalProperties: false },
);

const Routing = Type.Object(
  {
    rules: Type.Array(RoutingRuleInput),
    updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'Null: never set.' }),
  },
  { $id: 'Routing' },
);

const Connector = Type.Object(
  {
    id: Type.String({ description: 'What `connector` of a connector account names (`stripe`, `mercadopago`, ...).' }),
    description: Type.String(),
    families: Type.Array(Type.String(), { description: 'The method families it serves: `card`, `rail`.' }),
    rails: Type.Array(Type.String(), {
      description: "The rail methods it serves (an intent's `rail_id`: `BANK_REDIRECT`, `CASH`, ...); empty when it serves none.",
    }),
    credentials: Type.Array(
      Type.Object({
        name: Type.String({ description: 'The field of `credentials`.' }),
        required: Type.Boolean(),
        description: Type.Union([Type.String(), Type.Null()]),
      }),
      { description: "The credential fields an account of it carries, from the connector's schema (their values are never shown)." },
    ),
  },
  { $id: 'Connector' },
);

const Params = Type.Object({ id: Type.String({ maxLength: 100 }) });

/** docs/internals.md "Connectors": the organization's connector accounts and its routing. */
export async function connectorRoutes(base: FastifyInstance, opts: { accounts: ConnectorAccounts; router: Router }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { accounts, router } = opts;
  const tags = ['Connectors'];
  const read = { scopes: ['connector-accounts:read' as const] };
  const write = { scopes: ['connector-accounts:write' as const] };
  const org = (request: { principal: Parameters<typeof principalOf>[0]['principal'] }) => principalOf(request).organizationId;

  app.post(
    '/v1/connector-accounts',
    {
      config: write,
      schema: {
        tags,
        summary: 'Add a connector account',
        description:
          "The organization's credentials at one connector. They are checked against the connector's schema (422 naming each problem), sealed with the master key and never returned: the answer shows which fields are set and when. Payments route to it by GET/PUT /v1/routing, or, without rules, to the enabled accounts oldest first.",
        body: AccountInput,
        response: { 201: Account },
      },
    },
    async (request, reply) => reply.code(201).send(await accounts.create(org(request), request.body)),
  );
  app.get(
    '/v1/connectors',
    {
      config: read,
      schema: {
        tags,
        summary: 'List the connectors',
        description:
          'The connectors an account can be added for here (a simulator only in the sandbox), with the names of the credential fields each asks for: what POST /v1/connector-accounts takes in `credentials`.',
        response: { 200: Type.Object({ data: Type.Array(Connector) }) },
      },
    },
    async () => ({ data: accounts.connectors() }),
  );
  app.get(
    '/v1/connector-accounts',
    {
      config: read,
      schema: {
        tags,
        summary: 'List connector accounts',
        description: 'Newest first. Each shows which credential fields are set, never their values.',
        querystring: ListQuery,
        response: { 200: ListOf(Account) },
      },
    },
    async (request) => accounts.list(org(request), request.query),
  );
  app.get(
    '/v1/connector-accounts/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Get a connector account',
        description: "Which credential fields are set and when they were last rotated; never their values. Another organization's account is 404.",
        params: Params,
        response: { 200: Account },
      },
    },
    async (request) => accounts.get(org(request), request.params.id),
  );
  app.patch(
    '/v1/connector-accounts/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Update or rotate a connector account',
        description: '`credentials` replaces them all (a rotation: `credentials.rotated_at` moves); `status` disabled takes it out of routing.',
        params: Params,
        body: AccountPatch,
        response: { 200: Account },
      },
    },
    async (request) => accounts.update(org(request), request.params.id, request.body),
  );
  app.delete(
    '/v1/connector-accounts/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a connector account',
        description: 'Routing no longer uses it and the API no longer shows it; the payments it authorized still capture, refund and dispute through it.',
        params: Params,
        response: { 200: Type.Object({ id: Type.String(), deleted: Type.Literal(true) }) },
      },
    },
    async (request) => accounts.delete(org(request), request.params.id),
  );

  app.get(
    '/v1/routing',
    {
      config: read,
      schema: {
        tags,
        summary: 'Get the routing rules',
        description: 'The ordered rules PUT /v1/routing set (amounts in major units); `rules` empty and `updated_at` null when never set.',
        response: { 200: Routing },
      },
    },
    async (request) => router.get(org(request)),
  );
  app.put(
    '/v1/routing',
    {
      config: write,
      schema: {
        tags,
        summary: 'Replace the routing rules',
        description:
          'The ordered rules, replaced whole. A payment goes to the `connector_accounts` of the first rule it matches (every criterion given must hold), tried in order: the next account only when the previous one never reached its processor (a refused connection), never after it may have charged. No rule matching: the enabled accounts serving the family, oldest first; no account: the deployment\'s default (CONNECTORS). `{"rules": []}` clears them. Other processes apply a change within 5 seconds.',
        body: RoutingInput,
        response: { 200: Routing },
      },
    },
    async (request) => router.put(org(request), request.body),
  );
}
