/**
 * Identifiers: the spec's prefix, then a lowercase ULID (48-bit millisecond time,
 * 80 random bits, Crockford base32). Ids sort by creation time, which is what
 * keyset pagination (newest first) relies on. Within one millisecond the random
 * part is incremented so ids made by one process stay strictly increasing.
 */
import { randomBytes } from 'node:crypto';

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
  // 80 bits -> 16 base32 characters.
  let value = BigInt('0x' + bytes.toString('hex'));
  let out = '';
  for (let i = 0; i < 16; i++) {
    out = ALPHABET[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
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
  return randomBytes(10);
}

export function ulid(now = Date.now()): string {
  if (now <= lastTime) {
    lastRandom = incremented(lastRandom);
    now = lastTime;
  } else {
    lastTime = now;
    lastRandom = randomBytes(10);
  }
  return encodeTime(now) + encodeRandom(lastRandom);
}

export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}-${ulid()}`;
}
