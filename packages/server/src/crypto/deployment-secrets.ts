/**
 * Secrets of the deployment itself (keys for keyed hashes of idempotency
 * requests and OTPs): random, made once, stored in `settings` sealed under the
 * master key. Unlike a key derived from MASTER_KEY, they survive a master-key
 * rotation, so hashes written before it still match after it.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import type { Keyring } from './keyring.js';
import type { RealClock } from '../lib/time.js';

export async function deploymentSecret(db: Db, keyring: Keyring, name: string, clock: RealClock): Promise<Buffer> {
  const key = `secret:${name}`;
  const read = () => db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  let row = await read();
  if (!row) {
    try {
      await db
        .insertInto('settings')
        .values({ key, value: keyring.seal(randomBytes(32), key), created_at: clock.realIso() })
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // another process made it first
    }
    row = await read();
  }
  return keyring.open(row!.value, key);
}
