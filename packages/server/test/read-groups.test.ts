/**
 * Grouped point reads (db/read-groups.ts): on PostgreSQL, the calls of one read that
 * wait behind one in flight go together as one statement; each must still answer
 * exactly the rows, values and types it answers alone. On SQLite a grouped read is
 * an ordinary synchronous read.
 */
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type Executor } from '../src/db/database.js';
import { preparedQuery } from '../src/db/prepared.js';
import { ReadGroups } from '../src/db/read-groups.js';
import { dialects, postgres } from './support/dialects.js';

type Note = { id: string; body: string | null; amount: number; flag: boolean };

const noteById = preparedQuery(
  (db: Executor, id: string) =>
    db
      .selectFrom('notes' as never)
      .selectAll()
      .where('id' as never, '=', id as never),
  {
    grouped: true,
  },
) as unknown as ReturnType<typeof preparedQuery<[string], Note>>;

async function notesTable(dialect: (typeof dialects)[number]): Promise<DatabaseHandle> {
  const handle = openDatabase({ database: { kind: dialect.name, url: await dialect.databaseUrl() } });
  const boolean = dialect.name === 'postgres' ? sql.raw('boolean') : sql.raw('integer');
  await sql`create table notes (id varchar(10) primary key, body text, amount bigint not null, flag ${boolean} not null)`.execute(handle.db);
  const yes = dialect.name === 'postgres' ? sql.lit(true) : sql.lit(1);
  const no = dialect.name === 'postgres' ? sql.lit(false) : sql.lit(0);
  await sql`insert into notes values ('a', 'first, "quoted"', 100, ${yes}), ('b', null, 250, ${no}), ('c', 'ñandú 🐦', 9007199254740991, ${yes})`.execute(
    handle.db,
  );
  return handle;
}

const IDS = ['a', 'b', 'zz', 'c', 'a', 'b', 'c', 'nope', 'c', 'a'];

describe.each(dialects)('grouped point reads on $name', (dialect) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await notesTable(dialect);
  });
  afterAll(() => handle?.close());

  it('answer each of many concurrent calls what it answers alone', async () => {
    const alone: Note[][] = [];
    for (const id of IDS) alone.push(await noteById(handle.db, id));
    expect(alone.map((rows) => rows.map((r) => r.id))).toEqual(IDS.map((id) => (['a', 'b', 'c'].includes(id) ? [id] : [])));
    const together = await Promise.all(IDS.map((id) => noteById(handle.db, id)));
    expect(together).toEqual(alone);
    expect(together[3]![0]).toMatchObject({ id: 'c', body: 'ñandú 🐦', amount: 9007199254740991 });
    expect(Object.keys(together[0]![0]!).sort()).toEqual(['amount', 'body', 'flag', 'id']);
  });
});

describe.runIf(postgres)('ReadGroups on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let groups: ReadGroups;
  const text = 'select * from notes where id = $1';
  beforeAll(async () => {
    handle = await notesTable(postgres!);
    groups = new ReadGroups(async (statement, values) => (await handle.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(statement, values))).rows);
  });
  afterAll(() => handle?.close());

  it('sends the reads that waited behind the one in flight as one statement, each answered its own rows', async () => {
    const rows = await Promise.all(IDS.map((id) => groups.read(text, [id])));
    expect(rows.map((r) => r.map((row) => row.id))).toEqual(IDS.map((id) => (['a', 'b', 'c'].includes(id) ? [id] : [])));
    expect(rows[1]![0]).toEqual({ id: 'b', body: null, amount: 250, flag: false });
    // The first went alone; the nine that waited behind it, as one group.
    expect(groups.stats).toEqual({ groups: 1, reads: IDS.length - 1, retried: 0 });
  });

  it('sends a refused group again one read at a time: only the read PostgreSQL refuses fails', async () => {
    const before = { ...groups.stats };
    // PostgreSQL refuses a NUL in a text parameter, and with it the whole group's statement.
    const outcomes = await Promise.allSettled(['a', 'b', 'bad\u0000id', 'c'].map((id) => groups.read(text, [id])));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value.map((row) => row.id) : 'refused'))).toEqual([['a'], ['b'], 'refused', ['c']]);
    expect(groups.stats.groups - before.groups).toBe(1);
    expect(groups.stats.retried - before.retried).toBe(3);
  });
});
