/**
 * Re-sealing every stored secret under the current master key
 * (`npm run cli -- keys reseal`), so that an old key can leave
 * MASTER_KEY_PREVIOUS (docs/configuration.md, "The master key").
 *
 * SEALED lists every value sealed with the keyring (a `keyring.seal` call
 * writes each of them); a new sealed column belongs in this list. The work is
 * resumable and safe beside running servers: rows are read in batches in key
 * order, and each value already under the current key is skipped; any other
 * is opened and sealed again with the same context, then written with a
 * compare-and-set on the old sealed value, so a value another process changed
 * meanwhile (a rotation, a new secret) is left as that process wrote it.
 * Card numbers are not here: they are sealed under the organization's vault
 * key (instruments/vault.ts), which is itself in this list.
 */
import type { Kysely } from 'kysely';
import type { Db } from '../db/database.js';
import type { Keyring } from './keyring.js';

type Row = Record<string, string | null>;
type AnyDb = Kysely<Record<string, Row>>;

export interface SealedColumn {
  table: string;
  column: string;
  /** The primary key: the batches' order and the compare-and-set's row. */
  key: readonly [string] | readonly [string, string];
  /** The associated data the value was sealed with (see the `seal` call that writes it). */
  context(row: Row): string;
  /** Only rows whose first key column starts with this (settings holds other values too). */
  keyPrefix?: string;
}

export const SEALED: readonly SealedColumn[] = [
  // auth/signing-keys.ts
  { table: 'signing_keys', column: 'private_key_sealed', key: ['kid'], context: (r) => `signing_key:${r.kid}` },
  // encryption-keys/service.ts
  { table: 'encryption_keys', column: 'private_key_sealed', key: ['kid'], context: (r) => `encryption_key:${r.kid}` },
  // instruments/vault.ts: the per-organization card data and fingerprint keys
  {
    table: 'organization_keys',
    column: 'key_sealed',
    key: ['organization_id', 'purpose'],
    context: (r) => `organization_key:${r.organization_id}:${r.purpose}`,
  },
  // webhooks/service.ts
  { table: 'webhook_secrets', column: 'secret_sealed', key: ['id'], context: (r) => `webhook_secret:${r.id}` },
  // links/service.ts: an enrollment link's callback Api-Key
  { table: 'links', column: 'api_key_sealed', key: ['id'], context: (r) => `link_api_key:${r.id}` },
  // connectors/accounts.ts: a connector account's credentials
  { table: 'connector_accounts', column: 'credentials_sealed', key: ['id'], context: (r) => `connector_account:${r.id}` },
  // crypto/deployment-secrets.ts: the idempotency and OTP hash keys
  { table: 'settings', column: 'value', key: ['key'], context: (r) => String(r.key), keyPrefix: 'secret:' },
];

export interface ResealCount {
  table: string;
  column: string;
  /** Sealed values looked at. */
  scanned: number;
  /** Already under the current master key. */
  current: number;
  /** Sealed again (with --dry-run: that would be). */
  resealed: number;
  /** Changed or deleted by another process between the read and the write: left as it is now. */
  changed_concurrently: number;
  /** Sealed under a master key that is neither MASTER_KEY nor in MASTER_KEY_PREVIOUS, or damaged. */
  unreadable: number;
}

export interface ResealOptions {
  dryRun?: boolean;
  batchSize?: number;
  /** Called with each batch after it is read and before it is written (tests interleave a concurrent write here). */
  beforeWrite?: (table: string, rows: Row[]) => Promise<void>;
}

export async function resealAll(database: Db, keyring: Keyring, options: ResealOptions = {}): Promise<ResealCount[]> {
  const db = database as unknown as AnyDb;
  const batchSize = options.batchSize ?? 200;
  const counts: ResealCount[] = [];
  for (const spec of SEALED) {
    const count: ResealCount = { table: spec.table, column: spec.column, scanned: 0, current: 0, resealed: 0, changed_concurrently: 0, unreadable: 0 };
    counts.push(count);
    const [k0, k1] = spec.key;
    let after: Row | undefined;
    for (;;) {
      let query = db
        .selectFrom(spec.table)
        .select([...spec.key, spec.column])
        .where(spec.column, 'is not', null)
        .orderBy(k0)
        .limit(batchSize);
      if (k1) query = query.orderBy(k1);
      if (spec.keyPrefix) query = query.where(k0, 'like', `${spec.keyPrefix}%`);
      if (after) {
        const last = after;
        query = k1
          ? query.where((eb) => eb.or([eb(k0, '>', last[k0]!), eb.and([eb(k0, '=', last[k0]!), eb(k1, '>', last[k1]!)])]))
          : query.where(k0, '>', last[k0]!);
      }
      const rows = (await query.execute()) as Row[];
      if (rows.length === 0) break;
      after = rows[rows.length - 1];
      if (options.beforeWrite) await options.beforeWrite(spec.table, rows);
      for (const row of rows) {
        const sealed = row[spec.column]!;
        count.scanned++;
        if (keyring.isCurrent(sealed)) {
          count.current++;
          continue;
        }
        let again: string;
        try {
          again = keyring.reseal(sealed, spec.context(row));
        } catch {
          count.unreadable++;
          continue;
        }
        if (options.dryRun) {
          count.resealed++;
          continue;
        }
        let update = db
          .updateTable(spec.table)
          .set({ [spec.column]: again })
          .where(k0, '=', row[k0]!)
          .where(spec.column, '=', sealed);
        if (k1) update = update.where(k1, '=', row[k1]!);
        const result = await update.executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) count.resealed++;
        else count.changed_concurrently++;
      }
      if (rows.length < batchSize) break;
    }
  }
  return counts;
}
