import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../http/principal.js';
import { eventBody } from '../events/store.js';
import { ListOf, ListQuery } from '../http/pagination.js';
import type { WebhookService } from './service.js';
import type { Loose } from '../http/checks.js';
import { AUDIT_EVENT_TYPES, EVENT_TYPES, TEST_EVENT_TYPE, type AuditEventType, type EventType, type TestEventType } from '../events/types.js';

/** What GET /v1/events filters by `type`: every type an event of the organization can have. */
type ListedEventType = EventType | AuditEventType | TestEventType;
const LISTED_EVENT_TYPES: ListedEventType[] = [...EVENT_TYPES, ...AUDIT_EVENT_TYPES, TEST_EVENT_TYPE];

const Endpoint = Type.Object(
  {
    id: Type.String({ description: '`whk-` prefix.' }),
    url: Type.String(),
    events: Type.Array(Type.String(), { description: 'Event types, or ["*"] for all.' }),
    description: Type.Union([Type.String(), Type.Null()]),
    status: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]),
    disabled_reason: Type.Union([Type.String(), Type.Null()], { description: 'Set when the receiver answered 410 Gone.' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'WebhookEndpoint' },
);

const EndpointInput = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2048, description: 'https in production; never a private, loopback or metadata address there.' }),
  events: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 50 }),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  status: Type.Optional(Type.Union([Type.Literal('enabled'), Type.Literal('disabled')])),
});

const Event = Type.Object(
  {
    id: Type.String({ description: '`evt-` prefix; also the webhook-id header.' }),
    type: Type.String(),
    time: Type.String({ format: 'date-time' }),
    data: Type.Record(Type.String(), Type.Unknown()),
  },
  { $id: 'Event', additionalProperties: true },
);

const Attempt = Type.Object({
  attempt: Type.Integer(),
  status_code: Type.Union([Type.Integer(), Type.Null()], { description: "The receiver's HTTP status; null when it did not answer (see `error`)." }),
  duration_ms: Type.Integer({ description: 'From sending the request to the end of the response (or the failure).' }),
  error: Type.Union([Type.String(), Type.Null()], { description: 'Why there was no response: a timeout, a refused connection, a refused URL.' }),
  request: Type.Union(
    [
      Type.Object({
        headers: Type.Record(Type.String(), Type.String(), {
          description: 'The headers sent. None is a secret: `webhook-signature` is an HMAC, not the signing secret.',
        }),
        body: Type.String({ description: 'The body sent: the event as GET /v1/events/{id} returns it.' }),
      }),
      Type.Null(),
    ],
    {
      description:
        'What was sent (or tried); null when not kept: cleared WEBHOOK_ATTEMPT_BODY_RETENTION_DAYS after the attempt, or an attempt older than the gateway keeping it.',
    },
  ),
  response: Type.Union(
    [
      Type.Object({
        status_code: Type.Integer(),
        body: Type.Union([Type.String(), Type.Null()], {
          description:
            'The first 4 KB of the response body (UTF-8, never a split character); null when not kept: cleared WEBHOOK_ATTEMPT_BODY_RETENTION_DAYS after the attempt, or an attempt older than the gateway keeping it.',
        }),
      }),
      Type.Null(),
    ],
    { description: 'What the receiver answered; null when it did not answer.' },
  ),
  created_at: Type.String(),
});

const Delivery = Type.Object({
  id: Type.String(),
  event_id: Type.String(),
  event_type: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
  attempts: Type.Array(Attempt),
  next_attempt_at: Type.Union([Type.String(), Type.Null()]),
  delivered_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});

const Params = Type.Object({ id: Type.String({ maxLength: 100 }) });

/** docs/api-conventions.md "Webhooks and events": endpoints, secrets, deliveries, events, redelivery. */
export async function webhookRoutes(base: FastifyInstance, opts: { webhooks: WebhookService }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { webhooks } = opts;
  const tags = ['Webhooks'];
  const read = { scopes: ['webhooks:read' as const] };
  const write = { scopes: ['webhooks:write' as const] };
  const org = (request: { principal: Parameters<typeof principalOf>[0]['principal'] }) => principalOf(request).organizationId;
  // A webhook secret is shown only to secrets:read (spec section 5: "secrets such as webhook keys").
  const readsSecrets = (request: { principal: Parameters<typeof principalOf>[0]['principal'] }) => principalOf(request).permissions.has('secrets:read');
  // Answers that carry a secret: the stored idempotent reply (and so a replay) leaves it out.
  // The body's problems that need no look-up, named with the schema's (http/checks.ts).
  const checks = { body: (body: Loose) => webhooks.endpointProblems(body) };
  const withSecret = { ...write, checks, idempotency: { redactReply: ['secret'] } };
  const secretField = Type.Optional(
    Type.String({
      description: '`whsec_...`. Only for a token with `secrets:read`, and never in an idempotent replay (read it at GET /v1/webhooks/{id}/secret).',
    }),
  );

  app.post(
    '/v1/webhooks',
    {
      config: withSecret,
      schema: {
        tags,
        summary: 'Register a webhook endpoint',
        description:
          'Deliveries are signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). The signing `secret` is in this response only if the token also has `secrets:read`; it is always at GET /v1/webhooks/{id}/secret (`secrets:read`). A replay of this request with the same Idempotency-Key answers the endpoint without the secret.',
        body: EndpointInput,
        response: { 201: Type.Object({ ...Endpoint.properties, secret: secretField }) },
      },
    },
    async (request, reply) => reply.code(201).send(await webhooks.create(org(request), request.body, readsSecrets(request))),
  );
  app.get(
    '/v1/webhooks',
    { config: read, schema: { tags, summary: 'List webhook endpoints', querystring: ListQuery, response: { 200: ListOf(Endpoint) } } },
    async (request) => webhooks.list(org(request), request.query),
  );
  app.get(
    '/v1/webhooks/:id',
    { config: read, schema: { tags, summary: 'Get a webhook endpoint', params: Params, response: { 200: Endpoint } } },
    async (request) => webhooks.get(org(request), request.params.id),
  );
  app.put(
    '/v1/webhooks/:id',
    {
      config: { ...write, checks },
      schema: {
        tags,
        summary: 'Replace a webhook endpoint',
        description: 'Also re-enables (status enabled) an endpoint disabled by a 410.',
        params: Params,
        body: EndpointInput,
        response: { 200: Endpoint },
      },
    },
    async (request) => webhooks.update(org(request), request.params.id, request.body),
  );
  app.delete(
    '/v1/webhooks/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a webhook endpoint',
        params: Params,
        response: { 200: Type.Object({ id: Type.String(), deleted: Type.Literal(true) }) },
      },
    },
    async (request) => webhooks.delete(org(request), request.params.id),
  );
  app.get(
    '/v1/webhooks/:id/secret',
    {
      config: { scopes: ['secrets:read'] },
      schema: { tags, summary: 'Get the signing secret', params: Params, response: { 200: Type.Object({ secret: Type.String() }) } },
    },
    async (request) => webhooks.secret(org(request), request.params.id),
  );
  app.post(
    '/v1/webhooks/:id/secret/rotate',
    {
      config: withSecret,
      schema: {
        tags,
        summary: 'Rotate the signing secret',
        description:
          'The new secret signs at once; the previous one keeps signing beside it (two signatures) for WEBHOOK_SECRET_GRACE_SECONDS (24 h). The new `secret` is in this response only if the token also has `secrets:read` (and never in an idempotent replay); GET /v1/webhooks/{id}/secret returns it.',
        params: Params,
        response: { 200: Type.Object({ secret: secretField, previous_secret_expires_at: Type.String() }) },
      },
    },
    async (request) => webhooks.rotateSecret(org(request), request.params.id, readsSecrets(request)),
  );
  app.get(
    '/v1/webhooks/:id/deliveries',
    {
      config: read,
      schema: {
        tags,
        summary: 'List deliveries and their attempts',
        description:
          'Newest first. Each attempt carries the request sent (headers and body), the response (status and the first 4 KB of its body) and the duration. They are kept as long as the delivery: deleting the endpoint deletes them, and a delivery that succeeded or failed is deleted with its attempts WEBHOOK_DELIVERY_RETENTION_DAYS (90 by default) after it was created; its event stays, and can be redelivered.',
        params: Params,
        querystring: ListQuery,
        response: { 200: ListOf(Delivery) },
      },
    },
    async (request) => webhooks.deliveries(org(request), request.params.id, request.query),
  );
  app.post(
    '/v1/webhooks/:id/test',
    {
      config: write,
      schema: {
        tags,
        summary: 'Send a test event',
        description:
          "Records an event of type `webhook.test` (its `data.test` names the endpoint) and delivers it, signed like every event, to this endpoint only, whatever event types it subscribes to, through the same delivery job: it appears in the endpoint's delivery log, is retried on failure, and POST /v1/events/{id}/redeliver sends it again to this endpoint (never to another). No other endpoint receives it, GET /v1/events/stream never carries it, and GET /v1/events lists it only when asked for with `type=webhook.test`. `webhook.test` cannot be subscribed to. The endpoint must be enabled (409 otherwise). Answers 202 with the delivery's id, before the delivery is attempted.",
        params: Params,
        body: Type.Optional(Type.Object({}, { additionalProperties: false })),
        response: { 202: Type.Object({ delivery_id: Type.String({ description: 'The delivery, in GET /v1/webhooks/{id}/deliveries.' }), event: Event }) },
      },
    },
    async (request, reply) => reply.code(202).send(await webhooks.sendTest(org(request), request.params.id)),
  );

  const eventTags = ['Events'];
  app.get(
    '/v1/events',
    {
      config: read,
      schema: {
        tags: eventTags,
        summary: 'List events',
        description:
          'Newest first. `payment_id`: only the events about that payment (card or alternative): its own events and those of its refunds, chargebacks, cashouts, payment links and payment instructions. Test events (`webhook.test`) are listed only with `type=webhook.test`.',
        querystring: Type.Object({
          ...ListQuery.properties,
          type: Type.Optional(
            Type.Unsafe<ListedEventType>({
              type: 'string',
              enum: LISTED_EVENT_TYPES,
              description:
                'Only the events of this type: an event type (the `webhooks` section of this document, docs/webhooks.md "Events"), an audit type (`instrument.number_revealed`) or `webhook.test` (test events, listed only so). Another value is 422, as in POST /v1/webhooks and GET /v1/events/stream.',
            }),
          ),
          payment_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Only the events about this payment.' })),
        }),
        response: { 200: ListOf(Event) },
      },
    },
    async (request) => webhooks.events(org(request), request.query),
  );
  app.get('/v1/events/:id', { config: read, schema: { tags: eventTags, summary: 'Get an event', params: Params, response: { 200: Event } } }, async (request) =>
    eventBody(await webhooks.event(org(request), request.params.id)),
  );
  app.post(
    '/v1/events/:id/redeliver',
    {
      config: write,
      schema: {
        tags: eventTags,
        summary: 'Send an event again',
        description: 'To every enabled endpoint subscribed to its type, or to `endpoint_id`.',
        params: Params,
        body: Type.Object({ endpoint_id: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: { 202: Type.Object({ deliveries: Type.Array(Type.String()) }) },
      },
    },
    async (request, reply) => reply.code(202).send(await webhooks.redeliver(org(request), request.params.id, request.body.endpoint_id)),
  );
}
