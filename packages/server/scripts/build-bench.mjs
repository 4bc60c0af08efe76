#!/usr/bin/env node
/**
 * Part of the server's build: compiles the bench harness (bench/*.ts) to dist/bench/*.js, one
 * ES module per file, for Node 20, which cannot run TypeScript. `npm run typecheck` checks its
 * types (tsconfig.json includes bench/); this step only strips them.
 *
 * The bench imports the server's modules from source (`../src/observability/logger.js`), which
 * the type checker follows; compiled, they sit one level up from dist/bench/ (`../observability/
 * logger.js`, the server's own build), so the specifiers are rewritten to point there.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const server = dirname(dirname(fileURLToPath(import.meta.url)));
const source = join(server, 'bench');
const out = join(server, 'dist', 'bench');

const entries = readdirSync(source)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
  .map((name) => join(source, name));
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: entries,
  outdir: out,
  bundle: false,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
});
for (const name of readdirSync(out)) {
  const file = join(out, name);
  const text = readFileSync(file, 'utf8');
  const rewritten = text.replace(/(['"])\.\.\/src\//g, '$1../');
  if (rewritten !== text) writeFileSync(file, rewritten);
  if (rewritten.includes('../src/')) throw new Error(`build-bench: ${name} still names ../src/`);
}
