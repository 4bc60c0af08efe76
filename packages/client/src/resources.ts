/**
 * The API's resources. Each method is named after its operation's
 * `operationId` in /openapi.json (`payments.capture` is
 * `pasarela.payments.capture(id)`), and takes and returns that operation's
 * generated types. Ids come first, then the body or query, then RequestOptions.
 */
import { PageList, type Cursor, type Page } from './pagination.js';
import type { Call, Method, RequestOptions, Transport } from './transport.js';
import type { ListItem, OperationId, QueryParams, RequestBody, ResponseBody } from './types.js';

const e = encodeURIComponent;

type Body<K extends OperationId> = RequestBody<K>;
type Reply<K extends OperationId> = Promise<ResponseBody<K>>;
type Query<K extends OperationId> = QueryParams<K>;
/**
 * The operations whose list items carry `id` in the generated types (the
 * cursor of the next page). Only these can be walked: a list whose items lack
 * `id` does not compile as a `list`, instead of looping at run time.
 */
type ListOperationId = { [K in OperationId]: ListItem<K> extends { id: string } ? K : never }[OperationId];
type ListOf<K extends ListOperationId> = PageList<ListItem<K> & { id: string }>;

/** What every resource uses to call the gateway. */
export class Api {
  constructor(readonly transport: Transport) {}

  call<K extends OperationId>(method: Method, path: string, parts: Omit<Call, 'method' | 'path'> = {}, options?: RequestOptions): Reply<K> {
    return this.transport.request<ResponseBody<K>>({ method, path, ...parts }, options);
  }

  list<K extends ListOperationId>(path: string, query: object | undefined, options?: RequestOptions): ListOf<K> {
    const { starting_after, ending_before, ...rest } = (query ?? {}) as Cursor & Record<string, unknown>;
    type Item = ListItem<K> & { id: string };
    const fetchPage = (cursor: Cursor) => this.transport.request<Page<Item>>({ method: 'GET', path, query: { ...rest, ...cursor } }, options);
    return new PageList<Item>(fetchPage, {
      ...(starting_after === undefined ? {} : { starting_after }),
      ...(ending_before === undefined ? {} : { ending_before }),
    });
  }
}

/** The core actions of a card payment, by payment id (`/v1/payments/{id}/...`) or by transaction id. */
function actions<P extends 'payments' | 'transactions' | 'cardPresent.payments'>(api: Api, base: string, _prefix: P) {
  type Op<A extends string> = `${P}.${A}` & OperationId;
  return {
    authorize: (id: string, options?: RequestOptions) => api.call<Op<'authorize'>>('POST', `${base}/${e(id)}/authorize`, {}, options),
    capture: (id: string, body?: Body<Op<'capture'>>, options?: RequestOptions) =>
      api.call<Op<'capture'>>('POST', `${base}/${e(id)}/capture`, { body: body ?? {} }, options),
    cancel: (id: string, options?: RequestOptions) => api.call<Op<'cancel'>>('POST', `${base}/${e(id)}/cancel`, {}, options),
    reverse: (id: string, options?: RequestOptions) => api.call<Op<'reverse'>>('POST', `${base}/${e(id)}/reverse`, {}, options),
    adjust: (id: string, body: Body<Op<'adjust'>>, options?: RequestOptions) => api.call<Op<'adjust'>>('POST', `${base}/${e(id)}/adjust`, { body }, options),
    refund: (id: string, body?: Body<Op<'refund'>>, options?: RequestOptions) =>
      api.call<Op<'refund'>>('POST', `${base}/${e(id)}/refund`, { body: body ?? {} }, options),
    cancelOrRefund: (id: string, options?: RequestOptions) => api.call<Op<'cancelOrRefund'>>('POST', `${base}/${e(id)}/cancel-or-refund`, {}, options),
  };
}

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

export function merchants(api: Api) {
  return {
    create: (body: Body<'merchants.create'>, options?: RequestOptions) => api.call<'merchants.create'>('POST', '/v1/merchants', { body }, options),
    retrieve: (id: string, options?: RequestOptions) => api.call<'merchants.retrieve'>('GET', `/v1/merchants/${e(id)}`, {}, options),
    list: (query?: Query<'merchants.list'>, options?: RequestOptions) => api.list<'merchants.list'>('/v1/merchants', query, options),
    update: (id: string, body: Body<'merchants.update'>, options?: RequestOptions) =>
      api.call<'merchants.update'>('PUT', `/v1/merchants/${e(id)}`, { body }, options),
    delete: (id: string, options?: RequestOptions) => api.call<'merchants.delete'>('DELETE', `/v1/merchants/${e(id)}`, {}, options),
    subMerchants: {
      list: (id: string, query?: Query<'merchants.subMerchants.list'>, options?: RequestOptions) =>
        api.list<'merchants.subMerchants.list'>(`/v1/merchants/${e(id)}/sub-merchants`, query, options),
    },
  };
}

export function pointsOfSale(api: Api) {
  return {
    create: (body: Body<'pointsOfSale.create'>, options?: RequestOptions) => api.call<'pointsOfSale.create'>('POST', '/v1/points-of-sale', { body }, options),
    retrieve: (id: string, options?: RequestOptions) => api.call<'pointsOfSale.retrieve'>('GET', `/v1/points-of-sale/${e(id)}`, {}, options),
    update: (id: string, body: Body<'pointsOfSale.update'>, options?: RequestOptions) =>
      api.call<'pointsOfSale.update'>('PUT', `/v1/points-of-sale/${e(id)}`, { body }, options),
    delete: (id: string, options?: RequestOptions) => api.call<'pointsOfSale.delete'>('DELETE', `/v1/points-of-sale/${e(id)}`, {}, options),
    terminals: {
      list: (id: string, query?: Query<'pointsOfSale.terminals.list'>, options?: RequestOptions) =>
        api.list<'pointsOfSale.terminals.list'>(`/v1/points-of-sale/${e(id)}/terminals`, query, options),
      /** Attaches and detaches terminals. */
      update: (id: string, body: Body<'pointsOfSale.terminals.update'>, options?: RequestOptions) =>
        api.call<'pointsOfSale.terminals.update'>('PATCH', `/v1/points-of-sale/${e(id)}/terminals`, { body }, options),
    },
  };
}

export function terminals(api: Api) {
  return {
    create: (body: Body<'terminals.create'>, options?: RequestOptions) => api.call<'terminals.create'>('POST', '/v1/terminals', { body }, options),
    retrieve: (id: string, options?: RequestOptions) => api.call<'terminals.retrieve'>('GET', `/v1/terminals/${e(id)}`, {}, options),
    list: (query?: Query<'terminals.list'>, options?: RequestOptions) => api.list<'terminals.list'>('/v1/terminals', query, options),
    update: (id: string, body: Body<'terminals.update'>, options?: RequestOptions) =>
      api.call<'terminals.update'>('PUT', `/v1/terminals/${e(id)}`, { body }, options),
    delete: (id: string, options?: RequestOptions) => api.call<'terminals.delete'>('DELETE', `/v1/terminals/${e(id)}`, {}, options),
    users: {
      list: (id: string, query?: Query<'terminals.users.list'>, options?: RequestOptions) =>
        api.list<'terminals.users.list'>(`/v1/terminals/${e(id)}/users`, query, options),
      create: (id: string, body: Body<'terminals.users.create'>, options?: RequestOptions) =>
        api.call<'terminals.users.create'>('POST', `/v1/terminals/${e(id)}/users`, { body }, options),
      delete: (id: string, userId: string, options?: RequestOptions) =>
        api.call<'terminals.users.delete'>('DELETE', `/v1/terminals/${e(id)}/users/${e(userId)}`, {}, options),
    },
  };
}

export function feeRules(api: Api) {
  return {
    create: (body: Body<'feeRules.create'>, options?: RequestOptions) => api.call<'feeRules.create'>('POST', '/v1/fee-rules', { body }, options),
    retrieve: (id: string, options?: RequestOptions) => api.call<'feeRules.retrieve'>('GET', `/v1/fee-rules/${e(id)}`, {}, options),
    list: (query?: Query<'feeRules.list'>, options?: RequestOptions) => api.list<'feeRules.list'>('/v1/fee-rules', query, options),
    update: (id: string, body: Body<'feeRules.update'>, options?: RequestOptions) =>
      api.call<'feeRules.update'>('PUT', `/v1/fee-rules/${e(id)}`, { body }, options),
    delete: (id: string, options?: RequestOptions) => api.call<'feeRules.delete'>('DELETE', `/v1/fee-rules/${e(id)}`, {}, options),
  };
}

export function fraud(api: Api) {
  return {
    rules: {
      retrieve: (options?: RequestOptions) => api.call<'fraud.rules.retrieve'>('GET', '/v1/fraud/rules', {}, options),
      update: (body: Body<'fraud.rules.update'>, options?: RequestOptions) => api.call<'fraud.rules.update'>('PUT', '/v1/fraud/rules', { body }, options),
    },
  };
}

export function threeDs(api: Api) {
  return {
    /** The 3-D Secure version of a BIN or of an instrument's card. */
    version: (body: Body<'threeDs.version'>, options?: RequestOptions) => api.call<'threeDs.version'>('POST', '/v1/3ds/version', { body }, options),
  };
}

export function cardPresent(api: Api) {
  return {
    payments: {
      create: (body: Body<'cardPresent.payments.create'>, options?: RequestOptions) =>
        api.call<'cardPresent.payments.create'>('POST', '/v1/card-present/payments', { body }, options),
      retrieve: (id: string, options?: RequestOptions) => api.call<'cardPresent.payments.retrieve'>('GET', `/v1/card-present/payments/${e(id)}`, {}, options),
      list: (query?: Query<'cardPresent.payments.list'>, options?: RequestOptions) =>
        api.list<'cardPresent.payments.list'>('/v1/card-present/payments', query, options),
      ...actions(api, '/v1/card-present/payments', 'cardPresent.payments'),
    },
  };
}

export function paymentInstructions(api: Api) {
  return {
    create: (body: Body<'paymentInstructions.create'>, options?: RequestOptions) =>
      api.call<'paymentInstructions.create'>('POST', '/v1/payment-instructions', { body }, options),
    retrieve: (id: string, options?: RequestOptions) => api.call<'paymentInstructions.retrieve'>('GET', `/v1/payment-instructions/${e(id)}`, {}, options),
    list: (query?: Query<'paymentInstructions.list'>, options?: RequestOptions) =>
      api.list<'paymentInstructions.list'>('/v1/payment-instructions', query, options),
  };
}

export function reference(api: Api) {
  return {
    bins: {
      /** What the BIN table knows of a card's first 6 or 8 digits. */
      retrieve: (bin: string, options?: RequestOptions) => api.call<'bins.retrieve'>('GET', `/v1/bins/${e(bin)}`, {}, options),
    },
    banks: {
      /** The banks of a rail (one array, not paged). */
      list: (query?: Query<'banks.list'>, options?: RequestOptions) => api.call<'banks.list'>('GET', '/api/banks', { query }, options),
    },
    sandbox: {
      payments: {
        /** Sandbox only: decides a pending alternative payment. */
        simulate: (paymentId: string, body: Body<'sandbox.payments.simulate'>, options?: RequestOptions) =>
          api.call<'sandbox.payments.simulate'>('POST', `/v1/sandbox/payments/${e(paymentId)}/simulate`, { body }, options),
      },
      cash: {
        /** Sandbox only: the store reports a CASH reference paid (409 `cash_reference_paid` when it already was). */
        pay: (body: Body<'sandbox.cash.pay'>, options?: RequestOptions) => api.call<'sandbox.cash.pay'>('POST', '/v1/sandbox/cash/payments', { body }, options),
      },
      breB: {
        keys: {
          /** Sandbox only: plays the network's verification of a Bre-B key (it becomes `active`). */
          verify: (id: string, options?: RequestOptions) => api.call<'sandbox.breB.keys.verify'>('POST', `/v1/sandbox/bre-b/keys/${e(id)}/verify`, {}, options),
        },
      },
      sms: {
        /** Sandbox only: the OTP "SMS" sent to a phone number. */
        list: (query?: Query<'sandbox.sms.list'>, options?: RequestOptions) => api.call<'sandbox.sms.list'>('GET', '/v1/sandbox/sms', { query }, options),
      },
      clock: {
        /** Sandbox only: the organization's test clock (its offset and time). */
        retrieve: (options?: RequestOptions) => api.call<'sandbox.clock.retrieve'>('GET', '/v1/sandbox/clock', {}, options),
        /**
         * Sandbox only: moves the organization's time forward by `seconds` and
         * runs what fell due (automatic capture, expiries, webhook retries...)
         * before answering, with the list of what ran.
         */
        advance: (body: Body<'sandbox.clock.advance'>, options?: RequestOptions) =>
          api.call<'sandbox.clock.advance'>('POST', '/v1/sandbox/clock/advance', { body }, options),
      },
    },
  };
}
