/**
 * The HTML of the hosted checkout (`/l/{token}`) and enrollment form
 * (`/e/{token}`): typed template functions over lib/html.ts, which escapes
 * every interpolated value. The pages' behaviour is in their scripts,
 * TypeScript entry points in packages/fields/src/hosted/ bundled by esbuild and
 * served at /fields/v1/hosted/ (fields/routes.ts); each page hands its script
 * a JSON configuration (`checkout-config`, `enroll-config`).
 */
import { FAVICON } from '../lib/favicon.js';
import { html, jsonScript, raw, type Html } from '../lib/html.js';
import type { EnrollmentLinkData } from './service.js';
import { fill, type Lang, type PageText } from './page-text.js';
import type { CheckoutConfig, EnrollmentConfig } from './page-config.js';
import { PSE_DOCUMENTS } from '../payments/methods/bank-redirect/index.js';
import { PERSON_TYPES } from '../payments/methods/documents.js';

export const CHECKOUT_SCRIPT_PATH = '/fields/v1/hosted/checkout.js';
export const ENROLLMENT_SCRIPT_PATH = '/fields/v1/hosted/enrollment.js';

type Style = EnrollmentLinkData['style'];

const STYLES =
  raw(`*{box-sizing:border-box} [hidden]{display:none!important} body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f6fa;margin:0;color:#1b2230;line-height:1.35}
main{max-width:30rem;margin:1.5rem auto;background:#fff;border-radius:var(--radius);padding:1.5rem;box-shadow:0 2px 14px #0002}
main.compact,main.framed{margin:0 auto;box-shadow:none;padding:.75rem 1rem}
h1{font-size:1.35rem;margin:0 0 .5rem} main.framed h1{font-size:1.15rem;margin-bottom:.25rem} .amount{font-size:1.6rem;font-weight:700;margin:.25rem 0 1rem}
label{display:block;margin-top:.75rem;font-weight:600;font-size:.95rem} .hint{color:#4a5468;font-size:.9rem;margin:.2rem 0 0}
input,select{width:100%;padding:.65rem;font-size:1rem;border:1px solid #8a93a6;border-radius:calc(var(--radius)/2);margin-top:.25rem;background:#fff;color:inherit}
input[aria-invalid=true],select[aria-invalid=true]{border-color:#b00020;box-shadow:0 0 0 1px #b00020}
fieldset{border:0;padding:0;margin:1rem 0 0} legend{font-weight:600;padding:0} fieldset label{font-weight:400;display:flex;align-items:center;gap:.5rem;margin-top:.5rem} fieldset input{width:auto;margin:0}
button{font:inherit;cursor:pointer} .primary{margin-top:1rem;width:100%;padding:.8rem;font-size:1.05rem;background:var(--primary);color:#fff;border:0;border-radius:calc(var(--radius)/2)}
main.framed .primary{margin-top:.6rem}
.primary:disabled{opacity:.55;cursor:not-allowed}
:focus-visible{outline:3px solid #b36b00;outline-offset:2px}
.tabs{display:flex;gap:.5rem;margin:1rem 0} .tabs button{flex:1;padding:.6rem;border:1px solid #8a93a6;background:#fff;color:inherit;border-radius:calc(var(--radius)/2)}
.tabs button[aria-selected=true]{border-color:var(--primary);box-shadow:inset 0 -3px 0 var(--primary);font-weight:600}
.field-error{color:#b00020;margin:.25rem 0;font-size:.92rem} .field-error:empty{margin:0} .notice{font-size:1.1rem} .cancel{color:#3a4252}
#status:empty{margin:0} #status{font-weight:600} .continue{display:inline-block;margin-top:.75rem;color:var(--primary);font-weight:600}
.qr{display:flex;flex-direction:column;align-items:center;margin-top:1rem} .qr img{max-width:100%;height:auto}
.merchant{margin:0 0 .25rem;color:#4a5468;font-weight:600;font-size:.95rem;letter-spacing:.01em}
.outcome{text-align:center} .outcome h1{font-size:1.5rem;margin:.5rem 0} .outcome .lead{margin:.25rem 0 1rem}
.badge{width:3.5rem;height:3.5rem;border-radius:50%;margin:.5rem auto 0;display:flex;align-items:center;justify-content:center;font-size:1.9rem;font-weight:700;color:#fff}
.outcome-approved .badge{background:#1d7a3e} .outcome-declined .badge{background:#b00020} .outcome-expired .badge,.outcome-paid .badge{background:#5b6475}
.outcome-processing .badge{background:none;border:5px solid #d5dae4;border-top-color:var(--primary);animation:spin 1s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}} @media (prefers-reduced-motion:reduce){.outcome-processing .badge{animation:none}}
.receipt{text-align:left;margin:1rem 0 0;border-top:1px solid #d5dae4} .receipt div{display:flex;justify-content:space-between;gap:1rem;padding:.55rem 0;border-bottom:1px solid #d5dae4}
.receipt dt{color:#4a5468} .receipt dd{margin:0;font-weight:600;text-align:right;overflow-wrap:anywhere}
.reason{font-weight:600} .next{color:#3a4252} .outcome .primary{display:block;text-decoration:none;text-align:center} .outcome .otp{text-align:left}
.link-button{display:inline-block;margin-top:1rem;color:var(--primary);font-weight:600}
@media (max-width:480px){main:not(.framed){margin:0;border-radius:0;min-height:100vh;padding:1.25rem}}`);

export function layout(lang: Lang, title: string, body: Html, style: Style = {}, options: { framed?: boolean } = {}): Html {
  const primary = /^#[0-9a-fA-F]{3,6}$/.test(style.colors?.primary ?? '') ? style.colors!.primary! : '#0b5cad';
  const radius = style.layout?.borderRadius ?? 10;
  const classes = [style.layout?.compact ? 'compact' : '', options.framed ? 'framed' : ''].filter(Boolean).join(' ');
  return html`<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="${FAVICON}">
<style>
:root{--primary:${primary};--radius:${radius}px}
${STYLES}
</style></head><body><main class="${classes}">${body}</main></body></html>`;
}

/** A page with a heading and one notice: not found, paid, expired, used. */
export function noticePage(lang: Lang, title: string, notice: string, style: Style = {}): Html {
  return layout(lang, title, html`<h1>${title}</h1><p role="status" class="notice">${notice}</p>`, style);
}

export interface CheckoutView {
  lang: Lang;
  t: PageText;
  title: string;
  currency: string;
  /** The fixed amount, formatted; or undefined for a custom amount. */
  amountText?: string;
  /** A custom amount's bounds, formatted as the page shows them. */
  range?: { min: string; max: string };
  banks: Array<{ id: string; name: string }>;
  /** The rails offered (COP links only), each with its fragment; empty: the card alone. */
  rails: readonly RailChoice[];
  /** False when the link takes no more payments (the shopper came back to see an outcome). */
  payable: boolean;
  cardNotice: string;
  cancelUrl?: string;
  /** The organization's name, above the title. */
  merchant: string;
  config: CheckoutConfig;
}

function field(id: string, label: string, input: Html): Html {
  return html`<label for="${id}">${label}</label>${input}<p class="field-error" id="${id}-error"></p>`;
}

/**
 * The document types the bank-redirect rail takes (PSE's, payments/methods/bank-redirect/), without PASSPORT, which
 * the page offers as PP; the page names them in its language.
 */
const DOCUMENT_TYPES = PSE_DOCUMENTS.filter((code) => code !== 'PASSPORT');

/** A rail as the checkout offers it: its definition's fragment (payments/methods/<id>/ `checkout`), in the page's language. */
export interface RailChoice {
  id: string;
  label: string;
  /** What the page does once the intent exists (packages/fields src/hosted/checkout.ts reads it). */
  then: string;
  fields: ReadonlyArray<{ name: string; label?: string }>;
}

const described = (id: string) => `${id}-error`;
/** Markup of ours, one piece a line. */
const join = (pieces: readonly Html[]) => raw(pieces.map((piece) => piece.value).join('\n'));

/** The inputs the checkout draws itself, by `customer` field; any other is a text input with its method's label. */
const KNOWN_FIELDS: Record<string, (t: PageText, banks: CheckoutView['banks']) => Html> = {
  bank_id: (t, banks) =>
    field(
      'bank',
      t.bank,
      html`<select id="bank" name="bank_id" data-customer="bank_id" aria-describedby="${described('bank')}">${banks.map((b) => html`<option value="${b.id}">${b.name}</option>`)}</select>`,
    ),
  person_type: (t) =>
    field(
      'person_type',
      t.personType,
      html`<select id="person_type" data-customer="person_type" aria-describedby="${described('person_type')}">${PERSON_TYPES.map((type) => html`<option value="${type}">${t.personTypes[type]}</option>`)}</select>`,
    ),
  document_type: (t) =>
    field(
      'document_type',
      t.documentType,
      html`<select id="document_type" data-customer="document_type" aria-describedby="${described('document_type')}">${DOCUMENT_TYPES.map((code) => html`<option value="${code}">${t.documentTypes[code] ?? code}</option>`)}</select>`,
    ),
  document: (t) =>
    field(
      'document',
      t.document,
      html`<input id="document" data-customer="document" autocomplete="off" inputmode="numeric" aria-describedby="${described('document')}">`,
    ),
  first_name: (t) =>
    field(
      'first_name',
      t.firstName,
      html`<input id="first_name" data-customer="first_name" autocomplete="given-name" aria-describedby="${described('first_name')}">`,
    ),
  last_name: (t) =>
    field(
      'last_name',
      t.lastName,
      html`<input id="last_name" data-customer="last_name" autocomplete="family-name" aria-describedby="${described('last_name')}">`,
    ),
  email: (t) =>
    field('email', t.email, html`<input id="email" data-customer="email" type="email" autocomplete="email" aria-describedby="${described('email')}">`),
  phone_number: (t) =>
    field(
      'phone',
      t.phone,
      html`<input id="phone" data-customer="phone_number" type="tel" inputmode="numeric" autocomplete="tel-national" placeholder="3001234567" aria-describedby="${described('phone')}">`,
    ),
};

/**
 * The rails' tab: one choice per rail, then each input once, shown for the
 * rails that use it (`data-rail`: their ids), in the order the rails list them.
 */
function railPanel(t: PageText, banks: CheckoutView['banks'], rails: readonly RailChoice[]): Html {
  const users = new Map<string, { label?: string; rails: string[] }>();
  for (const rail of rails) {
    for (const input of rail.fields) {
      const entry = users.get(input.name) ?? { ...(input.label ? { label: input.label } : {}), rails: [] };
      entry.rails.push(rail.id);
      users.set(input.name, entry);
    }
  }
  const first = rails[0]?.id;
  const inputs = [...users].map(([name, { label, rails: ids }]) => {
    const drawn =
      KNOWN_FIELDS[name]?.(t, banks) ??
      field(name, label ?? name, html`<input id="${name}" data-customer="${name}" autocomplete="off" aria-describedby="${described(name)}">`);
    return html`<div data-rail="${ids.join(' ')}"${first && ids.includes(first) ? '' : html` hidden`}>${drawn}</div>`;
  });
  const choices = rails.map(
    (rail) =>
      html`<label><input type="radio" name="rail" value="${rail.id}" data-then="${rail.then}"${rail.id === first ? html` checked` : ''}> ${rail.label}</label>`,
  );
  return html`<section id="panel-rails" role="tabpanel" aria-labelledby="tab-rails" hidden>
<fieldset><legend>${t.chooseRail}</legend>
${join(choices)}</fieldset>
${join(inputs)}
<p class="field-error" id="rail-error" role="alert"></p>
<button class="primary" id="rail-pay" type="button">${t.continue}</button>
<div id="otp-step" hidden>${field('otp', t.otp, html`<input id="otp" inputmode="numeric" autocomplete="one-time-code" maxlength="6" aria-describedby="otp-error">`)}<button class="primary" id="otp-send" type="button">${t.confirm}</button></div>
<div id="qr-step" class="qr" hidden><img id="qr-image" alt="${t.qrAlt}" width="220" height="220"><p>${t.alias}: <strong id="qr-alias"></strong></p></div>
${cashStep(t)}
</section>`;
}

/** A cash payment's voucher: what the shopper takes to the store (filled by the script on the form, by the server on the waiting page). */
export interface CashStep {
  reference: string;
  agreement: string;
  deadline: string;
  /** Same-origin paths: the barcode's image and the printable voucher. */
  barcodePath: string;
  voucherPath: string;
}

function cashStep(t: PageText, cash?: CashStep): Html {
  return html`<div id="cash-step" class="qr"${cash ? '' : html` hidden`}><img id="cash-barcode"${cash ? html` src="${cash.barcodePath}"` : ''} alt="${t.cashBarcodeAlt}">
<dl class="receipt"><div><dt>${t.cashReference}</dt><dd id="cash-reference">${cash?.reference}</dd></div><div><dt>${t.cashAgreement}</dt><dd id="cash-agreement">${cash?.agreement}</dd></div><div><dt>${t.cashDeadline}</dt><dd id="cash-deadline">${cash?.deadline}</dd></div></dl>
<p><a id="cash-voucher"${cash ? html` href="${cash.voucherPath}"` : ''} target="_blank" rel="noopener">${t.cashVoucher}</a></p></div>`;
}

export function checkoutPage(view: CheckoutView): Html {
  const { t } = view;
  const amount = view.range
    ? html`<label for="custom-amount">${t.amountLabel} (${view.currency})</label>
<p class="hint" id="custom-amount-hint">${fill(t.amountHint, view.range)}</p>
<input id="custom-amount" name="amount" inputmode="decimal" autocomplete="off" aria-describedby="custom-amount-hint custom-amount-error" required>
<p class="field-error" id="custom-amount-error" role="alert"></p>`
    : html`<p class="amount" id="amount">${view.amountText}</p>`;
  const form = view.payable
    ? html`${amount}
${
  view.rails.length > 0
    ? html`<div role="tablist" aria-label="${t.methods}" class="tabs">
<button role="tab" aria-selected="true" aria-controls="panel-card" id="tab-card" type="button">${t.card}</button>
<button role="tab" aria-selected="false" aria-controls="panel-rails" id="tab-rails" type="button" tabindex="-1">${t.otherMethods}</button></div>`
    : ''
}
<section id="panel-card"${view.rails.length > 0 ? html` role="tabpanel" aria-labelledby="tab-card"` : ''}>
<div id="card-form"></div>
<p class="field-error" id="card-error" role="alert">${view.cardNotice}</p>
<button class="primary" id="pay" type="button" disabled>${t.pay}</button>
</section>
${view.rails.length > 0 ? railPanel(t, view.banks, view.rails) : ''}`
    : view.amountText
      ? html`<p class="amount" id="amount">${view.amountText}</p>`
      : '';
  const body = html`<p class="merchant" id="merchant">${view.merchant}</p>
<h1 id="checkout-title">${view.title}</h1>
${form}
<p id="status" role="status" aria-live="polite"></p>
<p id="continue" hidden><a class="continue" id="continue-link" href="#">${t.script.continueToMerchant}</a></p>
${view.cancelUrl ? html`<p><a class="cancel" href="${view.cancelUrl}">${t.cancel}</a></p>` : ''}
${jsonScript('checkout-config', view.config)}
<script src="${CHECKOUT_SCRIPT_PATH}"></script>`;
  return layout(view.lang, t.checkoutTitle, body);
}

/** The end (or waiting) state of a checkout: each outcome has its own page (docs/payment-links.md "The shopper's pages"). */
export type OutcomeState = 'processing' | 'approved' | 'declined' | 'expired' | 'paid';

export interface OutcomeView {
  lang: Lang;
  t: PageText;
  state: OutcomeState;
  merchant: string;
  title: string;
  lead: string;
  /** The link's description, above the state. */
  description?: string;
  amountText?: string;
  /** Declined or expired: why, in the shopper's words. */
  reason?: string;
  /** What the shopper can do now. */
  next?: string;
  /** Try again (the link still takes payments). */
  retryUrl?: string;
  /** The approved payment's receipt, label and value. */
  receipt?: Array<[string, string]>;
  /** The merchant's redirect_url (approved). */
  continueUrl?: string;
  /** A QR payment waiting to be scanned: shown again. */
  qr?: { image: string; alias: string };
  /** A cash payment waiting to be paid at a store: its voucher. */
  cash?: CashStep;
  /** A bank payment waiting at the bank: the way back there. */
  bankUrl?: string;
  /** A wallet payment waiting for its SMS code. */
  otp?: boolean;
  /** Leave a payment waiting for the shopper for another way to pay (the checkout's form). */
  anotherWayUrl?: string;
  /** The processing page's script (it follows the payment); none on a final page without a redirect. */
  config?: CheckoutConfig;
}

const BADGES: Record<OutcomeState, string> = { processing: '', approved: '✓', declined: '✕', expired: '!', paid: '✓' };

/** The checkout's state after an attempt, or of a closed link (410): its own page, headed by the merchant's name. */
export function outcomePage(view: OutcomeView): Html {
  const { t } = view;
  const o = t.outcome;
  const live = view.state === 'processing';
  const body = html`<p class="merchant" id="merchant">${view.merchant}</p>
<section id="outcome" class="outcome outcome-${view.state}" data-state="${view.state}" aria-labelledby="outcome-title">
<div class="badge" aria-hidden="true">${BADGES[view.state]}</div>
<h1 id="outcome-title">${view.title}</h1>
${view.description ? html`<p class="hint" id="outcome-description">${view.description}</p>` : ''}
${view.amountText && !view.receipt ? html`<p class="amount" id="amount">${view.amountText}</p>` : ''}
<p class="lead" id="outcome-lead"${live ? html` role="status" aria-live="polite"` : ''}>${view.lead}</p>
${view.reason ? html`<p class="reason" id="outcome-reason">${view.reason}</p>` : ''}
${view.next ? html`<p class="next" id="outcome-next">${view.next}</p>` : ''}
${view.qr ? html`<div id="qr-step" class="qr"><img id="qr-image" src="${view.qr.image}" alt="${t.qrAlt}" width="220" height="220"><p>${t.alias}: <strong id="qr-alias">${view.qr.alias}</strong></p></div>` : ''}
${view.cash ? cashStep(t, view.cash) : ''}
${view.otp ? html`<div id="otp-step" class="otp">${field('otp', t.otp, html`<input id="otp" inputmode="numeric" autocomplete="one-time-code" maxlength="6" aria-describedby="otp-error">`)}<button class="primary" id="otp-send" type="button">${t.confirm}</button></div>` : ''}
${view.bankUrl ? html`<p><a class="primary" id="bank-link" href="${view.bankUrl}">${o.continueAtBank}</a></p>` : ''}
${view.receipt ? html`<dl class="receipt" id="receipt">${view.receipt.map(([label, value]) => html`<div><dt>${label}</dt><dd>${value}</dd></div>`)}</dl><p class="hint">${o.print}</p>` : ''}
${view.retryUrl ? html`<p><a class="primary" id="retry" href="${view.retryUrl}">${o.tryAgain}</a></p>` : ''}
${view.continueUrl ? html`<p id="continue"><a class="continue" id="continue-link" href="${view.continueUrl}">${t.script.continueToMerchant}</a></p>` : ''}
${view.anotherWayUrl ? html`<p><a class="link-button" id="another-way" href="${view.anotherWayUrl}">${o.payAnotherWay}</a></p>` : ''}
</section>
${view.config ? html`<p id="status" role="status" aria-live="polite"></p>${jsonScript('checkout-config', view.config)}<script src="${CHECKOUT_SCRIPT_PATH}"></script>` : ''}`;
  return layout(view.lang, `${view.title} · ${view.merchant}`, body);
}

export interface EnrollmentView {
  lang: Lang;
  t: PageText;
  title: string;
  style: Style;
  framed: boolean;
  config: EnrollmentConfig;
}

export function enrollmentPage(view: EnrollmentView): Html {
  const { t, style } = view;
  const body = html`${style.layout?.hideHeader ? '' : html`<h1>${view.title}</h1>`}
<div id="card-form"></div>
<p class="field-error" id="card-error" role="alert"></p>
<button class="primary" id="save" type="button" disabled>${style.text?.buttonText ?? t.save}</button>
<p id="status" role="status" aria-live="polite"></p>
${jsonScript('enroll-config', view.config)}
<script src="${ENROLLMENT_SCRIPT_PATH}"></script>`;
  return layout(view.lang, view.title, body, style, { framed: view.framed });
}
