#!/usr/bin/env node
/**
 * Part of the server's build, after tsc: migrates a scratch SQLite database (in memory) with
 * dist/'s migrations and writes what that left to dist/db/sqlite-snapshot.json, which an empty
 * SQLite database then gets in one transaction instead of every migration
 * (src/db/sqlite-snapshot.ts). The previous build's file is removed first, so the scratch
 * database itself always migrates.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(dirname(fileURLToPath(import.meta.url))), 'dist');
const file = join(dist, 'db', 'sqlite-snapshot.json');
rmSync(file, { force: true });
const { migrateToLatest, openDatabase } = await import(join(dist, 'db', 'database.js'));
const { captureSqliteSnapshot } = await import(join(dist, 'db', 'sqlite-snapshot.js'));
const handle = openDatabase({ database: { kind: 'sqlite', url: ':memory:', sqliteSync: 'normal' } });
try {
  await migrateToLatest(handle.db, { sqliteSnapshot: null });
  writeFileSync(file, `${JSON.stringify(await captureSqliteSnapshot(handle.db))}\n`);
} finally {
  await handle.close();
}
