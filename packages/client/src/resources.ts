/**
 * The API's resources. Each method is named after its operation's
 * `operationId` in /openapi.json (`payments.capture` is
 * `pasarela.payments.capture(id)`), and takes and returns that operation's
 * generated types. Ids come first, then the body or query, then RequestOptions.
 */
import type { RequestOptions } from './transport.js';
import { actions, type Api, type Body, e, type Query } from './resource-kit.js';

export { Api } from './resource-kit.js';
export * from './resources-commerce.js';
export * from './resources-money.js';

export function intents(api: Api) {
  return {
    /** An alternative payment on a Colombian rail (`POST /v1/payments/intents`). */
    create: (body: Body<'payments.intents.create'>, options?: RequestOptions) =>
      api.call<'payments.intents.create'>('POST', '/v1/payments/intents', { body }, options),
    /** OTP wallet: confirms with the customer's OTP. */
    confirm: (paymentId: string, body: Body<'payments.intents.confirm'>, options?: RequestOptions) =>
      api.call<'payments.intents.confirm'>('POST', `/v1/payments/intents/${e(paymentId)}/confirm`, { body }, options),
    /** The intent's payment (`GET /v1/payments/{id}` answers for alternative payments too). */
    retrieve: (paymentId: string, options?: RequestOptions) => api.call<'payments.retrieve'>('GET', `/v1/payments/${e(paymentId)}`, {}, options),
  };
}

export function payments(api: Api) {
  return {
    create: (body: Body<'payments.create'>, options?: RequestOptions) => api.call<'payments.create'>('POST', '/v1/payments', { body }, options),
    retrieve: (id: string, options?: RequestOptions) => api.call<'payments.retrieve'>('GET', `/v1/payments/${e(id)}`, {}, options),
    list: (query?: Query<'payments.list'>, options?: RequestOptions) => api.list<'payments.list'>('/v1/payments', query, options),
    search: (query?: Query<'payments.search'>, options?: RequestOptions) => api.list<'payments.search'>('/v1/payments/search', query, options),
    ...actions(api, '/v1/payments', 'payments'),
    /** Authorize only (`POST /v1/payments/authorizations`): as `create` with `capture: false`. */
    authorizations: {
      create: (body: Body<'payments.authorizations.create'>, options?: RequestOptions) =>
        api.call<'payments.authorizations.create'>('POST', '/v1/payments/authorizations', { body }, options),
    },
    transactions: {
      list: (id: string, query?: Query<'payments.transactions.list'>, options?: RequestOptions) =>
        api.list<'payments.transactions.list'>(`/v1/payments/${e(id)}/transactions`, query, options),
    },
    fraudEvaluation: {
      retrieve: (id: string, options?: RequestOptions) =>
        api.call<'payments.fraudEvaluation.retrieve'>('GET', `/v1/payments/${e(id)}/fraud-evaluation`, {}, options),
    },
    intents: intents(api),
  };
}

export function transactions(api: Api) {
  return {
    retrieve: (id: string, options?: RequestOptions) => api.call<'transactions.retrieve'>('GET', `/v1/transactions/${e(id)}`, {}, options),
    ...actions(api, '/v1/transactions', 'transactions'),
  };
}

export function refunds(api: Api) {
  return {
    create: (body: Body<'refunds.create'>, options?: RequestOptions) => api.call<'refunds.create'>('POST', '/v1/refunds', { body }, options),
    retrieve: (id: string, options?: RequestOptions) => api.call<'refunds.retrieve'>('GET', `/v1/refunds/${e(id)}`, {}, options),
    list: (query?: Query<'refunds.list'>, options?: RequestOptions) => api.list<'refunds.list'>('/v1/refunds', query, options),
  };
}

export function instruments(api: Api) {
  return {
    /** Tokenizes a card: the body is `pasarela.cards.encrypt(...)`'s result. */
    create: (body: Body<'instruments.create'>, options?: RequestOptions) => api.call<'instruments.create'>('POST', '/v1/instruments', { body }, options),
    retrieve: (id: string, options?: RequestOptions) => api.call<'instruments.retrieve'>('GET', `/v1/instruments/${e(id)}`, {}, options),
    list: (query?: Query<'instruments.list'>, options?: RequestOptions) => api.list<'instruments.list'>('/v1/instruments', query, options),
    update: (id: string, body: Body<'instruments.update'>, options?: RequestOptions) =>
      api.call<'instruments.update'>('PATCH', `/v1/instruments/${e(id)}`, { body }, options),
    delete: (id: string, options?: RequestOptions) => api.call<'instruments.delete'>('DELETE', `/v1/instruments/${e(id)}`, {}, options),
    /** An enrollment link (`POST /v1/instruments/enrollments`). */
    enrollments: {
      create: (body: Body<'instruments.enrollments.create'>, options?: RequestOptions) =>
        api.call<'instruments.enrollments.create'>('POST', '/v1/instruments/enrollments', { body }, options),
    },
  };
}

export function encryptionKeys(api: Api) {
  return {
    /** The organization's active public key (404 NotFoundError when it has none yet). */
    retrieve: (options?: RequestOptions) => api.call<'encryptionKeys.retrieve'>('GET', '/v1/encryption/keys', {}, options),
    /** Creates the key, or rotates it: once, then once a year. */
    create: (options?: RequestOptions) => api.call<'encryptionKeys.create'>('POST', '/v1/encryption/keys', {}, options),
  };
}

export function links(api: Api) {
  return {
    create: (body: Body<'links.create'>, options?: RequestOptions) => api.call<'links.create'>('POST', '/v1/links', { body }, options),
    retrieve: (id: string, options?: RequestOptions) => api.call<'links.retrieve'>('GET', `/v1/links/${e(id)}`, {}, options),
    list: (query?: Query<'links.list'>, options?: RequestOptions) => api.list<'links.list'>('/v1/links', query, options),
  };
}

export function webhookEndpoints(api: Api) {
  return {
    create: (body: Body<'webhooks.create'>, options?: RequestOptions) => api.call<'webhooks.create'>('POST', '/v1/webhooks', { body }, options),
    retrieve: (id: string, options?: RequestOptions) => api.call<'webhooks.retrieve'>('GET', `/v1/webhooks/${e(id)}`, {}, options),
    list: (query?: Query<'webhooks.list'>, options?: RequestOptions) => api.list<'webhooks.list'>('/v1/webhooks', query, options),
    update: (id: string, body: Body<'webhooks.update'>, options?: RequestOptions) =>
      api.call<'webhooks.update'>('PUT', `/v1/webhooks/${e(id)}`, { body }, options),
    delete: (id: string, options?: RequestOptions) => api.call<'webhooks.delete'>('DELETE', `/v1/webhooks/${e(id)}`, {}, options),
    secret: {
      /** The current `whsec_` secret (permission `secrets:read`). */
      retrieve: (id: string, options?: RequestOptions) => api.call<'webhooks.secret.retrieve'>('GET', `/v1/webhooks/${e(id)}/secret`, {}, options),
      rotate: (id: string, options?: RequestOptions) => api.call<'webhooks.secret.rotate'>('POST', `/v1/webhooks/${e(id)}/secret/rotate`, {}, options),
    },
    /** Sends the endpoint a `webhook.test` event now (202: its delivery is queued, in `deliveries.list`). */
    test: (id: string, options?: RequestOptions) => api.call<'webhooks.test'>('POST', `/v1/webhooks/${e(id)}/test`, {}, options),
    deliveries: {
      list: (id: string, query?: Query<'webhooks.deliveries.list'>, options?: RequestOptions) =>
        api.list<'webhooks.deliveries.list'>(`/v1/webhooks/${e(id)}/deliveries`, query, options),
    },
  };
}

export function events(api: Api) {
  return {
    retrieve: (id: string, options?: RequestOptions) => api.call<'events.retrieve'>('GET', `/v1/events/${e(id)}`, {}, options),
    list: (query?: Query<'events.list'>, options?: RequestOptions) => api.list<'events.list'>('/v1/events', query, options),
    redeliver: (id: string, body: Body<'events.redeliver'> = {}, options?: RequestOptions) =>
      api.call<'events.redeliver'>('POST', `/v1/events/${e(id)}/redeliver`, { body }, options),
  };
}

export function organizations(api: Api) {
  return {
    create: (body: Body<'organizations.create'>, options?: RequestOptions) => api.call<'organizations.create'>('POST', '/v1/organizations', { body }, options),
    retrieve: (id: string, options?: RequestOptions) => api.call<'organizations.retrieve'>('GET', `/v1/organizations/${e(id)}`, {}, options),
    list: (query?: Query<'organizations.list'>, options?: RequestOptions) => api.list<'organizations.list'>('/v1/organizations', query, options),
    update: (id: string, body: Body<'organizations.update'>, options?: RequestOptions) =>
      api.call<'organizations.update'>('PUT', `/v1/organizations/${e(id)}`, { body }, options),
  };
}

export function chargebacks(api: Api) {
  const base = (id: string) => `/v1/chargebacks/${e(id)}`;
  return {
    retrieve: (id: string, options?: RequestOptions) => api.call<'chargebacks.retrieve'>('GET', base(id), {}, options),
    list: (query?: Query<'chargebacks.list'>, options?: RequestOptions) => api.list<'chargebacks.list'>('/v1/chargebacks', query, options),
    accept: (id: string, options?: RequestOptions) => api.call<'chargebacks.accept'>('POST', `${base(id)}/accept`, {}, options),
    review: (id: string, options?: RequestOptions) => api.call<'chargebacks.review'>('POST', `${base(id)}/review`, {}, options),
    dispute: (id: string, body: Body<'chargebacks.dispute'>, options?: RequestOptions) =>
      api.call<'chargebacks.dispute'>('POST', `${base(id)}/dispute`, { body }, options),
    analysis: {
      retrieve: (id: string, options?: RequestOptions) => api.call<'chargebacks.analysis.retrieve'>('GET', `${base(id)}/analysis`, {}, options),
    },
    comments: {
      list: (id: string, query?: Query<'chargebacks.comments.list'>, options?: RequestOptions) =>
        api.list<'chargebacks.comments.list'>(`${base(id)}/comments`, query, options),
      create: (id: string, body: Body<'chargebacks.comments.create'>, options?: RequestOptions) =>
        api.call<'chargebacks.comments.create'>('POST', `${base(id)}/comments`, { body }, options),
    },
    attachments: {
      /** Every attachment (one array, not paged). */
      list: (id: string, options?: RequestOptions) => api.call<'chargebacks.attachments.list'>('GET', `${base(id)}/attachments`, {}, options),
      /** Uploads a file given as base64 JSON (`filename`, `content_type`, `content_base64`). */
      create: (id: string, body: Body<'chargebacks.attachments.create'>, options?: RequestOptions) =>
        api.call<'chargebacks.attachments.create'>('POST', `${base(id)}/attachments`, { body }, options),
      /** Uploads a file as multipart/form-data. */
      upload: (id: string, file: Blob, filename: string, options?: RequestOptions) => {
        const form = new FormData();
        form.append('file', file, filename);
        return api.call<'chargebacks.attachments.create'>('POST', `${base(id)}/attachments`, { body: form }, options);
      },
      /** The file's bytes, with its type. */
      retrieve: (id: string, attachmentId: string, options?: RequestOptions): Promise<Blob> =>
        api.transport.request<Blob>({ method: 'GET', path: `${base(id)}/attachments/${e(attachmentId)}`, as: 'blob' }, options),
      delete: (id: string, attachmentId: string, options?: RequestOptions) =>
        api.call<'chargebacks.attachments.delete'>('DELETE', `${base(id)}/attachments/${e(attachmentId)}`, {}, options),
    },
  };
}

export function users(api: Api) {
  return {
    create: (body: Body<'users.create'>, options?: RequestOptions) => api.call<'users.create'>('POST', '/v1/users', { body }, options),
    retrieve: (id: string, options?: RequestOptions) => api.call<'users.retrieve'>('GET', `/v1/users/${e(id)}`, {}, options),
    list: (query?: Query<'users.list'>, options?: RequestOptions) => api.list<'users.list'>('/v1/users', query, options),
    instruments: {
      /** Saves an instrument for the user. */
      create: (id: string, body: Body<'users.instruments.create'>, options?: RequestOptions) =>
        api.call<'users.instruments.create'>('POST', `/v1/users/${e(id)}/instruments`, { body }, options),
      delete: (id: string, instrumentId: string, options?: RequestOptions) =>
        api.call<'users.instruments.delete'>('DELETE', `/v1/users/${e(id)}/instruments/${e(instrumentId)}`, {}, options),
    },
  };
}

export function cashouts(api: Api) {
  return {
    create: (body: Body<'cashouts.create'>, options?: RequestOptions) => api.call<'cashouts.create'>('POST', '/v1/cashouts', { body }, options),
    retrieve: (id: string, options?: RequestOptions) => api.call<'cashouts.retrieve'>('GET', `/v1/cashouts/${e(id)}`, {}, options),
    list: (query?: Query<'cashouts.list'>, options?: RequestOptions) => api.list<'cashouts.list'>('/v1/cashouts', query, options),
  };
}

export function breB(api: Api) {
  return {
    keys: {
      /** Registers a key (`pending_verification` until the network verifies it; at most four per organization). */
      create: (body: Body<'breB.keys.create'>, options?: RequestOptions) => api.call<'breB.keys.create'>('POST', '/v1/bre-b/keys', { body }, options),
      /** Every key of the organization, oldest first (one array, not paged). */
      list: (options?: RequestOptions) => api.call<'breB.keys.list'>('GET', '/v1/bre-b/keys', {}, options),
      retrieve: (id: string, options?: RequestOptions) => api.call<'breB.keys.retrieve'>('GET', `/v1/bre-b/keys/${e(id)}`, {}, options),
      delete: (id: string, options?: RequestOptions) => api.call<'breB.keys.delete'>('DELETE', `/v1/bre-b/keys/${e(id)}`, {}, options),
      /** Who holds a key (masked name, institution), before paying out to it. */
      lookup: (query: Query<'breB.keys.lookup.retrieve'>, options?: RequestOptions) =>
        api.call<'breB.keys.lookup.retrieve'>('GET', '/v1/bre-b/keys/lookup', { query }, options),
      /** An active key's static QR (for amounts the payer types). */
      qr: { retrieve: (id: string, options?: RequestOptions) => api.call<'breB.keys.qr.retrieve'>('GET', `/v1/bre-b/keys/${e(id)}/qr`, {}, options) },
    },
  };
}
