/**
 * SQLite group commit (db/group-commit.ts): the write transactions ready at one
 * moment commit together, each in a savepoint. What callers depend on: a
 * transaction's `execute` resolves only once its rows are committed; one that
 * fails takes nothing of the others with it; a failed COMMIT fails every
 * transaction of its group and keeps none of their rows; and the grouping
 * writes each changed page to the WAL once per group, not once per transaction.
 */
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite, { type SqliteDatabase } from '../src/db/sqlite-driver.js';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type Db } from '../src/db/database.js';
import { MAX_GROUP } from '../src/db/group-commit.js';

let open: DatabaseHandle | undefined;
let watcher: SqliteDatabase | undefined;
afterEach(async () => {
  watcher?.close();
  watcher = undefined;
  await open?.close();
  open = undefined;
});

async function notesDatabase() {
  const file = join(mkdtempSync(join(tmpdir(), 'pasarela-group-')), 'db.sqlite');
  open = openDatabase({ database: { kind: 'sqlite', url: file } });
  await sql`create table notes (id text primary key, body text not null)`.execute(open.db);
  // Another connection, as another process would read the file.
  watcher = new SQLite(file, { readonly: true });
  return { db: open.db, file, watcher };
}

const insert = (db: Db, id: string) => sql`insert into notes (id, body) values (${id}, ${'x'.repeat(200)})`.execute(db);
const stored = (reader: SqliteDatabase, ids: string[]) =>
  (reader.prepare(`select id from notes where id in (${ids.map(() => '?').join(',')}) order by id`).all(...ids) as { id: string }[]).map((row) => row.id);

describe('SQLite group commit', () => {
  it('commits the transactions asked for together in one group, each answered only once its row is committed', async () => {
    const { db, file, watcher } = await notesDatabase();
    const ids = Array.from({ length: 20 }, (_, i) => `n${String(i).padStart(2, '0')}`);
    // Seen from another connection at the moment each transaction's execute resolves.
    const visibleWhenResolved: boolean[] = [];
    await Promise.all(
      ids.map((id) =>
        db
          .transaction()
          .execute((trx) => insert(trx, id))
          .then(() => visibleWhenResolved.push(stored(watcher, [id])[0] === id)),
      ),
    );
    expect(visibleWhenResolved).toEqual(ids.map(() => true));
    expect(stored(watcher, ids)).toEqual(ids);

    // WAL frames written: 20 transactions at once, against 20 one after another. A read
    // transaction held open meanwhile keeps SQLite from starting the WAL over, so its size counts every frame.
    watcher.prepare('begin').run();
    watcher.prepare('select count(*) from notes').get();
    const walSize = () => statSync(`${file}-wal`).size;
    const before = walSize();
    await Promise.all(ids.map((id) => db.transaction().execute((trx) => insert(trx, `together-${id}`))));
    const together = walSize() - before;
    for (const id of ids) await db.transaction().execute((trx) => insert(trx, `apart-${id}`));
    const apart = walSize() - before - together;
    watcher.prepare('commit').run();
    expect(together).toBeGreaterThan(0);
    expect(together * 5).toBeLessThan(apart);
  });

  it('a transaction that fails takes nothing of the others in its group with it', async () => {
    const { db, watcher } = await notesDatabase();
    const results = await Promise.allSettled(
      ['a', 'b', 'c'].map((id) =>
        db.transaction().execute(async (trx) => {
          await insert(trx, id);
          await insert(trx, `${id}-second`);
          if (id === 'b') throw new Error('b refused');
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('b refused');
    expect(stored(watcher, ['a', 'a-second', 'b', 'b-second', 'c', 'c-second'])).toEqual(['a', 'a-second', 'c', 'c-second']);
    // A statement that fails (here a duplicate key) inside a grouped transaction is the same.
    const duplicate = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 'd')),
      db.transaction().execute(async (trx) => {
        await insert(trx, 'e');
        await insert(trx, 'a');
      }),
    ]);
    expect(duplicate.map((result) => result.status)).toEqual(['fulfilled', 'rejected']);
    expect(stored(watcher, ['d', 'e'])).toEqual(['d']);
  });

  it('a transaction that fails on what an earlier one of its group wrote is told once that one is committed', async () => {
    const { db, watcher } = await notesDatabase();
    // The order_id race of two payments: the loser's next step is to read the winner's row.
    const seenByLoser: string[][] = [];
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 'order-1')),
      db
        .transaction()
        .execute((trx) => insert(trx, 'order-1'))
        .catch((error) => {
          seenByLoser.push(stored(watcher, ['order-1']));
          throw error;
        }),
      // A later transaction of the group, still running when the loser has rolled back.
      db.transaction().execute(async (trx) => {
        for (let i = 0; i < 5; i++) await insert(trx, `other-${i}`);
      }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(seenByLoser).toEqual([['order-1']]);
  });

  it('a statement of a transaction that has ended is refused, not run in the next transaction of its group', async () => {
    const { db, watcher } = await notesDatabase();
    let late: Promise<unknown> = Promise.resolve();
    let started!: () => void;
    const firstDone = new Promise<void>((resolve) => (started = resolve));
    await Promise.all([
      db.transaction().execute(async (trx) => {
        await insert(trx, 'first');
        // Not awaited: it runs after this transaction has released its savepoint.
        late = firstDone
          .then(() => insert(trx, 'first-late'))
          .then(
            () => 'ran',
            (error: unknown) => error,
          );
      }),
      db.transaction().execute(async (trx) => {
        started();
        // Holds the group open while the first one's stray statement arrives.
        await sleep(20);
        await insert(trx, 'second');
      }),
    ]);
    expect(String(await late)).toMatch(/transaction has ended/);
    expect(stored(watcher, ['first', 'first-late', 'second'])).toEqual(['first', 'second']);
  });

  it('when SQLite rolls a group back by itself, its members fail and nothing of theirs is committed, not even what a callback ran after catching the error', async () => {
    const { db, watcher } = await notesDatabase();
    // RAISE(ROLLBACK) ends the whole transaction, as a full disk or an I/O error can.
    await sql`create table tripwire (id text)`.execute(db);
    await sql`create trigger tripwire_rollback before insert on tripwire begin select raise(rollback, 'rolled back by SQLite'); end`.execute(db);
    let caught: unknown;
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 'earlier')),
      db.transaction().execute(async (trx) => {
        try {
          await sql`insert into tripwire (id) values ('x')`.execute(trx);
        } catch (error) {
          caught = error;
        }
        await insert(trx, 'after-catch');
      }),
    ]);
    expect(String(caught)).toMatch(/rolled back by SQLite/);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/rolled back the transaction this one was grouped with/);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/transaction has ended/);
    expect(stored(watcher, ['earlier', 'after-catch'])).toEqual([]);
    // The next group commits.
    await db.transaction().execute((trx) => insert(trx, 'next'));
    expect(stored(watcher, ['next'])).toEqual(['next']);
  });

  it('a COMMIT that fails fails every transaction of its group and keeps none of their rows', async () => {
    const { db, watcher } = await notesDatabase();
    // A deferred foreign key is checked at COMMIT only: the one way to make a COMMIT refuse on demand.
    await sql`create table parents (id text primary key)`.execute(db);
    await sql`create table children (id text primary key, parent_id text not null references parents (id) deferrable initially deferred)`.execute(db);
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 'innocent')),
      db.transaction().execute((trx) => sql`insert into children (id, parent_id) values ('orphan', 'missing')`.execute(trx)),
      db.transaction().execute((trx) => insert(trx, 'bystander')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const result of results) expect(String((result as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(stored(watcher, ['innocent', 'bystander'])).toEqual([]);
    expect(watcher.prepare('select count(*) as n from children').get()).toEqual({ n: 0 });
    // The connection goes on: the next group commits.
    await db.transaction().execute((trx) => insert(trx, 'after'));
    await insert(db, 'lone');
    expect(stored(watcher, ['after', 'lone'])).toEqual(['after', 'lone']);
  });

  it('a statement outside a transaction waits while a group runs, and a group waits for a transaction that waits', async () => {
    const { db, watcher } = await notesDatabase();
    const order: string[] = [];
    let started!: () => void;
    const slowStarted = new Promise<void>((resolve) => (started = resolve));
    const slow = db.transaction().execute(async (trx) => {
      await insert(trx, 'slow-1');
      started();
      // Something truly asynchronous (a timer): the event loop runs other requests meanwhile.
      await sleep(30);
      await insert(trx, 'slow-2');
      order.push('slow done');
    });
    await slowStarted;
    const lone = insert(db, 'lone').then(() => {
      order.push('lone');
      // Not before the group it waited for had committed.
      expect(stored(watcher, ['slow-1', 'slow-2'])).toEqual(['slow-1', 'slow-2']);
    });
    const joined = db
      .transaction()
      .execute((trx) => insert(trx, 'joined'))
      .then(() => order.push('joined'));
    await Promise.all([slow, lone, joined]);
    expect(order[0]).toBe('slow done');
    expect(new Set(order)).toEqual(new Set(['slow done', 'lone', 'joined']));
    expect(stored(watcher, ['joined', 'lone', 'slow-1', 'slow-2'])).toEqual(['joined', 'lone', 'slow-1', 'slow-2']);
  });

  it("a transaction that reads and then writes is not failed by another process's commit in between (the CLI beside a running server)", async () => {
    const { db, file, watcher } = await notesDatabase();
    await insert(db, 'first');
    // Another process's connection (the CLI's), which does not wait for the write lock.
    const other = new SQLite(file);
    other.pragma('busy_timeout = 0');
    let otherWrite = 'committed';
    try {
      await db.transaction().execute(async (trx) => {
        await sql`select count(*) from notes`.execute(trx);
        try {
          other.prepare(`insert into notes (id, body) values ('other', 'x')`).run();
        } catch (error) {
          otherWrite = (error as { code: string }).code;
        }
        // Had the other write committed after this transaction's read, SQLite would refuse this
        // write at once (SQLITE_BUSY_SNAPSHOT): waiting for the lock cannot help a stale snapshot.
        await insert(trx, 'second');
      });
    } finally {
      other.close();
    }
    // The transaction held the write lock from its BEGIN: the other process waits its turn instead.
    expect(otherWrite).toBe('SQLITE_BUSY');
    expect(stored(watcher, ['first', 'other', 'second'])).toEqual(['first', 'second']);
  });

  it(`commits more transactions than one group takes (${MAX_GROUP}) in the groups that follow`, async () => {
    const { db, watcher } = await notesDatabase();
    const ids = Array.from({ length: MAX_GROUP * 2 + 5 }, (_, i) => `m${String(i).padStart(4, '0')}`);
    await Promise.all(ids.map((id) => db.transaction().execute((trx) => insert(trx, id))));
    expect(stored(watcher, ids)).toEqual(ids);
  });
});
