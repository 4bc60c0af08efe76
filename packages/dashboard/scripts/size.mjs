// Prints the gzipped size of the dashboard's JavaScript and fails the build above 250 KB.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const LIMIT = 250 * 1024;
const dir = new URL('../dist/assets/', import.meta.url).pathname;
let total = 0;
for (const name of readdirSync(dir)) {
  if (!name.endsWith('.js')) continue;
  total += gzipSync(readFileSync(join(dir, name)), { level: 9 }).length;
}
console.log(`dashboard: JavaScript ${(total / 1024).toFixed(1)} KB gzipped (limit 250 KB)`);
if (total > LIMIT) {
  console.error('dashboard: the JavaScript is over 250 KB gzipped');
  process.exit(1);
}
