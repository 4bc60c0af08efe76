/**
 * A transfer the payer's bank sends to a QR_INTEROP intent (Bre-B): the QR is
 * single-use and for one amount, so the rail returns what does not match it
 * to the payer at once, and says so with `payment.purchase.reversed`:
 * another amount (the intent keeps waiting for the right one), a transfer
 * after the intent expired, a second transfer to a paid QR, or one to a
 * declined intent. The transfer of the right amount in time approves it.
 * The sandbox's payer plays it (POST /v1/sandbox/payments/{id}/simulate with
 * `amount`, and the bank-app page).
 */
import { ApiError } from '../../errors/api-error.js';
import { recordEvent } from '../../events/store.js';
import { minorToNumber } from '../../lib/money.js';
import { apmEventData, type AlternativePaymentService, type ApmRow } from './service.js';

export type ReversalReason = 'amount_mismatch' | 'expired' | 'already_paid' | 'closed';
export type TransferResult = { outcome: 'paid' } | { outcome: 'reversed'; reason: ReversalReason };

export async function transferToQr(apm: AlternativePaymentService, organizationId: string, id: string, amount: number): Promise<TransferResult> {
  const row = await apm.find(organizationId, id);
  if (!row) throw ApiError.notFound('payment');
  if (row.rail_id !== 'QR_INTEROP')
    throw ApiError.validation([{ field: 'amount', message: `a transfer of an amount plays only a QR_INTEROP intent; this one is ${row.rail_id}` }]);
  if (row.status === 'IN_PROGRESS') {
    if (row.expires_at <= (await apm.clock.nowIso(organizationId))) {
      // Its expiry is due and its job has not run yet: it expires now, and the transfer comes too late.
      await apm.finish(id, 'expire');
    } else if (Number(row.amount) !== amount) {
      return reverse(apm, row, amount, 'amount_mismatch');
    } else if (await apm.finish(id, 'approve')) {
      return { outcome: 'paid' };
    }
  }
  // Finished before this transfer (or by a racing one): it goes back.
  const now = (await apm.findById(apm.db, id))!;
  const reason: ReversalReason = now.status === 'APPROVED' ? 'already_paid' : now.expires_at <= (await apm.clock.nowIso(organizationId)) ? 'expired' : 'closed';
  return reverse(apm, now, amount, reason);
}

async function reverse(apm: AlternativePaymentService, row: ApmRow, amount: number, reason: ReversalReason): Promise<TransferResult> {
  await apm.db.transaction().execute(async (trx) => {
    const data = { ...apmEventData(row), reversal: { amount: minorToNumber(amount, row.currency), reason } };
    await recordEvent(trx, row.organization_id, 'payment.purchase.reversed', data, undefined, apm.clock);
  });
  return { outcome: 'reversed', reason };
}
