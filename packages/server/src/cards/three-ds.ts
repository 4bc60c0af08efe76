/**
 * The sandbox's 3-D Secure directory and issuers (docs/sandbox.md, "3-D
 * Secure"): whether a card is enrolled in 3-D Secure 2 and what its issuer
 * does with an authentication. The documented test cards each play one
 * outcome; any other card follows the BIN table's `three_ds_version` (a 2.x
 * version: a challenge that the code {@link CHALLENGE_CODE} passes; none, or
 * 1.0.2 only: not enrolled, since the gateway runs 3-D Secure 2 only).
 */

/** A payment's `three_ds.outcome` (payments/three-ds-view.ts). */
export const THREE_DS_OUTCOMES = ['challenge_pending', 'authenticated', 'failed', 'cancelled', 'abandoned', 'not_enrolled'] as const;
export type ThreeDsOutcome = (typeof THREE_DS_OUTCOMES)[number];

/** The one-time code the sandbox issuer's challenge page accepts. */
export const CHALLENGE_CODE = '1234';

/** The 3-D Secure 2 protocol version the sandbox directory answers for its test cards. */
export const SANDBOX_THREE_DS_VERSION = '2.2.0';

/**
 * - `frictionless`: authenticated by the issuer's risk check, no challenge;
 * - `challenge`: the cardholder is challenged; the right code authenticates;
 * - `fails`: challenged, and the issuer refuses every code;
 * - `silent`: challenged, and the issuer never answers: the challenge is abandoned when it expires;
 * - `not_enrolled`: the card has no 3-D Secure 2: authorized without it, with no liability shift.
 */
export type Enrolment = 'frictionless' | 'challenge' | 'fails' | 'silent' | 'not_enrolled';

export const THREE_DS_TEST_CARDS: Record<string, { enrolment: Enrolment; description: string }> = {
  '4000000000003238': { enrolment: 'frictionless', description: 'enrolled; authenticated without a challenge (frictionless), then approved' },
  '4000000000003220': { enrolment: 'challenge', description: `enrolled; challenged: the code ${CHALLENGE_CODE} authenticates, then approved` },
  '4000000000003063': { enrolment: 'fails', description: 'enrolled; challenged: the issuer refuses every code (authentication failed), REJECTED' },
  '4000000000003279': {
    enrolment: 'silent',
    description: 'enrolled; challenged: the issuer never answers, so the challenge is abandoned when it expires, REJECTED',
  },
  '4000000000003253': { enrolment: 'not_enrolled', description: 'not enrolled: authorized without 3-D Secure, no liability shift' },
};

/** Whether and how the sandbox authenticates this card; `binVersion` is the BIN table's `three_ds_version` for it. */
export function sandboxEnrolment(number: string, binVersion: string | null): Enrolment {
  const card = THREE_DS_TEST_CARDS[number];
  if (card) return card.enrolment;
  return binVersion?.startsWith('2.') ? 'challenge' : 'not_enrolled';
}

/**
 * The Electronic Commerce Indicator of an authentication's result, by brand:
 * Mastercard writes `02` (authenticated), `01` (attempted), `00` (not
 * authenticated); the others Visa's `05`, `06`, `07`.
 */
export function eciOf(brand: string, result: 'authenticated' | 'attempted' | 'none'): string {
  const mastercard = brand.toLowerCase() === 'mastercard';
  if (result === 'authenticated') return mastercard ? '02' : '05';
  if (result === 'attempted') return mastercard ? '01' : '06';
  return mastercard ? '00' : '07';
}
