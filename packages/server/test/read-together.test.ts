/**
 * readTogether (db/prepared.ts): independent reads in one round trip on
 * PostgreSQL (one statement, each read's rows as JSON), one after the other on
 * SQLite. Each read must answer exactly the rows it answers alone, with the
 * same JavaScript values, on both dialects.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type Executor } from '../src/db/database.js';
import { preparedQuery, readTogether } from '../src/db/prepared.js';
import { dialects } from './support/dialects.js';

type Note = { id: string; body: string | null; amount: number; flag: boolean };

const notesByAmount = preparedQuery((db: Executor, min: number, max: number) =>
  db
    .selectFrom('notes' as never)
    .selectAll()
    .where('amount' as never, '>=', min as never)
    .where('amount' as never, '<=', max as never)
    .orderBy('id' as never),
) as unknown as ReturnType<typeof preparedQuery<[number, number], Note>>;
const countAbove = preparedQuery((db: Executor, min: number) =>
  db.selectNoFrom((eb) => [
    eb
      .selectFrom('notes' as never)
      .select((e) => e.fn.countAll().as('n'))
      .where('amount' as never, '>', min as never)
      .as('n'),
  ]),
) as unknown as ReturnType<typeof preparedQuery<[number], { n: number | string }>>;

describe.each(dialects)('readTogether on $name', (dialect) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = openDatabase({ database: { kind: dialect.name, url: await dialect.databaseUrl() } });
    const boolean = dialect.name === 'postgres' ? sql.raw('boolean') : sql.raw('integer');
    await sql`create table notes (id varchar(10) primary key, body text, amount bigint not null, flag ${boolean} not null)`.execute(handle.db);
    const yes = dialect.name === 'postgres' ? sql.lit(true) : sql.lit(1);
    const no = dialect.name === 'postgres' ? sql.lit(false) : sql.lit(0);
    await sql`insert into notes values ('a', 'first, "quoted"', 100, ${yes}), ('b', null, 250, ${no}), ('c', 'ñandú 🐦', 9007199254740991, ${yes})`.execute(
      handle.db,
    );
  });
  afterAll(() => handle?.close());

  it('answers each read as it answers alone: rows, order, values and types', async () => {
    const db = handle.db;
    // The second read's parameter (99) differs from the first's (100): a parameter numbered wrongly would count 2, not 3.
    const alone = [await notesByAmount(db, 100, 300), await countAbove(db, 99), await notesByAmount(db, 1, 2)] as const;
    const together = await readTogether(db, notesByAmount.read(db, 100, 300), countAbove.read(db, 99), notesByAmount.read(db, 1, 2));
    expect(together).toEqual(alone);
    expect(together[0].map((r) => r.id)).toEqual(['a', 'b']);
    expect(together[0][0]!.body).toBe('first, "quoted"');
    expect(together[0][1]!.body).toBeNull();
    expect(Number(together[1][0]!.n)).toBe(3);
    expect(together[2]).toEqual([]);
    // The same reads with other arguments: the combined text is reused, the values are the new ones.
    const again = await readTogether(db, notesByAmount.read(db, 250, 250), countAbove.read(db, 200), notesByAmount.read(db, 100, 100));
    expect(again).toEqual([await notesByAmount(db, 250, 250), await countAbove(db, 200), await notesByAmount(db, 100, 100)]);
    expect(again[0].map((r) => r.id)).toEqual(['b']);
    expect(Number(again[1][0]!.n)).toBe(2);
    const [largest] = await readTogether(db, notesByAmount.read(db, 9007199254740991, 9007199254740991), countAbove.read(db, 0));
    expect(largest).toEqual(await notesByAmount(db, 9007199254740991, 9007199254740991));
    expect(largest[0]).toMatchObject({ id: 'c', body: 'ñandú 🐦', amount: 9007199254740991 });
  });

  it('reads nothing for an undefined read, and reads inside a transaction what the transaction wrote', async () => {
    const db = handle.db;
    expect(await readTogether(db, undefined, countAbove.read(db, 0))).toEqual([[], await countAbove(db, 0)]);
    await db
      .transaction()
      .execute(async (trx) => {
        const flag = dialect.name === 'postgres' ? sql.lit(false) : sql.lit(0);
        await sql`insert into notes values ('d', 'inside', 150, ${flag})`.execute(trx);
        const [rows, counted] = await readTogether(trx, notesByAmount.read(trx, 150, 150), countAbove.read(trx, 0));
        expect(rows.map((r) => r.id)).toEqual(['d']);
        expect(Number(counted[0]!.n)).toBe(4);
        throw new Error('roll back');
      })
      .catch((e: Error) => expect(e.message).toBe('roll back'));
    expect(await notesByAmount(db, 150, 150)).toEqual([]);
  });
});
