/**
 * Identifiers: the spec's prefix, then a lowercase ULID (48-bit millisecond time,
 * 80 random bits, Crockford base32). Ids sort by creation time, which is what
 * keyset pagination (newest first) relies on. Within one millisecond the random
 * part is incremented so ids made by one process stay strictly increasing.
 */
import { randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

export const ID_PREFIXES = {
  organization: 'org',
  client: 'cli',
  request: 'req',
  token: 'tok',
  signingKey: 'sig',
  job: 'job',
  payment: 'pay',
  instrument: 'ins',
  refund: 'ref',
  chargeback: 'chb',
  event: 'evt',
  transaction: 'trx',
  webhookEndpoint: 'whk',
  webhookSecret: 'whs',
  webhookDelivery: 'whd',
  webhookAttempt: 'wha',
  cashout: 'cas',
  sms: 'sms',
  user: 'usr',
  link: 'lnk',
  merchant: 'mer',
  pointOfSale: 'pos',
  terminal: 'ter',
  terminalUser: 'tus',
  attachment: 'att',
  chargebackComment: 'cbc',
  feeRule: 'fee',
  paymentInstruction: 'pin',
  checkoutSession: 'cs',
  cardAttempt: 'lca',
  dashboardUser: 'dbu',
  dashboardLink: 'dbl',
  connectorAccount: 'cna',
  connectorNotification: 'cnn',
  balanceTransaction: 'btx',
  settlement: 'stl',
  payout: 'po',
  report: 'rpt',
  brebKey: 'bbk',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

let lastTime = -1;
let lastRandom: Buffer = Buffer.alloc(10);

function encodeTime(time: number): string {
  let out = '';
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[time % 32] + out;
    time = Math.floor(time / 32);
  }
  return out;
}

function encodeRandom(bytes: Buffer): string {
  // 80 bits -> 16 base32 characters, 5 bits at a time, most significant first.
  let out = '';
  for (let i = 0; i < 16; i++) {
    const bit = i * 5;
    const byte = bit >> 3;
    const shift = bit & 7;
    const pair = (bytes[byte]! << 8) | (bytes[byte + 1] ?? 0);
    out += ALPHABET[(pair >> (11 - shift)) & 31];
  }
  return out;
}

// Random bytes from a pool refilled 4 KiB at a time: one call into OpenSSL per ~400 ids
// instead of one per id (each `randomBytes` call costs a few microseconds). Not for secrets
// (keys, tokens): those take `randomBytes` of their own.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;
/** `length` (at most 4096) random bytes, a copy of the next ones of the pool. */
export function pooledRandomBytes(length: number): Buffer {
  if (poolOffset + length > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += length;
  return Buffer.from(pool.subarray(poolOffset - length, poolOffset));
}

function incremented(bytes: Buffer): Buffer {
  const next: Buffer = Buffer.from(bytes);
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i]! < 255) {
      next[i]! += 1;
      return next;
    }
    next[i] = 0;
  }
  return pooledRandomBytes(10);
}

export function ulid(now = Date.now()): string {
  if (now <= lastTime) {
    lastRandom = incremented(lastRandom);
    now = lastTime;
  } else {
    lastTime = now;
    lastRandom = pooledRandomBytes(10);
  }
  return encodeTime(now) + encodeRandom(lastRandom);
}

export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}-${ulid()}`;
}
