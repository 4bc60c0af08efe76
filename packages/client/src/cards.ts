/**
 * Card encryption: each field with the organization's active public key,
 * RSA-OAEP with SHA-256, base64, as `POST /v1/instruments` and
 * `POST /v1/payments` take them (`encrypted_*`). WebCrypto does it on Node 20+
 * and in browsers alike. The key is fetched once (`GET /v1/encryption/keys`,
 * created by `POST` when the organization has none yet) and cached.
 */
import { NotFoundError } from './errors.js';
import { base64Decode, base64Encode, subtle, utf8 } from './encoding.js';
import type { EncryptionKey, RequestBody } from './types.js';

export interface CardInput {
  /** The card number (spaces and dashes are removed). */
  number: string;
  /** 1 to 12. */
  expMonth: string | number;
  /** Four digits (two are read as 20xx). */
  expYear: string | number;
  holder: string;
  /** Checked at tokenization, never stored. Optional for tokenization; a payment needs it. */
  cvv?: string;
}

export type EncryptedCard = RequestBody<'instruments.create'> & {
  type: 'CARD';
  encrypted_number: string;
  encrypted_expiration_month: string;
  encrypted_expiration_year: string;
  encrypted_holder_name: string;
  encrypted_cvv?: string;
};

interface CachedKey {
  kid: string;
  key: CryptoKey;
  until: number;
}

/** How long a fetched key is used before it is fetched again (a rotated key keeps decrypting for a grace period, 24 hours by default). */
const KEY_CACHE_MS = 60 * 60 * 1000;

export async function importPublicKey(pem: string): Promise<CryptoKey> {
  const der = base64Decode(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''));
  return subtle().importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
}

export async function encryptField(key: CryptoKey, value: string): Promise<string> {
  return base64Encode(new Uint8Array(await subtle().encrypt({ name: 'RSA-OAEP' }, key, utf8(value))));
}

export class Cards {
  private cached: CachedKey | undefined;
  private loading: Promise<CachedKey> | undefined;

  constructor(
    private readonly keys: { retrieve(): Promise<EncryptionKey>; create(): Promise<EncryptionKey> },
    private readonly now: () => number = Date.now,
  ) {}

  /** Encrypts a card for `instruments.create` (the result is its body) or a payment's `encrypted_cvv`. */
  async encrypt(card: CardInput): Promise<EncryptedCard> {
    const { key } = await this.key();
    const year = String(card.expYear).trim();
    const [number, month, fullYear, holder, cvv] = await Promise.all([
      encryptField(key, card.number.replace(/[\s-]/g, '')),
      encryptField(key, String(card.expMonth).trim().padStart(2, '0')),
      encryptField(key, year.length === 2 ? `20${year}` : year),
      encryptField(key, card.holder),
      card.cvv === undefined ? undefined : encryptField(key, card.cvv),
    ]);
    return {
      type: 'CARD',
      encrypted_number: number,
      encrypted_expiration_month: month,
      encrypted_expiration_year: fullYear,
      encrypted_holder_name: holder,
      ...(cvv === undefined ? {} : { encrypted_cvv: cvv }),
    };
  }

  /** A CVV alone, for `payments.create` with a saved instrument. */
  async encryptCvv(cvv: string): Promise<string> {
    return encryptField((await this.key()).key, cvv);
  }

  /** Any value, with the active key. */
  async encryptValue(value: string): Promise<string> {
    return encryptField((await this.key()).key, value);
  }

  /** Forgets the cached key (after a rotation), so the next call fetches the active one. */
  refreshKey(): void {
    this.cached = undefined;
  }

  /** The active key's id and imported key, fetched on first use. */
  async key(): Promise<{ kid: string; key: CryptoKey }> {
    if (this.cached && this.now() < this.cached.until) return this.cached;
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async load(): Promise<CachedKey> {
    let view: EncryptionKey;
    try {
      view = await this.keys.retrieve();
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      view = await this.keys.create();
    }
    const validUntil = Date.parse(view.valid_until);
    const until = Math.min(this.now() + KEY_CACHE_MS, Number.isNaN(validUntil) ? Infinity : validUntil);
    this.cached = { kid: view.kid, key: await importPublicKey(view.public_key), until };
    return this.cached;
  }
}
