/**
 * The machine's ceilings for the expensive step of some cases, measured in
 * this (the bench's) process, before the server starts:
 *
 * - RSA-OAEP-SHA256 private decryptions per second with WebCrypto
 *   (`crypto.subtle.decrypt`, what the server uses: asynchronous, on libuv's
 *   thread pool), with enough requests in flight to keep every pool thread
 *   busy; and, for reference, the synchronous `crypto.privateDecrypt` rate on
 *   the main thread (one core);
 * - scrypt checks per second with the parameters of client-secret hashing
 *   (crypto/secret-hash.ts: N=16384, r=8, p=1, 32 bytes), on the thread pool.
 */
import { constants, createPrivateKey, generateKeyPairSync, privateDecrypt, randomBytes, scrypt, webcrypto } from 'node:crypto';

const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** Runs `op` with `concurrency` in flight for `seconds`; returns operations per second. */
async function saturate(op: () => Promise<unknown>, concurrency: number, seconds: number): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  const start = performance.now();
  async function lane(): Promise<void> {
    while (performance.now() < end) {
      await op();
      done++;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, lane));
  return done / ((performance.now() - start) / 1000);
}

function syncRate(op: () => unknown, seconds: number): number {
  const start = performance.now();
  const end = start + seconds * 1000;
  let done = 0;
  while (performance.now() < end) {
    op();
    done++;
  }
  return done / ((performance.now() - start) / 1000);
}

/** RSA-OAEP decryptions per second: with WebCrypto on the thread pool, and synchronously on one core. */
export interface RsaCeiling {
  webcrypto: number;
  sync: number;
  concurrency: number;
  bits: number;
}

export interface ScryptCeiling {
  rate: number;
  concurrency: number;
}

export async function rsaCeiling({
  seconds = 3,
  concurrency = 16,
  bits = 2048,
}: {
  seconds?: number;
  concurrency?: number;
  bits?: number;
} = {}): Promise<RsaCeiling> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: bits,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'der' },
  });
  const subtle = webcrypto.subtle;
  const priv = await subtle.importKey('pkcs8', privateKey, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['decrypt']);
  const pub = await subtle.importKey('spki', publicKey, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  // A CVV, as in POST /v1/payments; several ciphertexts so no cache could help.
  const ciphertexts: Buffer[] = [];
  const ciphertext = (n: number): Buffer => ciphertexts[n % ciphertexts.length] ?? Buffer.alloc(0);
  for (let i = 0; i < 64; i++) ciphertexts.push(Buffer.from(await subtle.encrypt({ name: 'RSA-OAEP' }, pub, Buffer.from(String(100 + i)))));
  let i = 0;
  const decryptAsync = async () => {
    const plain = await subtle.decrypt({ name: 'RSA-OAEP' }, priv, ciphertext(i++));
    if (plain.byteLength !== 3) throw new Error('RSA ceiling: wrong plaintext');
  };
  await saturate(decryptAsync, concurrency, 0.5); // warm-up
  const async_ = await saturate(decryptAsync, concurrency, seconds);

  const pk = createPrivateKey({ key: privateKey, format: 'der', type: 'pkcs8' });
  const oaep = { key: pk, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' };
  if (privateDecrypt(oaep, ciphertext(0)).toString() !== '100') throw new Error('RSA ceiling: sync check failed');
  const syncOp = (): Buffer => privateDecrypt(oaep, ciphertext(i++));
  syncRate(syncOp, 0.3);
  const sync = syncRate(syncOp, Math.min(seconds, 2));
  return { webcrypto: async_, sync, concurrency, bits };
}

export async function scryptCeiling({ seconds = 3, concurrency = 8 }: { seconds?: number; concurrency?: number } = {}): Promise<ScryptCeiling> {
  const salt = randomBytes(16);
  const op = (): Promise<Buffer> =>
    new Promise<Buffer>((resolve, reject) => scrypt('bench-secret-0123456789abcdef', salt, 32, SCRYPT, (e, k) => (e ? reject(e) : resolve(k))));
  await saturate(op, concurrency, 0.3);
  return { rate: await saturate(op, concurrency, seconds), concurrency };
}
