import type { Executor } from '../db/database.js';
import { brandOf } from './rules.js';

export interface BinData {
  bin: string;
  card_brand: string;
  card_type: string;
  issuer: string | null;
  country: string | null;
  /** The 3-D Secure version the BIN supports (e.g. `2.2.0`), null when none or unknown. */
  three_ds_version: string | null;
}

/** BIN data from the BIN table, by the longest known prefix (8, then 6 digits); brand from the number's prefix otherwise. */
export async function lookupBin(db: Executor, digits: string): Promise<BinData & { known: boolean }> {
  const candidates = [digits.slice(0, 8), digits.slice(0, 6)].filter((b) => b.length === 6 || b.length === 8);
  const rows = candidates.length ? await db.selectFrom('bins').selectAll().where('bin', 'in', candidates).execute() : [];
  const row = rows.sort((a, b) => b.bin.length - a.bin.length)[0];
  if (row)
    return {
      bin: row.bin,
      card_brand: row.brand,
      card_type: row.type,
      issuer: row.issuer,
      country: row.country,
      three_ds_version: row.three_ds_version ?? null,
      known: true,
    };
  return { bin: digits.slice(0, 6), card_brand: brandOf(digits), card_type: 'unknown', issuer: null, country: null, three_ds_version: null, known: false };
}
