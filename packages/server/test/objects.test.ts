import { describe, expect, it } from 'vitest';
import { copyWith } from '../src/lib/objects.js';

describe('copyWith', () => {
  it('is the spread literal { ...row, ...changes, ...more }: a new object, later properties win, the inputs untouched', () => {
    const row = { id: 'pay-1', status: 'PENDING', amount: 150, description: null as string | null };
    const changes = { status: 'APPROVED', amount: 120 };
    const more = { status: 'CAPTURED', network_reference: 'ref-1' };
    const copy = copyWith(row, changes, more);
    expect(copy).toEqual({ ...row, ...changes, ...more });
    expect(Object.keys(copy)).toEqual(Object.keys({ ...row, ...changes, ...more }));
    expect(copy).not.toBe(row);
    expect(row).toEqual({ id: 'pay-1', status: 'PENDING', amount: 150, description: null });
    expect(changes).toEqual({ status: 'APPROVED', amount: 120 });
  });

  it('adds properties the row does not have', () => {
    const payment = { id: 'pay-1', amount: 150 };
    expect(copyWith(payment, { card_brand: 'visa', last_four: '4242' })).toEqual({ id: 'pay-1', amount: 150, card_brand: 'visa', last_four: '4242' });
  });
});
