/**
 * The MCP server's tools, generated from a gateway's /openapi.json as it is at
 * run time (docs/mcp.md): one tool per chosen operation, named after its
 * operationId (`payments.create` -> `payments_create`), with an input schema
 * made of the operation's path and query parameters and its JSON body, every
 * `$ref` inlined so the schema stands alone. A sandbox's document has the
 * sandbox controls; a production one does not, so neither do its tools.
 *
 * Which tools exist is decided by the credentials' permissions: an operation
 * names the permissions that admit it (its `oauth2` security requirement, any
 * one of them); a tool whose permissions the client lacks is not listed, and
 * calling it answers an error naming them.
 */

export interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  deprecated?: boolean;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: unknown }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
  security?: Record<string, string[]>[];
}

export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface GeneratedTool {
  name: string;
  operationId: string;
  method: string;
  path: string;
  description: string;
  /** Any one of these admits the call (the operation's oauth2 requirement); empty: any token. */
  permissions: string[];
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required?: string[] };
  annotations: ToolAnnotations;
  pathParams: string[];
  queryParams: string[];
  /** The body's top-level properties, when they sit beside the parameters; else the body is under `body`. */
  bodyMode: 'none' | 'flat' | 'nested';
  idempotencyKey: boolean;
}

/**
 * The operations offered as tools: payments (create, read, list, search, and
 * the capture, cancel and refund of one), intents, refunds, links, events, and
 * every sandbox control the document has, and instruments.create (a card
 * payment needs an instrument; in the sandbox the `sandbox_encrypt_test_card`
 * tool of main.ts encrypts a test card for it). Matched against operationIds.
 */
export const TOOL_OPERATIONS: readonly RegExp[] = [
  /^payments\.(create|retrieve|list|search|capture|cancel|refund)$/,
  /^payments\.intents\.[a-zA-Z]+$/,
  /^payments\.transactions\.list$/,
  /^instruments\.create$/,
  /^refunds\.[a-zA-Z]+$/,
  /^links\.[a-zA-Z]+$/,
  /^events\.(list|retrieve)$/,
  /^sandbox\.[a-zA-Z.]+$/,
];

/** Words of an operationId that undo or end something: such a tool is marked destructive. */
const DESTRUCTIVE = /(^|\.)(cancel|void|reverse|refund|cancelOrRefund|delete|expire|revoke|disable|deactivate|simulate|advance)$|^refunds\.create$/;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function toolName(operationId: string): string {
  return operationId.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** A copy of `schema` with every local `$ref` replaced by what it points to (a cycle stops at an open object). */
export function inlineRefs(schema: unknown, document: OpenApiDocument, seen: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inlineRefs(s, document, seen));
  if (!schema || typeof schema !== 'object') return schema;
  const record = schema as Record<string, unknown>;
  const ref = record.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    if (seen.includes(ref)) return { type: 'object', description: `(recursive: ${ref.split('/').pop()})` };
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
        document,
      );
    const { $ref: _ref, ...siblings } = record;
    const resolved = inlineRefs(target ?? {}, document, [...seen, ref]);
    return Object.keys(siblings).length > 0 && resolved && typeof resolved === 'object'
      ? { ...resolved, ...(inlineRefs(siblings, document, seen) as object) }
      : resolved;
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) out[key] = inlineRefs(value, document, seen);
  return out;
}

function describe(method: string, path: string, op: Operation, permissions: string[], annotations: ToolAnnotations): string {
  const effect = annotations.readOnlyHint
    ? 'Reads only; changes nothing.'
    : annotations.destructiveHint
      ? 'WRITES, and cannot be undone: it changes the state of an existing object of the organization of the configured credentials (money may move in the sandbox).'
      : 'WRITES: it creates an object in the organization of the configured credentials.';
  const needs = permissions.length > 0 ? ` Needs the permission ${permissions.join(' or ')}.` : '';
  const text = [op.summary, op.description]
    .filter(Boolean)
    .join('. ')
    .replace(/\.\.\s/g, '. ');
  return `${method.toUpperCase()} ${path}: ${effect}${needs}${text ? `\n\n${text}` : ''}`;
}

function operationTool(method: string, path: string, op: Operation, document: OpenApiDocument): GeneratedTool | undefined {
  if (!op.operationId) return undefined;
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  const pathParams: string[] = [];
  const queryParams: string[] = [];
  for (const raw of op.parameters ?? []) {
    const p = inlineRefs(raw, document) as NonNullable<Operation['parameters']>[number];
    if (p.in !== 'path' && p.in !== 'query') continue;
    const schema = { ...((p.schema as object | undefined) ?? { type: 'string' }), ...(p.description ? { description: p.description } : {}) };
    properties[p.name] = schema;
    if (p.required || p.in === 'path') required.add(p.name);
    (p.in === 'path' ? pathParams : queryParams).push(p.name);
  }
  let bodyMode: GeneratedTool['bodyMode'] = 'none';
  const content = op.requestBody?.content;
  if (content) {
    const json = content['application/json'];
    // A body that is not JSON (a multipart upload) is not offered as a tool.
    if (!json) return undefined;
    const body = (inlineRefs(json.schema ?? {}, document) ?? {}) as { type?: string; properties?: Record<string, unknown>; required?: string[] };
    const bodyProps = body.type === 'object' || body.properties ? (body.properties ?? {}) : undefined;
    if (bodyProps && !Object.keys(bodyProps).some((k) => k in properties || k === 'idempotency_key')) {
      bodyMode = 'flat';
      Object.assign(properties, bodyProps);
      for (const r of body.required ?? []) required.add(r);
    } else {
      bodyMode = 'nested';
      properties.body = body;
      if (op.requestBody?.required) required.add('body');
    }
  }
  const idempotencyKey = method === 'post';
  if (idempotencyKey) {
    properties.idempotency_key = {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description:
        'Sent as the Idempotency-Key header. Give the same value to retry this exact call safely: the gateway answers the first result again instead of acting twice. Absent: a new random key for each call.',
    };
  }
  const permissions = (op.security ?? []).flatMap((requirement) => requirement.oauth2 ?? []);
  const readOnly = method === 'get';
  const annotations: ToolAnnotations = {
    title: op.summary ?? op.operationId,
    readOnlyHint: readOnly,
    destructiveHint: !readOnly && (method === 'delete' || DESTRUCTIVE.test(op.operationId)),
    // Reads repeat freely; a write repeats without a second effect only when the caller passes the same idempotency_key.
    idempotentHint: readOnly || method === 'put' || method === 'delete',
    openWorldHint: false,
  };
  return {
    name: toolName(op.operationId),
    operationId: op.operationId,
    method: method.toUpperCase(),
    path,
    description: describe(method, path, op, permissions, annotations),
    permissions,
    inputSchema: { type: 'object', properties, ...(required.size > 0 ? { required: [...required] } : {}) },
    annotations,
    pathParams,
    queryParams,
    bodyMode,
    idempotencyKey,
  };
}

/** Every operation of the document that TOOL_OPERATIONS chooses, as a tool, whatever the credentials. */
export function toolsOf(document: OpenApiDocument): GeneratedTool[] {
  const tools: GeneratedTool[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op?.operationId || !TOOL_OPERATIONS.some((re) => re.test(op.operationId!))) continue;
      const tool = operationTool(method, path, op, document);
      if (tool) tools.push(tool);
    }
  }
  return tools;
}

/** A sandbox's document has the sandbox controls (registered only when ENVIRONMENT=sandbox). */
export function isSandbox(document: OpenApiDocument): boolean {
  return Object.keys(document.paths ?? {}).some((path) => path.startsWith('/v1/sandbox/'));
}

/** Whether credentials with `scopes` may call `tool`. */
export function permitted(tool: Pick<GeneratedTool, 'permissions'>, scopes: ReadonlySet<string>): boolean {
  return tool.permissions.length === 0 || tool.permissions.some((p) => scopes.has(p));
}

/** The operations of the document, in a line each: the `openapi` tool's answer without arguments. */
export function operationIndex(document: OpenApiDocument): { operationId: string; method: string; path: string; summary: string | undefined }[] {
  const index = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (op?.operationId) index.push({ operationId: op.operationId, method: method.toUpperCase(), path, summary: op.summary });
    }
  }
  return index;
}

/** One operation with its schemas inlined, found by operationId. */
export function operationDetail(document: OpenApiDocument, operationId: string): unknown {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (op?.operationId === operationId) return { method: method.toUpperCase(), path, ...(inlineRefs(op, document) as object) };
    }
  }
  return undefined;
}
