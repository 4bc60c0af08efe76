import { describe, expect, it } from 'vitest';
import { newId, pooledRandomBytes, ulid } from '../src/lib/ids.js';

describe('ids', () => {
  it('ids of one millisecond keep their order and never repeat', () => {
    const now = Date.now();
    const ids = Array.from({ length: 2000 }, () => ulid(now));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(newId('payment')).toMatch(/^pay-[0-9a-hjkmnp-tv-z]{26}$/);
  });

  it('pooled random bytes: the length asked for, fresh across the pool refill', () => {
    const seen = new Set<string>();
    // 4096-byte pool: 500 draws of 9 bytes cross its end at least once.
    for (let i = 0; i < 500; i++) {
      const bytes = pooledRandomBytes(9);
      expect(bytes.length).toBe(9);
      seen.add(bytes.toString('hex'));
    }
    // 72 random bits each: a repeat means the pool handed out the same bytes twice.
    expect(seen.size).toBe(500);

    // The whole pool at once, then more: a refill each time, never the same bytes again.
    const whole = pooledRandomBytes(4096);
    expect(whole.length).toBe(4096);
    expect(pooledRandomBytes(4096).equals(whole)).toBe(false);
  });
});
