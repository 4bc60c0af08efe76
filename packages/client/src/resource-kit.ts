/** What every resource module (resources.ts, resources-commerce.ts) uses to call the gateway: the Api and the operation types. */
import { PageList, type Cursor, type Page } from './pagination.js';
import type { Call, Method, RequestOptions, Transport } from './transport.js';
import type { ListItem, OperationId, QueryParams, RequestBody, ResponseBody } from './types.js';

export const e = encodeURIComponent;

export type Body<K extends OperationId> = RequestBody<K>;
export type Reply<K extends OperationId> = Promise<ResponseBody<K>>;
export type Query<K extends OperationId> = QueryParams<K>;
/**
 * The operations whose list items carry `id` in the generated types (the
 * cursor of the next page). Only these can be walked: a list whose items lack
 * `id` does not compile as a `list`, instead of looping at run time.
 */
export type ListOperationId = { [K in OperationId]: ListItem<K> extends { id: string } ? K : never }[OperationId];
export type ListOf<K extends ListOperationId> = PageList<ListItem<K> & { id: string }>;

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
export function actions<P extends 'payments' | 'transactions' | 'cardPresent.payments'>(api: Api, base: string, _prefix: P) {
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
