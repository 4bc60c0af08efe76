/**
 * Money checks of a request that need no database (http/checks.ts), over money.ts: the amount
 * filters of a list, and what an amount can be told before its payment's currency is read.
 */
import type { ErrorDetail } from '../errors/api-error.js';
import { amountOf, type Loose, type RequestCheck } from './checks.js';
import { amountProblemMessage, CURRENCIES, toMinorUnits, type AmountProblem } from '../lib/money.js';

/**
 * The amount filters of a list (`amount_gte`, `amount_lte`, in major units of the query's
 * `currency`): read once, here, by the route's check (its problems) and by the list itself
 * (the bounds in minor units).
 */
export interface AmountRange {
  amount_gte?: number;
  amount_lte?: number;
}

/** `needsCurrency`: the message of a bound sent without `currency`. */
export function amountRange(query: Loose, needsCurrency: string): { bounds: AmountRange; details: ErrorDetail[] } {
  const bounds: AmountRange = {};
  const details: ErrorDetail[] = [];
  const currency = query.currency;
  // A currency of the wrong type is the schema's to name.
  if (currency !== undefined && typeof currency !== 'string') return { bounds, details };
  for (const field of ['amount_gte', 'amount_lte'] as const) {
    if (query[field] === undefined) continue;
    if (!currency) {
      details.push({ field, message: needsCurrency });
      continue;
    }
    const value = amountOf(query, field);
    if (value === undefined) continue;
    const minor = toMinorUnits(value, currency);
    if ('problem' in minor)
      details.push({ field: minor.problem === 'unknown_currency' ? 'currency' : field, message: amountProblemMessage(minor.problem, currency) });
    else bounds[field] = minor.minor;
  }
  return { bounds, details };
}

const MOST_DIGITS = Math.max(...Object.values(CURRENCIES));

/**
 * The problem an amount has in every currency the service takes, if it has one: an amount whose
 * currency is its payment's (a capture, an adjustment, a refund) checked before the payment is
 * read. Zero, more decimals than any currency has, or too large even in the currencies with enough
 * decimals for it. What depends on the currency (COP takes 2 decimals, CLP none) is told later,
 * once the payment is read.
 */
export function amountProblemInEveryCurrency(input: Loose, field = 'amount'): ErrorDetail | undefined {
  const amount = amountOf(input, field);
  if (amount === undefined) return undefined;
  const problems = new Set<AmountProblem>();
  for (const currency of Object.keys(CURRENCIES)) {
    const parsed = toMinorUnits(amount, currency);
    if ('minor' in parsed) return undefined;
    problems.add(parsed.problem);
  }
  // A malformed string is the schema's to name.
  if (problems.has('not_a_number')) return undefined;
  if (problems.has('not_positive')) return { field, message: amountProblemMessage('not_positive', '') };
  if (!problems.has('too_large')) return { field, message: `has more decimal places than any currency (at most ${MOST_DIGITS})` };
  if (!problems.has('too_many_decimals')) return { field, message: amountProblemMessage('too_large', '') };
  return { field, message: 'is too large in every currency with that many decimal places, and has too many for the others' };
}

/** A route's check (http/checks.ts) of its body's `amount`, whose currency is its payment's: `amountProblemInEveryCurrency`. */
export const paymentAmountCheck: RequestCheck = (body) => {
  const problem = amountProblemInEveryCurrency(body);
  return problem ? [problem] : [];
};
