/**
 * The objects the fake Stripe (fake-stripe.ts) answers with, built as
 * Stripe's API reference shows them and typed with the `stripe` package's
 * own types, and the form parsing of its requests.
 */
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';

export type Form = { [key: string]: string | Form };

export const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const seconds = () => Math.floor(Date.now() / 1000);

/** Stripe's bracketed form keys (`card[number]`, `metadata[k]`, `list[0]`) as nested objects. */
export function parseForm(text: string): Form {
  const form: Form = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let at = form;
    path.forEach((part, i) => {
      if (i === path.length - 1) at[part] = value;
      else at = (at[part] ??= {}) as Form;
    });
  }
  return form;
}

export const luhn = (digits: string) =>
  /^\d{12,19}$/.test(digits) &&
  [...digits].reverse().reduce((sum, d, i) => sum + (i % 2 ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][Number(d)]! : Number(d)), 0) % 10 === 0;

export function paymentMethod(form: Form, number: string): Stripe.PaymentMethod {
  const card = form['card'] as Form;
  const billing = (form['billing_details'] ?? {}) as Form;
  return {
    id: id('pm'),
    object: 'payment_method',
    type: 'card',
    created: seconds(),
    livemode: false,
    customer: null,
    customer_account: null,
    metadata: {},
    billing_details: { address: null, email: null, name: typeof billing['name'] === 'string' ? billing['name'] : null, phone: null, tax_id: null },
    card: {
      brand: number.startsWith('5') ? 'mastercard' : 'visa',
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: card['cvc'] ? 'pass' : null },
      country: 'US',
      display_brand: number.startsWith('5') ? 'mastercard' : 'visa',
      exp_month: Number(card['exp_month']),
      exp_year: Number(card['exp_year']),
      funding: 'credit',
      generated_from: null,
      last4: number.slice(-4),
      networks: { available: [number.startsWith('5') ? 'mastercard' : 'visa'], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
  };
}

export function paymentIntent(form: Form, method: string): Stripe.PaymentIntent {
  const pi = id('pi');
  return {
    id: pi,
    object: 'payment_intent',
    allowed_payment_method_types: ['card'],
    amount: Number(form['amount']),
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: form['capture_method'] === 'manual' ? 'manual' : 'automatic_async',
    client_secret: `${pi}_secret_${randomBytes(8).toString('hex')}`,
    confirmation_method: 'automatic',
    created: seconds(),
    currency: String(form['currency']),
    customer: null,
    customer_account: null,
    description: null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: { ...((form['metadata'] ?? {}) as Record<string, string>) },
    next_action: null,
    on_behalf_of: null,
    payment_method: method,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_confirmation',
    transfer_group: null,
  };
}
