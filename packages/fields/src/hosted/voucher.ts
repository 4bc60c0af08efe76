/**
 * The hosted checkout's cash voucher (rail CASH): once the intent exists, the
 * page shows its barcode, reference, agreement code and deadline, and links
 * the printable voucher. Paths only: the images and pages are the gateway's,
 * on the page's own origin.
 */
import { byId } from './dom.js';

export interface CashVoucher {
  reference: string;
  /** Null for a processor's voucher (its printable page shows it). */
  agreement_code: string | null;
  barcode: { url: string };
  expires_at: string;
}

/** A cash payment's voucher: the barcode, reference, agreement code and deadline (Colombian time) the shopper takes to a store. */
export function showVoucher(cash: CashVoucher, link: string | undefined, lang: string): void {
  const deadline = new Intl.DateTimeFormat(lang === 'es' ? 'es-CO' : 'en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Bogota' });
  byId<HTMLImageElement>('cash-barcode')!.src = new URL(cash.barcode.url).pathname;
  byId('cash-reference')!.textContent = cash.reference;
  byId('cash-agreement')!.textContent = cash.agreement_code ?? '';
  byId('cash-deadline')!.textContent = `${deadline.format(new Date(cash.expires_at))} (Bogotá)`;
  // The gateway's own printable voucher, beside the barcode (`link` may be a processor's page on another origin).
  if (link) byId<HTMLAnchorElement>('cash-voucher')!.href = new URL(cash.barcode.url).pathname.replace(/\/barcode\.svg$/, '');
  byId('cash-step')!.hidden = false;
}
