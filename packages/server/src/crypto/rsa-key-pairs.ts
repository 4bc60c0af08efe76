/**
 * Where the gateway's RSA key pairs come from: a token-signing key (auth/signing-keys.ts) and
 * each organization's card-data encryption key (encryption-keys/service.ts).
 *
 * Generated on libuv's thread pool, off the event loop, as PEM text (SPKI public, PKCS#8
 * private). A 2048-bit pair costs about 180 ms of CPU on a small machine (and up to a second:
 * the prime search is random). `GatewayOptions.rsaKeyPairs` may pass another source: the tests
 * pass pairs generated once per test process (test/support/rsa-key-pairs.ts).
 */
import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';

export interface RsaKeyPair {
  publicKey: string;
  privateKey: string;
}

export type RsaKeyPairSource = (modulusLength: number) => Promise<RsaKeyPair>;

const generate = promisify(generateKeyPair);

/** A new key pair each time. */
export const generateRsaKeyPair: RsaKeyPairSource = (modulusLength) =>
  generate('rsa', { modulusLength, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
