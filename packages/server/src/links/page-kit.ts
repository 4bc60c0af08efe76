/**
 * What the hosted pages share (pages.ts, outcome-views.ts, poll-routes.ts,
 * enrollment-pages.ts): their dependencies, how a page is sent (its CSP and
 * framing), the link behind a page request and why a link takes no payment
 * now.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Principal } from '../http/principal.js';
import type { EncryptionKeyService } from '../encryption-keys/service.js';
import type { InstrumentService } from '../instruments/service.js';
import type { PaymentService } from '../payments/service.js';
import type { AlternativePaymentService } from '../payments/apm/service.js';
import type { LinkRow, LinkService } from './service.js';
import { type Lang, pick, TEXT } from './page-text.js';
import { noticePage } from './templates.js';
import type { CardAttemptGuard } from './card-attempts.js';
import type { Clock } from '../clock/clock.js';
import type { Html } from '../lib/html.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';

export interface PageDeps {
  links: LinkService;
  keys: EncryptionKeyService;
  instruments: InstrumentService;
  payments: PaymentService;
  apm: AlternativePaymentService;
  publicBaseUrl: string;
  /** Caps on declined card attempts per link and per client address (card-attempts.ts). */
  cardAttempts: CardAttemptGuard;
  /** The real time, and an organization's sandbox time (an alternative payment's expires_at is in it). */
  clock: Clock;
  /** OTP_MAX_ATTEMPTS: a wallet payment declined after that many wrong codes says so. */
  otpMaxAttempts: number;
}

export function linkPrincipal(organizationId: string): Principal {
  return { clientId: 'hosted-page', organizationId, permissions: new Set(), jti: '', pciSaqD: false };
}

/** `frameAncestors`: the origins that may frame the page (validated origins, see links/service.ts); none: not frameable. */
export function send(reply: FastifyReply, body: Html, options: { frameAncestors?: readonly string[] } = {}): FastifyReply {
  const ancestors = options.frameAncestors ?? [];
  reply.removeHeader('x-frame-options');
  if (ancestors.length === 0) reply.header('x-frame-options', 'DENY');
  return reply
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src data: 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors ${ancestors.length > 0 ? ancestors.join(' ') : "'none'"}`,
    )
    .send(body.value);
}

/**
 * The organization's public key, or null when it has none: a page never makes
 * one (its visitor holds no permission; see links/routes.ts for who does).
 */
export async function publicKey(keys: EncryptionKeyService, organizationId: string): Promise<string | null> {
  return (await keys.find(organizationId))?.public_key ?? null;
}

export function withPaymentId(url: string, paymentId: string): string {
  const target = new URL(url);
  target.searchParams.set('payment_id', paymentId);
  return target.toString();
}

/** Route options of every page and page call: public (no token), and out of /openapi.json. */
export const PAGE = { public: true };
export const HIDDEN = { hide: true };
export const tokenParams = Type.Object({ token: Type.String({ maxLength: 64 }) });
export const langOf = (request: FastifyRequest): Lang => pick(request.headers['accept-language']);

/** The card form's body (the enrollment form's is the same without the payment's fields). */
export const cardBody = Type.Object({
  amount: Type.Optional(Type.Number()),
  encrypted_number: Type.String({ maxLength: 2048 }),
  encrypted_expiration_month: Type.String({ maxLength: 2048 }),
  encrypted_expiration_year: Type.String({ maxLength: 2048 }),
  encrypted_holder_name: Type.String({ maxLength: 2048 }),
  encrypted_cvv: Type.String({ maxLength: 2048 }),
  cvv_for_payment: Type.String({ maxLength: 2048, description: 'A second encryption of the CVV: the charge needs a fresh one.' }),
  abandon: Type.Optional(Type.String({ maxLength: 100, description: 'An unfinished rail payment of this link the shopper leaves for this one.' })),
  installments: Type.Optional(Type.Integer({ minimum: 1, maximum: 36, description: 'The installments the shopper chose (a credit card).' })),
});

/** The link behind a page, and what the pages ask of it. */
export function pageLookups({ links }: Pick<PageDeps, 'links'>) {
  /** The link behind a page request, or a 404 page. Expiry is checked on every view. */
  async function linkFor(request: FastifyRequest, type: LinkRow['type']): Promise<LinkRow | undefined> {
    const row = await links.byToken((request.params as { token: string }).token);
    if (!row || row.type !== type) return undefined;
    return links.expireIfDue(row);
  }

  function notFound(reply: FastifyReply, lang: Lang) {
    return send(reply.code(404), noticePage(lang, TEXT[lang].notFound, TEXT[lang].notFound));
  }

  /** A link that cannot take a payment now, or undefined when it can. */
  async function closedMessage(row: LinkRow, lang: Lang): Promise<string | undefined> {
    if (row.status === 'expired' || (row.status !== 'used' && (await links.pastExpiry(row)))) {
      return row.type === 'payment' ? TEXT[lang].expired : TEXT[lang].enrollExpired;
    }
    if (row.status === 'used') return row.type === 'payment' ? TEXT[lang].paid : TEXT[lang].enrolled;
    return undefined;
  }

  /** The link's entry for a payment made through it, or undefined (a payment of another link, or none). */
  const linkEntry = (linkId: string, paymentId: string) =>
    links.db.selectFrom('link_payments').select(['kind', 'status']).where('link_id', '=', linkId).where('payment_id', '=', paymentId).executeTakeFirst();

  /** The merchant the shopper pays: the organization's name. */
  const merchantName = async (organizationId: string) =>
    (await links.db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst())?.name ?? '';

  return { linkFor, notFound, closedMessage, linkEntry, merchantName };
}

/** What each card field's problem is about, in the page's words (`cardProblems`). */
const CARD_FIELDS: Record<string, 'number' | 'expiry' | 'cvv' | 'holder'> = {
  encrypted_number: 'number',
  encrypted_expiration_month: 'expiry',
  encrypted_expiration_year: 'expiry',
  encrypted_cvv: 'cvv',
  cvv_for_payment: 'cvv',
  encrypted_holder_name: 'holder',
};

/**
 * A card the server refused (the vault's or the payment's `validation_failed`: an expired card, a
 * number that fails its check, a field that could not be decrypted) in the page's language: each
 * field named once with its problem, the message the page shows being the problem when there is one.
 * Anything else is left as it is.
 */
export function localizedCardError(error: unknown, lang: Lang): unknown {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed') return error;
  const texts = TEXT[lang].cardProblems;
  const details: ErrorDetail[] = [];
  for (const detail of error.details) {
    if (details.some((d) => d.field === detail.field)) continue;
    const kind = CARD_FIELDS[detail.field];
    details.push({ field: detail.field, message: kind ? texts[kind] : texts.invalid });
  }
  const messages = [...new Set(details.map((d) => d.message))];
  return ApiError.validation(details, messages.length === 1 ? messages[0] : texts.invalid);
}
