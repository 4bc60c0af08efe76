/**
 * SQLite files: the WAL is copied back into the database by the checkpoint
 * thread (db/database.ts), not by a request's commit; without it, automatic
 * checkpoints are off and the database file would never receive the rows.
 */
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Executor } from '../src/db/database.js';
import { eventually } from './support/wait.js';

/** A file database with a `filler` table, whose WAL is started over from `walRestartAtFrames`. */
async function fillerDatabase(walRestartAtFrames: number) {
  const file = join(mkdtempSync(join(tmpdir(), 'pasarela-checkpoint-')), 'db.sqlite');
  const handle = openDatabase({ database: { kind: 'sqlite', url: file } }, { walRestartAtFrames });
  await sql`create table filler (body text not null)`.execute(handle.db);
  return { file, handle };
}

const insertFiller = (db: Executor, body: string) =>
  db
    .insertInto('filler' as never)
    .values({ body } as never)
    .execute();

describe('SQLite checkpoints', () => {
  it('copies committed pages from the WAL into the database file in the background', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pasarela-checkpoint-')), 'db.sqlite');
    const handle = openDatabase({ database: { kind: 'sqlite', url: file } });
    try {
      await migrateToLatest(handle.db);
      // Fresh rows, committed in one transaction, go to the WAL (automatic checkpoints are off); nothing
      // here checkpoints, so only the background thread can bring the database file up to every
      // committed page.
      await sql`create table filler (body text not null)`.execute(handle.db);
      const body = 'x'.repeat(10_000);
      const sizeBefore = statSync(file).size;
      await handle.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 200; i++) await insertFiller(trx, body);
      });
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(1_000_000);
      const pages = await sql<{ page_count: number }>`pragma page_count`.execute(handle.db);
      const pageSize = await sql<{ page_size: number }>`pragma page_size`.execute(handle.db);
      const committed = Number(pages.rows[0]!.page_count) * Number(pageSize.rows[0]!.page_size);
      expect(committed).toBeGreaterThan(sizeBefore + 1_000_000);
      const after = await eventually(
        async () => statSync(file).size,
        (size) => size >= committed,
        10_000,
      );
      expect(after).toBeGreaterThanOrEqual(committed);
    } finally {
      await handle.close();
    }
  });

  it('starts the WAL over under a steady stream of commits, so it does not grow with them', async () => {
    // Started over from 2 560 frames (10 MiB) here instead of 256 MiB, to keep the test small.
    const { file, handle } = await fillerDatabase(2560);
    try {
      const body = 'x'.repeat(64 * 1024);
      // Commits of 64 KiB, 16 at a time, never pausing for more than 50 ms, for at least 3 seconds
      // and 40 MiB (a busy machine takes longer, and writes no less): SQLite alone would keep every
      // frame (the WAL is never fully copied back when a commit begins), 40 MiB and more.
      const end = Date.now() + 3000;
      let written = 0;
      while (Date.now() < end || written < 40 * 1024 * 1024) {
        for (let i = 0; i < 16; i++) await insertFiller(handle.db, body);
        written += 16 * body.length;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(statSync(`${file}-wal`).size).toBeLessThan(written / 2);
    } finally {
      await handle.close();
    }
  });

  it('many writes at once, transactions and single statements, all go through while the WAL restarts under them', async () => {
    // Restarted from 256 frames (1 MiB), so restarts come every few rounds.
    const { file, handle } = await fillerDatabase(256);
    try {
      const body = 'x'.repeat(16 * 1024);
      // For at least 2.5 seconds and 30 MiB, however long a busy machine takes to write them.
      const end = Date.now() + 2500;
      let expected = 0;
      while (Date.now() < end || expected * body.length < 30 * 1024 * 1024) {
        // Each round: single statements and transactions asked for at the same moment, as requests do.
        await Promise.all([
          ...Array.from({ length: 8 }, () => insertFiller(handle.db, body)),
          ...Array.from({ length: 8 }, () =>
            handle.db.transaction().execute(async (trx) => {
              await insertFiller(trx, body);
              await insertFiller(trx, body);
            }),
          ),
        ]);
        expected += 24;
        // About 8 MB of WAL a second: the restart finds moments when little is left to copy.
        await new Promise((r) => setTimeout(r, 20));
      }
      const { n } = (await sql<{ n: number }>`select count(*) as n from filler`.execute(handle.db)).rows[0]!;
      expect(n).toBe(expected);
      // The WAL file keeps the largest size it reached: without restarts it would hold every row.
      expect(statSync(`${file}-wal`).size).toBeLessThan((expected * body.length) / 2);
    } finally {
      await handle.close();
    }
  });
  it('deferred: SQLite checkpoints by itself until startCheckpoints, then the thread copies the WAL back', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pasarela-checkpoint-')), 'db.sqlite');
    const handle = openDatabase({ database: { kind: 'sqlite', url: file } }, { deferCheckpoints: true });
    const autocheckpoint = async () =>
      Number((await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db)).rows[0]!.wal_autocheckpoint);
    try {
      // Until then, SQLite's own automatic checkpoints (every 1000 WAL pages) keep the WAL bounded.
      expect(await autocheckpoint()).toBe(1000);
      handle.startCheckpoints();
      handle.startCheckpoints();
      expect(await autocheckpoint()).toBe(0);
      await sql`create table filler (body text not null)`.execute(handle.db);
      const body = 'x'.repeat(10_000);
      const sizeBefore = statSync(file).size;
      await handle.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 200; i++) await insertFiller(trx, body);
      });
      expect(sizeBefore).toBeLessThan(1_000_000);
      const after = await eventually(
        async () => statSync(file).size,
        (size) => size > 2_000_000,
        10_000,
      );
      expect(after).toBeGreaterThan(2_000_000);
    } finally {
      await handle.close();
    }
  });
});
