/**
 * Verification of webhook deliveries (Standard Webhooks, docs/webhooks.md):
 * `webhook-signature` holds `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`
 * signatures, space-separated, keyed by the base64 part of a `whsec_` secret.
 * WebCrypto's HMAC verify compares in constant time.
 */
import { WebhookVerificationError } from './errors.js';
import { base64Decode, subtle, utf8 } from './encoding.js';
import type { Event } from './types.js';

/** Deliveries older or newer than this are refused (replays). */
export const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** Seconds either side of now that `webhook-timestamp` may be; default 300. */
  toleranceSeconds?: number;
  /** The current Unix time in seconds (tests). */
  now?: number;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const found = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = found === undefined ? undefined : record[found];
  return Array.isArray(value) ? value.join(' ') : value;
}

function secretKey(secret: string): Uint8Array<ArrayBuffer> {
  try {
    return base64Decode(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  } catch {
    throw new WebhookVerificationError('the webhook secret is not a whsec_ secret (base64 after the prefix)');
  }
}

/**
 * Checks a delivery and returns its event. `rawBody` must be the bytes as
 * received (not re-serialized JSON). `secret` may be a list: during a rotation,
 * the new and the previous secret. Throws WebhookVerificationError otherwise.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: VerifyOptions = {},
): Promise<Event> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('missing webhook-id, webhook-timestamp or webhook-signature header');
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('invalid webhook-timestamp');
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(now - Number(timestamp)) > tolerance)
    throw new WebhookVerificationError('webhook-timestamp is outside the tolerance (a replay, or a wrong clock)');

  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  const signed = utf8(`${id}.${timestamp}.${body}`);
  const candidates = signatures
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .flatMap((s) => {
      try {
        return [base64Decode(s.slice(3))];
      } catch {
        return [];
      }
    });
  const secrets = typeof secret === 'string' ? [secret] : [...secret];
  if (secrets.length === 0) throw new WebhookVerificationError('no webhook secret given');
  for (const s of secrets) {
    const key = await subtle().importKey('raw', secretKey(s), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    for (const candidate of candidates) {
      if (await subtle().verify('HMAC', key, candidate, signed)) {
        let event: unknown;
        try {
          event = JSON.parse(body);
        } catch {
          throw new WebhookVerificationError('the body is not JSON');
        }
        if ((event as { id?: unknown } | null)?.id !== id) throw new WebhookVerificationError('the body is not the event named by webhook-id');
        return event as Event;
      }
    }
  }
  throw new WebhookVerificationError('no signature matches the secret');
}
