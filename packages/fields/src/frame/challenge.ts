/**
 * A card payment that waits for its cardholder's 3-D Secure challenge
 * (`PENDING` with `next_action`, docs/sandbox.md "3-D Secure"): the frame
 * shows the issuer's page inside itself, in place of the card form, and
 * follows the payment through its checkout session (`payment_status`) until
 * the challenge ends; the merchant's page writes no code for it. The frame
 * grows to fit the page (the frame's resize messages).
 *
 * The page is the gateway's own (the sandbox issuer's challenge) or a
 * processor's (Stripe's 3-D Secure page, docs/connectors.md), which sends the
 * frame on to the gateway's return page when it ends; the gateway then asks
 * the processor and settles the payment. The frame's CSP (`frame-src`,
 * packages/server/src/fields/routes.ts) names the origins it may show.
 */
import type { Locale } from '../form/i18n.js';
import type { GatewayApi } from './api.js';

const POLL_MS = 1000;
/** The challenge expires on the gateway after 10 minutes; the frame waits a little longer. */
const MAX_POLLS = 11 * 60;
const TITLES: Record<Locale, string> = { es: 'Verificación de su banco (3-D Secure)', en: "Your bank's verification (3-D Secure)" };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Where the frame shows the page at `url`. The gateway's own page (at its
 * public origin, which the frame's page names in `data-gateway`, or at the
 * frame's own) on the frame's own origin, in the form's language: the
 * gateway may be reached at another address than its public one. Any other
 * page (a processor's) at its own address, unchanged.
 */
export function challengeAddress(url: string, locale: Locale, gatewayOrigin = document.documentElement.dataset.gateway): string {
  const page = new URL(url);
  if (page.origin !== location.origin && page.origin !== gatewayOrigin) return page.toString();
  const address = new URL(`../..${page.pathname}`, location.href);
  address.searchParams.set('lang', locale);
  return address.toString();
}

/** Shows the challenge until the payment is no longer PENDING; its status then (PENDING if the frame gave up waiting). */
export async function runChallenge(api: GatewayApi, sessionId: string, url: string, locale: Locale): Promise<string> {
  const shown = [...document.body.children].filter((el): el is HTMLElement => el instanceof HTMLElement && !el.hidden);
  for (const el of shown) el.hidden = true;
  const frame = document.createElement('iframe');
  frame.src = challengeAddress(url, locale);
  frame.title = TITLES[locale];
  frame.style.cssText = 'display:block;width:100%;height:640px;border:0';
  document.body.append(frame);
  try {
    for (let i = 0; i < MAX_POLLS; i++) {
      await sleep(POLL_MS);
      const reply = await api.get<{ payment_status?: string }>(`/v1/checkout/sessions/${encodeURIComponent(sessionId)}`);
      const status = reply.ok ? reply.body.payment_status : undefined;
      if (status && status !== 'PENDING') return status;
    }
    return 'PENDING';
  } finally {
    frame.remove();
    for (const el of shown) el.hidden = false;
  }
}
