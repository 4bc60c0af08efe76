import type { FastifyInstance } from 'fastify';
import { MetadataQuery } from '../lib/metadata.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../http/principal.js';
import { ListOf, ListQuery } from '../http/pagination.js';
import { CreateEnrollment, CreatePaymentLink, Link } from './schemas.js';
import type { LinkService } from './service.js';
import type { EncryptionKeyService } from '../encryption-keys/service.js';

/**
 * Spec 4.6 (payment links) and the enrollment link of 4.3.
 *
 * The hosted pages encrypt cards with the organization's key and never make
 * one (pages.ts): a shopper holding a link's URL has no permission at all.
 * A link's creation makes the organization's first key when it has none and
 * the caller may make keys (`compliance:write`, the permission of
 * `POST /v1/encryption/keys`, checked by EncryptionKeyService.provideFor);
 * otherwise the link's card form stays unavailable until a key exists.
 */
export async function linkRoutes(base: FastifyInstance, opts: { links: LinkService; keys: EncryptionKeyService }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { links, keys } = opts;
  const org = (request: { principal: Parameters<typeof principalOf>[0]['principal'] }) => principalOf(request).organizationId;

  app.post(
    '/v1/links',
    {
      // The amount's, the URLs' and the uses' rules, named with the schema's problems in one 422.
      config: { scopes: ['links:write'], checks: { body: (body) => links.readPaymentLink(body).details } },
      schema: {
        tags: ['Payment links'],
        summary: 'Create a payment link',
        description:
          "A hosted checkout at `url`: card, and for COP the four alternative rails. Fixed amount, or `custom` within min_amount..max_amount. `expires_in` defaults to 12 hours, at most 24. `multi_use` with `max_uses` for reusable links. States: created, opened (first view), used (paid; a multi-use link when its last use is paid), expired. The checkout encrypts cards with the organization's encryption key: when it has none, a caller with `compliance:write` makes it here (as `POST /v1/encryption/keys` would); without that permission the card form is unavailable until the key exists (the alternative rails still work).",
        body: CreatePaymentLink,
        response: { 201: Link },
      },
    },
    async (request, reply) => {
      const link = await links.createPaymentLink(org(request), request.body);
      await keys.provideFor(principalOf(request));
      return reply.code(201).send(link);
    },
  );
  app.get(
    '/v1/links',
    {
      config: { scopes: ['links-api:read'] },
      schema: {
        tags: ['Payment links'],
        summary: 'List links',
        querystring: Type.Object({
          ...ListQuery.properties,
          type: Type.Optional(Type.Union([Type.Literal('payment'), Type.Literal('card_enrollment')])),
          metadata: MetadataQuery,
        }),
        response: { 200: ListOf(Link) },
      },
    },
    async (request) => links.list(org(request), request.query),
  );
  app.get(
    '/v1/links/:id',
    {
      config: { scopes: ['links-api:read'] },
      schema: {
        tags: ['Payment links'],
        summary: 'Get a link (payment or enrollment)',
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: Link },
      },
    },
    async (request) => links.get(org(request), request.params.id),
  );
  app.post(
    '/v1/instruments/enrollments',
    {
      config: { scopes: ['instruments:write'], checks: { body: (body) => links.readEnrollment(body).details } },
      schema: {
        tags: ['Instruments'],
        summary: 'Create a card-enrollment link',
        description:
          'A hosted form at `url` that a merchant embeds in an iframe on the origins listed in data.allowed_origins (without them the form cannot be framed). Saving a card creates the instrument, marks the link used, POSTs {"instrument_id"} to data.webhook with header Api-Key: data.api_key (retried by the job runner), and posts `{type: "pasarela.enrollment", status: "ENROLLED", instrument_id}` to the parent window on those origins only. data.api_key is stored encrypted. The form encrypts the card with the organization\'s encryption key: when it has none, a caller with `compliance:write` makes it here (as `POST /v1/encryption/keys` would); without that permission the form answers 503 until the key exists.',
        body: CreateEnrollment,
        response: {
          201: Type.Object({ id: Type.String(), url: Type.String(), type: Type.Literal('card_enrollment'), status: Type.String(), expires_at: Type.String() }),
        },
      },
    },
    async (request, reply) => {
      const link = await links.createEnrollment(org(request), request.body);
      await keys.provideFor(principalOf(request));
      return reply.code(201).send({ id: link.id, url: link.url, type: 'card_enrollment' as const, status: link.status, expires_at: link.expires_at });
    },
  );
}
