/**
 * `npm run generate -w @pasarela/client`: builds the gateway's OpenAPI document
 * without a running server (createGateway over a temporary SQLite file, jobs off,
 * `app.swagger()`), writes `openapi.json` and `src/generated/api.ts`, the
 * built-in payment methods as `methods.json` and the event types as `event-types.json`.
 * Needs the server built (`npm run build -w pasarela`).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentText, eventTypesText, methodsText, typesText } from './document.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const server = join(root, '..', 'server', 'dist');
const { createGateway } = await import(join(server, 'app.js'));
const { loadConfig } = await import(join(server, 'config', 'config.js'));
const { BUILT_IN_METHODS } = await import(join(server, 'payments', 'methods', 'list.js'));
const { EVENT_TYPES } = await import(join(server, 'events', 'types.js'));

const dataDir = mkdtempSync(join(tmpdir(), 'pasarela-openapi-'));
let document;
try {
  const gateway = await createGateway(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOBS_ENABLED: 'false' }));
  try {
    await gateway.app.ready();
    document = gateway.app.swagger();
  } finally {
    await gateway.close();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const text = documentText(document);
writeFileSync(join(root, 'openapi.json'), text);
writeFileSync(join(root, 'src', 'generated', 'api.ts'), await typesText(JSON.parse(text)));
writeFileSync(join(root, 'methods.json'), methodsText(BUILT_IN_METHODS));
writeFileSync(join(root, 'event-types.json'), eventTypesText(EVENT_TYPES));
console.log('wrote packages/client/openapi.json, src/generated/api.ts, methods.json and event-types.json');
