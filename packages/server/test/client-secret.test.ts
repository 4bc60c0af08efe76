/**
 * A new client's secret (crypto/secret-hash.ts): 256 random bits as 43 base64url
 * characters, never starting with `-`, so that it passes as the value of a
 * command-line option (`npm run cli -- listen --client-secret <secret>`).
 */
import { describe, expect, it } from 'vitest';
import { generateSecret, hashSecret, verifySecret } from '../src/crypto/secret-hash.js';

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
});
