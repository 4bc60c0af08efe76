/**
 * What a merchant's integration does: fetch the organization's public key,
 * encrypt each card field with it (RSA-OAEP, SHA-256, base64), tokenize, pay.
 * Encryption uses WebCrypto, as the browser SDK does.
 */
import { webcrypto } from 'node:crypto';
import type { HttpClient, Reply } from './gateway.js';

export interface TestCardInput {
  number: string;
  month?: string;
  year?: string;
  holder?: string;
  cvv?: string;
}

export async function importPublicKey(pem: string): Promise<webcrypto.CryptoKey> {
  const der = Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  return webcrypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
}

export async function encrypt(key: webcrypto.CryptoKey, value: string): Promise<string> {
  return Buffer.from(await webcrypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, Buffer.from(value))).toString('base64');
}

/** The organization's active key (created on first use), imported for encryption. */
/** The first key being made, per gateway and token: concurrent first uses share it. */
const firstKeys = new Map<string, Promise<Reply<{ public_key: string }>>>();

export async function merchantKey(gw: HttpClient, token: string): Promise<webcrypto.CryptoKey> {
  let reply = await gw.request<{ public_key: string }>('GET', '/v1/encryption/keys', { token });
  if (reply.status === 404) {
    // One POST for concurrent first uses (a test tokenizing several cards at once): each POST rotates
    // the key, and a third rotation retires the key the first caller has just encrypted with.
    const at = `${gw.baseUrl} ${token}`;
    let made = firstKeys.get(at);
    if (!made) {
      made = gw.request<{ public_key: string }>('POST', '/v1/encryption/keys', { token }).finally(() => firstKeys.delete(at));
      firstKeys.set(at, made);
    }
    reply = await made;
  }
  return importPublicKey(reply.body.public_key);
}

export async function encryptedCard(key: webcrypto.CryptoKey, card: TestCardInput) {
  return {
    type: 'CARD',
    encrypted_number: await encrypt(key, card.number),
    encrypted_expiration_month: await encrypt(key, card.month ?? '12'),
    encrypted_expiration_year: await encrypt(key, card.year ?? String(new Date().getUTCFullYear() + 3)),
    encrypted_holder_name: await encrypt(key, card.holder ?? 'Ana María Gómez'),
    encrypted_cvv: await encrypt(key, card.cvv ?? (/^3[47]/.test(card.number) ? '1234' : '123')),
  };
}

export async function tokenize(gw: HttpClient, token: string, card: TestCardInput): Promise<string> {
  const key = await merchantKey(gw, token);
  const reply = await gw.request<{ id: string }>('POST', '/v1/instruments', { token, body: await encryptedCard(key, card) });
  if (reply.status !== 201) throw new Error(`tokenize failed: ${reply.status} ${reply.text}`);
  return reply.body.id;
}

export interface PaymentReply {
  id: string;
  status: string;
  response_code: string | null;
  approval_code?: string;
  amount: string;
  amount_captured: string;
  amount_refunded: string;
  captured_at: string | null;
  installments?: number;
}

export async function pay(
  gw: HttpClient,
  token: string,
  options: {
    instrumentId: string;
    amount?: number | string;
    currency?: string;
    orderId?: string;
    cvv?: string;
    capture?: boolean;
    path?: string;
    installments?: unknown;
    /** More members of the body (`three_ds`, ...). */
    more?: Record<string, unknown>;
  },
) {
  const key = await merchantKey(gw, token);
  return gw.request<PaymentReply>('POST', options.path ?? '/v1/payments', {
    token,
    body: {
      amount: options.amount ?? 150,
      currency: options.currency ?? 'USD',
      order_id: options.orderId ?? `order-${Math.random().toString(36).slice(2)}`,
      instrument_id: options.instrumentId,
      encrypted_cvv: await encrypt(key, options.cvv ?? '123'),
      ...(options.capture === undefined ? {} : { capture: options.capture }),
      ...(options.installments === undefined ? {} : { installments: options.installments }),
      ...options.more,
    },
  });
}

/** The body of an OTP-wallet intent that nothing decides (it stays IN_PROGRESS): an alternative payment to act on. */
export function pendingWalletIntent(prefix: string) {
  return {
    order_id: `${prefix}-${Math.random()}`,
    amount: 15050,
    currency: 'COP',
    rail_id: 'WALLET_OTP',
    rail_type: 'WALLET',
    customer: { phone_number: '3001112233' },
  };
}
