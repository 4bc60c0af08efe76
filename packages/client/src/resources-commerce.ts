/**
 * The API's resources for merchants and their stores: merchants, points of
 * sale, terminals, fee and fraud rules, 3-D Secure, card-present payments,
 * payment instructions, and the reference data and sandbox controls
 * (resources.ts has the conventions).
 */
import type { RequestOptions } from './transport.js';
import { actions, type Api, type Body, e, type Query } from './resource-kit.js';

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
