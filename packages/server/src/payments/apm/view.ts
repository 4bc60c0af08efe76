/** What a rail payment looks like to the merchant: its view (the intent's answer, GET and lists) and its events' data. */
import type { RailRow } from '../methods/rail-store.js';
import type { RailConnector } from '../../connectors/rails/connector.js';
import { metadataOf } from '../../lib/metadata.js';
import { minorToNumber } from '../../lib/money.js';
import { qrImageDataUri } from './qr.js';
import { cashVoucher } from './cash.js';
import type { ApmPayment } from './schemas.js';

/** The payment's view; `qrImage: false` (lists) leaves out the QR (`rail.qr`), whose PNG costs a rendering. */
export function railPaymentView(
  row: RailRow,
  rails: Pick<RailConnector, 'paymentLink'> | undefined,
  publicBaseUrl: string,
  options: { qrImage?: boolean } = {},
): ApmPayment {
  const rail: ApmPayment['rail'] = { id: row.rail_id };
  // A processor's page (a connector account's rail), else the default rail's.
  const link = row.rail_link ?? rails?.paymentLink({ railId: row.rail_id, pageToken: row.page_token, alias: row.alias, reference: row.cash_reference });
  if (link) rail.payment_link = link;
  if (row.cash_reference) rail.cash = cashVoucher(row, link, publicBaseUrl);
  if (row.qr_content) {
    if (options.qrImage !== false) rail.qr = { image: qrImageDataUri(row.qr_content), content: row.qr_content };
    // The Bre-B key the payer sends to; without one, the payment's own reference.
    rail.alias = row.breb_key ?? row.alias ?? undefined;
  }
  return {
    id: row.id,
    status: row.status,
    payment_id: row.id,
    order_id: row.order_id,
    currency: 'COP',
    description: row.description,
    transaction: {
      id: row.transaction_id,
      type: 'PURCHASE',
      status: row.status,
      status_detail: row.status_detail,
      amount: minorToNumber(Number(row.amount), row.currency),
    },
    rail,
    expires_at: row.expires_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    metadata: metadataOf(row.metadata),
  };
}

export function apmEventData(row: RailRow) {
  return {
    payment: {
      id: row.id,
      order_id: row.order_id,
      currency: row.currency,
      current_amount: minorToNumber(Number(row.amount) - Number(row.amount_cashed_out), row.currency),
      rail_id: row.rail_id,
      transaction: { id: row.transaction_id, status: row.status, status_detail: row.status_detail },
      metadata: metadataOf(row.metadata),
    },
  };
}
