/**
 * The rail port (rails/connector.ts `RemoteRailConnector`) on Mercado Pago's
 * Checkout API: one payment (`POST /v1/payments`) per rail payment, our
 * payment id as `external_reference`, with the `X-Idempotency-Key`
 * `pasarela:start:<payment id>` (a retry gets the first payment again).
 *
 * - BANK_REDIRECT is PSE (`payment_method_id: "pse"`): the bank's PSE code
 *   as `transaction_details.financial_institution`, the payer (`entity_type`
 *   `individual` or `association`, identification, names, email), our
 *   `return_url` as `callback_url` and the intent's address as
 *   `additional_info.ip_address`. Its `transaction_details.external_resource_url`
 *   is the bank's page the customer goes to.
 * - CASH is Efecty (`payment_method_id: "efecty"`) with the intent's deadline
 *   as `date_of_expiration`: its reference (`payment_method_reference_id`),
 *   its barcode's digits (`transaction_details.barcode.content`) and its printable voucher
 *   (`external_resource_url`) become ours.
 *
 * Mercado Pago answers `pending` while it waits for the customer; its
 * notification (notifications.ts) tells how it ended. A refusal (4xx, its
 * `rejected`) is a rejected start: the payment is DECLINED.
 */
import type { PaymentResponse } from 'mercadopago/dist/clients/payment/commonTypes.js';
import type { PaymentCreateRequest } from 'mercadopago/dist/clients/payment/create/types.js';
import { minorToNumber } from '../../lib/money.js';
import { ConnectorOutcomeUnknown } from '../http.js';
import type { RemoteRailConnector, RemoteRailRequest, RemoteRailStart } from '../rails/connector.js';
import { MercadoPagoAnswerError, type MercadoPagoApi } from './api.js';
import { MERCADOPAGO_CURRENCY } from './card-network.js';

/** Our rail methods Mercado Pago serves, and its `payment_method_id` of each in Colombia. */
export const MERCADOPAGO_RAILS: Readonly<Record<string, string>> = { BANK_REDIRECT: 'pse', CASH: 'efecty' };

/** Our document types to Mercado Pago's identification types in Colombia (a passport is `PP` there). */
const IDENTIFICATION: Readonly<Record<string, string>> = { PASSPORT: 'PP' };

/** A date-time as Mercado Pago writes it (`yyyy-MM-ddTHH:mm:ss.SSS-05:00`, Colombia's offset). */
export function mercadoPagoDate(iso: string): string {
  const bogota = new Date(Date.parse(iso) - 5 * 3600_000).toISOString();
  return `${bogota.slice(0, 23)}-05:00`;
}

export class MercadoPagoRails implements RemoteRailConnector {
  constructor(
    private readonly api: MercadoPagoApi,
    /** The account's payer email, when the customer gave none (a cash voucher's). */
    private readonly payerEmail: string,
  ) {}

  async start(request: RemoteRailRequest): Promise<RemoteRailStart> {
    const method = MERCADOPAGO_RAILS[request.railId];
    // Its Colombian accounts charge whole pesos in COP only: refused without calling it.
    if (!method || request.currency !== MERCADOPAGO_CURRENCY || request.amount % 100 !== 0) return { upstreamId: '', status: 'rejected' };
    let payment: PaymentResponse;
    try {
      payment = await this.api.call<PaymentResponse>('POST', '/v1/payments', { body: this.body(method, request), idempotencyKey: request.idempotencyKey });
    } catch (error) {
      if (!(error instanceof MercadoPagoAnswerError)) throw error;
      // A 5xx after the client's retries: it may have started the payment. Rate limited: not started yet, ask again later.
      if (error.error.status >= 500 || error.error.status === 429)
        throw new ConnectorOutcomeUnknown(`mercadopago: ${error.error.status} ${error.error.message}`);
      return { upstreamId: '', status: 'rejected' };
    }
    return started(payment);
  }

  async cancel(upstreamId: string, paymentId: string): Promise<'cancelled' | 'approved'> {
    const path = `/v1/payments/${encodeURIComponent(upstreamId)}`;
    let payment: PaymentResponse;
    try {
      payment = await this.api.call<PaymentResponse>('PUT', path, { body: { status: 'cancelled' }, idempotencyKey: `pasarela:cancel:${paymentId}` });
    } catch (error) {
      if (!(error instanceof MercadoPagoAnswerError)) throw error;
      if (error.error.status >= 500 || error.error.status === 429)
        throw new ConnectorOutcomeUnknown(`mercadopago: ${error.error.status} ${error.error.message}`);
      // Refused: it is no longer pending. Paid, or ended otherwise: its status says.
      payment = await this.api.call<PaymentResponse>('GET', path);
    }
    return payment.status === 'approved' ? 'approved' : 'cancelled';
  }

  private body(method: string, request: RemoteRailRequest): PaymentCreateRequest {
    const customer = request.customer;
    const common: PaymentCreateRequest = {
      transaction_amount: minorToNumber(request.amount, request.currency),
      payment_method_id: method,
      external_reference: request.paymentId,
      description: request.description ?? `Pago ${request.paymentId}`,
      metadata: { pasarela_reference: request.paymentId },
    };
    if (method === 'pse') {
      const legal = customer['person_type'] === 'legal' || (customer['person_type'] === undefined && customer['document_type'] === 'NIT');
      const documentType = customer['document_type'] ?? '';
      return {
        ...common,
        ...(request.returnUrl ? { callback_url: request.returnUrl } : {}),
        ...(request.ipAddress ? { additional_info: { ip_address: request.ipAddress } } : {}),
        transaction_details: { financial_institution: request.bankId ?? '' },
        payer: {
          email: customer['email'] ?? this.payerEmail,
          entity_type: legal ? 'association' : 'individual',
          ...(customer['first_name'] ? { first_name: customer['first_name'] } : {}),
          ...(customer['last_name'] ? { last_name: customer['last_name'] } : {}),
          identification: { type: IDENTIFICATION[documentType] ?? documentType, number: customer['document'] ?? '' },
        },
      };
    }
    return {
      ...common,
      date_of_expiration: mercadoPagoDate(request.expiresAt),
      payer: { email: customer['email'] || this.payerEmail },
    };
  }
}

/** Mercado Pago's answer to a start. */
function started(payment: PaymentResponse): RemoteRailStart {
  const details = payment.transaction_details ?? {};
  const status = payment.status === 'approved' ? 'approved' : payment.status === 'pending' || payment.status === 'in_process' ? 'pending' : 'rejected';
  const barcode = details.barcode?.content;
  return {
    upstreamId: String(payment.id ?? ''),
    status,
    ...(details.external_resource_url ? { link: details.external_resource_url } : {}),
    ...(details.payment_method_reference_id ? { reference: details.payment_method_reference_id } : {}),
    ...(barcode ? { barcode } : {}),
  };
}
