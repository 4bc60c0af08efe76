/**
 * The SQLite driver the running Node loads (db/sqlite-driver.ts): better-sqlite3 13 (Node-API)
 * from Node 24 on, where 12 can abort the process when a statement is collected; 12 on Node 20
 * (where 13 crashes) and 22 (where 13 is six times slower per row). The suite runs on whichever
 * Node runs it, so this checks the choice that Node made.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import SQLite, { sqliteDriverPackage, sqliteDriverPath } from '../src/db/sqlite-driver.js';

function packageVersionAt(entry: string): string {
  let dir = dirname(entry);
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version: string };
      if (manifest.name === 'better-sqlite3') return manifest.version;
    } catch {
      // not a package root yet
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no better-sqlite3 package above ${entry}`);
    dir = parent;
  }
}

describe('the SQLite driver', () => {
  it('is better-sqlite3 13 from Node 24 on and 12 before', () => {
    expect(sqliteDriverPackage('20.19.0')).toBe('better-sqlite3');
    expect(sqliteDriverPackage('22.12.0')).toBe('better-sqlite3');
    expect(sqliteDriverPackage('24.21.0')).toBe('better-sqlite3-napi');
    expect(sqliteDriverPackage('26.0.0')).toBe('better-sqlite3-napi');
    const major = Number(process.versions.node.split('.')[0]);
    expect(packageVersionAt(sqliteDriverPath).split('.')[0]).toBe(major >= 24 ? '13' : '12');
  });

  it('opens a database, runs statements and frees them', () => {
    const db = new SQLite(':memory:');
    db.exec('create table notes (id integer primary key, body text)');
    const insert = db.prepare('insert into notes (body) values (?)');
    for (let i = 0; i < 100; i++) insert.run(`note ${i}`);
    expect(db.prepare('select count(*) as n from notes').get()).toEqual({ n: 100 });
    db.close();
  });
});
