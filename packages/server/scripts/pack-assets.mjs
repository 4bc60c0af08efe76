#!/usr/bin/env node
/**
 * `npm pack` / `npm publish` of the `pasarela` package: `copy` (prepack) puts
 * what the gateway serves from its sibling workspaces under assets/ (the
 * embedded-fields SDK from packages/fields/dist, the dashboard from
 * packages/dashboard/dist), so the published package needs nothing from this
 * repository (src/lib/built-assets.ts finds them there); `clean` (postpack)
 * removes them again. The package's command starts bundle/ (scripts/bundle.mjs),
 * which the server's build makes. It refuses to pack what is not built: run
 * `npm run build`.
 */
import { cpSync, existsSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleDir, ENTRY_POINTS } from './bundle.mjs';

const server = dirname(dirname(fileURLToPath(import.meta.url)));
const packages = dirname(server);
const assets = join(server, 'assets');
const wanted = {
  fields: ['sdk.js', 'frame.js', 'card-form.js', 'hosted/checkout.js', 'hosted/enrollment.js'],
  dashboard: ['index.html'],
};

const mode = process.argv[2];
if (mode === 'clean') {
  rmSync(assets, { recursive: true, force: true });
} else if (mode === 'copy') {
  const missing = [
    join(server, 'dist', 'bin.js'),
    ...Object.keys(ENTRY_POINTS).map((name) => join(bundleDir, `${name}.js`)),
    ...Object.entries(wanted).flatMap(([pkg, files]) => files.map((f) => join(packages, pkg, 'dist', f))),
  ].filter((f) => !existsSync(f));
  if (missing.length > 0) {
    process.stderr.write(`pack-assets: not built (run npm run build first):\n${missing.map((f) => `  ${f}`).join('\n')}\n`);
    process.exit(1);
  }
  rmSync(assets, { recursive: true, force: true });
  for (const pkg of Object.keys(wanted)) {
    // Source maps stay behind: they point at sources the package does not carry.
    cpSync(join(packages, pkg, 'dist'), join(assets, pkg), { recursive: true, filter: (src) => statSync(src).isDirectory() || !src.endsWith('.map') });
  }
} else {
  process.stderr.write('usage: pack-assets.mjs copy|clean\n');
  process.exit(2);
}
