/**
 * Request and response types of every operation, by operationId, from the
 * generated `generated/api.ts` (openapi-typescript over the gateway's document).
 */
import type { components, operations } from './generated/api.js';

export type { components, operations, paths } from './generated/api.js';

export type OperationId = keyof operations;

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body an operation takes. */
export type RequestBody<K extends OperationId> = operations[K] extends { requestBody?: infer R } ? Json<NonNullable<R>> : never;

/** The JSON body of an operation's success answer. */
export type ResponseBody<K extends OperationId> = operations[K]['responses'] extends infer R
  ? R extends { 200: infer A }
    ? Json<A>
    : R extends { 201: infer A }
      ? Json<A>
      : R extends { 202: infer A }
        ? Json<A>
        : unknown
  : never;

/** The query parameters an operation takes. */
export type QueryParams<K extends OperationId> = NonNullable<operations[K]['parameters']['query']>;

/** One item of a list operation's `data`. */
export type ListItem<K extends OperationId> = ResponseBody<K> extends { data: Array<infer I> } ? I : never;

type Schemas = components['schemas'];
export type Organization = Schemas['Organization'];
export type Instrument = Schemas['Instrument'];
export type BinData = Schemas['BinData'];
export type CardPayment = Schemas['CardPayment'];
/** What a card payment waiting for its 3-D Secure challenge asks the merchant's page to do (`PENDING`, `three_ds.outcome` `challenge_pending`). */
export type NextAction = NonNullable<CardPayment['next_action']>;
/** A card payment's 3-D Secure result. */
export type ThreeDsResult = NonNullable<CardPayment['three_ds']>;
export type ApmPayment = Schemas['ApmPayment'];
export type Payment = CardPayment | ApmPayment;
export type Transaction = Schemas['Transaction'];
export type Refund = Schemas['Refund'];
export type Cashout = Schemas['Cashout'];
export type User = Schemas['User'];
export type Merchant = Schemas['Merchant'];
export type Terminal = Schemas['Terminal'];
export type TerminalUser = Schemas['TerminalUser'];
export type Link = Schemas['Link'];
export type Chargeback = Schemas['Chargeback'];
export type ChargebackAttachment = Schemas['ChargebackAttachment'];
export type ChargebackComment = Schemas['ChargebackComment'];
export type FeeRule = Schemas['FeeRule'];
export type CardPresentPayment = Schemas['CardPresentPayment'];
export type PaymentInstruction = Schemas['PaymentInstruction'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
/** An event, as `GET /v1/events/{id}` shows it and a webhook delivery's body carries it. */
export type Event = Schemas['Event'];
export type EncryptionKey = ResponseBody<'encryptionKeys.retrieve'>;
export type AccessToken = ResponseBody<'oauth.token'>;
