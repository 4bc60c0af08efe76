/** Texts and the page frame of the hosted checkout and enrollment form (Spanish and English). */
import type { EnrollmentLinkData } from './service.js';
import { escapeHtml } from '../lib/html.js';

export type Lang = 'es' | 'en';

export function pick(acceptLanguage: string | undefined): Lang {
  return /^\s*en\b/i.test(acceptLanguage ?? '') ? 'en' : 'es';
}

export const TEXT = {
  es: {
    checkoutTitle: 'Pago',
    enrollTitle: 'Guardar tarjeta',
    amountLabel: 'Valor a pagar',
    card: 'Tarjeta',
    otherMethods: 'Otros medios',
    methods: 'Medios de pago',
    chooseRail: 'Elija cómo pagar',
    railBank: 'Transferencia desde su banco',
    railPush: 'Billetera (notificación)',
    railOtp: 'Billetera (código por SMS)',
    railQr: 'Código QR',
    bank: 'Banco',
    documentType: 'Tipo de documento',
    document: 'Número de documento',
    firstName: 'Nombres',
    lastName: 'Apellidos',
    email: 'Correo electrónico',
    phone: 'Celular',
    otp: 'Código recibido por SMS',
    confirm: 'Confirmar',
    alias: 'Alias',
    continue: 'Continuar',
    pay: 'Pagar',
    save: 'Guardar tarjeta',
    cancel: 'Cancelar y volver',
    expired: 'Este enlace de pago expiró.',
    enrollExpired: 'Este formulario expiró. Pida un enlace nuevo al comercio.',
    paid: 'Este enlace ya fue pagado.',
    enrolled: 'Este formulario ya se usó: la tarjeta quedó guardada.',
    unavailable: 'Este enlace ya no acepta pagos.',
    cardDeclined: 'La tarjeta fue rechazada. Intente con otra tarjeta.',
    cardBlocked: 'Los pagos con tarjeta no están disponibles por un tiempo. Intente más tarde o use otro medio de pago.',
    notFound: 'Enlace no encontrado',
  },
  en: {
    checkoutTitle: 'Payment',
    enrollTitle: 'Save your card',
    amountLabel: 'Amount to pay',
    card: 'Card',
    otherMethods: 'Other methods',
    methods: 'Payment methods',
    chooseRail: 'Choose how to pay',
    railBank: 'Transfer from your bank',
    railPush: 'Wallet (push notification)',
    railOtp: 'Wallet (SMS code)',
    railQr: 'QR code',
    bank: 'Bank',
    documentType: 'Document type',
    document: 'Document number',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'E-mail',
    phone: 'Mobile number',
    otp: 'Code received by SMS',
    confirm: 'Confirm',
    alias: 'Alias',
    continue: 'Continue',
    pay: 'Pay',
    save: 'Save card',
    cancel: 'Cancel and go back',
    expired: 'This payment link has expired.',
    enrollExpired: 'This form has expired. Ask the merchant for a new link.',
    paid: 'This link has already been paid.',
    enrolled: 'This form was already used: the card is saved.',
    unavailable: 'This link no longer accepts payments.',
    cardDeclined: 'The card was declined. Try another card.',
    cardBlocked: 'Card payments are unavailable for a while. Try again later or use another payment method.',
    notFound: 'Link not found',
  },
} as const;


export function layout(lang: Lang, title: string, body: string, style: EnrollmentLinkData['style'] = {}): string {
  const primary = /^#[0-9a-fA-F]{3,6}$/.test(style.colors?.primary ?? '') ? style.colors!.primary! : '#0b5cad';
  const radius = style.layout?.borderRadius ?? 10;
  const compact = style.layout?.compact ? 'compact' : '';
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
:root{--primary:${primary};--radius:${radius}px}
*{box-sizing:border-box} body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f6fa;margin:0;color:#1b2230}
main{max-width:30rem;margin:1.5rem auto;background:#fff;border-radius:var(--radius);padding:1.5rem;box-shadow:0 2px 14px #0002}
main.compact{margin:0;box-shadow:none;padding:1rem}
h1{font-size:1.35rem;margin:0 0 .5rem} .amount{font-size:1.6rem;font-weight:700;margin:.25rem 0 1rem}
label{display:block;margin-top:.75rem;font-weight:600;font-size:.95rem}
input,select{width:100%;padding:.65rem;font-size:1rem;border:1px solid #9aa3b5;border-radius:calc(var(--radius)/2);margin-top:.25rem;background:#fff}
fieldset{border:0;padding:0;margin:1rem 0 0} fieldset label{font-weight:400} fieldset input{width:auto;margin-right:.5rem}
button{font:inherit;cursor:pointer} .primary{margin-top:1rem;width:100%;padding:.8rem;font-size:1.05rem;background:var(--primary);color:#fff;border:0;border-radius:calc(var(--radius)/2)}
.primary:disabled{opacity:.5;cursor:not-allowed}
:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
.tabs{display:flex;gap:.5rem;margin:1rem 0} .tabs button{flex:1;padding:.6rem;border:1px solid #9aa3b5;background:#fff;border-radius:calc(var(--radius)/2)}
.tabs button[aria-selected=true]{border-color:var(--primary);box-shadow:inset 0 -3px 0 var(--primary);font-weight:600}
.field-error{color:#b00020;min-height:1.2em;margin:.25rem 0} .notice{font-size:1.1rem} .cancel{color:#445}
@media (max-width:480px){main{margin:0;border-radius:0;min-height:100vh}}
</style></head><body><main class="${compact}">${body}</main></body></html>`;
}
