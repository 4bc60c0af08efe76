/**
 * The money side of the API: the balance and its ledger entries, settlement
 * batches, payouts and reconciliation reports (docs/ledger.md), and how
 * payments reach a processor: connector accounts, the connectors available
 * and the routing rules (docs/connectors.md). Named after each operation's
 * `operationId`, as in resources.ts.
 */
import type { RequestOptions } from './transport.js';
import { type Api, type Body, e, type Query } from './resource-kit.js';

export function balance(api: Api) {
  return {
    /** Available, pending and reserved amounts, one entry per currency. */
    retrieve: (options?: RequestOptions) => api.call<'balance.retrieve'>('GET', '/v1/balance', {}, options),
    transactions: {
      /** The ledger's entries (charges, fees, refunds, payouts...), newest first. */
      list: (query?: Query<'balance.transactions.list'>, options?: RequestOptions) =>
        api.list<'balance.transactions.list'>('/v1/balance/transactions', query, options),
      retrieve: (id: string, options?: RequestOptions) => api.call<'balance.transactions.retrieve'>('GET', `/v1/balance/transactions/${e(id)}`, {}, options),
    },
    settings: {
      /** Settlement delays, the payout schedule and the bank account (shown by its last four). */
      retrieve: (options?: RequestOptions) => api.call<'balance.settings.retrieve'>('GET', '/v1/balance/settings', {}, options),
      /** Changes only the fields given. */
      update: (body: Body<'balance.settings.update'>, options?: RequestOptions) =>
        api.call<'balance.settings.update'>('PATCH', '/v1/balance/settings', { body }, options),
    },
  };
}

export function settlements(api: Api) {
  return {
    list: (query?: Query<'settlements.list'>, options?: RequestOptions) => api.list<'settlements.list'>('/v1/settlements', query, options),
    retrieve: (id: string, options?: RequestOptions) => api.call<'settlements.retrieve'>('GET', `/v1/settlements/${e(id)}`, {}, options),
    entries: {
      /**
       * One page of the balance transactions a settlement batch moved to
       * available. Its entries carry no `id` of their own, so it is not
       * walked: the next page is `starting_after` the last `balance_transaction_id`.
       */
      list: (id: string, query?: Query<'settlements.entries.list'>, options?: RequestOptions) =>
        api.call<'settlements.entries.list'>('GET', `/v1/settlements/${e(id)}/entries`, { query }, options),
    },
  };
}

export function payouts(api: Api) {
  return {
    /** Pays out the whole available balance of `currency` to the bank account of the balance settings. */
    create: (body: Body<'payouts.create'>, options?: RequestOptions) => api.call<'payouts.create'>('POST', '/v1/payouts', { body }, options),
    list: (query?: Query<'payouts.list'>, options?: RequestOptions) => api.list<'payouts.list'>('/v1/payouts', query, options),
    retrieve: (id: string, options?: RequestOptions) => api.call<'payouts.retrieve'>('GET', `/v1/payouts/${e(id)}`, {}, options),
  };
}

export function reports(api: Api) {
  return {
    /** A payout's reconciliation, or a currency's entries over a period; small ones are made before the answer. */
    create: (body: Body<'reports.create'>, options?: RequestOptions) => api.call<'reports.create'>('POST', '/v1/reports', { body }, options),
    list: (query?: Query<'reports.list'>, options?: RequestOptions) => api.list<'reports.list'>('/v1/reports', query, options),
    /** The report with its status and progress (`rows_done` of `rows_total`). */
    retrieve: (id: string, options?: RequestOptions) => api.call<'reports.retrieve'>('GET', `/v1/reports/${e(id)}`, {}, options),
    /**
     * The report's rows as a `File` (a Blob with the name the gateway gives,
     * `<id>.csv` or `<id>.json`); 409 ConflictError until it has `succeeded`.
     */
    download: (id: string, options?: RequestOptions): Promise<File> =>
      api.transport.request<File>({ method: 'GET', path: `/v1/reports/${e(id)}/download`, as: 'file' }, options),
  };
}

export function connectorAccounts(api: Api) {
  return {
    /** Credentials are checked on write (422 naming each problem) and never returned. */
    create: (body: Body<'connectorAccounts.create'>, options?: RequestOptions) =>
      api.call<'connectorAccounts.create'>('POST', '/v1/connector-accounts', { body }, options),
    list: (query?: Query<'connectorAccounts.list'>, options?: RequestOptions) => api.list<'connectorAccounts.list'>('/v1/connector-accounts', query, options),
    retrieve: (id: string, options?: RequestOptions) => api.call<'connectorAccounts.retrieve'>('GET', `/v1/connector-accounts/${e(id)}`, {}, options),
    update: (id: string, body: Body<'connectorAccounts.update'>, options?: RequestOptions) =>
      api.call<'connectorAccounts.update'>('PATCH', `/v1/connector-accounts/${e(id)}`, { body }, options),
    delete: (id: string, options?: RequestOptions) => api.call<'connectorAccounts.delete'>('DELETE', `/v1/connector-accounts/${e(id)}`, {}, options),
  };
}

export function connectors(api: Api) {
  return {
    /** Every connector an account can be made for, with its credential fields and the methods it serves (one array, not paged). */
    list: (options?: RequestOptions) => api.call<'connectors.list'>('GET', '/v1/connectors', {}, options),
  };
}

export function routing(api: Api) {
  return {
    /** The organization's routing rules, in order. */
    retrieve: (options?: RequestOptions) => api.call<'routing.retrieve'>('GET', '/v1/routing', {}, options),
    /** Replaces every rule. */
    update: (body: Body<'routing.update'>, options?: RequestOptions) => api.call<'routing.update'>('PUT', '/v1/routing', { body }, options),
  };
}
