/**
 * RSA key pairs for test gateways (GatewayOptions.rsaKeyPairs): generated once per test process
 * and given again to later databases. Generating a pair costs about 180 ms of CPU, and the
 * suite's gateways (a token-signing key each) and organizations (an encryption key each) asked
 * for thousands.
 *
 * Within one database every pair is different, as generated ones are: a database is never given
 * a pair it was given before, and a new pair is generated when it has had them all. Only the
 * databases of different tests share key material.
 */
import { generateRsaKeyPair, type RsaKeyPair, type RsaKeyPairSource } from '../../src/crypto/rsa-key-pairs.js';

/** The pairs generated so far, per modulus length. */
const pools = new Map<number, Array<Promise<RsaKeyPair>>>();
/** The pairs each database (by its URL) was given. */
const given = new Map<string, Set<Promise<RsaKeyPair>>>();

export function rsaKeyPairsFor(databaseUrl: string): RsaKeyPairSource {
  return (modulusLength) => {
    const pool = pools.get(modulusLength) ?? [];
    pools.set(modulusLength, pool);
    const used = given.get(databaseUrl) ?? new Set();
    given.set(databaseUrl, used);
    let pair = pool.find((p) => !used.has(p));
    if (!pair) {
      const made = generateRsaKeyPair(modulusLength);
      // A failed generation is not given again.
      made.catch(() => pool.splice(pool.indexOf(made), 1));
      pool.push(made);
      pair = made;
    }
    used.add(pair);
    return pair;
  };
}
