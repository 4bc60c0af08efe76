/**
 * The two generated files of the client and how they are made, shared by
 * `npm run generate`, the build and the drift test (test/generated.test.ts):
 * - `openapi.json`: the gateway's /openapi.json, with `servers` relative so the
 *   document does not depend on the PUBLIC_BASE_URL it was made with;
 * - `src/generated/api.ts`: its types, by openapi-typescript;
 * - `methods.json`: the gateway's built-in payment methods (its method
 *   registry, packages/server/src/payments/methods/list.ts): id, family and
 *   label in each language, for the dashboard (`@pasarela/client/methods.json`);
 * - `event-types.json`: every event type the gateway emits (its
 *   packages/server/src/events/types.ts), for the dashboard's filters and
 *   webhook forms (`@pasarela/client/event-types.json`).
 */
import openapiTS, { astToString } from 'openapi-typescript';

export const REGENERATE = 'npm run build -w pasarela && npm run generate -w @pasarela/client';

/**
 * The committed form of a gateway's document: `servers` relative (`/`, where
 * the document is served from, which every gateway does at /openapi.json),
 * not the PUBLIC_BASE_URL it was made with.
 */
export function normalizeDocument(document) {
  return {
    ...document,
    servers: [{ url: '/', description: 'The gateway that serves this document at /openapi.json (a local one: http://localhost:8080, `npm start`)' }],
  };
}

export function documentText(document) {
  return `${JSON.stringify(normalizeDocument(document), null, 2)}\n`;
}

const HEADER = `/**
 * Generated from packages/client/openapi.json by openapi-typescript: do not edit.
 * Regenerate after a change to the gateway's routes:
 *   ${REGENERATE}
 */

`;

export async function typesText(document) {
  const ast = await openapiTS(structuredClone(document), { silent: true, alphabetize: false });
  return HEADER + astToString(ast);
}

/** The committed form of the built-in payment methods: what a page needs to list and name them. */
/** The committed list of event types. */
export function eventTypesText(types) {
  return `${JSON.stringify([...types], null, 2)}\n`;
}

export function methodsText(definitions) {
  const methods = definitions.map((m) => ({ id: m.id, family: m.family, label: m.dashboardLabel }));
  return `${JSON.stringify(methods, null, 2)}\n`;
}
