/**
 * SQLite files: the WAL is copied back into the database by the checkpoint
 * thread (db/database.ts), not by a request's commit; without it, automatic
 * checkpoints are off and the database file would never receive the rows.
 */
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { eventually } from './support/wait.js';

describe('SQLite checkpoints', () => {
  it('copies committed pages from the WAL into the database file in the background', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pasarela-checkpoint-')), 'db.sqlite');
    const handle = openDatabase({ database: { kind: 'sqlite', url: file } });
    try {
      await migrateToLatest(handle.db);
      const before = statSync(file).size;
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(100_000);
      // Nothing here checkpoints: only the background thread can make the database file grow.
      const after = await eventually(async () => statSync(file).size, (size) => size > before * 10, 10_000);
      expect(after).toBeGreaterThan(before * 10);
    } finally {
      await handle.close();
    }
  });
});
