/**
 * Dependency rules of docs/architecture.md ("Dependency direction"), read from
 * the source files themselves:
 *
 * - `events/` (the outbox) imports no feature: only `db/`, `lib/` and itself.
 *   Features register their reactions in app.ts.
 * - `payments/` owns the payments row: no other folder writes it, neither with a
 *   query of its own nor through the raw row writers of payments/store.ts.
 *   There are no exceptions.
 * - One authorize path for card payments: only payments/ asks the card network
 *   to authorize and records the answer (payments/authorize.ts serves the
 *   e-commerce and the card-present payments).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** `packages/server/src`-relative path with forward slashes. */
const rel = (path: string) => relative(SRC, path).split(sep).join('/');

/** Every module specifier a file imports or re-exports (static, type-only and dynamic). */
function importsOf(text: string): string[] {
  const specifiers: string[] = [];
  for (const m of text.matchAll(/\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g)) specifiers.push(m[1]!);
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) specifiers.push(m[1]!);
  return specifiers;
}

/** The source without comments (so prose about payments is not mistaken for a query). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

describe('events/ imports no feature', () => {
  /** The folders below the outbox; everything else in src/ is a feature or the wiring. */
  const LOWER = ['db', 'lib', 'events'];
  const files = sourceFiles(join(SRC, 'events'));

  it('reads the outbox files', () => {
    expect(files.map(rel)).toContain('events/store.ts');
  });

  it.each(files.map((f) => [rel(f), f]))('%s', (_name, file) => {
    const upward = importsOf(readFileSync(file, 'utf8'))
      .filter((s) => s.startsWith('.'))
      .map((s) => rel(resolve(dirname(file), s)))
      .filter((target) => !LOWER.includes(target.split('/')[0]!));
    expect(upward).toEqual([]);
  });

  it('the check sees an upward import', () => {
    expect(importsOf("import { fanOut } from '../webhooks/outbox.js';\nimport type { X } from '../links/outcomes.js';")).toEqual(['../webhooks/outbox.js', '../links/outcomes.js']);
  });
});

/** Direct writes: a Kysely builder, a compiled insert (db/prepared.ts) or raw SQL naming the table. */
const DIRECT_WRITES = [
  /\b(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"`]payments(?:\s+as\s+\w+)?['"`]/,
  /\bpreparedInsert\(\s*['"`]payments['"`]/,
  /\b(?:insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s+"?payments"?\s/i,
];
const writesDirectly = (text: string) => DIRECT_WRITES.some((pattern) => pattern.test(text));

/** The exports of payments/store.ts that write the row: for payments/ itself, not to be imported elsewhere. */
function rawRowWriters(): string[] {
  const text = code(readFileSync(join(SRC, 'payments/store.ts'), 'utf8'));
  const chunks = text.split(/\n(?=export\s)/);
  return chunks
    .filter((chunk) => writesDirectly(chunk))
    .map((chunk) => /^export\s+(?:async\s+)?(?:function|const|let)\s+(\w+)/.exec(chunk)?.[1])
    .filter((name): name is string => Boolean(name));
}

function importsRawWriter(file: string, text: string, writers: string[]): boolean {
  for (const m of text.matchAll(/\bimport\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    if (rel(resolve(dirname(file), m[2]!)) !== 'payments/store.js') continue;
    const names = m[1]!.split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!);
    if (names.some((n) => writers.includes(n))) return true;
  }
  return false;
}

describe('payments/ owns the payments row', () => {
  const writers = rawRowWriters();

  it('knows the raw row writers of payments/store.ts', () => {
    expect(writers).toEqual(expect.arrayContaining(['insertPayment', 'transitionPayment', 'setPaymentFees']));
  });

  it('no file outside payments/ writes the payments table', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => !rel(file).startsWith('payments/') && !rel(file).startsWith('db/migrations/'))
      .filter((file) => {
        const text = code(readFileSync(file, 'utf8'));
        return writesDirectly(text) || importsRawWriter(file, text, writers);
      })
      .map(rel)
      .sort();
    // None: refunds/ reserve and settle through payments/refund-reservations.ts, fees/
    // computes a capture's fees and payments/ writes their copy (setPaymentFees).
    expect(offenders).toEqual([]);
  });

  it('the check sees each kind of write', () => {
    expect(writesDirectly("await trx.updateTable('payments').set({ fees: null })")).toBe(true);
    expect(writesDirectly('db.insertInto("payments").values(row)')).toBe(true);
    expect(writesDirectly("db.deleteFrom('payments as p')")).toBe(true);
    expect(writesDirectly("const insert = preparedInsert('payments');")).toBe(true);
    expect(writesDirectly('sql`UPDATE payments SET status = ${s}`')).toBe(true);
    expect(writesDirectly("db.selectFrom('payments').select('id')")).toBe(false);
    expect(writesDirectly("db.updateTable('payment_instructions')")).toBe(false);
    const file = join(SRC, 'fraud/service.ts');
    expect(importsRawWriter(file, "import { insertPayment, type PaymentRow } from '../payments/store.js';", writers)).toBe(true);
    expect(importsRawWriter(file, "import { findPayment } from '../payments/store.js';", writers)).toBe(false);
  });
});

/** Asking the network to authorize, recording its answer, inserting a screened payment. */
const AUTHORIZE_STEPS = /\bnetwork\.authorize(?:Within)?\(|\brecordAuthorization\(|\binsertScreenedPayment\(/;

describe('one authorize path for card payments', () => {
  it('no file outside payments/ (and the connectors that implement the network) takes the authorize steps itself', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => !rel(file).startsWith('payments/') && !rel(file).startsWith('connectors/'))
      .filter((file) => AUTHORIZE_STEPS.test(code(readFileSync(file, 'utf8'))))
      .map(rel);
    expect(offenders).toEqual([]);
  });

  it('the check sees each step', () => {
    expect(AUTHORIZE_STEPS.test('const result = await this.network.authorize({ reference: row.id });')).toBe(true);
    expect(AUTHORIZE_STEPS.test('await this.lifecycle.recordAuthorization(row, result);')).toBe(true);
    expect(AUTHORIZE_STEPS.test('await insertScreenedPayment(trx, row, fraud);')).toBe(true);
    expect(AUTHORIZE_STEPS.test('return this.authorize(caller, charge, read);')).toBe(false);
  });
});
