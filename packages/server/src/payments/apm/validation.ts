/**
 * The field rules of the intent table (spec 4.5): each failure names its
 * field. What is common to every rail is checked here; each rail's own rules
 * are its definition's `validate` (payments/methods/<id>/).
 */
import type { ErrorDetail } from '../../errors/api-error.js';
import { toMinorUnits, amountProblemMessage, displayMoney } from '../../lib/money.js';
import type { MethodRegistry } from '../methods/registry.js';
import { ruleBook } from '../methods/rules.js';
import type { CreateIntent } from './schemas.js';

export interface ValidIntent {
  railId: string;
  amount: number;
  phoneNumber?: string;
  bankId?: string;
  /** The intent's own validity (`expires_in`), for a rail that allows one. */
  validitySeconds?: number;
}

export function validateIntent(methods: MethodRegistry, body: CreateIntent, bankIds: Set<string>): { intent?: ValidIntent; errors: ErrorDetail[] } {
  const errors: ErrorDetail[] = [];
  if (body.currency !== 'COP') errors.push({ field: 'currency', message: 'must be COP (alternative payments are Colombian)' });
  let amount: number | undefined;
  const parsed = toMinorUnits(body.amount, 'COP');
  if ('problem' in parsed) errors.push({ field: 'amount', message: amountProblemMessage(parsed.problem, 'COP') });
  else amount = parsed.minor;

  const rail = methods.rail(body.rail_id);
  if (!rail) errors.push({ field: 'rail_id', message: `must be one of ${methods.railIds().join(', ')}` });
  else if (body.rail_type !== rail.railType) errors.push({ field: 'rail_type', message: `must be ${rail.railType} for ${rail.id}` });

  const limits = rail?.amount;
  if (limits && amount !== undefined) {
    const shown = (minor: number) => displayMoney(minor, 'COP', 'en');
    if (amount < limits.min || amount > limits.max)
      errors.push({ field: 'amount', message: `${rail.id} takes from ${shown(limits.min)} to ${shown(limits.max)}` });
    else if (limits.wholeUnits && amount % 100 !== 0) errors.push({ field: 'amount', message: `${rail.id} takes whole pesos, without cents` });
  }

  const perRequest = rail?.validity?.perRequest;
  if (body.expires_in !== undefined && rail) {
    if (!perRequest) errors.push({ field: 'expires_in', message: `${rail.id} intents take no expires_in (their validity is ${rail.validity!.setting})` });
    else if (!Number.isInteger(body.expires_in) || body.expires_in < perRequest.minSeconds || body.expires_in > perRequest.maxSeconds)
      errors.push({ field: 'expires_in', message: `must be whole seconds from ${perRequest.minSeconds} to ${perRequest.maxSeconds}` });
  }

  const found = rail?.validate?.(body, ruleBook(body, bankIds, errors), errors) ?? {};

  if (errors.length > 0 || !rail || amount === undefined) return { errors };
  const bankId = body.customer?.bank_id;
  return {
    intent: {
      railId: rail.id,
      amount,
      ...(found.phoneNumber ? { phoneNumber: found.phoneNumber } : {}),
      ...(bankId ? { bankId } : {}),
      ...(body.expires_in !== undefined ? { validitySeconds: body.expires_in } : {}),
    },
    errors,
  };
}
