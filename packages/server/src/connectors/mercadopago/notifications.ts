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
 * Payment updates carry nothing the gateway does not already know from its
 * own calls: they answer 400 naming the topic (docs/connectors.md
 * "Mercado Pago" says which topic to subscribe).
 */
import { WebhookSignatureValidator } from 'mercadopago';
import type { ChargebackResponse } from 'mercadopago/dist/clients/chargeback/commonTypes.js';
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
  if (topic !== 'chargebacks' && topic !== 'topic_chargebacks_wh')
    return [{ field: 'type', message: `${topic || '(none)'} is not handled: subscribe the webhook to the chargebacks topic (Chargebacks) only` }];
  if (!api) return [{ field: 'id', message: 'no Mercado Pago account to read the chargeback with' }];
  const id = String(webhook.data.id);
  let chargeback: MercadoPagoChargeback;
  try {
    chargeback = await api.call<MercadoPagoChargeback>('GET', `/v1/chargebacks/${encodeURIComponent(id)}`);
  } catch (error) {
    if (error instanceof MercadoPagoAnswerError && error.error.status === 404) return [{ field: 'data.id', message: `Mercado Pago has no chargeback ${id}` }];
    // Not read now (Mercado Pago unreachable, slow or failing): 503, and Mercado Pago delivers the notification again.
    if (error instanceof ConnectorUnreachable || error instanceof ConnectorOutcomeUnknown || error instanceof MercadoPagoAnswerError)
      throw new ApiError('service_unavailable', 'Mercado Pago could not be asked for the chargeback now; deliver the notification again.');
    throw error;
  }
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
