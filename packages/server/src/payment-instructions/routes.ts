/**
 * Payment instructions (docs/api-conventions.md): `GET/POST /v1/payment-instructions`,
 * `GET /v1/payment-instructions/{id}` (scopes `card-present:read` /
 * `card-present:write`), and the terminals' WebSocket
 * `/v1/payment-instructions/ws` (scope `payment-instructions:ws`). The
 * WebSocket's upgrade request goes through the same hooks as every route: no
 * token is 401, a token without the scope 403, an unknown terminal (or another
 * organization's) 404, an inactive or unattached one 422, all before the
 * socket opens (@fastify/websocket, registered in app.ts, limits a message
 * to 64 KiB). docs/sandbox.md describes the messages.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { principalOf } from '../http/principal.js';
import { ApiError } from '../errors/api-error.js';
import { ListOf } from '../http/pagination.js';
import type { CardPresentService } from '../card-present/service.js';
import type { TerminalHub } from './hub.js';
import { CreatePaymentInstruction, InstructionListQuery, InstructionParams, PaymentInstruction, SocketQuery } from './schemas.js';
import type { PaymentInstructionService } from './service.js';

export async function paymentInstructionRoutes(
  base: FastifyInstance,
  opts: { instructions: PaymentInstructionService; hub: TerminalHub; cardPresent: CardPresentService },
): Promise<void> {
  base.addHook('onClose', () => opts.hub.close());
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { instructions, hub } = opts;
  const tags = ['Payment instructions'];
  const org = (request: FastifyRequest) => principalOf(request).organizationId;

  app.post(
    '/v1/payment-instructions',
    {
      config: { scopes: ['card-present:write'] },
      schema: {
        tags,
        summary: 'Send a payment instruction to a terminal',
        description:
          "201 with the instruction (PENDING, or DELIVERED at once when the terminal is connected). The terminal must be an active terminal of your organization attached to a point of sale (else 422 `terminal_id`). `order_id` becomes the payment's: the same order_id again returns the same instruction; with another terminal or amount, or already used by a payment, it is 409 `order_id_conflict`. The instruction EXPIRES after `expires_in` seconds (default PAYMENT_INSTRUCTION_TTL_SECONDS, 300) unless the terminal has reported the card read. Terminals receive instructions over the WebSocket `GET /v1/payment-instructions/ws?terminal_id=ter-...` (Bearer token with `payment-instructions:ws` in the upgrade request; JSON messages `ready`, `instruction`, `ack`, `acknowledged`, `result`, `payment`, `expired`, `error`), which this document does not list: see docs/sandbox.md.",
        body: CreatePaymentInstruction,
        response: { 201: PaymentInstruction },
      },
    },
    async (request, reply) => reply.code(201).send((await instructions.create(org(request), request.body)).instruction),
  );

  app.get(
    '/v1/payment-instructions',
    {
      config: { scopes: ['card-present:read'] },
      schema: {
        tags,
        summary: 'List payment instructions',
        description: 'Newest first; filters `status`, `terminal_id`, `created_gte`, `created_lte`.',
        querystring: InstructionListQuery,
        response: { 200: ListOf(PaymentInstruction) },
      },
    },
    async (request) => instructions.list(org(request), request.query),
  );

  app.get(
    '/v1/payment-instructions/:id',
    {
      config: { scopes: ['card-present:read'] },
      schema: {
        tags,
        summary: 'Get a payment instruction',
        description: 'With `payment_id` once the terminal reported the card read.',
        params: InstructionParams,
        response: { 200: PaymentInstruction },
      },
    },
    async (request) => instructions.get(org(request), request.params.id),
  );

  // The terminal named by the upgrade request, checked before the socket opens.
  const terminals = new WeakMap<object, string>();
  app.get(
    '/v1/payment-instructions/ws',
    {
      websocket: true,
      config: { scopes: ['payment-instructions:ws'] },
      schema: { querystring: SocketQuery },
      preHandler: async (request) => {
        if (!request.ws) throw new ApiError('invalid_request', 'This address is a WebSocket: connect with an Upgrade: websocket request (docs/sandbox.md).');
        const { terminal_id } = request.query;
        const at = await opts.cardPresent.terminalAt(org(request), terminal_id);
        if ('error' in at) {
          if (at.error.message.startsWith('no terminal')) throw ApiError.notFound('terminal');
          throw ApiError.validation([at.error]);
        }
        terminals.set(request.raw, terminal_id);
      },
    },
    async (socket, request) => {
      const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      await hub.attach({
        socket,
        organizationId: org(request),
        clientId: principalOf(request).clientId,
        terminalId: terminals.get(request.raw)!,
        token,
        alive: true,
        sent: new Set(),
        queue: Promise.resolve(),
      });
    },
  );
}
