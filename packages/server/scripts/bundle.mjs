#!/usr/bin/env node
/**
 * The server in a few files instead of hundreds, the last step of the server's build
 * (`npm run build`): what `npm start`, `npm run cli`, the published `pasarela` command
 * and the test suite's server and CLI processes start. Node 20 compiles and resolves every
 * ES module it loads one by one, and the server loads about 1,600 of them (ours and the
 * dependencies'): over half of its CPU until `/readyz` (docs/benchmarks.md, "A bundled
 * server, a schema snapshot, a later checkpoint thread").
 *
 * esbuild bundles dist/ into bundle/ with four entry points, each the file of dist/ it is
 * named after: `bin.js` (the `pasarela` command: bin/pasarela.js prefers it when present),
 * `main.js` (the server, as `node dist/main.js`), `cli.js` (the operator CLI, as
 * `node dist/cli/main.js`) and `mcp.js`; what they share is in chunks beside them.
 * Left out of it and loaded from node_modules as before:
 *  - the SQLite and PostgreSQL drivers (native addons, and the worker threads' driver is
 *    resolved by path: db/sqlite-driver.ts);
 *  - pino, whose transports start worker threads from files of its own (`__dirname`).
 *
 * Our own modules that find files relative to themselves (`import.meta.url`: the package's
 * manifest, assets/, the breached-passwords list, the SQLite schema of db/sqlite-snapshot.ts,
 * the driver's resolution) keep finding them where they were compiled: `import.meta.url` in
 * each is replaced by the URL of its file in dist/, which the package still carries.
 * The worker threads (SQLite checkpoints, RSA decryption) are started from source text
 * (`new Worker(source, { eval: true })`), so they need no file of their own.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const server = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = join(server, 'dist');
export const bundleDir = join(server, 'bundle');

/** The bundle's entry points: each file of bundle/ (its name and `.js`) and the file of dist/ it bundles. */
export const ENTRY_POINTS = { bin: join(dist, 'bin.js'), main: join(dist, 'main.js'), cli: join(dist, 'cli', 'main.js'), mcp: join(dist, 'mcp', 'main.js') };

export const EXTERNAL = ['better-sqlite3', 'better-sqlite3-napi', 'pg', 'pg-native', 'pino'];

/**
 * Dependencies bundled although they read files of their own package (`__dirname`: Swagger UI's
 * static files, the OpenAPI plugin's manifest): `__dirname` in them becomes their folder in the
 * installed package, found from the bundle as Node finds the package itself (both are
 * dependencies of `pasarela`, and neither restricts its `exports`).
 */
const OWN_FILES = ['@fastify/swagger', '@fastify/swagger-ui'];

const ownDirnames = {
  name: 'package-dirnames',
  setup(builder) {
    builder.onLoad({ filter: /\.js$/ }, (args) => {
      const at = args.path.split(sep).join('/');
      const name = OWN_FILES.find((pkg) => at.includes(`/node_modules/${pkg}/`));
      if (!name) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('__dirname')) return undefined;
      const inside = dirname(at.slice(at.lastIndexOf(`/node_modules/${name}/`) + `/node_modules/${name}/`.length));
      const folder = `require('node:path').join(require('node:path').dirname(require.resolve(${JSON.stringify(`${name}/package.json`)})), ${JSON.stringify(inside)})`;
      return { contents: text.replaceAll('__dirname', `(${folder})`), loader: 'js' };
    });
  },
};

/** Rewrites `import.meta.url` in dist/'s modules to their own file's URL, relative to the bundle. */
const ownFileUrls = {
  name: 'own-file-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.js$/ }, (args) => {
      if (!args.path.startsWith(dist + sep)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const path = relative(bundleDir, args.path).split(sep).join('/');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(path)}, import.meta.url).href`), loader: 'js' };
    });
  },
};

/**
 * Written over the previous bundle, whose files that this one has not are removed afterwards:
 * a process that starts the bundle while it is being made (a CLI command run while the build
 * runs) finds its files there.
 */
export async function bundle() {
  const { metafile } = await build({
    entryPoints: ENTRY_POINTS,
    outdir: bundleDir,
    absWorkingDir: server,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    plugins: [ownFileUrls, ownDirnames],
    logLevel: 'warning',
    metafile: true,
    // The CommonJS dependencies call require() for Node's modules, which an ES module has not.
    banner: { js: "import { createRequire as __pasarelaRequire } from 'node:module'; const require = __pasarelaRequire(import.meta.url);" },
  });
  const made = new Set(Object.keys(metafile.outputs).map((path) => resolve(server, path)));
  for (const name of readdirSync(bundleDir)) if (!made.has(join(bundleDir, name))) rmSync(join(bundleDir, name), { recursive: true, force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundle();
