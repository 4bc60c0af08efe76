/**
 * The checkout session behind the token (docs/fields.md "Checkout sessions").
 * The token is a JWT whose `checkout_session` claim names the session; the
 * frame reads the session with the token itself (GET /v1/checkout/sessions/{id},
 * which that token may read for its own session only) to learn what it pays or
 * for whom it saves the card, and which pages may embed it. The gateway
 * enforces all of it again: this is so the customer sees a clear message
 * instead of a refused request.
 */
import type { ResultError } from '../types.js';
import type { GatewayApi } from './api.js';

export interface CheckoutSession {
  id: string;
  mode: 'payment' | 'enrollment';
  status: 'open' | 'complete' | 'expired';
  /** Mode payment: "15000.00". */
  amount: string | null;
  currency: string | null;
  order_id: string | null;
  description: string | null;
  user_id: string | null;
  allowed_origins: string[];
}

/** The session id in the token's payload (not verified here: the gateway verifies every request). */
export function sessionIdOf(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const id = (JSON.parse(json) as { checkout_session?: unknown }).checkout_session;
    return typeof id === 'string' && /^cs-[0-9a-z]+$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** The session, or why these fields cannot work with it. */
export async function loadSession(api: GatewayApi, token: string, embedder: string): Promise<{ session: CheckoutSession } | { error: ResultError }> {
  const id = sessionIdOf(token);
  if (!id) {
    return { error: { code: 'invalid_token', message: "token must be a checkout session's token (POST /v1/checkout/sessions on your backend)." } };
  }
  const reply = await api.get<CheckoutSession>(`/v1/checkout/sessions/${id}`);
  if (!reply.ok) return { error: reply.error };
  const session = reply.body;
  if (session.status === 'complete') return { error: { code: 'session_complete', message: 'This checkout session is already complete; create a new one.' } };
  if (session.status === 'expired') return { error: { code: 'session_expired', message: 'This checkout session has expired; create a new one.' } };
  if (session.allowed_origins.length > 0 && !session.allowed_origins.includes(embedder)) {
    return { error: { code: 'origin_not_allowed', message: `This checkout session may not be used on ${embedder} (allowed_origins).` } };
  }
  return { session };
}
