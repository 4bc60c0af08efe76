/**
 * A new client's secret (crypto/secret-hash.ts): 256 random bits as 43 base64url
 * characters, never starting with `-`, so that it passes as the value of a
 * command-line option (`npm run cli -- listen --client-secret <secret>`).
 */
import { describe, expect, it } from 'vitest';
import { generateSecret, hashSecret, SECRET_HASH_LOG_N, SECRET_HASH_LOG_N_RANGE, verifySecret } from '../src/crypto/secret-hash.js';

describe('client secrets', () => {
  it('are 43 base64url characters, never starting with "-", and all different', () => {
    // With one secret in 64 starting with "-" before, 4,000 draws met one with near certainty.
    const secrets = Array.from({ length: 4000 }, () => generateSecret());
    for (const secret of secrets) expect(secret).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{42}$/);
    expect(new Set(secrets).size).toBe(secrets.length);
  });

  it('verify against their hash, and another secret does not', async () => {
    const secret = generateSecret();
    const stored = await hashSecret(secret);
    expect(await verifySecret(secret, stored)).toBe(true);
    expect(await verifySecret(generateSecret(), stored)).toBe(false);
  });

  it('are hashed at N = 2^14 unless told another cost, and verify at the cost their hash names', async () => {
    const secret = generateSecret();
    const stored = await hashSecret(secret);
    expect(stored.split('$').slice(0, 2)).toEqual(['scrypt', String(2 ** SECRET_HASH_LOG_N)]);
    expect(SECRET_HASH_LOG_N).toBe(14);
    // The suite's clients: the least cost, verified at it.
    const cheap = await hashSecret(secret, SECRET_HASH_LOG_N_RANGE.min);
    expect(cheap.split('$')[1]).toBe('1024');
    expect(await verifySecret(secret, cheap)).toBe(true);
    expect(await verifySecret(generateSecret(), cheap)).toBe(false);
    // A hash naming a cost out of the range, or no power of two, is refused, not computed.
    const [scheme, , salt, key] = cheap.split('$');
    for (const n of ['512', String(2 ** 21), '1000', 'x', '']) expect(await verifySecret(secret, [scheme, n, salt, key].join('$'))).toBe(false);
    // The same hash naming another cost is another hash.
    expect(await verifySecret(secret, [scheme, '2048', salt, key].join('$'))).toBe(false);
    await expect(hashSecret(secret, 9)).rejects.toThrow(RangeError);
    await expect(hashSecret(secret, 21)).rejects.toThrow(RangeError);
  });
});
