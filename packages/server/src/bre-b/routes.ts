/**
 * Bre-B keys (docs/sandbox.md "Bre-B"): register, list, get, remove the
 * organization's keys (`merchants:read` / `merchants:write`, like the other
 * merchant settings); look a key up before paying out to it; and, in the
 * sandbox, the control that plays the network's verification.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../http/principal.js';
import { KEY_RULES, KEY_TYPES, MAX_KEYS } from './keys.js';
import type { BrebKeyService } from './service.js';

const KeyTypeSchema = Type.Union(
  [Type.Literal('id_number'), Type.Literal('mobile'), Type.Literal('email'), Type.Literal('alphanumeric'), Type.Literal('merchant_code')],
  { description: `The key's type: ${KEY_TYPES.map((t) => `\`${t}\` ${KEY_RULES[t]}`).join('; ')}.` },
);

const BrebKey = Type.Object(
  {
    id: Type.String({ description: '`bbk-` prefix.' }),
    type: KeyTypeSchema,
    value: Type.String({ description: 'The key in its normalized form (digits only; e-mail lowercased; @code uppercased).' }),
    status: Type.Union([Type.Literal('pending_verification'), Type.Literal('active'), Type.Literal('moved')], {
      description:
        '`pending_verification` until the network verifies it (sandbox: POST /v1/sandbox/bre-b/keys/{id}/verify); `active`: payments to it reach this organization; `moved`: another account verified it since, and it no longer counts toward the four.',
    }),
    verified_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'BrebKey' },
);

const KeyLookup = Type.Object(
  {
    key: Type.String({ description: 'The key in its normalized form.' }),
    type: KeyTypeSchema,
    holder_name: Type.String({ description: 'The holder\'s name, masked: the first letters of each word ("A** Ma*** Gó***").' }),
    institution: Type.Object({ id: Type.String(), name: Type.String() }, { description: 'The bank or wallet holding the account the key points to.' }),
  },
  { $id: 'BrebKeyLookup' },
);

const Params = Type.Object({ id: Type.String({ maxLength: 100 }) });

export async function brebRoutes(base: FastifyInstance, opts: { keys: BrebKeyService; sandbox: boolean }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { keys } = opts;
  const tags = ['Bre-B'];
  const org = (request: Parameters<typeof principalOf>[0]) => principalOf(request).organizationId;

  app.post(
    '/v1/bre-b/keys',
    {
      config: { scopes: ['merchants:write'] },
      schema: {
        tags,
        summary: 'Register a Bre-B key',
        description: `The key starts \`pending_verification\`. 422 names \`type\` or \`value\` when the key is not of its type's form. At most ${MAX_KEYS} keys count per organization (pending and active): a fifth is 409 \`breb_key_limit_reached\`; the same value twice is 409 \`breb_key_already_registered\`. A key another organization holds may be registered: verifying it moves it here (theirs becomes \`moved\`).`,
        body: Type.Object({
          type: Type.String({ maxLength: 20, description: `One of ${KEY_TYPES.join(', ')}.` }),
          value: Type.String({ minLength: 1, maxLength: 100 }),
        }),
        response: { 201: BrebKey },
      },
    },
    async (request, reply) => reply.code(201).send(await keys.register(org(request), request.body)),
  );
  app.get(
    '/v1/bre-b/keys',
    {
      config: { scopes: ['merchants:read'] },
      schema: {
        tags,
        summary: 'List the Bre-B keys',
        description: `Every key of the organization, oldest first (at most ${MAX_KEYS} count; moved ones are listed until removed); no pages.`,
        response: { 200: Type.Object({ data: Type.Array(BrebKey) }) },
      },
    },
    async (request) => keys.list(org(request)),
  );
  app.get(
    '/v1/bre-b/keys/lookup',
    {
      config: { scopes: ['cashouts:write', 'payouts:write'] },
      schema: {
        tags,
        summary: 'Look up who holds a Bre-B key',
        description:
          "Before paying out to a key: the holder's masked name and institution. The key's type is read from its form. A key active in this gateway answers its organization; the sandbox's directory answers its test keys (docs/sandbox.md). 404 for a key nobody holds; 422 `key` for a value that is no key.",
        querystring: Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: KeyLookup },
      },
    },
    async (request) => keys.lookup(request.query.key),
  );
  app.get(
    '/v1/bre-b/keys/:id',
    {
      config: { scopes: ['merchants:read'] },
      schema: {
        tags,
        summary: 'Get a Bre-B key',
        description: "One of the organization's keys; another organization's is 404.",
        params: Params,
        response: { 200: BrebKey },
      },
    },
    async (request) => keys.get(org(request), request.params.id),
  );
  app.get(
    '/v1/bre-b/keys/:id/qr',
    {
      config: { scopes: ['merchants:read'] },
      schema: {
        tags,
        summary: "A Bre-B key's static QR",
        description:
          'The static EMVCo merchant-presented QR of an active key, for amounts the payer types: point of initiation `11`, no amount (54), the key in the merchant account template (26), the channel (80) and transaction id `000000` (90), CRC-16/CCITT-FALSE (63). 409 `breb_key_not_active` for a key not active. A single-use QR for one amount comes with each QR_INTEROP intent (`rail.qr`).',
        params: Params,
        response: {
          200: Type.Object({
            key: Type.String(),
            content: Type.String({ description: 'EMVCo merchant-presented payload.' }),
            image: Type.String({ description: 'PNG data URI.' }),
          }),
        },
      },
    },
    async (request) => keys.staticQr(org(request), request.params.id),
  );
  app.delete(
    '/v1/bre-b/keys/:id',
    {
      config: { scopes: ['merchants:write'] },
      schema: {
        tags,
        summary: 'Remove a Bre-B key',
        description: 'The key stops pointing to this organization and frees its place among the four. Intents already created keep their QR.',
        params: Params,
        response: { 200: Type.Object({ id: Type.String(), deleted: Type.Literal(true) }) },
      },
    },
    async (request) => {
      await keys.remove(org(request), request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );

  if (!opts.sandbox) return;
  app.post(
    '/v1/sandbox/bre-b/keys/:id/verify',
    {
      config: { scopes: ['merchants:write'] },
      schema: {
        tags: ['Sandbox controls'],
        summary: 'Verify a Bre-B key (sandbox only)',
        description:
          "Plays the network's verification: a `pending_verification` key becomes `active`; if another organization held it, theirs becomes `moved`. An active key answers as it is; a moved one is 409 `breb_key_moved`. 404 in production.",
        params: Params,
        response: { 200: BrebKey },
      },
    },
    async (request) => keys.verify(org(request), request.params.id),
  );
}
