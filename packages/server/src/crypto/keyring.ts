/**
 * The master key (MASTER_KEY) protects every secret the service stores: signing
 * keys, RSA private keys, card data keys, webhook secrets, link Api-Keys and
 * deployment secrets (crypto/reseal.ts lists them).
 * Sealed values are AES-256-GCM with a random 96-bit IV and carry the id of the
 * master key that sealed them, so MASTER_KEY can be rotated: set the old value
 * as MASTER_KEY_PREVIOUS and values sealed under it still open; once
 * `npm run cli -- keys reseal` has sealed them all again under MASTER_KEY, the
 * old value can go.
 *
 * Format: `mk1.<key id>.<base64url iv>.<base64url ciphertext+tag>`.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateMasterKey, type Config } from '../config/config.js';

interface MasterKey {
  id: string;
  key: Buffer;
}

function masterKey(base64: string): MasterKey {
  const key = Buffer.from(base64, 'base64');
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

export class Keyring {
  private readonly current: MasterKey;
  private readonly byId: Map<string, MasterKey>;

  constructor(currentBase64: string, previousBase64: string[] = []) {
    this.current = masterKey(currentBase64);
    this.byId = new Map([this.current, ...previousBase64.map(masterKey)].map((k) => [k.id, k]));
  }

  seal(plaintext: string | Buffer, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    // The context (what the value is, e.g. "signing_key:sig-...") is bound as
    // associated data so a sealed value cannot be moved to another row.
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
    return ['mk1', this.current.id, iv.toString('base64url'), body.toString('base64url')].join('.');
  }

  /** Whether a sealed value is already under the current master key (so reseal leaves it). */
  isCurrent(sealed: string): boolean {
    return sealed.split('.', 2)[1] === this.current.id && sealed.startsWith('mk1.');
  }

  /** The same secret sealed again under the current master key (throws if it does not open). */
  reseal(sealed: string, context: string): string {
    return this.seal(this.open(sealed, context), context);
  }

  open(sealed: string, context: string): Buffer {
    const [version, id, iv, body] = sealed.split('.');
    const key = id ? this.byId.get(id) : undefined;
    if (version !== 'mk1' || !key || !iv || !body) throw new Error('sealed value has an unknown format or master key');
    const raw = Buffer.from(body, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(0, raw.length - 16)), decipher.final()]);
  }
}

/**
 * MASTER_KEY from the environment, or (sandbox only, config.ts refuses production
 * without it) the key kept in `<data dir>/master.key`, generated on first start.
 */
export function loadKeyring(config: Pick<Config, 'masterKey' | 'dataDir'>, env = process.env): Keyring {
  const previous = (env.MASTER_KEY_PREVIOUS ?? '')
    .split(',')
    .filter(Boolean)
    .map((k) => validateMasterKey(k, 'MASTER_KEY_PREVIOUS'));
  if (config.masterKey) return new Keyring(config.masterKey, previous);
  const file = join(config.dataDir, 'master.key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  }
  return new Keyring(validateMasterKey(readFileSync(file, 'utf8').trim(), file), previous);
}
