/**
 * The notifications of the sandbox simulator (simulator.ts): signed the way
 * the gateway signs its own webhooks (Standard Webhooks: `webhook-id`,
 * `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">`), with the account's `notification_secret` (the bytes
 * after `whsec_`), or, when the account has none, its `api_key`. The body is
 * the gateway's own shape (notifications.ts `readNativeNotification`).
 * A timestamp more than five minutes away from the gateway's clock is refused,
 * so a captured notification cannot be replayed later under another id.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RealClock } from '../clock/clock.js';
import type { ErrorDetail } from '../errors/api-error.js';
import type { InboundNotification, NotificationReceipt, NotificationRequest, NotificationSink } from './notifications.js';

export const NOTIFICATION_TOLERANCE_SECONDS = 300;

export interface SimulatorSigningCredentials {
  api_key: string;
  notification_secret?: string | undefined;
}

export function signingKey(credentials: SimulatorSigningCredentials): Buffer {
  const secret = credentials.notification_secret;
  return secret ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(credentials.api_key, 'utf8');
}

export function notificationSignature(key: Buffer, id: string, timestamp: number, body: Buffer): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest('base64')}`;
}

function header(request: NotificationRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `true`, or the problems, each naming the header at fault. */
export function verifySimulatorNotification(credentials: SimulatorSigningCredentials, request: NotificationRequest, clock: RealClock): true | ErrorDetail[] {
  const id = header(request, 'webhook-id');
  const timestamp = header(request, 'webhook-timestamp');
  const signatures = header(request, 'webhook-signature');
  const problems: ErrorDetail[] = [];
  if (!id) problems.push({ field: 'headers.webhook-id', message: 'is required' });
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) problems.push({ field: 'headers.webhook-timestamp', message: 'is required: seconds since 1970' });
  else if (Math.abs(clock.realNow() / 1000 - Number(timestamp)) > NOTIFICATION_TOLERANCE_SECONDS)
    problems.push({ field: 'headers.webhook-timestamp', message: `is more than ${NOTIFICATION_TOLERANCE_SECONDS} seconds away from the gateway's clock` });
  if (!signatures) problems.push({ field: 'headers.webhook-signature', message: 'is required' });
  if (problems.length || !id || !timestamp || !signatures) return problems;
  const expected = Buffer.from(notificationSignature(signingKey(credentials), id, Number(timestamp), request.body));
  const matches = signatures.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? true : [{ field: 'headers.webhook-signature', message: "does not match the body signed with the account's credentials" }];
}

/** The simulator's side: signs a notification and hands it to the gateway's inbound path (the same checks as the route). */
export class SimulatorNotifier {
  constructor(
    private readonly sink: NotificationSink,
    private readonly accountId: string,
    private readonly key: Buffer,
    private readonly clock: RealClock,
  ) {}

  send(id: string, notification: InboundNotification): Promise<NotificationReceipt> {
    const body = Buffer.from(JSON.stringify({ id, ...notification }));
    const timestamp = Math.floor(this.clock.realNow() / 1000);
    const headers = {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': notificationSignature(this.key, id, timestamp, body),
    };
    return this.sink.receive(this.accountId, { body, headers });
  }
}
