/**
 * Client secrets are stored as salted scrypt hashes and compared in constant
 * time. scrypt runs on libuv's thread pool, so hashing never blocks the event loop.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS: ScryptOptions = { N: 16384, r: 8, p: 1 };
const LENGTH = 32;

function derive(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(secret, salt, LENGTH, PARAMS, (error, key) => (error ? reject(error) : resolve(key))));
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt);
  return `scrypt$${PARAMS.N}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

// Verifying against this when the client does not exist keeps the timing the same.
const DUMMY_HASH = `scrypt$${PARAMS.N}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(LENGTH).toString('base64url')}`;

export async function verifySecret(secret: string, stored: string | undefined): Promise<boolean> {
  const [scheme, , salt, expected] = (stored ?? DUMMY_HASH).split('$');
  if (scheme !== 'scrypt' || !salt || !expected) return false;
  const actual = await derive(secret, Buffer.from(salt, 'base64url'));
  const wanted = Buffer.from(expected, 'base64url');
  return actual.length === wanted.length && timingSafeEqual(actual, wanted) && stored !== undefined;
}

/**
 * A random secret for a new client: 32 bytes, base64url (43 characters), never
 * starting with `-`. A command line takes such a value for an option: Node's
 * argument parser refused `--client-secret -Xy...` ("argument is ambiguous") for
 * one secret in 64 (the `listen` command's test met it). Drawing again costs 0.02
 * bits of the 256.
 */
export function generateSecret(): string {
  for (;;) {
    const secret = randomBytes(32).toString('base64url');
    if (!secret.startsWith('-')) return secret;
  }
}
