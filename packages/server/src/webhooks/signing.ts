/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com, docs/api-conventions.md):
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with the
 * base64 key of a `whsec_` secret. Several signatures (secret rotation) are
 * space-separated.
 */
import { createHmac, randomBytes } from 'node:crypto';

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export function signatureHeaders(secrets: string[], id: string, timestamp: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signatureOf(s, id, timestamp, body)).join(' '),
  };
}
