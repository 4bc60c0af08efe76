/**
 * The decryption workers (crypto/rsa-decryptor.ts): RSA-OAEP-SHA256 as the
 * browser SDK and WebCrypto encrypt it, each answer routed back to the request
 * it belongs to, undefined for what the key does not decrypt.
 */
import { generateKeyPairSync, publicEncrypt, constants, webcrypto } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { RsaDecryptor } from '../src/crypto/rsa-decryptor.js';

const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const oaep = (key: ReturnType<typeof pair>['publicKey'], text: string) =>
  publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text));

let decryptor: RsaDecryptor | undefined;
afterEach(async () => {
  await decryptor?.close();
  decryptor = undefined;
});

describe('RSA decryption workers', () => {
  it('decrypt what WebCrypto encrypts, and nothing another key or no key made', async () => {
    decryptor = new RsaDecryptor(1);
    const mine = pair();
    const other = pair();
    // As a browser would: WebCrypto RSA-OAEP with SHA-256 (MGF1 with SHA-256 too).
    const spki = mine.publicKey.export({ type: 'spki', format: 'der' });
    const browserKey = await webcrypto.subtle.importKey('spki', spki, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    const fromBrowser = new Uint8Array(await webcrypto.subtle.encrypt({ name: 'RSA-OAEP' }, browserKey, Buffer.from('737')));
    const values = [fromBrowser, oaep(mine.publicKey, 'ñandú 4242'), oaep(other.publicKey, '123'), Buffer.from('not a ciphertext'), new Uint8Array(0)];
    expect(await decryptor.decrypt('k1', mine.privateKey, values)).toEqual(['737', 'ñandú 4242', undefined, undefined, undefined]);
    // The key is sent once; later requests name it.
    expect(await decryptor.decrypt('k1', mine.privateKey, [oaep(mine.publicKey, 'again')])).toEqual(['again']);
    expect(await decryptor.decrypt('k2', other.privateKey, [oaep(other.publicKey, '123'), oaep(mine.publicKey, '123')])).toEqual(['123', undefined]);
  });

  it('answers every one of many concurrent requests over several workers with its own values', async () => {
    decryptor = new RsaDecryptor(3);
    const keys = [pair(), pair()];
    const requests = Array.from({ length: 60 }, (_, i) => {
      const k = keys[i % 2]!;
      const texts = [`a${i}`, `b${i}`].slice(0, 1 + (i % 2));
      return { kid: `kid-${i % 2}`, key: k.privateKey, texts, values: texts.map((t) => oaep(k.publicKey, t)) };
    });
    const answers = await Promise.all(requests.map((r) => decryptor!.decrypt(r.kid, r.key, r.values)));
    expect(answers).toEqual(requests.map((r) => r.texts));
  });

  it('refuses work once closed', async () => {
    decryptor = new RsaDecryptor(1);
    const k = pair();
    expect(await decryptor.decrypt('k', k.privateKey, [oaep(k.publicKey, '1')])).toEqual(['1']);
    await decryptor.close();
    await expect(decryptor.decrypt('k', k.privateKey, [oaep(k.publicKey, '1')])).rejects.toThrow(/closed/);
  });
});
