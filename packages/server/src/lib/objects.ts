/**
 * `copyWith(row, changes, more)`: a new object with the properties of `row`,
 * then of `changes`, then of `more`, the same as `{ ...row, ...changes, ...more }`.
 *
 * Why not the spread literal, on the hot paths: Node 20's V8 promotes the
 * copies that an object literal makes when it spreads a large object and then
 * adds properties or spreads another one. A created payment's two such copies
 * of its row put about 1.7 KB per payment into the old generation (2.7 MB a
 * second at 1,600 payments a second), so a major collection, 10-15 ms with
 * every request waiting, came every 15-20 s. `Object.assign` onto a fresh
 * object makes the same copy, and its copies die young like any other
 * (docs/benchmarks-history.md, "2026-11-27, the paced client's warm-up and
 * 20 s windows, why SQLite's get stops at 0.3, the spread copies V8 promoted";
 * commit a155ecc. A stand-alone loop shows it: 670 KB promoted per scavenge
 * with the literal, 4 KB with this).
 *
 * For rows with known keys: `Object.assign` sets properties where the spread
 * defines them, which differs only for a key named `__proto__`.
 */
export function copyWith<T extends object>(row: T, changes: Partial<T>, more?: Partial<T>): T;
export function copyWith<T extends object, U extends object>(row: T, changes: U): Omit<T, keyof U> & U;
export function copyWith(row: object, changes: object, more?: object): object {
  return Object.assign({}, row, changes, more);
}
