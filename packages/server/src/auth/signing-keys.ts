/**
 * The asymmetric key that signs access tokens (RS256: deterministic, so the
 * same claims give the same token string, which lets the token endpoint hand
 * back the same token without storing it). The private key lives in the
 * database sealed under the master key, so every process shares it; the
 * public half is published at /.well-known/jwks.json.
 *
 * A new database's first key (an RSA key: 100 ms to 1 s of CPU) is not made
 * at start-up: `load()` only reads the keys, and the first key is generated,
 * off the event loop, when the server starts listening (`prepare()`, from
 * app.ts) or by the first use that needs it, whichever comes first; uses
 * wait for it (`ready()`).
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { generateRsaKeyPair, type RsaKeyPairSource } from '../crypto/rsa-key-pairs.js';
import type { JWK } from 'jose';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import type { Keyring } from '../crypto/keyring.js';
import { newId } from '../lib/ids.js';
import type { RealClock } from '../clock/clock.js';

export const TOKEN_ALGORITHM = 'RS256';

interface LoadedKey {
  kid: string;
  status: 'active' | 'retired';
  publicKey: KeyObject;
  privateKey: KeyObject;
  jwk: JWK;
}

export class SigningKeys {
  private keys = new Map<string, LoadedKey>();
  private activeKid = '';
  private lastReload = 0;

  constructor(
    private readonly db: Db,
    private readonly keyring: Keyring,
    private readonly clock: RealClock,
    private readonly keyPairs: RsaKeyPairSource = generateRsaKeyPair,
  ) {}

  private creating: Promise<void> | undefined;

  /** Loads the keys. A database without one gets it from `prepare()` or the first use (`ready()`). */
  async load(): Promise<void> {
    await this.reload();
  }

  /** Starts making the first key if there is none (the server calls it once it listens). */
  prepare(): void {
    // Its failure (the database closed meanwhile) is the next use's to report.
    void this.ready().catch(() => undefined);
  }

  /** Resolves once there is an active key, creating the first one if none exists (safe when processes race). */
  ready(): Promise<void> {
    if (this.activeKid) return Promise.resolve();
    this.creating ??= this.create().finally(() => {
      this.creating = undefined;
    });
    return this.creating;
  }

  private async create(): Promise<void> {
    await this.reload();
    if (this.activeKid) return;
    const kid = newId('signingKey');
    // Generated as PEM text and read back into key objects of their own. Exporting a key object that
    // generateKeyPairSync returned can deadlock Node 20: its JWK export holds the key's mutex while
    // it allocates, and a garbage collection then runs the generation job's destructor, which takes
    // the same mutex (a test process hung on it in CI). On the thread pool, not the event loop.
    const pair = await this.keyPairs(2048);
    const publicKey = createPublicKey(pair.publicKey);
    const jwk: JWK = { ...publicKey.export({ format: 'jwk' }), kid, alg: TOKEN_ALGORITHM, use: 'sig' };
    try {
      await this.db
        .insertInto('signing_keys')
        .values({
          kid,
          algorithm: TOKEN_ALGORITHM,
          public_jwk: JSON.stringify(jwk),
          private_key_sealed: this.keyring.seal(pair.privateKey, `signing_key:${kid}`),
          status: 'active',
          created_at: this.clock.realIso(),
        })
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // another process created it first
    }
    await this.reload();
  }

  async reload(): Promise<void> {
    this.lastReload = this.clock.realNow();
    const rows = await this.db.selectFrom('signing_keys').selectAll().execute();
    const keys = new Map<string, LoadedKey>();
    let active = '';
    for (const row of rows) {
      const existing = this.keys.get(row.kid);
      const privateKey = existing?.privateKey ?? createPrivateKey(this.keyring.open(row.private_key_sealed, `signing_key:${row.kid}`).toString('utf8'));
      keys.set(row.kid, {
        kid: row.kid,
        status: row.status,
        privateKey,
        publicKey: existing?.publicKey ?? createPublicKey(privateKey),
        jwk: JSON.parse(row.public_jwk) as JWK,
      });
      if (row.status === 'active') active = row.kid;
    }
    this.keys = keys;
    this.activeKid = active;
  }

  /** The key that signs, once there is one (`ready()`). */
  async active(): Promise<LoadedKey> {
    await this.ready();
    const key = this.keys.get(this.activeKid);
    if (!key) throw new Error('no active signing key');
    return key;
  }

  /** The public key for a kid, reloading once in case another process rotated. */
  async publicKey(kid: string): Promise<KeyObject | undefined> {
    // At most one reload every 5 s, so tokens with made-up kids cannot hammer the database.
    if (this.creating) await this.creating.catch(() => undefined);
    if (!this.keys.has(kid) && this.clock.realNow() - this.lastReload > 5000) await this.reload();
    return this.keys.get(kid)?.publicKey;
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    await this.ready();
    return { keys: [...this.keys.values()].map((k) => k.jwk) };
  }
}
