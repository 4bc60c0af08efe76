import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/support/dialects.js';
import { startGateway, type TestGateway } from '../../server/test/support/gateway.js';
import { BUILT_IN_METHODS } from '../../server/src/payments/methods/list.js';
import { EVENT_TYPES } from '../../server/src/events/types.js';
import { documentText, eventTypesText, methodsText, REGENERATE, typesText } from '../scripts/document.mjs';

/**
 * The committed document and types are the gateway's current ones: a change to
 * a route's schema without `npm run generate -w @pasarela/client` fails here.
 */
const file = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');

function firstDifference(committed: string, current: string): string {
  const a = committed.split('\n');
  const b = current.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line < 0 ? Math.min(a.length, b.length) : line;
  return `line ${at + 1}: committed ${JSON.stringify(a[at]?.trim())}, current ${JSON.stringify(b[at]?.trim())}`;
}

describe('generated files', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway(dialects[0]!);
  });
  afterAll(() => gw?.close());

  it("packages/client/openapi.json is the gateway's /openapi.json", async () => {
    const reply = await gw.request('GET', '/openapi.json');
    expect(reply.status).toBe(200);
    const current = documentText(reply.body);
    const committed = file('../openapi.json');
    if (committed !== current) {
      expect.fail(`packages/client/openapi.json is not the gateway's current document (${firstDifference(committed, current)}). Regenerate: ${REGENERATE}`);
    }
  });

  it('src/generated/api.ts is generated from openapi.json', async () => {
    const committed = file('../src/generated/api.ts');
    const current = await typesText(JSON.parse(file('../openapi.json')));
    if (committed !== current) {
      expect.fail(`packages/client/src/generated/api.ts is stale (${firstDifference(committed, current)}). Regenerate: ${REGENERATE}`);
    }
  });

  it("methods.json is the gateway's built-in payment methods", () => {
    const committed = file('../methods.json');
    const current = methodsText(BUILT_IN_METHODS);
    if (committed !== current) {
      expect.fail(`packages/client/methods.json is not the gateway's method list (${firstDifference(committed, current)}). Regenerate: ${REGENERATE}`);
    }
  });

  it("event-types.json is the gateway's event types", () => {
    const committed = file('../event-types.json');
    const current = eventTypesText(EVENT_TYPES);
    if (committed !== current) {
      expect.fail(`packages/client/event-types.json is not the gateway's event types (${firstDifference(committed, current)}). Regenerate: ${REGENERATE}`);
    }
  });
});
