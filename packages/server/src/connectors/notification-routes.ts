/**
 * `POST /v1/connector-accounts/{id}/notifications`: where a connector's
 * network sends its notifications (notifications.ts). No API key: the
 * connector, not a merchant, calls it, and the connector's signature over the
 * raw body, checked with the account's credentials, is the authentication.
 * The body is kept as bytes (the signature covers them exactly); nothing of
 * it or of its headers is logged.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { InboundNotifications } from './notifications.js';

/** The largest notification body taken (a dispute's notification is a few hundred bytes). */
const BODY_LIMIT = 256 * 1024;

const Receipt = Type.Object(
  {
    id: Type.String({ description: '`cnn-` prefix: the stored notification.' }),
    notification_id: Type.String({ description: "The connector's own id of the notification (unique per account)." }),
    kind: Type.String({ description: "The notification's kind: `dispute.opened`, `dispute.decided`." }),
    payment_id: Type.Union([Type.String(), Type.Null()]),
    status: Type.Union([Type.Literal('processed'), Type.Literal('waiting'), Type.Literal('ignored')], {
      description:
        '`processed`: the state changed. `waiting`: the payment has an operation in flight; the change is made when it is recorded. `ignored`: nothing to change (a second dispute of a payment, a decision on a chargeback no longer DISPUTED).',
    }),
    received_at: Type.String({ format: 'date-time' }),
    replayed: Type.Boolean({ description: 'True: this notification arrived before; nothing changed now.' }),
  },
  { $id: 'ConnectorNotificationReceipt' },
);

export async function notificationRoutes(base: FastifyInstance, opts: { notifications: InboundNotifications }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  // Encapsulated in this plugin: the body reaches the connector's check as the bytes that were signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    '/v1/connector-accounts/:id/notifications',
    {
      bodyLimit: BODY_LIMIT,
      config: { public: true },
      schema: {
        tags: ['Connectors'],
        summary: "Receive a connector's notification",
        description:
          "Called by the connector's network, not by a merchant: no API key. The connector's signature over the raw body is checked with the account's credentials (401 naming the problem; the simulator signs as Standard Webhooks do, with `notification_secret`, else `api_key`; Stripe with `Stripe-Signature`; Mercado Pago with `x-signature` over the query's `data.id` and `x-request-id`); the body is read into one notification (400 naming each problem; docs/connectors.md lists the kinds). It is stored once per account and notification id: a replay, even a concurrent duplicate, answers 200 with `replayed: true` and changes nothing. A payment outside the account's organization, or an unknown account, is 404; a change the payment does not allow (a dispute of an uncaptured payment) is 400, stores nothing and may be sent again.",
        security: [],
        params: Type.Object({
          id: Type.String({ maxLength: 100, description: "The connector account (`cna-`), or `default` for the deployment's default account." }),
        }),
        response: {
          200: Receipt,
          400: {
            description: '`invalid_request`: the body cannot be read, or the change does not fit the payment; `details` names every problem.',
            $ref: 'Error#',
          },
          401: {
            description: "`unauthorized`: the signature does not verify with the account's credentials; `details` names the header at fault.",
            $ref: 'Error#',
          },
          404: { description: 'No such connector account, or no payment of it with this reference.', $ref: 'Error#' },
          413: { description: '`payload_too_large`: a body over 256 KiB.', $ref: 'Error#' },
          503: {
            description:
              '`service_unavailable`: the connector could not read what the notification names from its processor now (Mercado Pago sends only the chargeback id); nothing was stored, and the processor delivers the notification again.',
            $ref: 'Error#',
          },
        },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return opts.notifications.receive(request.params.id, {
        body,
        headers: request.headers,
        query: request.query as Record<string, string | string[] | undefined>,
      });
    },
  );
}
