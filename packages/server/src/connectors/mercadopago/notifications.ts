/**
 * Mercado Pago's webhooks. Each names a resource by id only (`data.id`, in
 * the query string and the body), signed in the `x-signature` header
 * (`ts=<seconds>,v1=<hex>`): HMAC-SHA256, with the application's secret
 * signature, of the manifest `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`,
 * checked by the package's own `WebhookSignatureValidator` within five
 * minutes of our clock. The body's `data.id` must be the signed one.
 *
 * A verified notification of the `chargebacks` topic is read by asking
 * Mercado Pago for the chargeback (`GET /v1/chargebacks/{id}`, with the
 * account's access token): one still open becomes `dispute.opened` on the
 * payment it names (its network reference), one with `coverage_applied`
 * decided becomes `dispute.decided` (covered: `won`, the funds stay with the
 * merchant; not covered: `lost`). The notification's id is the chargeback's
 * and the change (`chargeback:<id>:opened` / `:decided`), so every delivery of
 * the same change, whatever Mercado Pago's delivery id, is one.
 *
 * A notification of the `payment` topic is read by asking for the payment
 * (`GET /v1/payments/{id}`): a PSE or cash payment (`payment_type_id`
 * `bank_transfer`, `ticket`, `atm`) that ended becomes `rail.settled`
 * (`approved`, `rejected`, `cancelled`); a card payment captured in Mercado
 * Pago's panel becomes `payment.captured`, one cancelled or rejected
 * `payment.cancelled`; any other status (`pending`, `authorized`, `refunded`,
 * ...) is `payment.reported`, stored and changing nothing. Its id is the
 * payment's and its status (`payment:<id>:<status>`): each change once.
 */
import { WebhookSignatureValidator } from 'mercadopago';
import type { ChargebackResponse } from 'mercadopago/dist/clients/chargeback/commonTypes.js';
import type { PaymentResponse } from 'mercadopago/dist/clients/payment/commonTypes.js';
import type { SandboxClock } from '../../clock/clock.js';
import { ApiError, type ErrorDetail } from '../../errors/api-error.js';
import { CURRENCIES } from '../../lib/money.js';
import { ConnectorOutcomeUnknown, ConnectorUnreachable } from '../http.js';
import type { NotificationRequest, ReadNotification } from '../notifications.js';
import { MercadoPagoAnswerError, type MercadoPagoApi } from './api.js';

/** Seconds a notification's signature stays acceptable. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The chargeback as `GET /v1/chargebacks/{id}` answers it: the package's type and the fields of the decision it leaves out. */
export type MercadoPagoChargeback = ChargebackResponse & {
  payments?: number[];
  coverage_applied?: boolean | null;
  documentation_status?: string;
  date_documentation_deadline?: string | null;
};

/** The webhook body Mercado Pago sends (its `data.id` names the resource). */
interface WebhookBody {
  id?: number | string;
  type?: string;
  action?: string;
  live_mode?: boolean;
  data?: { id?: string | number; payment_id?: number };
}

const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

function parse(body: Buffer): WebhookBody | undefined {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** True when the signature is Mercado Pago's for this secret, recent, and over the body's own `data.id`; the problems otherwise. */
export function verifyMercadoPagoNotification(secret: string, request: NotificationRequest, clock: Pick<SandboxClock, 'realNow'>): true | ErrorDetail[] {
  const signature = first(request.headers['x-signature']);
  if (!signature) return [{ field: 'headers.x-signature', message: 'is required' }];
  const requestId = first(request.headers['x-request-id']);
  const bodyId = parse(request.body)?.data?.id;
  const queryId = first(request.query?.['data.id']);
  // Mercado Pago signs the query's `data.id`, lowercased when alphanumeric; the body acted on must name the same resource.
  const dataId = (queryId ?? (bodyId === undefined ? undefined : String(bodyId)))?.toLowerCase();
  if (queryId !== undefined && bodyId !== undefined && queryId.toLowerCase() !== String(bodyId).toLowerCase())
    return [{ field: 'data.id', message: "the body's data.id is not the signed one" }];
  try {
    WebhookSignatureValidator.validate({
      xSignature: signature,
      xRequestId: requestId,
      dataId,
      secret,
      toleranceSeconds: SIGNATURE_TOLERANCE_SECONDS,
      now: () => clock.realNow(),
    });
  } catch {
    return [{ field: 'headers.x-signature', message: "does not verify with the account's webhook secret within five minutes" }];
  }
  return true;
}

function toMinor(amount: number, currency: string): number {
  return Math.round(amount * 10 ** (CURRENCIES[currency] ?? 2));
}

/** Reads a verified notification: asks Mercado Pago for the chargeback it names. */
export async function readMercadoPagoNotification(body: Buffer, api: MercadoPagoApi | undefined): Promise<ReadNotification | ErrorDetail[]> {
  const webhook = parse(body);
  if (!webhook || !webhook.data || webhook.data.id === undefined) return [{ field: 'data.id', message: 'is required: not a Mercado Pago notification' }];
  const topic = webhook.type ?? '';
  const isPayment = topic === 'payment';
  if (topic !== 'chargebacks' && topic !== 'topic_chargebacks_wh' && !isPayment)
    return [{ field: 'type', message: `${topic || '(none)'} is not handled: subscribe the webhook to the Payments and Chargebacks topics only` }];
  const what = isPayment ? 'payment' : 'chargeback';
  if (!api) return [{ field: 'id', message: `no Mercado Pago account to read the ${what} with` }];
  const id = String(webhook.data.id);
  let resource: MercadoPagoChargeback | PaymentResponse;
  try {
    resource = await api.call<MercadoPagoChargeback | PaymentResponse>('GET', `/v1/${isPayment ? 'payments' : 'chargebacks'}/${encodeURIComponent(id)}`);
  } catch (error) {
    if (error instanceof MercadoPagoAnswerError && error.error.status === 404) return [{ field: 'data.id', message: `Mercado Pago has no ${what} ${id}` }];
    // Not read now (Mercado Pago unreachable, slow or failing): 503, and Mercado Pago delivers the notification again.
    if (error instanceof ConnectorUnreachable || error instanceof ConnectorOutcomeUnknown || error instanceof MercadoPagoAnswerError)
      throw new ApiError('service_unavailable', `Mercado Pago could not be asked for the ${what} now; deliver the notification again.`);
    throw error;
  }
  if (isPayment) return paymentNotification(id, resource as PaymentResponse);
  const chargeback = resource as MercadoPagoChargeback;
  const paymentId = chargeback.payment_id ?? chargeback.payments?.[0];
  if (paymentId === undefined) return [{ field: 'data.id', message: `chargeback ${id} names no payment` }];
  const payment = { network_reference: String(paymentId) };
  if (typeof chargeback.coverage_applied === 'boolean')
    return {
      id: `chargeback:${id}:decided`,
      notification: {
        kind: 'dispute.decided',
        payment,
        outcome: chargeback.coverage_applied ? 'won' : 'lost',
        reason: chargeback.coverage_applied ? 'Mercado Pago covered the chargeback' : 'Mercado Pago did not cover the chargeback',
      },
    };
  const currency = chargeback.currency_id ?? 'COP';
  const due = chargeback.date_documentation_deadline ? Date.parse(chargeback.date_documentation_deadline) : Number.NaN;
  const deadline = Number.isNaN(due) ? undefined : new Date(due).toISOString();
  return {
    id: `chargeback:${id}:opened`,
    notification: {
      kind: 'dispute.opened',
      payment,
      amount: toMinor(chargeback.amount ?? 0, currency),
      currency,
      reason_code: (chargeback.reason_id ?? 'general').slice(0, 8),
      reason: `Mercado Pago chargeback: ${chargeback.reason ?? 'no reason given'}`.slice(0, 500),
      ...(deadline === undefined ? {} : { respond_by: deadline }),
    },
  };
}

/** Mercado Pago's payment types of our rails: PSE (`bank_transfer`) and cash networks (`ticket`, `atm`). */
const RAIL_PAYMENT_TYPES = new Set(['bank_transfer', 'ticket', 'atm']);

/** A payment Mercado Pago reports, as one notification: what changed, or `payment.reported` when nothing does. */
function paymentNotification(id: string, payment: PaymentResponse): ReadNotification {
  const status = payment.status ?? 'unknown';
  const reference = { network_reference: String(payment.id ?? id) };
  const notificationId = `payment:${id}:${status}`.slice(0, 200);
  const reported = (): ReadNotification => ({
    id: notificationId,
    notification: { kind: 'payment.reported', payment: reference, status: status.slice(0, 40) },
  });
  if (RAIL_PAYMENT_TYPES.has(payment.payment_type_id ?? '')) {
    if (status === 'approved' || status === 'rejected' || status === 'cancelled')
      return { id: notificationId, notification: { kind: 'rail.settled', payment: reference, outcome: status } };
    return reported();
  }
  if (status === 'approved' && payment.captured === true) {
    const currency = payment.currency_id ?? 'COP';
    return {
      id: notificationId,
      notification: { kind: 'payment.captured', payment: reference, amount: toMinor(payment.transaction_amount ?? 0, currency), currency },
    };
  }
  if (status === 'cancelled' || status === 'rejected') return { id: notificationId, notification: { kind: 'payment.cancelled', payment: reference } };
  return reported();
}
