/**
 * Rows read through pg with the row-template cache (src/db/pg-row-template.ts):
 * the same rows pg makes on its own, for statements run again and again.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installRowTemplateCache } from '../src/db/pg-row-template.js';
import { postgres } from './support/dialects.js';

// Skipped, not absent, without PostgreSQL: a file with no suite at all fails the run.
describe.runIf(postgres)('pg rows on PostgreSQL', () => {
  let client: pg.Client;
  beforeAll(async () => {
    expect(installRowTemplateCache()).toBe(true);
    client = new pg.Client({ connectionString: await postgres!.databaseUrl() });
    await client.connect();
  });
  afterAll(() => client.end());

  it('rows of a repeated statement are equal, separate objects with their own values and types', async () => {
    const read = (n: number) => client.query({ name: 'rows-test', text: 'select $1::int as n, $1::text as t, null::text as z, now() as at', values: [n] });
    const first = await read(1);
    const second = await read(2);
    expect(first.rows[0]).toEqual({ n: 1, t: '1', z: null, at: expect.any(Date) });
    expect(second.rows[0]).toEqual({ n: 2, t: '2', z: null, at: expect.any(Date) });
    // A row changed by the caller leaves the next result's rows alone.
    first.rows[0].n = 99;
    first.rows[0].extra = true;
    const third = await read(3);
    expect(third.rows[0]).toEqual({ n: 3, t: '3', z: null, at: expect.any(Date) });
    expect(Object.keys(third.rows[0])).toEqual(['n', 't', 'z', 'at']);
  });

  it('two column lists of the same length do not mix, and several rows of one result are separate', async () => {
    const a = await client.query('select 1 as a, 2 as b');
    const b = await client.query('select 1 as c, 2 as d');
    expect(a.rows[0]).toEqual({ a: 1, b: 2 });
    expect(b.rows[0]).toEqual({ c: 1, d: 2 });
    const many = await client.query('select g as n from generate_series(1, 3) g');
    expect(many.rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    many.rows[0].n = 0;
    expect(many.rows[1]).toEqual({ n: 2 });
  });

  it('a column named __proto__ stays an own property and never becomes the prototype', async () => {
    const result = await client.query(`select 'x' as "__proto__", 1 as "constructor"`);
    const row = result.rows[0] as Record<string, unknown>;
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('x');
    expect(Object.getOwnPropertyDescriptor(row, 'constructor')?.value).toBe(1);
  });
});
