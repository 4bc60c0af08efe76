/**
 * The HTML of the sandbox bank's pages (bank-page.ts): the bank-redirect
 * rail's bank and the page a banking app shows for a scanned QR. Typed
 * templates over lib/html.ts (every value escaped), Spanish and English; no
 * script (their CSP allows none).
 */
import type { ApmStatus } from '../../db/schema.js';
import { FAVICON } from '../../lib/favicon.js';
import { html, raw, type Html } from '../../lib/html.js';

export type Lang = 'es' | 'en';

export function language(header: string | undefined): Lang {
  return /^\s*en\b/i.test(header ?? '') ? 'en' : 'es';
}

export const BANK_TEXT = {
  es: {
    title: 'Banco de pruebas',
    intro: 'Autorice el pago en su banco',
    qrIntro: 'Pago con código QR',
    amount: 'Valor',
    merchantRef: 'Referencia',
    payer: 'Pagador',
    personType: 'Tipo de persona',
    personTypes: { natural: 'Persona natural', legal: 'Persona jurídica' },
    document: 'Documento',
    email: 'Correo electrónico',
    alias: 'Alias',
    user: 'Usuario',
    password: 'Clave',
    approve: 'Aprobar pago',
    reject: 'Rechazar',
    processing: 'El banco está procesando su pago.',
    back: 'Volver al comercio',
    sandbox: 'Entorno de pruebas: no se mueve dinero real.',
    required: 'Ingrese usuario y clave.',
    qrAlt: 'Código QR del pago {alias}',
    merchant: 'Comercio',
    key: 'Llave Bre-B',
    yourBank: 'Su banco',
    amountToSend: 'Valor a enviar (pesos)',
    send: 'Enviar',
    amountInvalid: 'Ingrese un valor en pesos, por ejemplo 15050 o 15050,50.',
    transfer: {
      amount_mismatch: 'El valor enviado no es el del cobro: el dinero le fue devuelto. El cobro sigue esperando el valor exacto.',
      expired: 'El código QR ya había vencido: el dinero le fue devuelto.',
      already_paid: 'Este código QR ya fue pagado: el dinero le fue devuelto.',
      closed: 'Este cobro ya no recibe pagos: el dinero le fue devuelto.',
    },
    /** A finished payment, by state: never the API's state name. */
    done: {
      APPROVED: 'Este pago ya no está pendiente: fue aprobado.',
      DECLINED: 'Este pago ya no está pendiente: fue rechazado.',
      FAILED: 'Este pago ya no está pendiente: falló.',
      IN_PROGRESS: 'El banco está procesando su pago.',
    },
  },
  en: {
    title: 'Sandbox bank',
    intro: 'Authorize the payment at your bank',
    qrIntro: 'QR code payment',
    amount: 'Amount',
    merchantRef: 'Reference',
    payer: 'Payer',
    personType: 'Person type',
    personTypes: { natural: 'Natural person', legal: 'Legal person (company)' },
    document: 'Document',
    email: 'E-mail',
    alias: 'Alias',
    user: 'Username',
    password: 'Password',
    approve: 'Approve payment',
    reject: 'Reject',
    processing: 'The bank is processing your payment.',
    back: 'Back to the merchant',
    sandbox: 'Sandbox: no real money moves.',
    required: 'Enter your username and password.',
    qrAlt: 'QR code of payment {alias}',
    merchant: 'Merchant',
    key: 'Bre-B key',
    yourBank: 'Your bank',
    amountToSend: 'Amount to send (pesos)',
    send: 'Send',
    amountInvalid: 'Enter an amount in pesos, for example 15050 or 15050.50.',
    transfer: {
      amount_mismatch: 'The amount sent is not the amount due: your money was returned. The charge still waits for the exact amount.',
      expired: 'The QR code had expired: your money was returned.',
      already_paid: 'This QR code was already paid: your money was returned.',
      closed: 'This charge no longer takes payments: your money was returned.',
    },
    done: {
      APPROVED: 'This payment is no longer pending: it was approved.',
      DECLINED: 'This payment is no longer pending: it was declined.',
      FAILED: 'This payment is no longer pending: it failed.',
      IN_PROGRESS: 'The bank is processing your payment.',
    },
  },
} satisfies Record<Lang, { done: Record<ApmStatus, string> } & Record<string, unknown>>;

const STYLES = raw(`body{font-family:system-ui,sans-serif;background:#f3f5f9;margin:0;color:#1d2433;line-height:1.35}
main{max-width:26rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px #0002}
h1{font-size:1.3rem;margin:0 0 .25rem} .muted{color:#4f5866;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem} dt{color:#4f5866} dd{margin:0}
label{display:block;margin-top:.75rem;font-weight:600} input,select{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #8a93a6;border-radius:6px}
button{margin-top:1rem;width:100%;padding:.75rem;font-size:1rem;border-radius:6px;border:0;cursor:pointer}
.primary{background:#0b5cad;color:#fff} .secondary{background:#e5e8ef;color:#1d2433}
.qr{display:block;margin:1rem auto;max-width:100%;height:auto}
:focus-visible{outline:3px solid #b36b00;outline-offset:2px} .error{color:#b00020}
@media (max-width:480px){main{margin:0;border-radius:0;min-height:100vh}}`);

export function bankLayout(lang: Lang, body: Html): Html {
  const t = BANK_TEXT[lang];
  return html`<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<link rel="icon" href="${FAVICON}">
<style>
${STYLES}
</style></head><body><main>${body}<p class="muted">${t.sandbox}</p></main></body></html>`;
}

/** A payment that no longer waits for the customer: its state, in words, and the way back. */
export function finishedPage(lang: Lang, heading: string, state: ApmStatus, back?: string): Html {
  const t = BANK_TEXT[lang];
  return bankLayout(lang, html`<h1>${heading}</h1><p role="status">${t.done[state]}</p>${back ? html`<p><a href="${back}">${t.back}</a></p>` : ''}`);
}

/** The payer as PSE hands them to the bank: who they are, their document and e-mail. */
export interface BankPayer {
  name: string;
  personType: 'natural' | 'legal';
  documentType: string;
  document: string;
  email: string;
}

export function bankLoginPage(lang: Lang, view: { bank: string; amount: string; orderId: string; payer?: BankPayer; error?: string }): Html {
  const t = BANK_TEXT[lang];
  const payer = view.payer;
  return bankLayout(
    lang,
    html`<h1>${view.bank}</h1><p class="muted">${t.intro}</p>
<dl><dt>${t.amount}</dt><dd>${view.amount}</dd><dt>${t.merchantRef}</dt><dd>${view.orderId}</dd>${
      payer
        ? html`<dt>${t.payer}</dt><dd>${payer.name}</dd><dt>${t.personType}</dt><dd>${t.personTypes[payer.personType]}</dd><dt>${t.document}</dt><dd>${payer.documentType} ${payer.document}</dd><dt>${t.email}</dt><dd>${payer.email}</dd>`
        : ''
    }</dl>
<form method="post" novalidate>
${view.error ? html`<p class="error" role="alert" id="form-error">${view.error}</p>` : ''}
<label for="username">${t.user}</label><input id="username" name="username" autocomplete="username" required${view.error ? raw(' aria-describedby="form-error" aria-invalid="true"') : ''}>
<label for="password">${t.password}</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button class="primary" name="decision" value="approve" type="submit">${t.approve}</button>
<button class="secondary" name="decision" value="reject" type="submit" formnovalidate>${t.reject}</button>
</form>`,
  );
}

/** What the payer's banking app shows for a scanned QR: the merchant (from the QR), the key, a bank to pay from, the amount to confirm or change. */
export interface QrPageView {
  image: string;
  alias: string;
  amount: string;
  /** The amount as the input takes it, in pesos ("15050.50"). */
  amountInput: string;
  merchant: string;
  banks: ReadonlyArray<{ id: string; name: string }>;
  /** The last transfer came back: why, in words. */
  notice?: string;
  error?: string;
}

export function qrPage(lang: Lang, view: QrPageView): Html {
  const t = BANK_TEXT[lang];
  const invalid = view.error ? raw(' aria-describedby="amount-error" aria-invalid="true"') : '';
  return bankLayout(
    lang,
    html`<h1>${t.title}</h1><p class="muted">${t.qrIntro}</p>
${view.notice ? html`<p role="status">${view.notice}</p>` : ''}
<img class="qr" src="${view.image}" alt="${t.qrAlt.replace('{alias}', view.alias)}" width="220" height="220">
<dl><dt>${t.merchant}</dt><dd id="merchant">${view.merchant}</dd><dt>${t.key}</dt><dd id="key">${view.alias}</dd><dt>${t.amount}</dt><dd>${view.amount}</dd></dl>
<form method="post" novalidate>
<label for="bank">${t.yourBank}</label><select id="bank" name="bank">${view.banks.map((b) => html`<option value="${b.id}">${b.name}</option>`)}</select>
<label for="amount">${t.amountToSend}</label>
${view.error ? html`<p class="error" role="alert" id="amount-error">${view.error}</p>` : ''}
<input id="amount" name="amount" inputmode="decimal" autocomplete="off" value="${view.amountInput}"${invalid}>
<button class="primary" name="decision" value="approve" type="submit">${t.send}</button>
<button class="secondary" name="decision" value="reject" type="submit">${t.reject}</button></form>`,
  );
}
