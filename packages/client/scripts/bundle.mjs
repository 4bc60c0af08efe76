/**
 * The build's last step: one minified ESM file for browsers without a bundler
 * (`dist/pasarela.browser.js`, `<script type="module">` or a CDN). Built for
 * the browser platform, so a Node-only import on the browser path fails here.
 */
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const outfile = join(root, 'dist', 'pasarela.browser.js');
await build({
  entryPoints: [join(root, 'src', 'index.ts')],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022'],
  minify: true,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
});
const bytes = readFileSync(outfile);
console.log(`dist/pasarela.browser.js: ${bytes.length} bytes, ${gzipSync(bytes).length} gzipped`);
