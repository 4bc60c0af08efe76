/**
 * The rules of a link's body that need no database: the routes' checks (http/checks.ts) name
 * their problems beside the schema's, in one 422, and the service runs them again before it
 * stores the link.
 */
import type { ErrorDetail } from '../errors/api-error.js';
import { amountOf, booleanOf, numberOf, objectOf, textOf, type Loose } from '../http/checks.js';
import { amountProblemMessage, CURRENCIES, formatMinor, toMinorUnits, type MoneyAmount } from '../lib/money.js';
import { isPlainOrigin } from '../lib/origins.js';
import { urlProblems, type UrlPolicy } from '../webhooks/url-guard.js';

/** What a payment link's data holds once validated (amounts in minor units). */
export interface PaymentLinkData {
  currency: string;
  amount_type: 'fixed' | 'custom';
  amount?: number;
  min_amount?: number;
  max_amount?: number;
  description?: string;
  redirect_url?: string;
  cancel_url?: string;
}

/** A payment link's body as read: its problems and, when there are none, what is stored. */
export interface PaymentLinkReading {
  details: ErrorDetail[];
  data: PaymentLinkData;
  expiresIn: number;
  multiUse: boolean;
  maxUses: number;
}

/**
 * A payment link's body read and checked without the database: its problems (the route's
 * check, http/checks.ts, names them beside the schema's, so every problem comes in one 422)
 * and, when there are none, what createPaymentLink stores. A value of the wrong type is left to
 * the schema (it names it); what is missing and required here is named here.
 */
export function readPaymentLink(body: Loose, floorOf: (currency: string) => number): PaymentLinkReading {
  const details: ErrorDetail[] = [];
  const expiresIn = numberOf(body, 'expires_in') ?? 43200;
  if (expiresIn < 1 || expiresIn > 86400) details.push({ field: 'expires_in', message: 'must be 1 to 86400 seconds (24 hours)' });
  const linkData = objectOf(body, 'data');
  const a = linkData && objectOf(linkData, 'amount');
  const currency = (a && textOf(a, 'currency'))?.toUpperCase() ?? '';
  const type = a && textOf(a, 'type');
  const data: PaymentLinkData = { currency, amount_type: type === 'custom' ? 'custom' : 'fixed' };
  if (a && textOf(a, 'currency') !== undefined && (type === undefined || type === 'fixed' || type === 'custom')) {
    if (CURRENCIES[currency] === undefined) details.push({ field: 'data.amount.currency', message: 'is not a supported ISO 4217 currency' });
    else {
      const minor = (field: string, key: string): number | undefined => {
        const value: MoneyAmount | undefined = amountOf(a, key);
        if (value === undefined) return undefined;
        const parsed = toMinorUnits(value, currency);
        if ('problem' in parsed) {
          details.push({ field, message: amountProblemMessage(parsed.problem, currency) });
          return undefined;
        }
        return parsed.minor;
      };
      // Every link's amount has a floor per currency (LINK_MIN_AMOUNT): tiny charges are how stolen cards are tested.
      const floor = floorOf(currency);
      const below = (what: string) => `must be at least ${formatMinor(floor, currency)} ${currency} (the minimum of ${what})`;
      if (data.amount_type === 'fixed') {
        if (a.value === undefined) details.push({ field: 'data.amount.value', message: 'is required for a fixed amount' });
        data.amount = minor('data.amount.value', 'value');
        if (data.amount !== undefined && data.amount < floor) details.push({ field: 'data.amount.value', message: below('a payment link') });
      } else {
        const atLeast = below('a custom amount');
        data.min_amount = a.min_amount === undefined ? floor : minor('data.amount.min_amount', 'min_amount');
        data.max_amount = minor('data.amount.max_amount', 'max_amount');
        if (a.max_amount === undefined) details.push({ field: 'data.amount.max_amount', message: 'is required for a custom amount' });
        const minLow = data.min_amount !== undefined && data.min_amount < floor;
        const maxLow = data.max_amount !== undefined && data.max_amount < floor;
        if (minLow) details.push({ field: 'data.amount.min_amount', message: atLeast });
        if (maxLow) details.push({ field: 'data.amount.max_amount', message: atLeast });
        if (!minLow && !maxLow && data.min_amount !== undefined && data.max_amount !== undefined && data.min_amount > data.max_amount) {
          details.push({ field: 'data.amount.min_amount', message: 'must not be above max_amount' });
        }
      }
    }
  }
  const redirectUrl = linkData && textOf(linkData, 'redirect_url');
  const cancelUrl = linkData && textOf(linkData, 'cancel_url');
  urlDetail('data.redirect_url', redirectUrl, details);
  urlDetail('data.cancel_url', cancelUrl, details);
  const multiUse = booleanOf(body, 'multi_use') ?? (linkData && booleanOf(linkData, 'multi_use')) ?? false;
  const maxUses = numberOf(body, 'max_uses') ?? (linkData && numberOf(linkData, 'max_uses')) ?? (multiUse ? 100 : 1);
  if (maxUses < 1 || maxUses > 10000) details.push({ field: 'max_uses', message: 'must be 1 to 10000' });
  if (!multiUse && maxUses !== 1) details.push({ field: 'max_uses', message: 'needs multi_use: true' });
  const description = linkData && textOf(linkData, 'description');
  if (description) data.description = description;
  if (redirectUrl) data.redirect_url = redirectUrl;
  if (cancelUrl) data.cancel_url = cancelUrl;
  return { details, data, expiresIn, multiUse, maxUses };
}

/** An enrollment link's problems that need no database (the route's check, as readPaymentLink's), and its allowed origins. */
export function readEnrollment(body: Loose, webhookPolicy: UrlPolicy): { details: ErrorDetail[]; origins: string[] } {
  const details: ErrorDetail[] = [];
  const expiresIn = numberOf(body, 'expires_in');
  if (expiresIn !== undefined && (expiresIn < 60 || expiresIn > 2_592_000))
    details.push({ field: 'expires_in', message: 'must be 60 to 2592000 seconds (30 days)' });
  const data = objectOf(body, 'data');
  urlDetail('data.webhook', data && textOf(data, 'webhook'), details, webhookPolicy);
  const listed = Array.isArray(data?.allowed_origins) ? (data.allowed_origins as unknown[]) : [];
  const origins = listed.flatMap((value, i) =>
    typeof value === 'string' ? (frameOrigin(value, `data.allowed_origins[${i}]`, webhookPolicy.requireHttps, details) ?? []) : [],
  );
  return { details, origins };
}

function urlDetail(field: string, value: string | undefined, details: ErrorDetail[], policy?: UrlPolicy): void {
  if (value === undefined) return;
  const problems = urlProblems(value, policy ?? { requireHttps: false, allowPrivate: true });
  for (const message of problems) details.push({ field, message });
}

/**
 * An origin a page may frame the enrollment form from: scheme, host and port
 * only (a trailing `/` is accepted), no wildcard; `https` when required
 * (production). Returned as the URL standard serializes it, which is what a
 * browser compares (lowercase host, default port dropped).
 */
function frameOrigin(value: string, field: string, requireHttps: boolean, details: ErrorDetail[]): string | undefined {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const bare =
    url !== undefined &&
    !url.username &&
    !url.password &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !value.includes('*') &&
    !value.includes('?') &&
    !value.includes('#');
  if (!url || !bare || (url.protocol !== 'https:' && url.protocol !== 'http:') || !isPlainOrigin(url.origin)) {
    details.push({ field, message: 'must be an origin: http(s)://host[:port], without path, query or wildcard' });
    return undefined;
  }
  if (requireHttps && url.protocol !== 'https:') {
    details.push({ field, message: 'must use https' });
    return undefined;
  }
  return url.origin;
}
