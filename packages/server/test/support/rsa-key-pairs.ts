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
    let pool = pools.get(modulusLength);
    if (!pool) pools.set(modulusLength, (pool = []));
    let used = given.get(databaseUrl);
    if (!used) given.set(databaseUrl, (used = new Set()));
    const seen = used;
    let pair = pool.find((p) => !seen.has(p));
    if (!pair) {
      const made = generateRsaKeyPair(modulusLength);
      const all = pool;
      // A failed generation is not given again.
      made.catch(() => all.splice(all.indexOf(made), 1));
      pool.push(made);
      pair = made;
    }
    used.add(pair);
    return pair;
  };
}
