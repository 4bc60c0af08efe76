/**
 * Bundles the browser code the gateway serves at /fields/v1/: the SDK a
 * merchant page loads (global PasarelaFields), the iframe runtime, and the
 * card form alone (global PasarelaCardForm), and the scripts of the gateway's
 * hosted pages (src/hosted/: the payment-link checkout, the enrollment form).
 * IIFE, minified, ES2020, no framework; prints each bundle's gzipped size.
 */
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = dirname(fileURLToPath(import.meta.url));
const bundles = [
  { entry: 'src/sdk.ts', out: 'dist/sdk.js', globalName: 'PasarelaFields' },
  { entry: 'src/frame.ts', out: 'dist/frame.js' },
  { entry: 'src/card-form.ts', out: 'dist/card-form.js', globalName: 'PasarelaCardForm' },
  // The gateway's hosted pages (packages/server/src/links/templates.ts): each bundles the card form it uses.
  { entry: 'src/hosted/checkout.ts', out: 'dist/hosted/checkout.js' },
  { entry: 'src/hosted/enrollment.ts', out: 'dist/hosted/enrollment.js' },
];

await Promise.all(
  bundles.map(({ entry, out, globalName }) =>
    build({
      absWorkingDir: root,
      entryPoints: [entry],
      outfile: out,
      bundle: true,
      minify: true,
      format: 'iife',
      ...(globalName ? { globalName } : {}),
      platform: 'browser',
      target: 'es2020',
      legalComments: 'none',
      logLevel: 'warning',
    }),
  ),
);

// The published @pasarela/fields package (README.md): the SDK and the card form as ES modules too, for a
// bundler (`import { mount } from '@pasarela/fields'`), with their declarations (tsconfig.types.json).
await Promise.all(
  [
    { entry: 'src/sdk.ts', out: 'dist/esm/sdk.js' },
    { entry: 'src/card-form.ts', out: 'dist/esm/card-form.js' },
  ].map(({ entry, out }) =>
    build({ absWorkingDir: root, entryPoints: [entry], outfile: out, bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2020', legalComments: 'none', logLevel: 'warning' }),
  ),
);
const tsc = spawnSync(process.execPath, [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.types.json')], { stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

for (const { out } of bundles) {
  const code = readFileSync(join(root, out));
  console.log(`fields: ${out} ${(code.length / 1024).toFixed(1)} KiB (${(gzipSync(code).length / 1024).toFixed(1)} KiB gzipped)`);
}
