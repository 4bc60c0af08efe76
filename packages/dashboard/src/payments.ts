import EVENT_TYPE_LIST from '@pasarela/client/event-types.json';
import type { CardPayment, Payment, WebhookEndpoint } from './api';

export const isCard = (p: Payment): p is CardPayment => 'id' in p && 'instrument' in p;
/** Every item of GET /v1/payments, card or alternative, has its `id` and `status` (one list, one table on the server). */
export const paymentId = (p: Payment): string => p.id;
export const paymentStatus = (p: Payment): string => p.status;
export const paymentAmount = (p: Payment): string | number => (isCard(p) ? p.amount : p.transaction.amount);
export const paymentMethod = (p: Payment): string => (isCard(p) ? `${p.instrument.card_brand} •••• ${p.instrument.last_four_digits}` : p.rail.id);

/** A card payment partly refunded: APPROVED with some of its captured amount back (fully refunded is REFUNDED). */
export const partlyRefunded = (p: Payment): boolean =>
  isCard(p) && p.status === 'APPROVED' && Number(p.amount_refunded) > 0 && Number(p.amount_refunded) < Number(p.amount_captured);

/** Every event type the gateway emits, for webhook subscriptions and the events filter (`@pasarela/client/event-types.json`, generated from the gateway). */
export const EVENT_TYPES = EVENT_TYPE_LIST as ReadonlyArray<Exclude<WebhookEndpoint['events'][number], '*'>>;
