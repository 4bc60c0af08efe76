/**
 * The sandbox's test cards as the dashboard's Sandbox page lists them, in English and Spanish:
 * every card of the sandbox network (server connectors/card-network/simulator.ts `TEST_CARDS`) and
 * of its 3-D Secure directory (server cards/three-ds.ts `THREE_DS_TEST_CARDS`), as docs/sandbox.md
 * "Test cards" and "3-D Secure" do. A server test (sandbox-card-lists.test.ts) keeps the three lists the same.
 */
export interface SandboxCard {
  number: string;
  brand: string;
  en: string;
  es: string;
}

export const SANDBOX_CARDS: readonly SandboxCard[] = [
  { number: '4242424242424242', brand: 'Visa', en: 'Approved (00)', es: 'Aprobada (00)' },
  { number: '5555555555554444', brand: 'Mastercard', en: 'Approved (00)', es: 'Aprobada (00)' },
  { number: '378282246310005', brand: 'American Express', en: 'Approved (00), 4-digit CVV', es: 'Aprobada (00), CVV de 4 dígitos' },
  { number: '4000056655665556', brand: 'Visa debit', en: 'Approved (00)', es: 'Aprobada (00)' },
  { number: '4000000000000002', brand: 'Visa', en: 'Rejected: generic decline (05)', es: 'Rechazada: declinación genérica (05)' },
  { number: '4000000000009995', brand: 'Visa', en: 'Rejected: insufficient funds (51)', es: 'Rechazada: fondos insuficientes (51)' },
  { number: '4100000000000019', brand: 'Visa', en: 'Rejected: suspected fraud (59)', es: 'Rechazada: sospecha de fraude (59)' },
  { number: '4000000000000069', brand: 'Visa', en: 'Rejected: expired card (54)', es: 'Rechazada: tarjeta vencida (54)' },
  { number: '4000000000000119', brand: 'Visa', en: 'Rejected: processing error (96)', es: 'Rechazada: error de procesamiento (96)' },
  { number: '4000000000005126', brand: 'Visa', en: 'Approved; every refund is rejected (57)', es: 'Aprobada; todo reembolso se rechaza (57)' },
  {
    number: '4000000000005134',
    brand: 'Visa',
    en: 'Approved; every refund succeeds, then fails four days later (54)',
    es: 'Aprobada; todo reembolso se aprueba y falla cuatro días después (54)',
  },
  { number: '4000000000000259', brand: 'Visa', en: 'Approved; a chargeback opens when captured', es: 'Aprobada; al capturarla se abre un contracargo' },
  { number: '4000000000003303', brand: 'Visa', en: 'Pending (09), then approved', es: 'Pendiente (09), luego aprobada' },
  { number: '4000000000000341', brand: 'Visa', en: 'Approved; every capture is rejected (12)', es: 'Aprobada; toda captura se rechaza (12)' },
  { number: '4000000000000127', brand: 'Visa', en: 'Approved; every cancellation (void) is rejected (12)', es: 'Aprobada; toda anulación se rechaza (12)' },
  { number: '4000000000000101', brand: 'Visa', en: 'Approved; every reversal is rejected (12)', es: 'Aprobada; toda reversión se rechaza (12)' },
  { number: '4000000000000622', brand: 'Visa', en: 'Approved; every adjustment is rejected (12)', es: 'Aprobada; todo ajuste se rechaza (12)' },
  {
    number: '4000000000000358',
    brand: 'Visa credit',
    en: 'Approved in one payment; rejected in 2 or more installments (58)',
    es: 'Aprobada en un pago; rechazada en 2 cuotas o más (58)',
  },
  {
    number: '4000000000003238',
    brand: 'Visa',
    en: 'With 3-D Secure: authenticated without a challenge (frictionless), then approved',
    es: 'Con 3-D Secure: autenticada sin desafío (sin fricción), luego aprobada',
  },
  {
    number: '4000000000003220',
    brand: 'Visa',
    en: 'With 3-D Secure: challenged; the code 1234 authenticates, then approved',
    es: 'Con 3-D Secure: desafío; el código 1234 autentica, luego aprobada',
  },
  {
    number: '4000000000003063',
    brand: 'Visa',
    en: 'With 3-D Secure: challenged, the issuer refuses every code: rejected (05)',
    es: 'Con 3-D Secure: desafío, el emisor rechaza todo código: rechazada (05)',
  },
  {
    number: '4000000000003279',
    brand: 'Visa',
    en: 'With 3-D Secure: challenged, the issuer never answers: rejected at expiry (05)',
    es: 'Con 3-D Secure: desafío, el emisor nunca responde: rechazada al vencer (05)',
  },
  {
    number: '4000000000003253',
    brand: 'Visa',
    en: 'With 3-D Secure: not enrolled, approved without authentication',
    es: 'Con 3-D Secure: no inscrita, aprobada sin autenticación',
  },
];
