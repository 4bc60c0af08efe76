/**
 * Client-side encryption keys (spec 4.2): one active RSA-OAEP-256 key pair per
 * organization. Rotation makes a new key active; the previous one keeps
 * decrypting for a grace period (pages already loaded keep working), then
 * retires. At most one key is in grace: a rotation retires the key already in
 * grace at once, so a value is tried with at most two keys (the active one and
 * the one in grace) however often the key is rotated. Private keys are sealed
 * under the master key; decryption runs on worker threads (crypto/rsa-decryptor.ts),
 * off the event loop, with keys parsed once and cached.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { generateRsaKeyPair, type RsaKeyPairSource } from '../crypto/rsa-key-pairs.js';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import type { EncryptionKeysTable } from '../db/schema.js';
import type { Keyring } from '../crypto/keyring.js';
import { RsaDecryptor } from '../crypto/rsa-decryptor.js';
import { ApiError } from '../errors/api-error.js';
import type { Principal } from '../http/principal.js';
import type { Permission } from '../http/permissions.js';
import { ulid } from '../lib/ids.js';
import { isoPlusSeconds } from '../lib/time.js';
import type { RealClock } from '../clock/clock.js';

/** What making a key needs: the permission of `POST /v1/encryption/keys` (routes.ts). */
const CREATE_PERMISSION: Permission = 'compliance:write';
const YEAR_SECONDS = 365 * 86400;
/** How long a process trusts its list of an organization's keys (a miss re-reads it at once). */
const KEY_CACHE_MS = 60_000;

export interface EncryptionKeyView {
  kid: string;
  algorithm: 'RSA-OAEP-256';
  status: 'active';
  public_key: string;
  valid_from: string;
  valid_until: string;
}

export function toView(row: EncryptionKeysTable): EncryptionKeyView {
  return { kid: row.kid, algorithm: 'RSA-OAEP-256', status: 'active', public_key: row.public_key, valid_from: row.valid_from, valid_until: row.valid_until };
}

export class EncryptionKeyService {
  /** kid -> parsed private key; keys never change once written. */
  private readonly parsed = new Map<string, KeyObject>();
  private readonly decryptor = new RsaDecryptor();
  /** organization -> its decrypting keys, as last read; refreshed when a value does not decrypt. */
  private readonly keysByOrganization = new Map<string, { rows: EncryptionKeysTable[]; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly keyring: Keyring,
    private readonly options: { modulusLength: number; graceSeconds: number },
    private readonly clock: RealClock,
    private readonly keyPairs: RsaKeyPairSource = generateRsaKeyPair,
  ) {}

  async active(organizationId: string): Promise<EncryptionKeysTable> {
    const row = await this.db
      .selectFrom('encryption_keys')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (!row) throw new ApiError('not_found', 'This organization has no encryption key yet: POST /v1/encryption/keys creates one.');
    return row;
  }

  /** The organization's active key, or undefined when it has none yet. */
  async find(organizationId: string): Promise<EncryptionKeysTable | undefined> {
    try {
      return await this.active(organizationId);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'not_found') return undefined;
      throw error;
    }
  }

  /**
   * The organization's first key, made for a caller that may make keys: what
   * `POST /v1/encryption/keys` needs (`compliance:write`), checked here, so
   * a feature that provides a key as a convenience (links/routes.ts, at the
   * creation of a link) grants no more than that route. An existing key is
   * returned as it is, never rotated; without the permission and without a
   * key, undefined (the hosted pages then offer no card form).
   */
  async provideFor(principal: Principal): Promise<EncryptionKeysTable | undefined> {
    const existing = await this.find(principal.organizationId);
    if (existing || !principal.permissions.has(CREATE_PERMISSION)) return existing;
    const row = await this.newKey(principal.organizationId);
    try {
      await this.db.insertInto('encryption_keys').values(row).execute();
      this.keysByOrganization.delete(principal.organizationId);
      return row;
    } catch (error) {
      // Another request made the first key meanwhile (the unique "one active key" index): that one.
      if (!isUniqueViolation(error)) throw error;
      return this.active(principal.organizationId);
    }
  }

  /** Creates the organization's key, or rotates it (the old one decrypts during the grace period). */
  async rotate(organizationId: string): Promise<EncryptionKeysTable> {
    const row = await this.newKey(organizationId);
    const now = Date.parse(row.created_at);
    // Two rotations racing: the unique "one active key" index makes the loser try again on top of the winner.
    for (let attempt = 0; ; attempt++) {
      try {
        this.keysByOrganization.delete(organizationId);
        await this.db.transaction().execute(async (trx) => {
          // The key already in grace (if any) retires now: only the key being replaced keeps a grace period.
          await trx
            .updateTable('encryption_keys')
            .set({ status: 'retired' })
            .where('organization_id', '=', organizationId)
            .where('status', '=', 'grace')
            .execute();
          await trx
            .updateTable('encryption_keys')
            .set({ status: 'grace', decrypts_until: isoPlusSeconds(now, this.options.graceSeconds) })
            .where('organization_id', '=', organizationId)
            .where('status', '=', 'active')
            .execute();
          await trx.insertInto('encryption_keys').values(row).execute();
        });
        return row;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
  }

  /** A new key pair for the organization, active from now, not yet stored. */
  private async newKey(organizationId: string): Promise<EncryptionKeysTable> {
    const { publicKey, privateKey } = await this.keyPairs(this.options.modulusLength);
    const kid = `key_${ulid()}`;
    const now = this.clock.realNow();
    const row: EncryptionKeysTable = {
      kid,
      organization_id: organizationId,
      public_key: publicKey,
      private_key_sealed: this.keyring.seal(privateKey, `encryption_key:${kid}`),
      status: 'active',
      valid_from: new Date(now).toISOString(),
      valid_until: isoPlusSeconds(now, YEAR_SECONDS),
      decrypts_until: null,
      created_at: new Date(now).toISOString(),
    };
    return row;
  }

  /**
   * The keys that may decrypt now, at most two: the active one first, then the
   * newest key in its grace period. (Rotation keeps one key in grace; taking
   * only the newest also bounds the work for rows written before that rule.)
   */
  private async decryptionKeys(organizationId: string): Promise<EncryptionKeysTable[]> {
    const now = this.clock.realIso();
    const rows = await this.db
      .selectFrom('encryption_keys')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where((eb) => eb.or([eb('status', '=', 'active'), eb.and([eb('status', '=', 'grace'), eb('decrypts_until', '>', now)])]))
      .orderBy('created_at', 'desc')
      .orderBy('kid', 'desc')
      .execute();
    const active = rows.find((r) => r.status === 'active');
    const grace = rows.find((r) => r.status === 'grace');
    return [active, grace].filter((r): r is EncryptionKeysTable => r !== undefined);
  }

  private privateKey(row: EncryptionKeysTable): KeyObject {
    let key = this.parsed.get(row.kid);
    if (!key) {
      key = createPrivateKey(this.keyring.open(row.private_key_sealed, `encryption_key:${row.kid}`).toString('utf8'));
      this.parsed.set(row.kid, key);
    }
    return key;
  }

  /** Stops the decryption workers (the server's close). */
  close(): Promise<void> {
    return this.decryptor.close();
  }

  /**
   * Decrypts base64 RSA-OAEP-SHA256 ciphertexts made with one of the
   * organization's keys. Values that do not decrypt come back as undefined at
   * their position (the caller names the failing fields).
   */
  async decrypt(organizationId: string, values: string[]): Promise<Array<string | undefined>> {
    const cached = this.keysByOrganization.get(organizationId);
    const fresh = !cached || this.clock.realNow() - cached.at > KEY_CACHE_MS;
    const rows = fresh ? await this.decryptionKeys(organizationId) : cached.rows;
    if (fresh) this.keysByOrganization.set(organizationId, { rows, at: this.clock.realNow() });
    const now = this.clock.realIso();
    const usable = rows.filter((k) => k.status === 'active' || (k.decrypts_until ?? '') > now);
    const clear = await this.decryptWith(usable, values);
    // A key rotated in another process since we looked: read the keys again, once, and
    // try again only if they changed (a value that decrypts with none costs no more work).
    if (!fresh && clear.some((v) => v === undefined)) {
      const rows = await this.decryptionKeys(organizationId);
      this.keysByOrganization.set(organizationId, { rows, at: this.clock.realNow() });
      const known = new Set(usable.map((k) => k.kid));
      const added = rows.filter((k) => !known.has(k.kid));
      if (added.length === 0) return clear;
      const again = await this.decryptWith(
        added,
        values.map((v, i) => (clear[i] === undefined ? v : '')),
      );
      return clear.map((v, i) => v ?? again[i]);
    }
    return clear;
  }

  private async decryptWith(keys: EncryptionKeysTable[], values: string[]): Promise<Array<string | undefined>> {
    const clear: Array<string | undefined> = values.map(() => undefined);
    // Positions still to decrypt, tried with each key in turn (the active one first).
    let left = values.flatMap((value, i) => (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value) ? [i] : []));
    for (const row of keys) {
      if (left.length === 0) break;
      const found = await this.decryptor.decrypt(
        row.kid,
        this.privateKey(row),
        left.map((i) => Buffer.from(values[i]!, 'base64')),
      );
      left = left.filter((position, j) => {
        clear[position] = found[j];
        return found[j] === undefined;
      });
    }
    return clear;
  }

  /** Retires keys whose grace period is over (run by the maintenance job). */
  async retireExpired(): Promise<number> {
    const result = await this.db
      .updateTable('encryption_keys')
      .set({ status: 'retired' })
      .where('status', '=', 'grace')
      .where('decrypts_until', '<=', this.clock.realIso())
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
