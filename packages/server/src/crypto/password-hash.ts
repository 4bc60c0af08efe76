/**
 * Dashboard user passwords: salted scrypt at OWASP's recommended cost
 * (N=2^17, r=8, p=1; the Password Storage Cheat Sheet), compared in constant time.
 *
 * The parameters are stored with the hash (`scrypt$N$r$p$salt$key`), so a hash made
 * at an older cost still verifies and `needsRehash` tells the caller to store a new
 * one. Hashes written before the parameters were stored (`scrypt$N$salt$key`, made
 * by crypto/secret-hash.ts at N=16384, r=8, p=1) verify the same way.
 *
 * API client secrets are not passwords (256 random bits) and keep their own,
 * cheaper hash in crypto/secret-hash.ts.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}
type Cost = PasswordCost;

/** The default (DASHBOARD_PASSWORD_SCRYPT_LOG_N=17), and the least production accepts. */
export const PASSWORD_COST: Readonly<Cost> = { N: 131072, r: 8, p: 1 };
const LENGTH = 32;

/** The legacy format's r and p (crypto/secret-hash.ts). */
const LEGACY = { r: 8, p: 1 };

// Bounds of what a stored hash may ask for: a corrupted or planted row cannot make
// a sign-in allocate gigabytes (scrypt uses 128·N·r·p bytes).
const MAX_N = 1 << 20;
const MAX_R = 32;
const MAX_P = 16;

function derive(password: string, salt: Buffer, cost: Cost): Promise<Buffer> {
  // Node's default maxmem (32 MiB) is below what N=2^17, r=8 needs (128 MiB): allow twice the need.
  const maxmem = 256 * cost.N * cost.r * cost.p;
  return new Promise((resolve, reject) => scrypt(password, salt, LENGTH, { ...cost, maxmem }, (error, key) => (error ? reject(error) : resolve(key))));
}

export async function hashPassword(password: string, cost: Readonly<Cost> = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  const { N, r, p } = cost;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

interface Parsed extends Cost {
  salt: Buffer;
  key: Buffer;
}

const int = (value: string | undefined) => (value !== undefined && /^[0-9]{1,8}$/.test(value) ? Number(value) : NaN);

function parse(stored: string): Parsed | undefined {
  const parts = stored.split('$');
  let cost: Cost;
  let salt: string | undefined;
  let key: string | undefined;
  if (parts.length === 4) {
    cost = { N: int(parts[1]), ...LEGACY };
    [, , salt, key] = parts;
  } else if (parts.length === 6) {
    cost = { N: int(parts[1]), r: int(parts[2]), p: int(parts[3]) };
    [, , , , salt, key] = parts;
  } else {
    return undefined;
  }
  const { N, r, p } = cost;
  if (parts[0] !== 'scrypt' || !salt || !key) return undefined;
  if (!(N >= 2 && N <= MAX_N && (N & (N - 1)) === 0) || !(r >= 1 && r <= MAX_R) || !(p >= 1 && p <= MAX_P)) return undefined;
  return { ...cost, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

// Verifying against this when the user does not exist keeps the timing the same.
const dummyHash = (cost: Readonly<Cost>) =>
  `scrypt$${cost.N}$${cost.r}$${cost.p}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(LENGTH).toString('base64url')}`;

/**
 * Whether `password` matches `stored` (false when `stored` is undefined, after the
 * same work), and whether a match was hashed at another cost than `cost`, today's.
 */
export async function verifyPassword(
  password: string,
  stored: string | undefined,
  cost: Readonly<Cost> = PASSWORD_COST,
): Promise<{ valid: boolean; needsRehash: boolean }> {
  const parsed = parse(stored ?? dummyHash(cost));
  if (!parsed) return { valid: false, needsRehash: false };
  const actual = await derive(password, parsed.salt, parsed);
  const valid = actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key) && stored !== undefined;
  const current = parsed.N === cost.N && parsed.r === cost.r && parsed.p === cost.p;
  return { valid, needsRehash: valid && !current };
}
