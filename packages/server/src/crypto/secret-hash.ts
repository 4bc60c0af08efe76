/**
 * Client secrets are stored as salted scrypt hashes and compared in constant
 * time. scrypt runs on libuv's thread pool, so hashing never blocks the event loop.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** The cost of a new hash: scrypt with N = 2^14 (16 MiB and tens of milliseconds of CPU), r = 8, p = 1. */
export const SECRET_HASH_LOG_N = 14;
/**
 * The costs a stored hash may name. Below the default: the suite's clients (test/support/gateway.ts),
 * hashed at the least so that a test's client and each of its tokens do not cost 50 ms of CPU each;
 * a secret is 256 random bits, which no cost is needed to protect. Above 2^20 a hash is refused
 * rather than computed.
 */
export const SECRET_HASH_LOG_N_RANGE = { min: 10, max: 20 } as const;
const R = 8;
const P = 1;
const LENGTH = 32;

function derive(secret: string, salt: Buffer, n: number): Promise<Buffer> {
  const options: ScryptOptions = { N: n, r: R, p: P, maxmem: 256 * n * R * P };
  return new Promise((resolve, reject) => scrypt(secret, salt, LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))));
}

const costInRange = (logN: number) => Number.isInteger(logN) && logN >= SECRET_HASH_LOG_N_RANGE.min && logN <= SECRET_HASH_LOG_N_RANGE.max;

export async function hashSecret(secret: string, logN: number = SECRET_HASH_LOG_N): Promise<string> {
  if (!costInRange(logN)) throw new RangeError(`scrypt cost 2^${logN} is out of range`);
  const n = 2 ** logN;
  const salt = randomBytes(16);
  const key = await derive(secret, salt, n);
  return `scrypt$${n}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

// Verifying against this when the client does not exist keeps the timing the same.
const DUMMY_HASH = `scrypt$${2 ** SECRET_HASH_LOG_N}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(LENGTH).toString('base64url')}`;

/** The N a stored hash names, if it is a power of two in SECRET_HASH_LOG_N_RANGE. */
function storedCost(text: string | undefined): number | undefined {
  const n = Number(text);
  return costInRange(Math.log2(n)) ? n : undefined;
}

/** Whether `secret` is the one `stored` was made from, at the cost `stored` names. */
export async function verifySecret(secret: string, stored: string | undefined): Promise<boolean> {
  const [scheme, cost, salt, expected] = (stored ?? DUMMY_HASH).split('$');
  const n = storedCost(cost);
  if (scheme !== 'scrypt' || !n || !salt || !expected) return false;
  const actual = await derive(secret, Buffer.from(salt, 'base64url'), n);
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
