import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { principalOf, type SessionPrincipal } from '../http/principal.js';
import { ApiError } from '../errors/api-error.js';
import { ListOf, ListQuery } from '../http/pagination.js';
import { lookupBin } from '../cards/bins.js';
import { installmentTerms } from '../cards/installments.js';
import type { Db } from '../db/database.js';
import { Type } from 'typebox';
import {
  BinData,
  BinParams,
  CreateInstrument,
  Instrument,
  InstrumentListQuery,
  InstrumentParams,
  InstrumentQuery,
  InstrumentWithNumber,
  UpdateInstrument,
} from './schemas.js';
import { directCardForbidden, type InstrumentService } from './service.js';
import { isLoose } from '../http/checks.js';

/** The hosted checkout's card form (checkout/): a checkout session's token saves a card through it. */
export interface CheckoutTokenization {
  tokenize(principal: SessionPrincipal, body: CreateInstrument): Promise<Instrument>;
}

/** Spec 4.3 and docs/api-conventions.md: instruments and the BIN lookup. */
export async function instrumentRoutes(base: FastifyInstance, opts: { instruments: InstrumentService; db: Db; checkout: CheckoutTokenization }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { instruments } = opts;
  const tags = ['Instruments'];
  const read = { scopes: ['instruments:read' as const] };
  const write = { scopes: ['instruments:write' as const] };

  app.post(
    '/v1/instruments',
    {
      // A checkout session's token may tokenize (encrypted form only) while its session is open.
      config: { ...write, checkoutSession: true, checks: { body: (body, request) => instruments.tokenizeProblems(body, request.principal) } },
      // Clear card data from any other client is refused before its fields are checked: 403, never a 422 about the card.
      preValidation: (request, _reply, done) => {
        done(isLoose(request.body) && request.body.card !== undefined && !request.principal?.pciSaqD ? directCardForbidden() : undefined);
      },
      schema: {
        tags,
        summary: 'Tokenize a card',
        description:
          "Encrypted form: the five `encrypted_*` fields, each encrypted separately with the active key (RSA-OAEP, SHA-256, base64). Direct form: `card` with clear fields, only for clients the operator marked PCI DSS SAQ D (others get 403). The same card again returns the same instrument (201), with expiry and holder updated. The CVV is checked and never stored. With a checkout session's token: while the session is open; the instrument becomes the session's card, the only one its payment or enrollment may use.",
        body: CreateInstrument,
        response: { 201: Instrument },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      if (principal.checkoutSession)
        return reply.code(201).send(await opts.checkout.tokenize({ ...principal, checkoutSession: principal.checkoutSession }, request.body));
      return reply.code(201).send(await instruments.tokenize(principal, request.body));
    },
  );

  app.get(
    '/v1/instruments',
    {
      config: read,
      schema: {
        tags,
        summary: 'List instruments',
        description: 'Active instruments, newest first; `metadata[key]=value` keeps those with each pair (exact match).',
        querystring: Type.Object({ ...ListQuery.properties, ...InstrumentListQuery.properties }),
        response: { 200: ListOf(Instrument) },
      },
    },
    async (request) => instruments.list(principalOf(request).organizationId, request.query),
  );

  app.get(
    '/v1/instruments/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Get an instrument',
        description:
          'With `?include=number` and a token that also has `instruments:read-sensitive-data`, the answer carries the full number in `card.number`, only for a client the operator marked PCI DSS SAQ D (any other such client gets 403 `forbidden`; a deleted instrument, 409 `conflict`). Every such read is recorded as the event `instrument.number_revealed` (listed by GET /v1/events, never sent to webhooks) and logged, without the number. A token without that permission gets the usual view.',
        params: InstrumentParams,
        querystring: InstrumentQuery,
        response: { 200: InstrumentWithNumber },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      if (request.query.include === 'number' && principal.permissions.has('instruments:read-sensitive-data')) {
        return instruments.reveal(principal, request.params.id, { requestId: request.id, log: request.log });
      }
      return instruments.get(principal.organizationId, request.params.id);
    },
  );

  app.patch(
    '/v1/instruments/:id',
    {
      config: write,
      schema: { tags, summary: 'Update expiry, holder name or metadata', params: InstrumentParams, body: UpdateInstrument, response: { 200: Instrument } },
    },
    async (request) => instruments.update(principalOf(request).organizationId, request.params.id, request.body),
  );

  app.delete(
    '/v1/instruments/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete an instrument',
        description: 'Returns the instrument with status DELETED. It can no longer be charged; tokenizing the card again makes a new instrument.',
        params: InstrumentParams,
        response: { 200: Instrument },
      },
    },
    async (request) => instruments.delete(principalOf(request).organizationId, request.params.id),
  );

  app.get(
    '/v1/bins/:bin',
    {
      // A checkout session's token may read it too: the embedded fields offer a credit card's installments.
      config: { scopes: ['instruments:read', 'payments:read'], checkoutSession: true },
      schema: {
        tags,
        summary: 'Look up a BIN',
        description:
          'Brand, type, issuer and country for 6 or 8 leading digits, and the installments the card takes (`installments`: a credit card, or one of unknown type, 1 to 36; a debit or prepaid card, 1).',
        params: BinParams,
        response: { 200: BinData },
      },
    },
    async (request) => {
      const { known, ...data } = await lookupBin(opts.db, request.params.bin);
      if (!known && data.card_brand === 'unknown') throw ApiError.notFound('BIN');
      return { ...data, installments: installmentTerms(data.card_type) };
    },
  );
}
