/**
 * What /openapi.json says beyond the route schemas, applied to the generated
 * document by rules (so a new route gets it without a line of its own):
 * - the headers the gateway sends and honours, as reusable components: the
 *   `Idempotency-Key` parameter on every write an authenticated client makes
 *   (idempotency/plugin.ts), `X-Request-Id` on every answer
 *   (http/transport.ts), `RateLimit` and `RateLimit-Policy` on every answer
 *   but a 401 (ratelimit/plugin.ts counts after authentication), `Retry-After` on 429, 503 and the
 *   409 `idempotency_conflict`, `Idempotent-Replayed` on a replayed success;
 * - an optional empty object body on a POST that takes no parameters;
 * - success bodies as references to the named schemas (`$ref`), not copies;
 * - the closed lists (enums) of values the gateway answers: currencies,
 *   rails, rail types, the alternative payment's states, error codes, webhook
 *   event types;
 * - the `webhooks` section and the `Event` union, one schema per event type
 *   (webhooks/event-schemas.ts);
 * - tags with descriptions, and the descriptions of operations whose route
 *   gives only a summary (descriptions.ts).
 * docs/api-conventions.md "The OpenAPI document" says what a tool can rely on.
 */
import { ERROR_STATUS } from '../errors/api-error.js';
import { EVENT_TYPES } from '../events/types.js';
import { CURRENCIES } from '../lib/money.js';
import type { MethodRegistry } from '../payments/methods/registry.js';
import {
  ALL_EVENT_TYPES,
  APM_STATUS_DETAILS,
  APM_STATUSES,
  DELIVERED_EVENT_TYPES,
  eventDataSchemas,
  eventSchema,
  eventSchemaName,
} from '../webhooks/event-schemas.js';
import { OPERATION_DESCRIPTIONS } from './descriptions.js';

type Json = Record<string, unknown>;
interface Response {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: Json }>;
}
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: unknown[];
  requestBody?: unknown;
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, Response>;
}
interface Document {
  info?: Json;
  tags?: Array<{ name: string; description?: string }>;
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Json>; headers?: Json; parameters?: Json; securitySchemes?: Json };
  webhooks?: Record<string, unknown>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/** The tags of the reference, in its order, each with what it groups. */
export const TAGS: Array<{ name: string; description: string }> = [
  {
    name: 'Authentication',
    description:
      'OAuth 2.0 client credentials: tokens, revocation, the RFC 8414 metadata and the signing keys. Every other call sends `Authorization: Bearer <token>`.',
  },
  { name: 'Organizations', description: 'The organizations of a client: every object belongs to one.' },
  { name: 'Checkout sessions', description: 'Short-lived browser credentials that can make one payment and nothing else.' },
  { name: 'Encryption keys', description: "The organization's RSA-OAEP-256 key that encrypts card fields before they leave the browser." },
  { name: 'Instruments', description: 'Tokenized cards (`ins-`), enrollment links and the BIN lookup.' },
  { name: 'Card payments', description: 'Card payments (`pay-`): create, read, list, search, and the core actions.' },
  { name: 'Transactions', description: 'The network operations of a payment (`trx-`), and the actions by transaction id.' },
  { name: 'Alternative payments', description: 'The Colombian rails (bank redirect, push and OTP wallets, QR): intents, OTP confirmation, banks.' },
  { name: 'Cashouts', description: 'Refunds of alternative payments, paid out as disbursements (`cas-`).' },
  {
    name: 'Bre-B',
    description:
      "Colombia's instant payments: the organization's keys (`bbk-`; at most four, one holder per key), their static QRs, and the key look-up before paying out to a key.",
  },
  { name: 'Users', description: 'Shoppers (`usr-`) and their saved instruments.' },
  { name: 'Merchants', description: 'Merchants and sub-merchants (`mer-`).' },
  { name: 'Points of sale', description: 'Points of sale (`pos-`) of a merchant, and their terminals.' },
  { name: 'Terminals', description: 'Card-present terminals (`ter-`) and their users.' },
  { name: 'Payment links', description: 'Hosted checkout and card-enrollment links (`lnk-`).' },
  { name: 'Refunds', description: 'Refunds of card payments (`ref-`).' },
  { name: 'Chargebacks', description: 'Disputes (`chb-`): accept, review or dispute with evidence; comments and attachments.' },
  { name: 'Fee rules', description: 'Interchange and MDR rules (`fee-`) applied to captured payments.' },
  {
    name: 'Balance',
    description: "The organization's balances per currency (available, pending, reserved) and the double-entry ledger entries behind them (`btx-`).",
  },
  { name: 'Settlements', description: "Settlement batches (`stl-`): pending money made available on the organization's schedule, with their entries." },
  { name: 'Payouts', description: "Payouts (`po-`) of the available balance to the organization's bank account, and the settlement and payout settings." },
  { name: 'Reports', description: 'Reconciliation reports (`rpt-`) of a payout or a period, CSV or JSON, made in the background.' },
  { name: 'Fraud', description: "Fraud rules and each payment's evaluation." },
  { name: '3-D Secure', description: '3-D Secure flows: the version check.' },
  { name: 'Card-present payments', description: 'Payments made at a terminal, and their actions.' },
  { name: 'Payment instructions', description: 'Instructions sent to a terminal to take a card-present payment (`pin-`).' },
  { name: 'Webhooks', description: 'Endpoints that receive events, signed per Standard Webhooks; their secrets and delivery logs.' },
  {
    name: 'Connectors',
    description: "The organization's connector accounts (credentials at a processor, sealed, never returned) and the routing rules that choose among them.",
  },
  { name: 'Events', description: 'What happened (`evt-`): the list, one event, redelivery and the event stream. The `webhooks` section types each event.' },
  { name: 'Sandbox controls', description: 'Sandbox only (404 in production): simulate outcomes, read the OTP "SMS", move test clocks.' },
];

const HEADERS = {
  'X-Request-Id': {
    description: "The request's id (`req-`), the `request_id` of an error body. Quote it when asking for support.",
    schema: { type: 'string', pattern: '^req-' },
  },
  RateLimit: {
    description:
      'IETF RateLimit header: `"default";r=<requests left>;t=<seconds until the window resets>`. Counted per client (per address on public operations).',
    schema: { type: 'string', examples: ['"default";r=998;t=7'] },
  },
  'RateLimit-Policy': {
    description: 'IETF RateLimit-Policy header: `"default";q=<requests>;w=<window seconds>` (1000 per 10 seconds by default, spec section 8).',
    schema: { type: 'string', examples: ['"default";q=1000;w=10'] },
  },
  'Retry-After': {
    description: 'Whole seconds to wait before retrying.',
    schema: { type: 'integer', minimum: 0 },
  },
  'Idempotent-Replayed': {
    description: 'Present, `true`, when this is the stored answer of an earlier request with the same `Idempotency-Key`: nothing ran again.',
    schema: { type: 'string', enum: ['true'] },
  },
};
const header = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    '8 to 64 characters (a UUID v4 is recommended; else 400 `invalid_idempotency_key`, or, when the request has other problems, a `details` entry on `Idempotency-Key` of their 422), kept 24 hours per client. A retry with the same key and the same body answers the first answer again (`Idempotent-Replayed: true`); with another body, 409 `idempotency_key_mismatch`; while the first still runs, 409 `idempotency_conflict` with `Retry-After`. Only successes are kept: after an error a retry runs again.',
  schema: { type: 'string', minLength: 8, maxLength: 64 },
};

/** Values the gateway answers from a closed list, by property name, wherever a response has the property as a plain string; the rails from the registry. */
const responseEnums = (methods: MethodRegistry): Record<string, readonly string[]> => ({
  currency: Object.keys(CURRENCIES),
  rail_id: methods.railIds(),
  rail_type: methods.railTypes(),
});
/** The same in request bodies and parameters, where the gateway refuses any other value (422). Links accept a lower-case currency, so not `currency`. */
const requestEnums = (methods: MethodRegistry): Record<string, readonly string[]> => ({
  rail_id: methods.railIds(),
  rail_type: methods.railTypes(),
});

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A plain string schema (or string-or-null) without its own list of values. */
function openString(schema: Json): boolean {
  const types = [schema.type].flat();
  return types.includes('string') && types.every((t) => t === 'string' || t === 'null') && !('enum' in schema) && !('const' in schema) && !('$ref' in schema);
}

/** Visits a schema and every schema inside it. */
function eachSchema(schema: unknown, visit: (schema: Json) => void): void {
  if (!isObject(schema)) return;
  visit(schema);
  for (const key of ['properties', 'patternProperties', '$defs']) {
    if (isObject(schema[key])) for (const child of Object.values(schema[key])) eachSchema(child, visit);
  }
  for (const key of ['items', 'additionalProperties', 'not']) eachSchema(schema[key], visit);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    if (Array.isArray(schema[key])) for (const child of schema[key] as unknown[]) eachSchema(child, visit);
  }
}

function applyEnums(schema: unknown, enums: Record<string, readonly string[]>): void {
  eachSchema(schema, (s) => {
    if (!isObject(s.properties)) return;
    for (const [name, property] of Object.entries(s.properties)) {
      const values = enums[name];
      if (values && isObject(property) && openString(property)) property.enum = [...values, ...([property.type].flat().includes('null') ? [null] : [])];
    }
  });
}

/** `{allOf: [X]}` alone is X: what the swagger transform (openapi.ts `nameResponses`) wraps a named response schema in. */
function unwrapSingleAllOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unwrapSingleAllOf);
  if (!isObject(value)) return value;
  if (Object.keys(value).length === 1 && Array.isArray(value.allOf) && value.allOf.length === 1) return unwrapSingleAllOf(value.allOf[0]);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unwrapSingleAllOf(v)]));
}

/** A JSON text with sorted keys: equal for equal schemas whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** Replaces every copy of a named schema inside `value` with a reference to it. */
function referNamed(value: unknown, named: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => referNamed(v, named));
  if (!isObject(value)) return value;
  const name = named.get(canonical(value));
  if (name) return { $ref: `#/components/schemas/${name}` };
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, referNamed(v, named)]));
}

function errorCodes(schemas: Record<string, Json>): void {
  const error = (schemas.Error?.properties as Json | undefined)?.error as Json | undefined;
  const code = (error?.properties as Json | undefined)?.code as Json | undefined;
  if (code) {
    code.enum = Object.keys(ERROR_STATUS);
    code.description =
      'Stable snake_case error code, from a closed list: a new code is a compatible change (spec section 9), so handle an unknown one as its HTTP status.';
  }
}

function apmStates(schemas: Record<string, Json>, rails: readonly string[]): void {
  const props = schemas.ApmPayment?.properties as Record<string, Json> | undefined;
  const transaction = props?.transaction?.properties as Record<string, Json> | undefined;
  if (transaction?.status) transaction.status.enum = [...APM_STATUSES];
  if (transaction?.status_detail) transaction.status_detail.enum = [...APM_STATUS_DETAILS];
  const rail = props?.rail?.properties as Record<string, Json> | undefined;
  if (rail?.id && openString(rail.id)) rail.id.enum = [...rails];
}

function webhookEvents(schemas: Record<string, Json>, paths: Record<string, Record<string, Operation>>): void {
  const subscribable = [...EVENT_TYPES, '*'];
  const closeEvents = (schema: unknown) =>
    eachSchema(schema, (s) => {
      const items = (isObject(s.properties) && isObject(s.properties.events) ? s.properties.events.items : undefined) as Json | undefined;
      if (isObject(items) && openString(items)) items.enum = subscribable;
    });
  closeEvents(schemas.WebhookEndpoint);
  // An endpoint's `events`, in what the webhook operations take and answer.
  for (const [path, item] of Object.entries(paths)) {
    if (!path.startsWith('/v1/webhooks')) continue;
    for (const method of METHODS) {
      const operation = item[method];
      for (const media of Object.values((operation?.requestBody as { content?: Record<string, { schema?: Json }> } | undefined)?.content ?? {}))
        closeEvents(media.schema);
      for (const response of Object.values(operation?.responses ?? {})) for (const media of Object.values(response.content ?? {})) closeEvents(media.schema);
    }
  }
}

/** One schema per event type, `Event` their union keyed by `type`, and the `webhooks` section of the types endpoints receive. */
function eventsAndWebhooks(document: Document, schemas: Record<string, Json>, rails: readonly string[]): void {
  Object.assign(schemas, eventDataSchemas(rails));
  const mapping: Record<string, string> = {};
  for (const type of ALL_EVENT_TYPES) {
    schemas[eventSchemaName(type)] = eventSchema(type);
    mapping[type] = `#/components/schemas/${eventSchemaName(type)}`;
  }
  schemas.Event = {
    description: 'An event: `type` says which, and so the shape of `data`. New types may be added (a compatible change): ignore a type you do not know.',
    oneOf: Object.values(mapping).map(($ref) => ({ $ref })),
    discriminator: { propertyName: 'type', mapping },
  };
  document.webhooks = Object.fromEntries(
    DELIVERED_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhooks.receive.${type}`,
          tags: ['Webhooks'],
          summary: `The ${type} event`,
          description:
            'POSTed to each enabled endpoint subscribed to this type (or to `*`), signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`); answer 2xx within 5 seconds. Delivered at least once: de-duplicate on `webhook-id`, the event id.',
          parameters: [
            { name: 'webhook-id', in: 'header', required: true, description: 'The event id (`evt-`), the same on every attempt.', schema: { type: 'string' } },
            { name: 'webhook-timestamp', in: 'header', required: true, description: 'Unix seconds of this attempt.', schema: { type: 'string' } },
            {
              name: 'webhook-signature',
              in: 'header',
              required: true,
              description: '`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`; two, space-separated, after a secret rotation.',
              schema: { type: 'string' },
            },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: mapping[type] } } } },
          responses: { '200': { description: 'Any 2xx acknowledges the event; anything else, a timeout or a redirect is a failed attempt, retried.' } },
          security: [],
        },
      },
    ]),
  );
}

/** A DELETE's `{id, deleted: true}` answer, whichever route wrote its schema, is the one DeletedObject. */
function referDeleted(operation: Operation): void {
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const media = response.content?.['application/json'];
    const properties = media?.schema?.properties;
    if (status.startsWith('2') && media && isObject(properties) && canonical(Object.keys(properties).sort()) === canonical(['deleted', 'id'])) {
      media.schema = { $ref: '#/components/schemas/DeletedObject' };
    }
  }
}

function declareHeaders(operation: Operation, method: string): void {
  // Idempotency keys are per client: honoured where a Bearer token (a client) is required.
  const authenticated = (operation.security ?? []).some((requirement) => 'bearerAuth' in requirement);
  const idempotent = authenticated && WRITES.has(method);
  if (idempotent) operation.parameters = [...(operation.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }];
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const headers: Record<string, unknown> = { 'X-Request-Id': header('X-Request-Id') };
    const success = status.startsWith('2');
    // The limiter runs on every documented operation, right after authentication: any answer but a 401 may carry them.
    if (status !== '401') Object.assign(headers, { RateLimit: header('RateLimit'), 'RateLimit-Policy': header('RateLimit-Policy') });
    if (status === '429' || status === '503' || (status === '409' && idempotent)) headers['Retry-After'] = header('Retry-After');
    if (success && idempotent) headers['Idempotent-Replayed'] = header('Idempotent-Replayed');
    response.headers = { ...headers, ...(response.headers ?? {}) };
  }
}

/** Completes the generated document (see the file's comment). */
export function completeContract<T>(input: T, methods: MethodRegistry): T {
  const document = input as Document;
  const RESPONSE_ENUMS = responseEnums(methods);
  const REQUEST_ENUMS = requestEnums(methods);
  const paths = (document.paths ??= {});
  const components = (document.components ??= {});
  const schemas = (components.schemas ??= {});

  // Success bodies: the named schema itself, then every remaining copy of one as a reference.
  document.paths = unwrapSingleAllOf(paths) as Document['paths'];
  const named = new Map(Object.entries(schemas).map(([name, schema]) => [canonical(schema), name]));
  for (const item of Object.values(document.paths!)) {
    for (const method of METHODS) {
      const responses = item[method]?.responses ?? {};
      for (const response of Object.values(responses)) {
        for (const media of Object.values(response.content ?? {})) if (media.schema) media.schema = referNamed(media.schema, named) as Json;
      }
    }
  }
  for (const [name, schema] of Object.entries(schemas)) {
    const others = new Map([...named].filter(([, n]) => n !== name));
    schemas[name] = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, referNamed(v, others)]));
  }

  components.headers = { ...HEADERS };
  components.parameters = { IdempotencyKey: IDEMPOTENCY_KEY };
  schemas.EmptyObject = { type: 'object', properties: {}, additionalProperties: false, description: 'No parameters: send no body, or `{}`.' };
  schemas.DeletedObject = {
    type: 'object',
    required: ['id', 'deleted'],
    properties: { id: { type: 'string' }, deleted: { type: 'boolean', enum: [true] } },
    description: 'The answer of a DELETE that removes the object (docs/api-conventions.md "Deletes").',
  };

  for (const [path, item] of Object.entries(document.paths!)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      if (method === 'delete') referDeleted(operation);
      operation.description ??= OPERATION_DESCRIPTIONS[`${method.toUpperCase()} ${path}`];
      if (method === 'post' && !operation.requestBody) {
        operation.requestBody = { required: false, content: { 'application/json': { schema: { $ref: '#/components/schemas/EmptyObject' } } } };
      }
      declareHeaders(operation, method);
      for (const response of Object.values(operation.responses ?? {})) {
        for (const media of Object.values(response.content ?? {})) applyEnums(media.schema, RESPONSE_ENUMS);
      }
      const body = (operation.requestBody as { content?: Record<string, { schema?: Json }> } | undefined)?.content ?? {};
      for (const media of Object.values(body)) applyEnums(media.schema, REQUEST_ENUMS);
      for (const parameter of operation.parameters ?? []) {
        if (
          isObject(parameter) &&
          typeof parameter.name === 'string' &&
          isObject(parameter.schema) &&
          REQUEST_ENUMS[parameter.name] &&
          openString(parameter.schema)
        ) {
          parameter.schema.enum = [...REQUEST_ENUMS[parameter.name]!];
        }
      }
    }
  }
  for (const schema of Object.values(schemas)) applyEnums(schema, RESPONSE_ENUMS);
  errorCodes(schemas);
  apmStates(schemas, methods.railIds());
  webhookEvents(schemas, document.paths!);
  eventsAndWebhooks(document, schemas, methods.railIds());

  const used = new Set(Object.values(document.paths!).flatMap((item) => METHODS.flatMap((m) => item[m]?.tags ?? [])));
  document.tags = [
    ...TAGS.filter((tag) => used.has(tag.name) || tag.name === 'Webhooks'),
    ...[...used].filter((name) => !TAGS.some((t) => t.name === name)).map((name) => ({ name })),
  ];
  return input;
}
