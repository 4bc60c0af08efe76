import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../http/principal.js';
import { toView, type EncryptionKeyService } from './service.js';

const EncryptionKey = Type.Object(
  {
    kid: Type.String({ description: '`key_` prefix.' }),
    algorithm: Type.Literal('RSA-OAEP-256'),
    status: Type.Literal('active'),
    public_key: Type.String({ description: 'PEM (SPKI) RSA public key.' }),
    valid_from: Type.String({ format: 'date-time' }),
    valid_until: Type.String({ format: 'date-time', description: 'One year after creation: rotate before.' }),
  },
  { $id: 'EncryptionKey' },
);

/** Spec 4.2: POST creates or rotates the organization's key (compliance:write); GET returns the active one (404 when none). */
export async function encryptionKeyRoutes(base: FastifyInstance, opts: { keys: EncryptionKeyService }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Encryption keys'];
  app.post(
    '/v1/encryption/keys',
    {
      // The one permission that makes a key, here and in EncryptionKeyService.provideFor.
      config: { scopes: ['compliance:write'] },
      schema: {
        tags,
        summary: 'Create or rotate the encryption key',
        description:
          "Needs `compliance:write`. Creates the organization's RSA-OAEP-256 key pair, or rotates it: the new key is active at once and the previous one keeps decrypting for ENCRYPTION_KEY_GRACE_SECONDS (default 24 hours). Only one previous key is kept in grace: rotating again retires the older one at once, and values encrypted with a retired key are refused (422). Call it once, then once a year; not at every start-up.",
        response: { 201: EncryptionKey },
      },
    },
    async (request, reply) => reply.code(201).send(toView(await opts.keys.rotate(principalOf(request).organizationId))),
  );
  app.get(
    '/v1/encryption/keys',
    {
      // A checkout session's token may read it too: the embedded fields encrypt with it.
      config: { scopes: ['instruments:read', 'instruments:write'], checkoutSession: true },
      schema: {
        tags,
        summary: 'Get the active encryption key',
        description: "404 `not_found` when the organization has none yet. A checkout session's token may read it.",
        response: { 200: EncryptionKey },
      },
    },
    async (request) => toView(await opts.keys.active(principalOf(request).organizationId)),
  );
}
