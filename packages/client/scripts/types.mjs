/** The build's first step: `src/generated/api.ts` from the committed `openapi.json` (no server needed). */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { typesText } from './document.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const target = join(root, 'src', 'generated', 'api.ts');
const text = await typesText(JSON.parse(readFileSync(join(root, 'openapi.json'), 'utf8')));
let current = '';
try {
  current = readFileSync(target, 'utf8');
} catch {
  current = '';
}
if (text !== current) writeFileSync(target, text);
