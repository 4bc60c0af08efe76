/**
 * The page of one payment of a payment link (`/l/{token}?payment_id=`): what
 * the shopper sees of it, read from what the API holds (pages.ts renders it
 * with templates.ts `outcomePage`).
 */
import { displayMoney } from '../lib/money.js';
import { cashStepOf } from '../payments/apm/cash.js';
import type { LinkRow, PaymentLinkData } from './service.js';
import { fill, type Lang, TEXT } from './page-text.js';
import type { OutcomeView } from './templates.js';
import { type PageDeps, withPaymentId } from './page-kit.js';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
};
const dateText = (iso: string, lang: Lang) =>
  `${new Intl.DateTimeFormat(lang === 'es' ? 'es-CO' : 'en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC`;

/** How a payment of a link looks to its shopper. */
export function outcomeViews(deps: Pick<PageDeps, 'payments' | 'apm' | 'clock' | 'otpMaxAttempts'>) {
  const { payments, apm, clock } = deps;
  const { methods } = apm;

  /**
   * The page of one payment of this link (`?payment_id=`, back from the bank
   * or after any attempt): processing (no form; the script follows it),
   * waiting for the shopper (the QR again, the wallet, the OTP, the bank),
   * approved (a receipt), declined (why, and what now) or expired (its time
   * ran out). Everything shown is what the API holds for that payment.
   */
  async function paymentOutcome(
    row: LinkRow,
    data: PaymentLinkData,
    paymentId: string,
    kind: 'card' | 'apm',
    lang: Lang,
    closed: string | undefined,
    merchant: string,
  ): Promise<{ view: OutcomeView; follow: boolean }> {
    const t = TEXT[lang];
    const o = t.outcome;
    const base = { lang, t, merchant, ...(data.description ? { description: data.description } : {}) };
    const retry = closed ? {} : { retryUrl: `/l/${row.token}` };
    const next = closed ? (closed === t.expired ? `${closed} ${o.expiredLinkLead}` : o.closedLead) : o.tryAgainLead;
    if (kind === 'card') {
      const payment = await payments.row(row.organization_id, paymentId);
      const amountText = displayMoney(Number(payment.amount), payment.currency, lang);
      // Paid (AUTHORIZED: held, not captured yet; REFUNDED later by the merchant): the receipt of the payment made.
      if (payment.status === 'APPROVED' || payment.status === 'AUTHORIZED' || payment.status === 'REFUNDED') {
        const brand = BRANDS[(payment.card_brand ?? '').toLowerCase()] ?? '';
        const method = brand ? fill(o.cardMethod, { brand, last4: payment.last_four ?? '' }) : fill(o.cardEnding, { last4: payment.last_four ?? '' });
        return { view: approvedView(base, row, data, paymentId, amountText, payment.created_at, method), follow: false };
      }
      if (payment.status === 'REJECTED' || payment.status === 'CANCELLED') {
        return { view: { ...base, state: 'declined', title: o.declinedTitle, lead: amountText, reason: o.reasonCard, next, ...retry }, follow: false };
      }
      return { view: { ...base, state: 'processing', title: o.processingTitle, lead: o.processingLead, amountText }, follow: true };
    }
    const intent = (await apm.find(row.organization_id, paymentId))!;
    const amountText = displayMoney(Number(intent.amount), intent.currency, lang);
    const rail = methods.rail(intent.rail_id);
    const texts = rail?.texts[lang];
    if (intent.status === 'APPROVED') {
      // A rail whose checkout asks for the bank names it on the receipt.
      const bank = rail?.checkout?.fields.some((f) => f.name === 'bank_id')
        ? (await apm.banks()).find((b) => b.id === (JSON.parse(intent.customer) as { bank_id?: string }).bank_id)?.name
        : undefined;
      const label = texts?.label ?? intent.rail_id;
      const method = bank ? `${label} (${bank})` : label;
      return { view: approvedView(base, row, data, paymentId, amountText, intent.created_at, method), follow: false };
    }
    if (intent.status !== 'IN_PROGRESS') {
      // Ran out of time: finished at or after its validity (in the organization's time), or an OTP that had expired.
      const offset = await clock.offsetMs(row.organization_id);
      const finished = intent.finished_at ? Date.parse(intent.finished_at) + offset : Number.NaN;
      const timedOut =
        intent.status === 'DECLINED' &&
        (finished >= Date.parse(intent.expires_at) ||
          (intent.otp_expires_at !== null && finished >= Date.parse(intent.otp_expires_at) && Number(intent.otp_attempts) < deps.otpMaxAttempts));
      if (timedOut)
        return { view: { ...base, state: 'expired', title: o.expiredTitle, lead: amountText, reason: o.reasonTimeout, next, ...retry }, follow: false };
      const reason =
        intent.status === 'FAILED'
          ? o.reasonFailed
          : rail?.connector?.confirm === 'otp' && Number(intent.otp_attempts) >= deps.otpMaxAttempts
            ? o.reasonOtp
            : (texts?.declinedReason ?? o.reasonWallet);
      return { view: { ...base, state: 'declined', title: o.declinedTitle, lead: amountText, reason, next, ...retry }, follow: false };
    }
    const processing = { ...base, state: 'processing' as const, title: o.processingTitle, amountText };
    if (intent.status_detail !== 'PENDING') return { view: { ...processing, lead: o.bankProcessingLead }, follow: true };
    // Still waiting for the shopper: what they were doing, and the way to another method.
    const anotherWayUrl = `/l/${row.token}`;
    const view = apm.view(intent);
    // What the shopper was doing, as the rail's checkout fragment says.
    const lead = texts?.waitingLead ?? o.processingLead;
    const then = rail?.checkout?.then;
    if (then === 'qr' && view.rail.qr)
      return { view: { ...processing, lead, qr: { image: view.rail.qr.image, alias: view.rail.alias ?? '' }, anotherWayUrl }, follow: true };
    if (then === 'voucher' && view.rail.cash) return { view: { ...processing, lead, cash: cashStepOf(view.rail, base.lang), anotherWayUrl }, follow: true };
    if (then === 'otp') return { view: { ...processing, lead, otp: true, anotherWayUrl }, follow: true };
    if (then === 'redirect')
      return { view: { ...processing, lead, ...(view.rail.payment_link ? { bankUrl: view.rail.payment_link } : {}), anotherWayUrl }, follow: true };
    return { view: { ...processing, lead, anotherWayUrl }, follow: true };
  }

  function approvedView(
    base: Pick<OutcomeView, 'lang' | 't' | 'merchant' | 'description'>,
    row: LinkRow,
    data: PaymentLinkData,
    paymentId: string,
    amountText: string,
    created: string,
    method: string,
  ): OutcomeView {
    const o = base.t.outcome;
    const receipt: Array<[string, string]> = [
      [base.t.merchant, base.merchant],
      [o.amount, amountText],
      [o.reference, paymentId],
      [o.date, dateText(created, base.lang)],
      [o.method, method],
    ];
    if (data.description) receipt.push([o.description, data.description]);
    const { description: _shown, ...rest } = base;
    return {
      ...rest,
      state: 'approved',
      title: o.approvedTitle,
      lead: o.approvedLead,
      receipt,
      ...(data.redirect_url ? { continueUrl: withPaymentId(data.redirect_url, paymentId) } : {}),
    };
  }

  return { paymentOutcome };
}
