/**
 * What `pay` and `enroll` do inside the iframe (spec 4.8): encrypt the card
 * fields here, tokenize (POST /v1/instruments), then charge with a freshly
 * encrypted CVV (POST /v1/payments) or save the instrument for a user
 * (POST /v1/users, POST /v1/users/{id}/instruments). Every outcome is a
 * result: a decline is a payment with status REJECTED (with a generic message,
 * never the issuer's response code), anything that did not
 * complete is status ERROR. Nothing here throws.
 */
import type { CardFormController } from '../form/controller.js';
import { errorResult, type ExistingUser, type FieldsResult, type NewUser } from '../types.js';
import { randomKey, type GatewayApi } from './api.js';
import { DECLINE_MESSAGES, type Locale } from '../form/i18n.js';

interface Instrument {
  id: string;
  card: { last_four_digits: string; bin_data: { card_brand: string } };
}

interface Payment {
  id: string;
  status: string;
  approval_code?: string;
  amount: string;
}

export interface Charge {
  amount?: number;
  currency?: string;
}

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

export async function payWithCard(form: CardFormController, api: GatewayApi, charge: Charge, opts: { order_id?: string; description?: string; locale?: Locale }): Promise<FieldsResult> {
  const { amount, currency } = charge;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    return errorResult('invalid_amount', 'mount() needs a positive `amount` and an ISO 4217 `currency` (e.g. "COP") to pay.');
  }
  const orderId = typeof opts.order_id === 'string' && opts.order_id ? opts.order_id : `ord-${randomKey()}`;
  const tokenized = await tokenize(form, api);
  if ('failed' in tokenized) return { ...tokenized.failed, order_id: orderId } as FieldsResult;
  const { instrument } = tokenized;

  let encryptedCvv: string;
  try {
    encryptedCvv = await form.encryptCvv();
  } catch (error) {
    return errorResult('encryption_failed', (error as Error)?.message || 'The security code could not be encrypted.', { instrument_id: instrument.id, order_id: orderId });
  }
  const body = {
    amount,
    currency,
    order_id: orderId,
    instrument_id: instrument.id,
    encrypted_cvv: encryptedCvv,
    ...(typeof opts.description === 'string' && opts.description ? { description: opts.description } : {}),
  };
  const reply = await api.post<Payment>('/v1/payments', body);
  if (!reply.ok) return { status: 'ERROR', error: reply.error, instrument_id: instrument.id, order_id: orderId };
  const payment = reply.body;
  return {
    status: payment.status,
    payment_id: payment.id,
    instrument_id: instrument.id,
    order_id: orderId,
    // The page is the shopper's: a decline says only that (no response code, which tells a card tester why).
    ...(payment.status === 'REJECTED' ? { message: DECLINE_MESSAGES[opts.locale === 'en' ? 'en' : 'es'] } : {}),
    ...(payment.approval_code ? { approval_code: payment.approval_code } : {}),
    amount: payment.amount,
    currency,
    card: cardOf(instrument),
  };
}

function userOf(user: unknown): NewUser | ExistingUser | null {
  if (typeof user !== 'object' || user === null) return null;
  const u = user as Record<string, unknown>;
  if (typeof u.id === 'string' && u.id) return { id: u.id };
  if (typeof u.name === 'string' && u.name.trim() && typeof u.email === 'string' && u.email.trim()) return { name: u.name, email: u.email };
  return null;
}

export async function enrollCard(form: CardFormController, api: GatewayApi, opts: { user?: unknown }): Promise<FieldsResult> {
  const user = userOf(opts.user);
  if (!user) return errorResult('invalid_user', 'enroll() needs `user`: {name, email} for a new user or {id} for an existing one.');
  // Tokenize first: a retry after a failed user step finds the same instrument (fingerprint), not a second user.
  const tokenized = await tokenize(form, api);
  if ('failed' in tokenized) return tokenized.failed;
  const { instrument } = tokenized;

  let userId: string;
  if ('id' in user) userId = user.id;
  else {
    const created = await api.post<{ id: string }>('/v1/users', { name: user.name, email: user.email });
    if (!created.ok) return { status: 'ERROR', error: created.error, instrument_id: instrument.id };
    userId = created.body.id;
  }
  const saved = await api.post<{ id: string }>(`/v1/users/${encodeURIComponent(userId)}/instruments`, { instrument_id: instrument.id });
  if (!saved.ok) return { status: 'ERROR', error: saved.error, instrument_id: instrument.id };
  return { status: 'ENROLLED', user_id: userId, instrument_id: instrument.id, card: cardOf(instrument) };
}
