/**
 * Stable `operationId`s for /openapi.json, so generated clients get proper
 * method names. Derived from the method and path, `resource.verb` in dotted
 * camelCase: `payments.create`, `payments.list`, `payments.retrieve`,
 * `payments.capture`, `chargebacks.comments.create`, `pointsOfSale.terminals.update`.
 *
 * The rule, with the static path segments camelCased (`/v1` dropped):
 * - a path ending in a parameter: GET `retrieve`, PUT/PATCH `update`, DELETE `delete`;
 * - a path ending in a name: GET `list` when it answers a list, else `retrieve`;
 *   POST `create` on a collection (the path also has a GET, or has `/{param}` paths
 *   below it), else the name is an action of what precedes it
 *   (`/v1/payments/{id}/capture` is `payments.capture`).
 *
 * A route may name its operation itself with `operationId` in its schema; a few
 * irregular paths are named below. Changing a name breaks generated clients:
 * treat these names as part of the API.
 */

interface Operation {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

type Paths = Record<string, Record<string, Operation>>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Paths the rule names badly. */
const NAMED: Record<string, string> = {
  'GET /.well-known/jwks.json': 'jwks.retrieve',
  'GET /.well-known/oauth-authorization-server': 'authorizationServerMetadata.retrieve',
  'GET /api/banks': 'banks.list',
  'GET /v1/payments/search': 'payments.search',
  'POST /v1/3ds/version': 'threeDs.version',
  'POST /v1/encryption/keys': 'encryptionKeys.create',
  'GET /v1/encryption/keys': 'encryptionKeys.retrieve',
  'POST /v1/payments/authorizations': 'payments.authorizations.create',
  'POST /v1/instruments/enrollments': 'instruments.enrollments.create',
};

function camel(segment: string): string {
  return segment
    .replace(/\.json$/, '')
    .replace(/^[^a-zA-Z0-9]+/, '')
    .replace(/[^a-zA-Z0-9]+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
}

const isParam = (segment: string) => segment.startsWith('{');

function answersList(operation: Operation | undefined): boolean {
  const schema = operation?.responses?.['200']?.content?.['application/json']?.schema;
  if (!schema) return false;
  if (schema.type === 'array') return true;
  const data = (schema.properties as Record<string, { type?: string }> | undefined)?.data;
  return data?.type === 'array';
}

export function deriveOperationId(method: string, path: string, paths: Paths): string {
  const named = NAMED[`${method.toUpperCase()} ${path}`];
  if (named) return named;
  const segments = path.split('/').filter((s) => s && s !== 'v1');
  const names = segments.filter((s) => !isParam(s)).map(camel);
  const last = segments.at(-1) ?? '';
  const m = method.toLowerCase();
  if (isParam(last) || m === 'put' || m === 'patch' || m === 'delete') {
    const verb = { get: 'retrieve', put: 'update', patch: 'update', delete: 'delete', post: 'create' }[m] ?? m;
    return [...names, verb].join('.');
  }
  if (m === 'get') return [...names, answersList(paths[path]?.get) ? 'list' : 'retrieve'].join('.');
  const collection = Boolean(paths[path]?.get) || Object.keys(paths).some((p) => p.startsWith(`${path}/{`));
  if (collection || names.length === 1) return [...names, 'create'].join('.');
  return names.join('.');
}

/** Gives every operation of the document an `operationId` (a route's own one wins). */
export function addOperationIds<T extends { paths?: unknown }>(document: T): T {
  const paths = (document.paths ?? {}) as Paths;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) operation.operationId ??= deriveOperationId(method, path, paths);
    }
  }
  return document;
}
