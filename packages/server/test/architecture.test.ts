/**
 * Dependency rules of docs/architecture.md ("Rules the tests enforce"; the detail: docs/internals.md "Dependency direction"), read from
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
 * - Layers: no import runs from a lower layer to a higher one (LAYERS below).
 * - The gateway is a list of modules: app.ts and gateway/ define and import no
 *   routes (each feature's routes are registered by its `<feature>/module.ts`,
 *   listed in gateway/modules.ts), and no feature imports the wiring.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
    expect(importsOf("import { fanOut } from '../webhooks/outbox.js';\nimport type { X } from '../links/outcomes.js';")).toEqual([
      '../webhooks/outbox.js',
      '../links/outcomes.js',
    ]);
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
    const names = m[1]!.split(',').map(
      (n) =>
        n
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!,
    );
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

/** A route defined in the file: `app.get('/…'`, `app.post<…>(\n '/…'`, `app.route({`. */
const ROUTE_DEFINITION = /\.(?:get|post|put|patch|delete|head|options|all)\s*(?:<[^>]*>)?\(\s*['"`]\/|\.route\(\s*\{/;
const definesRoutes = (file: string) => ROUTE_DEFINITION.test(code(readFileSync(file, 'utf8')));

/** The source files a file imports (relative specifiers only), as absolute `.ts` paths. */
function localImports(file: string): string[] {
  return importsOf(code(readFileSync(file, 'utf8')))
    .filter((s) => s.startsWith('.'))
    .map((s) => resolve(dirname(file), s).replace(/\.js$/, '.ts'));
}

/** Every source file reachable from `roots` through local imports (the roots included). */
function reachable(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...localImports(file));
  }
  return seen;
}

/** The route plugins a file exports: `export async function xRoutes(app: FastifyInstance, …)` or `export const x: FastifyPluginAsync`. */
function routePlugins(file: string): string[] {
  const text = code(readFileSync(file, 'utf8'));
  return [
    ...[...text.matchAll(/export\s+(?:async\s+)?function\s+(\w+)\s*\(\s*\w+\s*:\s*FastifyInstance\b/g)].map((m) => m[1]!),
    ...[...text.matchAll(/export\s+const\s+(\w+)\s*:\s*FastifyPlugin\w*/g)].map((m) => m[1]!),
  ];
}

/** The names a file imports from local files (`*` for a namespace import, `default` for a default one); type-only imports left out. */
function importedNames(file: string, text = code(readFileSync(file, 'utf8'))): { target: string; name: string }[] {
  const found: { target: string; name: string }[] = [];
  for (const m of text.matchAll(/\bimport\s+(?!type\s)([\w$]+\s*,?\s*)?(\*\s+as\s+[\w$]+|\{[^}]*\})?\s*from\s*['"](\.[^'"]+)['"]/g)) {
    const target = resolve(dirname(file), m[3]!).replace(/\.js$/, '.ts');
    if (m[1]) found.push({ target, name: 'default' });
    if (m[2]?.startsWith('*')) found.push({ target, name: '*' });
    else if (m[2]) {
      for (const part of m[2].slice(1, -1).split(',')) {
        const name = part.trim();
        if (name && !name.startsWith('type ')) found.push({ target, name: name.split(/\s+as\s+/)[0]! });
      }
    }
  }
  for (const m of text.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g)) {
    found.push({ target: resolve(dirname(file), m[1]!).replace(/\.js$/, '.ts'), name: '*' });
  }
  return found;
}

describe('the gateway is a list of modules', () => {
  const all = sourceFiles(SRC);
  const APP = join(SRC, 'app.ts');
  const wiring = (file: string) => file === APP || file === join(SRC, 'main.ts') || file === join(SRC, 'bin.ts') || rel(file).startsWith('gateway/');
  const moduleFiles = all.filter((file) => /(^|\/)module\.ts$/.test(rel(file)) && rel(file) !== 'http/module.ts');
  const routeFiles = all.filter(definesRoutes);

  it('finds the route files and the modules', () => {
    expect(routeFiles.map(rel)).toEqual(expect.arrayContaining(['payments/routes.ts', 'auth/oauth.routes.ts', 'links/pages.ts', 'webhooks/stream.ts']));
    expect(moduleFiles.map(rel)).toEqual(expect.arrayContaining(['payments/module.ts', 'webhooks/module.ts']));
  });

  it('app.ts and gateway/ define no route and import no route plugin', () => {
    const wiringFiles = all.filter((file) => file === APP || rel(file).startsWith('gateway/'));
    const offenders = wiringFiles.flatMap((file) => {
      const own = definesRoutes(file) ? [rel(file)] : [];
      const imported = importedNames(file)
        .filter(({ target, name }) => existsSync(target) && definesRoutes(target) && (name === '*' || routePlugins(target).includes(name)))
        .map(({ target, name }) => `${rel(file)} imports ${name} from ${rel(target)}`);
      return [...own, ...imported];
    });
    expect(offenders).toEqual([]);
  });

  it("app.ts registers only the cross-cutting plugins and the options' plugins (the features through their modules)", () => {
    const registered = [...code(readFileSync(APP, 'utf8')).matchAll(/\.register\(\s*([\w.]+)/g)].map((m) => m[1]);
    expect(registered).toEqual(['websocket', 'plugin']);
    expect(code(readFileSync(APP, 'utf8'))).toMatch(/for \(const (\w+) of MODULES\) await \1\.register\(/);
  });

  it('every route file is registered through a feature module', () => {
    const throughModules = reachable(moduleFiles);
    expect(routeFiles.filter((file) => !throughModules.has(file)).map(rel)).toEqual([]);
  });

  it('every feature module is in the module list, once', () => {
    const list = code(readFileSync(join(SRC, 'gateway/modules.ts'), 'utf8'));
    const listed = /export const MODULES[^=]*=\s*\[([^\]]*)\]/
      .exec(list)![1]!
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const exported = moduleFiles.flatMap((file) =>
      [...code(readFileSync(file, 'utf8')).matchAll(/export\s+const\s+(\w+)\s*:\s*GatewayModule\b/g)].map((m) => m[1]!),
    );
    expect(exported).toHaveLength(moduleFiles.length);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...exported].sort());
  });

  it("no feature imports the wiring (app.ts, gateway/) or another feature's module", () => {
    const offenders = all
      .filter((file) => !wiring(file))
      .flatMap((file) =>
        localImports(file)
          .filter((target) => wiring(target) || (moduleFiles.includes(target) && target !== file))
          .map((target) => `${rel(file)} -> ${rel(target)}`),
      );
    expect(offenders).toEqual([]);
  });

  it('http/module.ts (the module interface) names no feature', () => {
    const LOWER = ['config', 'crypto', 'db', 'events', 'jobs', 'lib', 'http'];
    const file = join(SRC, 'http/module.ts');
    expect(
      localImports(file)
        .map(rel)
        .filter((target) => !LOWER.includes(target.split('/')[0]!)),
    ).toEqual([]);
  });

  it('the checks see a route, a registration and an import of the wiring', () => {
    expect(ROUTE_DEFINITION.test("app.post(\n    '/v1/payments',\n    { schema }")).toBe(true);
    expect(ROUTE_DEFINITION.test("app.get<{ Params: P }>('/v1/x/:id', handler)")).toBe(true);
    expect(ROUTE_DEFINITION.test("app.route({ method: 'GET', url })")).toBe(true);
    expect(ROUTE_DEFINITION.test("headers.get('x-request-id')")).toBe(false);
    expect(ROUTE_DEFINITION.test('map.get(key)')).toBe(false);
    const app = join(SRC, 'app.ts');
    expect(routePlugins(join(SRC, 'payments/routes.ts'))).toEqual(['paymentRoutes']);
    expect(routePlugins(join(SRC, 'webhooks/stream.ts'))).toEqual(['eventStreamRoutes']);
    expect(importedNames(app).some(({ name }) => name === 'MODULES')).toBe(true);
    // What an added direct registration in app.ts would look like to the checks:
    const written = [
      "import { paymentRoutes } from './payments/routes.js';",
      "import * as refunds from './refunds/routes.js';",
      "import type { EventStreamHub } from './webhooks/stream.js';",
    ].join('\n');
    expect(importedNames(app, written).map(({ target, name }) => `${name} ${rel(target)}`)).toEqual([
      'paymentRoutes payments/routes.ts',
      '* refunds/routes.ts',
    ]);
  });
});

/**
 * The layers of docs/architecture.md "Folders and the tables they own", lowest first; a
 * file's layer is its top folder's (a top-level file: its own name). Every
 * folder not named is a feature. Imports run sideways or downwards only.
 */
const LAYERS: { name: string; folders: string[] }[] = [
  { name: 'storage and utilities', folders: ['lib', 'config', 'errors', 'cards', 'db'] },
  {
    name: 'cross-cutting',
    folders: ['crypto', 'events', 'jobs', 'clock', 'connectors', 'http', 'observability', 'ratelimit', 'idempotency', 'auth', 'organizations'],
  },
  { name: 'features', folders: [] },
  { name: 'wiring', folders: ['app.ts', 'main.ts', 'bin.ts', 'cli', 'mcp', 'gateway'] },
];
const FEATURES = LAYERS.findIndex((layer) => layer.name === 'features');
function layerOf(path: string): number {
  const top = path.split('/')[0]!.replace(/\.js$/, '.ts');
  const found = LAYERS.findIndex((layer) => layer.folders.includes(top));
  return found === -1 ? FEATURES : found;
}

describe('no import runs from a lower layer to a higher one', () => {
  it('every import, static, type-only or dynamic', () => {
    const offenders = sourceFiles(SRC).flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((s) => s.startsWith('.'))
        .map((s) => rel(resolve(dirname(file), s)))
        .filter((target) => layerOf(target) > layerOf(rel(file)))
        .map((target) => `${rel(file)} (${LAYERS[layerOf(rel(file))]!.name}) -> ${target} (${LAYERS[layerOf(target)]!.name})`),
    );
    expect(offenders).toEqual([]);
  });

  it('the check sees an upward import', () => {
    expect(layerOf('jobs/maintenance.ts')).toBeLessThan(layerOf('links/card-attempts.js'));
    expect(layerOf('connectors/rails/simulator.ts')).toBeLessThan(layerOf('apm/qr.js'));
    expect(layerOf('payments/module.ts')).toBeLessThan(layerOf('gateway/modules.js'));
    expect(layerOf('db/database.ts')).toBeLessThan(layerOf('http/pagination.js'));
    expect(layerOf('payments/service.ts')).toBe(layerOf('apm/service.js'));
  });
});

/**
 * The hosted pages' configurations (links/page-config.ts) are defined once:
 * the server builds them, the scripts of packages/fields/src/hosted/ import
 * the same types (type-only, erased by esbuild) instead of a copy that could
 * drift. And page-config.ts stays readable by the browser's type check: it
 * imports nothing but page-text.ts, which imports nothing.
 */
describe("the hosted pages' configuration types have one definition", () => {
  const HOSTED = resolve(SRC, '../../fields/src/hosted');
  const scripts = { 'checkout.ts': 'CheckoutConfig', 'enrollment.ts': 'EnrollmentConfig' } as const;

  it.each(Object.entries(scripts))("%s imports %s from links/page-config.ts, through the server package's exports, and declares none", (script, type) => {
    const text = readFileSync(join(HOSTED, script), 'utf8');
    expect(code(text)).not.toMatch(new RegExp(`\\b(?:interface|type)\\s+${type}\\b`));
    // No relative path into another package: `pasarela/page-config`, which the server package exports
    // under the workspace's source condition (packages/fields/tsconfig.json `customConditions`).
    expect(importsOf(text).filter((s) => s.includes('server/src'))).toEqual([]);
    expect(text).toMatch(new RegExp(`import type \\{[^}]*\\b${type}\\b[^}]*\\} from 'pasarela/page-config'`));
    const exported = (JSON.parse(readFileSync(resolve(SRC, '../package.json'), 'utf8')) as { exports: Record<string, Record<string, string>> }).exports;
    expect(exported['./page-config']).toEqual({ 'pasarela-source': './src/links/page-config.ts' });
  });

  it('the server builds them with those types (the checkout in pages.ts, the enrollment form in enrollment-pages.ts), and page-config.ts imports only page-text.ts (which imports nothing)', () => {
    const pages = readFileSync(join(SRC, 'links/pages.ts'), 'utf8');
    const enrollment = readFileSync(join(SRC, 'links/enrollment-pages.ts'), 'utf8');
    for (const source of [pages, enrollment]) expect(code(source)).not.toMatch(/\binterface\s+(?:CheckoutConfig|EnrollmentConfig)\b/);
    expect(pages).toMatch(/const settings(?:: CheckoutConfig = |\s*=\s*\([^)]*\): CheckoutConfig => )/);
    expect(enrollment).toMatch(/const settings: EnrollmentConfig = /);
    expect(importsOf(readFileSync(join(SRC, 'links/page-config.ts'), 'utf8'))).toEqual(['./page-text.js']);
    expect(importsOf(readFileSync(join(SRC, 'links/page-text.ts'), 'utf8'))).toEqual([]);
  });
});

/**
 * No two top folders import each other, directly or around a circle
 * (type-only imports count: they tie the folders' designs together as much as
 * calls do). A payment's refunds, transactions and rail intents are folders
 * inside payments/; a feature that hands a request over to another (a checkout
 * session's token paying, saving a card, enrolling a user) names the narrow
 * interface it calls in its own routes (`CheckoutPayment`,
 * `CheckoutTokenization`, `CheckoutEnrollment`), which the checkout's service
 * fulfils. docs/architecture.md "Dependency direction".
 */

/** Top folder → the top folders its files import (relative imports, type-only included). */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const from = rel(file).split('/')[0]!;
    for (const s of importsOf(readFileSync(file, 'utf8')).filter((spec) => spec.startsWith('.'))) {
      const to = rel(resolve(dirname(file), s)).split('/')[0]!;
      if (to === from || to.startsWith('..')) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** The edges that lie on a circle: those inside a strongly connected component (Tarjan). */
function circleEdges(graph: Map<string, Set<string>>): string[] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const component = new Map<string, number>();
  let components = 0;
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.set(w, components);
      } while (w !== v);
      components++;
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  const edges: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) if (component.get(from) === component.get(to)) edges.push(`${from} -> ${to}`);
  }
  return edges.sort();
}

describe('folders in circles', () => {
  it('no edge closes a circle between folders', () => {
    expect(circleEdges(folderGraph())).toEqual([]);
  });

  it('the check sees a circle and only its edges', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c', 'd'])],
      ['c', new Set(['a'])],
      ['d', new Set(['e'])],
    ]);
    expect(circleEdges(graph)).toEqual(['a -> b', 'b -> c', 'c -> a']);
  });
});

/** No file of a package's source is over 400 lines (generated files and migrations aside). */
const LONG_FILES_LIMIT = 400;

describe('source files stay short', () => {
  const PACKAGES = resolve(SRC, '../..');
  const packageSources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'migrations' ? [] : packageSources(path);
      return /\.tsx?$/.test(entry.name) ? [path] : [];
    });

  it(`no file over ${LONG_FILES_LIMIT} lines`, () => {
    const long = readdirSync(PACKAGES)
      .filter((pkg) => existsSync(join(PACKAGES, pkg, 'src')))
      .flatMap((pkg) => packageSources(join(PACKAGES, pkg, 'src')))
      .filter((file) => readFileSync(file, 'utf8').split('\n').length - 1 > LONG_FILES_LIMIT)
      .map((file) => relative(PACKAGES, file).split(sep).join('/'))
      .sort();
    expect(long).toEqual([]);
  });
});
