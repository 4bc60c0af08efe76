/**
 * What `pay` and `enroll` do inside the iframe (spec 4.8), with a checkout
 * session's token: encrypt the card fields here, tokenize (POST
 * /v1/instruments), then charge the session's payment with a freshly
 * encrypted CVV (POST /v1/payments) or save the card for the session's user
 * (POST /v1/users/{id}/instruments). Every outcome is a result: a decline is
 * a payment with status REJECTED (with a generic message, never the
 * issuer's response code), anything that did not complete is status
 * ERROR. Nothing here throws.
 */
import type { CardFormController } from '../form/controller.js';
import { errorResult, type FieldsResult } from '../types.js';
import type { GatewayApi } from './api.js';
import type { CheckoutSession } from './session.js';
import { DECLINE_MESSAGES, type Locale } from '../form/i18n.js';
import { runChallenge } from './challenge.js';

interface Instrument {
  id: string;
  card: { last_four_digits: string; bin_data: { card_brand: string } };
}

interface Payment {
  id: string;
  status: string;
  approval_code?: string;
  amount: string;
  /** A 3-D Secure challenge to run (challenge.ts). */
  next_action?: { type: string; redirect_to_url: { url: string } };
}

/** What mount() was given; absent values are the session's (the gateway refuses any other). */
export interface Charge {
  amount?: number;
  currency?: string;
}

const wrongMode = (session: CheckoutSession) =>
  session.mode === 'payment'
    ? errorResult(
        'invalid_session',
        'This checkout session makes a payment (mode payment): call pay(), or create a session with mode enrollment to save a card.',
      )
    : errorResult('invalid_session', 'This checkout session saves a card (mode enrollment): call enroll(), or create a session with mode payment to charge.');

const cardOf = (instrument: Instrument) => ({ last_four_digits: instrument.card.last_four_digits, brand: instrument.card.bin_data.card_brand });

async function tokenize(form: CardFormController, api: GatewayApi): Promise<{ instrument: Instrument } | { failed: FieldsResult }> {
  if (!form.isValid()) {
    form.showProblems();
    return { failed: errorResult('invalid_card', 'The card fields are incomplete or invalid.') };
  }
  let encrypted;
  try {
    encrypted = await form.encrypt();
  } catch (error) {
    return { failed: errorResult('encryption_failed', (error as Error)?.message || 'The card could not be encrypted.') };
  }
  const reply = await api.post<Instrument>('/v1/instruments', { type: 'CARD', ...encrypted });
  return reply.ok ? { instrument: reply.body } : { failed: { status: 'ERROR', error: reply.error } };
}

export async function payWithCard(
  form: CardFormController,
  api: GatewayApi,
  session: CheckoutSession,
  charge: Charge,
  opts: { order_id?: string; description?: string; locale?: Locale },
): Promise<FieldsResult> {
  if (session.mode !== 'payment') return wrongMode(session);
  const amount = charge.amount ?? Number(session.amount);
  const currency = charge.currency ?? session.currency ?? '';
  if (!Number.isFinite(amount) || amount <= 0 || !/^[A-Z]{3}$/.test(currency)) {
    return errorResult(
      'invalid_amount',
      '`amount` must be a positive number and `currency` an ISO 4217 code (e.g. "COP"); leave them out to use the session\'s.',
    );
  }
  const orderId = typeof opts.order_id === 'string' && opts.order_id ? opts.order_id : (session.order_id ?? session.id);
  const tokenized = await tokenize(form, api);
  if ('failed' in tokenized) return { ...tokenized.failed, order_id: orderId };
  const { instrument } = tokenized;

  let encryptedCvv: string;
  try {
    encryptedCvv = await form.encryptCvv();
  } catch (error) {
    return errorResult('encryption_failed', (error as Error)?.message || 'The security code could not be encrypted.', {
      instrument_id: instrument.id,
      order_id: orderId,
    });
  }
  const body = {
    amount,
    currency,
    order_id: orderId,
    instrument_id: instrument.id,
    encrypted_cvv: encryptedCvv,
    // The installments the cardholder chose (a credit card); 1, the default, is left out.
    ...(form.installments() > 1 ? { installments: form.installments() } : {}),
    // The session's description is the payment's; one given here must be the same.
    ...(typeof opts.description === 'string' && opts.description ? { description: opts.description } : {}),
  };
  const reply = await api.post<Payment>('/v1/payments', body);
  if (!reply.ok) return { status: 'ERROR', error: reply.error, instrument_id: instrument.id, order_id: orderId };
  let payment = reply.body;
  // The issuer wants the cardholder (3-D Secure): the frame runs the challenge, then answers its outcome.
  if (payment.status === 'PENDING' && payment.next_action?.type === 'redirect_to_url') {
    const status = await runChallenge(api, session.id, payment.next_action.redirect_to_url.url, opts.locale === 'en' ? 'en' : 'es');
    payment = { ...payment, status };
  }
  return {
    status: payment.status,
    payment_id: payment.id,
    instrument_id: instrument.id,
    order_id: orderId,
    // The page is the shopper's: a decline says only that (no response code, which tells a card tester why).
    // The session is complete either way: a decline tells the page that trying again takes a new session.
    ...(payment.status === 'REJECTED' ? { message: DECLINE_MESSAGES[opts.locale === 'en' ? 'en' : 'es'], next_action: 'new_session' as const } : {}),
    ...(payment.approval_code ? { approval_code: payment.approval_code } : {}),
    amount: payment.amount,
    currency,
    card: cardOf(instrument),
  };
}

/**
 * Saves the card for the session's user (the merchant's backend named or
 * created that user with the session). An `opts.user` other than
 * `{id: <the session's user>}` is refused here, as the gateway would.
 */
export async function enrollCard(form: CardFormController, api: GatewayApi, session: CheckoutSession, opts: { user?: unknown }): Promise<FieldsResult> {
  if (session.mode !== 'enrollment' || !session.user_id) return wrongMode(session);
  const userId = session.user_id;
  const asked = opts.user as { id?: unknown } | undefined;
  if (asked !== undefined && (typeof asked !== 'object' || asked === null || asked.id !== userId)) {
    return errorResult('invalid_user', `This checkout session saves the card for its own user (${userId}); leave out \`user\`.`);
  }
  const tokenized = await tokenize(form, api);
  if ('failed' in tokenized) return tokenized.failed;
  const { instrument } = tokenized;
  const saved = await api.post<{ id: string }>(`/v1/users/${encodeURIComponent(userId)}/instruments`, { instrument_id: instrument.id });
  if (!saved.ok) return { status: 'ERROR', error: saved.error, instrument_id: instrument.id };
  return { status: 'ENROLLED', user_id: userId, instrument_id: instrument.id, card: cardOf(instrument) };
}
