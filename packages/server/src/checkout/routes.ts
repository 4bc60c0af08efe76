import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { principalOf } from '../http/principal.js';
import { CheckoutSession, CheckoutSessionParams, CreateCheckoutSession, ListCheckoutSessionsQuery } from './schemas.js';
import { ListOf } from '../http/pagination.js';
import type { CheckoutSessionService } from './service.js';

/**
 * `/v1/checkout/sessions` (docs/fields.md "Checkout sessions"): the merchant's
 * backend creates a session and hands only its `token` to the browser.
 */
export async function checkoutSessionRoutes(base: FastifyInstance, opts: { checkout: CheckoutSessionService }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { checkout } = opts;
  const tags = ['Checkout sessions'];

  app.post(
    '/v1/checkout/sessions',
    {
      config: {
        scopes: ['payments:write'],
        // The token is not kept by the idempotency store: a replay signs it again from the session.
        idempotency: {
          redactReply: ['token'],
          restore: async (request, stored) => {
            const session = JSON.parse(stored) as Record<string, unknown>;
            const token = await checkout.tokenFor(principalOf(request).organizationId, String(session.id));
            return JSON.stringify(token ? { ...session, token } : session);
          },
        },
      },
      schema: {
        tags,
        summary: 'Create a checkout session',
        description:
          "For one checkout in a browser: hand only `token` to the page (PasarelaFields.mount). That token can read the active public key, tokenize a card, and make exactly one payment of this session's `amount`, `currency` and `order_id` (mode `payment`) or save one card for its user (mode `enrollment`); every other call is 403. The session is `complete` once that payment is created or that card saved; its token expires at `expires_at` (401 after). 422 names every problem of the body. Idempotency-Key: a replay returns the same session and token, which the idempotency store never keeps (the token is signed again from the session).",
        body: CreateCheckoutSession,
        response: { 201: CheckoutSession },
      },
    },
    async (request, reply) => reply.code(201).send(await checkout.create(principalOf(request), request.body)),
  );

  app.get(
    '/v1/checkout/sessions',
    {
      config: { scopes: ['payments:read'] },
      schema: {
        tags,
        summary: 'List checkout sessions',
        description:
          "The organization's sessions, newest first, without their tokens; paginated like every list (`limit`, `starting_after`, `ending_before`, `created_gte`, `created_lte`), and `status` to see only the `open` ones (to end them with POST .../expire, for example after a token leaked). A session's own token cannot list (403).",
        querystring: ListCheckoutSessionsQuery,
        response: { 200: ListOf(CheckoutSession) },
      },
    },
    async (request) => checkout.list(principalOf(request), request.query),
  );

  app.get(
    '/v1/checkout/sessions/:id',
    {
      config: { scopes: ['payments:read'], checkoutSession: true },
      schema: {
        tags,
        summary: 'Get a checkout session',
        description:
          "The session without its token. Another organization's session is 404. A session's own token may read that session only (the embedded fields do, to learn its amount, order and allowed origins); any other id is 403 to it.",
        params: CheckoutSessionParams,
        response: { 200: CheckoutSession },
      },
    },
    async (request) => checkout.get(principalOf(request), request.params.id),
  );

  app.post(
    '/v1/checkout/sessions/:id/expire',
    {
      config: { scopes: ['payments:write'] },
      schema: {
        tags,
        summary: 'End a checkout session',
        description:
          'An open session becomes `expired` at once and its token is refused (401). Ending an expired one again answers it unchanged; a `complete` session is 409 `checkout_session_complete`.',
        params: CheckoutSessionParams,
        response: { 200: CheckoutSession },
      },
    },
    async (request) => checkout.expire(principalOf(request), request.params.id),
  );
}
