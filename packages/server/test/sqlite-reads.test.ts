/**
 * SQLite: the hot reads (db/prepared.ts, preparedQuery) run synchronously,
 * outside Kysely's queue (db/database.ts, DirectReader). They must see every
 * committed row and never a row of a transaction that is still open, whether
 * that transaction is waiting for something truly asynchronous or not.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db, type Executor } from '../src/db/database.js';
import { preparedQuery } from '../src/db/prepared.js';

const noteQuery = preparedQuery((db: Executor, id: string) =>
  db
    .selectFrom('notes' as never)
    .select('id' as never)
    .where('id' as never, '=', id as never),
);
const note = async (db: Db, id: string) => (await noteQuery(db, id)).length;

/** A transaction that inserts `id` and then waits for `release` and a timer, so the event loop runs other work meanwhile. */
function openTransaction(db: Db, id: string) {
  let inserted!: () => void;
  const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const done = db.transaction().execute(async (trx) => {
    await sql`insert into notes (id) values (${id})`.execute(trx);
    inserted();
    await released;
    await sleep(5);
  });
  return { inserted: insertedOnce, release, done };
}

async function notesDatabase(url: string) {
  const handle = openDatabase({ database: { kind: 'sqlite', url } });
  await sql`create table notes (id text primary key)`.execute(handle.db);
  await sql`insert into notes (id) values ('committed')`.execute(handle.db);
  return handle;
}

describe('SQLite hot reads', () => {
  it('on a file: see committed rows at once, and never the rows of a transaction still open', async () => {
    const { db, close } = await notesDatabase(join(mkdtempSync(join(tmpdir(), 'pasarela-reads-')), 'db.sqlite'));
    try {
      expect(await note(db, 'committed')).toBe(1);
      const open = openTransaction(db, 'pending');
      await open.inserted;
      await sleep(5);
      // Answered while the transaction is open, from the rows committed before it.
      expect(await note(db, 'pending')).toBe(0);
      expect(await note(db, 'committed')).toBe(1);
      open.release();
      await open.done;
      expect(await note(db, 'pending')).toBe(1);

      await expect(
        db.transaction().execute(async (trx) => {
          await sql`insert into notes (id) values ('rolled-back')`.execute(trx);
          await sleep(5);
          throw new Error('abandoned');
        }),
      ).rejects.toThrow('abandoned');
      expect(await note(db, 'rolled-back')).toBe(0);
    } finally {
      await close();
    }
  });

  it('in memory (one connection): a read made while a transaction is open waits for its end', async () => {
    const { db, close } = await notesDatabase(':memory:');
    try {
      expect(await note(db, 'committed')).toBe(1);
      const open = openTransaction(db, 'pending');
      await open.inserted;
      let answered = false;
      const during = note(db, 'pending').finally(() => (answered = true));
      await sleep(20);
      expect(answered).toBe(false);
      open.release();
      await open.done;
      expect(await during).toBe(1);
    } finally {
      await close();
    }
  });
});

describe('SQLite hot reads: the rows', () => {
  it('are the objects a query through Kysely answers: every column, its value and type, in order; a new object each time', async () => {
    const { db, close } = openDatabase({ database: { kind: 'sqlite', url: join(mkdtempSync(join(tmpdir(), 'pasarela-reads-')), 'db.sqlite') } });
    try {
      await sql`create table things (id text primary key, amount integer not null, note text, "needs ""quotes""" text)`.execute(db);
      await sql`insert into things values ('a', 150, null, 'q'), ('b', -3, 'two', null)`.execute(db);
      const direct = (await thingsFrom(db, 'a')) as Array<Record<string, unknown>>;
      const queued = await sql<Record<string, unknown>>`select * from things where id >= ${'a'} order by id`.execute(db);
      expect(direct).toEqual(queued.rows);
      expect(direct.map((row) => Object.keys(row))).toEqual(queued.rows.map((row) => Object.keys(row)));
      expect(direct[0]).toEqual({ id: 'a', amount: 150, note: null, 'needs "quotes"': 'q' });
      // The same statement's next run makes new objects: no row shares state with another.
      const again = (await thingsFrom(db, 'a')) as Array<Record<string, unknown>>;
      expect(again[0]).not.toBe(direct[0]);
      again[0]!.note = 'changed';
      expect(direct[0]!.note).toBeNull();
    } finally {
      await close();
    }
  });

  it("keep a column named __proto__ as the row's own property: a value never becomes its prototype", async () => {
    const { db, close } = openDatabase({ database: { kind: 'sqlite', url: join(mkdtempSync(join(tmpdir(), 'pasarela-reads-')), 'db.sqlite') } });
    try {
      await sql`create table things (id text primary key, "__proto__" text)`.execute(db);
      await sql`insert into things values ('a', 'own')`.execute(db);
      const [row] = (await thingsFrom(db, 'a')) as Array<Record<string, unknown>>;
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('own');
    } finally {
      await close();
    }
  });
});

const thingsFrom = preparedQuery((db: Executor, from: string) =>
  db
    .selectFrom('things' as never)
    .selectAll()
    .where('id' as never, '>=', from as never)
    .orderBy('id' as never),
);
