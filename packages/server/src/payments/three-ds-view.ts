/**
 * The 3-D Secure fields of a card payment (docs/sandbox.md, "3-D Secure"):
 * `three_ds`, the authentication's result, stored as JSON in
 * `payments.three_ds` (migration 083), and `next_action`, what the merchant's
 * page does next while the cardholder's challenge is pending. The flow itself
 * is in authentication.ts.
 */
import { Type, type Static } from 'typebox';
import type { PaymentRow } from './store.js';

import { THREE_DS_OUTCOMES, type ThreeDsOutcome } from '../cards/three-ds.js';
export type { ThreeDsOutcome };

export const ThreeDsRequest = Type.Object(
  {
    required: Type.Boolean({
      description:
        'true: authenticate the cardholder with 3-D Secure before the network is asked. A fraud rule with the action `three_ds` asks for it too, whatever this says.',
    }),
    return_url: Type.Optional(
      Type.String({
        format: 'uri',
        pattern: '^https?://',
        maxLength: 2048,
        description:
          "Where the challenge page sends the cardholder back when it ends, with `payment_id` added to its query. Without it the page shows the result itself (a challenge in an iframe). Also where the gateway sends the cardholder after a processor's own 3-D Secure page (Stripe's; docs/connectors.md): give it with `required: false` outside the sandbox.",
      }),
    ),
  },
  { additionalProperties: false, description: 'Ask for 3-D Secure 2 (docs/sandbox.md, "3-D Secure").' },
);
export type ThreeDsRequest = Static<typeof ThreeDsRequest>;

export const ThreeDsResult = Type.Object({
  version: Type.Union([Type.String(), Type.Null()], { description: 'The 3-D Secure protocol version (`2.2.0`); null for a card not enrolled.' }),
  flow: Type.Union([Type.Literal('frictionless'), Type.Literal('challenge'), Type.Null()], {
    description: '`frictionless`: the issuer authenticated without asking the cardholder; `challenge`: it asked; null: no authentication ran.',
  }),
  outcome: Type.Unsafe<ThreeDsOutcome>({
    type: 'string',
    enum: [...THREE_DS_OUTCOMES],
    description:
      '`challenge_pending` (the payment is PENDING with `next_action`), `authenticated`, `failed` (the issuer refused the cardholder), `cancelled` (the cardholder closed the challenge), `abandoned` (the challenge expired unanswered), `not_enrolled` (the card has no 3-D Secure 2: authorized without it).',
  }),
  eci: Type.Union([Type.String({ pattern: '^\\d{2}$' }), Type.Null()], {
    description:
      'Electronic Commerce Indicator: `05`/`02` authenticated (Visa/Mastercard), `06`/`01` attempted, `07`/`00` not authenticated; null while pending.',
  }),
  liability_shift: Type.Boolean({ description: "true when a fraud chargeback is the issuer's liability: the cardholder was authenticated." }),
});
export type ThreeDsResult = Static<typeof ThreeDsResult>;

export const NextAction = Type.Object({
  type: Type.Literal('redirect_to_url', { description: 'The only type: send the cardholder (a redirect, or an iframe) to `redirect_to_url.url`.' }),
  redirect_to_url: Type.Object({
    url: Type.String({
      description: "The issuer's challenge page (the sandbox's, its one-time token the only secret in it), or the processor's own 3-D Secure page (Stripe's).",
    }),
    return_url: Type.Union([Type.String(), Type.Null()], { description: 'Where the page sends the cardholder back (`three_ds.return_url`), if given.' }),
  }),
  expires_at: Type.String({ format: 'date-time', description: 'Unanswered by then, the challenge is abandoned and the payment REJECTED.' }),
});
export type NextAction = Static<typeof NextAction>;

/** The stored JSON: the result, and while a challenge is pending where it returns and when it expires. */
export interface StoredThreeDs extends ThreeDsResult {
  return_url?: string | null;
  expires_at?: string;
  /** A processor's own authentication page (Stripe's `next_action.redirect_to_url.url`; payments/processor-authentication.ts), instead of the sandbox's. */
  redirect_url?: string;
}

export function storedThreeDs(p: Pick<PaymentRow, 'three_ds'>): StoredThreeDs | undefined {
  return p.three_ds ? (JSON.parse(p.three_ds) as StoredThreeDs) : undefined;
}

/** The payment's `three_ds`, or null when it did not ask for 3-D Secure. */
export function threeDsView(p: Pick<PaymentRow, 'three_ds'>): ThreeDsResult | null {
  const stored = storedThreeDs(p);
  if (!stored) return null;
  return { version: stored.version, flow: stored.flow, outcome: stored.outcome, eci: stored.eci, liability_shift: stored.liability_shift };
}

/**
 * `next_action` of a payment waiting for its challenge: the processor's page
 * when a processor asked for the authentication, else the sandbox challenge
 * page's address that `url` builds (none without it).
 */
export function nextActionOf(
  p: Pick<PaymentRow, 'id' | 'status' | 'pending_action' | 'three_ds'>,
  url?: (paymentId: string) => string,
): NextAction | undefined {
  if (p.status !== 'PENDING' || p.pending_action !== 'authenticate') return undefined;
  const stored = storedThreeDs(p);
  if (!stored?.expires_at) return undefined;
  const page = stored.redirect_url ?? url?.(p.id);
  if (!page) return undefined;
  return { type: 'redirect_to_url', redirect_to_url: { url: page, return_url: stored.return_url ?? null }, expires_at: stored.expires_at };
}

/** What the network gets of an authentication that passed (connector.ts `threeDs`): nothing otherwise. */
export function authenticatedWith(p: Pick<PaymentRow, 'three_ds'>): { threeDs?: { version: string; eci: string } } {
  const stored = storedThreeDs(p);
  return stored?.outcome === 'authenticated' && stored.version && stored.eci ? { threeDs: { version: stored.version, eci: stored.eci } } : {};
}
