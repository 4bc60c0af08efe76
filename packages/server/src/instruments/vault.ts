/**
 * The card vault's cryptography (spec 4.3): card numbers are sealed with
 * AES-256-GCM under the organization's data key; fingerprints for
 * de-duplication are HMAC-SHA256 under the organization's fingerprint key.
 * Both keys are random, stored sealed under the master key, and cached
 * unsealed in memory once read.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import type { Keyring } from '../crypto/keyring.js';
import { Secret } from '../crypto/secret.js';
import type { RealClock } from '../clock/clock.js';

type Purpose = 'card_data' | 'fingerprint';

export class Vault {
  private readonly keys = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly db: Db,
    private readonly keyring: Keyring,
    private readonly clock: RealClock,
  ) {}

  private key(organizationId: string, purpose: Purpose): Promise<Buffer> {
    const cacheKey = `${organizationId}:${purpose}`;
    let key = this.keys.get(cacheKey);
    if (!key) {
      key = this.loadOrCreate(organizationId, purpose);
      key.catch(() => this.keys.delete(cacheKey));
      this.keys.set(cacheKey, key);
    }
    return key;
  }

  private async loadOrCreate(organizationId: string, purpose: Purpose): Promise<Buffer> {
    const context = `organization_key:${organizationId}:${purpose}`;
    const read = () =>
      this.db
        .selectFrom('organization_keys')
        .select('key_sealed')
        .where('organization_id', '=', organizationId)
        .where('purpose', '=', purpose)
        .executeTakeFirst();
    const existing = await read();
    if (existing) return this.keyring.open(existing.key_sealed, context);
    try {
      await this.db
        .insertInto('organization_keys')
        .values({ organization_id: organizationId, purpose, key_sealed: this.keyring.seal(randomBytes(32), context), created_at: this.clock.realIso() })
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // another request or process made it first
    }
    return this.keyring.open((await read())!.key_sealed, context);
  }

  async fingerprint(organizationId: string, number: Secret): Promise<string> {
    return createHmac('sha256', await this.key(organizationId, 'fingerprint'))
      .update(number.reveal())
      .digest('hex');
  }

  async sealNumber(organizationId: string, instrumentId: string, number: Secret): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await this.key(organizationId, 'card_data'), iv);
    cipher.setAAD(Buffer.from(instrumentId));
    const body = Buffer.concat([cipher.update(number.reveal(), 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  async openNumber(organizationId: string, instrumentId: string, sealed: string): Promise<Secret> {
    const [, iv, body] = sealed.split('.');
    const raw = Buffer.from(body ?? '', 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', await this.key(organizationId, 'card_data'), Buffer.from(iv ?? '', 'base64url'));
    decipher.setAAD(Buffer.from(instrumentId));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return new Secret(Buffer.concat([decipher.update(raw.subarray(0, raw.length - 16)), decipher.final()]).toString('utf8'));
  }
}
