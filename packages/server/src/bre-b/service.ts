/**
 * Bre-B merchant keys (docs/sandbox.md "Bre-B"): an organization registers up
 * to four keys; each starts `pending_verification` and becomes `active` once
 * verified (the sandbox's control plays the network's verification). A key
 * points to one account at a time: verifying a key another organization holds
 * moves it here (theirs becomes `moved`). The database enforces both rules
 * (migration 090); a race that loses one is retried or answered 409.
 */
import type { Selectable } from 'kysely';
import type { Db, Executor } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import type { BrebKeysTable } from '../db/schema.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { newId } from '../lib/ids.js';
import type { RealClock } from '../clock/clock.js';
import { classifyKey, maskName, MAX_KEYS, validateKey, type KeyType } from './keys.js';
import { directoryEntry, GATEWAY_INSTITUTION } from './directory.js';
import { emvMerchantPresentedPayload, qrImageDataUri } from '../payments/apm/qr.js';
import { QR_GUI } from '../connectors/rails/simulator.js';

type KeyRow = Selectable<BrebKeysTable>;

export interface KeyView {
  id: string;
  type: KeyType;
  value: string;
  status: KeyRow['status'];
  verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface KeyLookup {
  key: string;
  type: KeyType;
  holder_name: string;
  institution: { id: string; name: string };
}

const view = (r: KeyRow): KeyView => ({
  id: r.id,
  type: r.type,
  value: r.value,
  status: r.status,
  verified_at: r.verified_at,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** The organization's active key the QR rail is paid to, by its order: the first registered that is active. */
export async function activeKeyOf(db: Executor, organizationId: string): Promise<{ type: KeyType; value: string } | undefined> {
  return db
    .selectFrom('breb_keys')
    .select(['type', 'value'])
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** The key a QR_INTEROP intent is paid to and the name the payer's bank shows for it (the organization's), if it has an active key. */
export async function merchantKeyOf(db: Executor, organizationId: string): Promise<{ key: string; merchantName: string } | undefined> {
  const key = await activeKeyOf(db, organizationId);
  if (!key) return undefined;
  const organization = await db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst();
  return { key: key.value, merchantName: organization?.name ?? 'Pasarela Sandbox' };
}

export class BrebKeyService {
  constructor(
    private readonly db: Db,
    private readonly clock: RealClock,
  ) {}

  async register(organizationId: string, body: { type: string; value: string }): Promise<KeyView> {
    const errors: ErrorDetail[] = [];
    const key = validateKey(body, errors);
    if (!key) throw ApiError.validation(errors);
    // A free slot is taken with the insert; two racing registrations that pick the same slot: one retries.
    for (let attempt = 0; attempt < MAX_KEYS + 1; attempt++) {
      const held = await this.db
        .selectFrom('breb_keys')
        .select(['slot', 'value'])
        .where('organization_id', '=', organizationId)
        .where('slot', 'is not', null)
        .execute();
      if (held.some((k) => k.value === key.value)) throw alreadyRegistered(key.value);
      const used = new Set(held.map((k) => Number(k.slot)));
      const slot = [1, 2, 3, 4].find((s) => !used.has(s));
      if (slot === undefined) throw limitReached();
      const now = this.clock.realIso();
      const row: KeyRow = {
        id: newId('brebKey'),
        organization_id: organizationId,
        type: key.type,
        value: key.value,
        status: 'pending_verification',
        slot,
        verified_at: null,
        created_at: now,
        updated_at: now,
      };
      try {
        await this.db.insertInto('breb_keys').values(row).execute();
        return view(row);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw limitReached();
  }

  async list(organizationId: string): Promise<{ data: KeyView[] }> {
    const rows = await this.db.selectFrom('breb_keys').selectAll().where('organization_id', '=', organizationId).orderBy('id').execute();
    return { data: rows.map(view) };
  }

  async get(organizationId: string, id: string): Promise<KeyView> {
    return view(await this.row(organizationId, id));
  }

  private async row(organizationId: string, id: string): Promise<KeyRow> {
    const row = await this.db.selectFrom('breb_keys').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!row) throw ApiError.notFound('Bre-B key');
    return row;
  }

  async remove(organizationId: string, id: string): Promise<void> {
    const removed = await this.db.deleteFrom('breb_keys').where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) throw ApiError.notFound('Bre-B key');
  }

  /**
   * The sandbox's verification: the key becomes active here, and moves from
   * whichever organization held it (theirs becomes `moved`, its slot free).
   * Verifying an active key again changes nothing; a moved key is 409.
   */
  async verify(organizationId: string, id: string): Promise<KeyView> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = await this.row(organizationId, id);
      if (row.status === 'active') return view(row);
      if (row.status === 'moved') throw new ApiError('breb_key_moved', 'This key moved to another account; register it again to take it back.');
      const now = this.clock.realIso();
      try {
        const done = await this.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('breb_keys')
            .set({ status: 'moved', slot: null, updated_at: now })
            .where('value', '=', row.value)
            .where('status', '=', 'active')
            .where('organization_id', '<>', organizationId)
            .execute();
          const moved = await trx
            .updateTable('breb_keys')
            .set({ status: 'active', verified_at: now, updated_at: now })
            .where('id', '=', id)
            .where('status', '=', 'pending_verification')
            .executeTakeFirst();
          return Number(moved.numUpdatedRows) === 1;
        });
        if (done) return view(await this.row(organizationId, id));
      } catch (error) {
        // Another organization verified the same key at the same time: try again (the last verification wins).
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new ApiError('conflict', 'The key is being verified by another request; try again.');
  }

  /**
   * The key's static QR: an EMVCo merchant-presented payload without amount
   * (point of initiation 11; the payer types the amount), transaction id
   * `000000`. Only an active key has one.
   */
  async staticQr(organizationId: string, id: string): Promise<{ key: string; content: string; image: string }> {
    const row = await this.row(organizationId, id);
    if (row.status !== 'active') throw new ApiError('breb_key_not_active', `Only an active key has a QR; this one is ${row.status}.`);
    const merchant = (await merchantKeyOf(this.db, organizationId))!;
    const content = emvMerchantPresentedPayload({
      merchantAccount: { gui: QR_GUI, merchantId: row.value },
      merchantName: merchant.merchantName,
      merchantCity: 'Bogota',
      channel: 'ECOMM',
      transactionId: '000000',
    });
    return { key: row.value, content, image: qrImageDataUri(content) };
  }

  /**
   * Who holds a key, before money moves to it: the holder's name masked and
   * their institution. A key active in this gateway answers its
   * organization; others come from the sandbox's directory of test keys.
   */
  async lookup(raw: string): Promise<KeyLookup> {
    if (!classifyKey(raw))
      throw ApiError.validation([{ field: 'key', message: 'must be a Bre-B key: a document number, a mobile, an e-mail, an @code or a merchant code' }]);
    const found = await this.resolve(raw);
    if (!found) throw ApiError.notFound('Bre-B key');
    return found;
  }

  /** The look-up's answer, or undefined for a value that is no key or a key nobody holds. */
  async resolve(raw: string): Promise<KeyLookup | undefined> {
    const key = classifyKey(raw);
    if (!key) return undefined;
    const holder = await this.db
      .selectFrom('breb_keys')
      .innerJoin('organizations', 'organizations.id', 'breb_keys.organization_id')
      .select(['breb_keys.type', 'organizations.name'])
      .where('breb_keys.value', '=', key.value)
      .where('breb_keys.status', '=', 'active')
      .executeTakeFirst();
    if (holder) return { key: key.value, type: holder.type, holder_name: maskName(holder.name), institution: GATEWAY_INSTITUTION };
    const entry = directoryEntry(key.value);
    if (!entry) return undefined;
    return { key: entry.value, type: entry.type, holder_name: maskName(entry.holder), institution: entry.institution };
  }
}

function limitReached(): ApiError {
  return new ApiError('breb_key_limit_reached', `An account holds at most ${MAX_KEYS} Bre-B keys; remove one first.`);
}

function alreadyRegistered(value: string): ApiError {
  return new ApiError('breb_key_already_registered', `This organization already registered the key ${value}.`);
}
