/**
 * `pasarela mcp`: a Model Context Protocol server on standard input and output
 * that gives a coding agent tools over a gateway's API (docs/mcp.md). It talks
 * to the gateway over HTTP like any merchant (no database, no MASTER_KEY):
 *
 *   pasarela mcp [--base-url URL] [--audience URL]
 *                [--client-id ID --client-secret S [--scope "a b"] | --token JWT]
 *
 * or PASARELA_BASE_URL, PASARELA_AUDIENCE, PASARELA_CLIENT_ID,
 * PASARELA_CLIENT_SECRET, PASARELA_SCOPE, PASARELA_TOKEN. The tools are made
 * from the gateway's /openapi.json at start (tools.ts), and only those the
 * credentials' permissions admit are listed. Standard output carries the
 * protocol alone; what this process has to say goes to standard error, never
 * a secret or a token.
 */
import { randomUUID, webcrypto } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { realClock } from '../clock/clock.js';
import { isSandbox, operationDetail, operationIndex, permitted, toolsOf, type GeneratedTool, type OpenApiDocument } from './tools.js';

/** The MCP process's one clock (token renewal, the test card's expiry year). */
const clock = realClock();

export class McpUsageError extends Error {}

export interface McpSettings {
  baseUrl: string;
  audience: string;
  credentials: { kind: 'client'; clientId: string; clientSecret: string; scope: string | undefined } | { kind: 'token'; token: string };
}

const USAGE = `usage: pasarela mcp [--base-url URL] [--audience URL] [--client-id ID --client-secret S [--scope "a b"] | --token JWT]
  (or PASARELA_BASE_URL, PASARELA_AUDIENCE, PASARELA_CLIENT_ID, PASARELA_CLIENT_SECRET, PASARELA_SCOPE, PASARELA_TOKEN; docs/mcp.md)`;

export function mcpSettings(args: string[], env: NodeJS.ProcessEnv): McpSettings {
  const { values } = parseArgs({
    args,
    options: {
      'base-url': { type: 'string' },
      audience: { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      scope: { type: 'string' },
      token: { type: 'string' },
    },
  });
  const baseUrl = (values['base-url'] ?? env.PASARELA_BASE_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) throw new McpUsageError('--base-url must be an http or https URL');
  const audience = values.audience ?? env.PASARELA_AUDIENCE ?? baseUrl;
  const token = values.token ?? env.PASARELA_TOKEN;
  const clientId = values['client-id'] ?? env.PASARELA_CLIENT_ID;
  const clientSecret = values['client-secret'] ?? env.PASARELA_CLIENT_SECRET;
  if (token && (values['client-id'] || values['client-secret'])) throw new McpUsageError('use --token or --client-id and --client-secret, not both');
  if (token) return { baseUrl, audience, credentials: { kind: 'token', token } };
  if (!clientId || !clientSecret)
    throw new McpUsageError(
      'credentials are required: --client-id and --client-secret (or PASARELA_CLIENT_ID and PASARELA_CLIENT_SECRET), or --token (PASARELA_TOKEN)',
    );
  return { baseUrl, audience, credentials: { kind: 'client', clientId, clientSecret, scope: values.scope ?? env.PASARELA_SCOPE } };
}

/** The permissions a JWT says it carries (its `scope` claim), read without verifying it: the gateway does that on each call. */
function scopesOfJwt(token: string): string[] {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { scope?: unknown };
    return typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
  } catch {
    return [];
  }
}

function errorText(status: number, body: unknown): string {
  return `The gateway answered ${status}:\n${typeof body === 'string' ? body : JSON.stringify(body, null, 2)}`;
}

/** Signs in (client credentials) and keeps a token, renewed before it expires or after a 401. */
class Session {
  private token: { value: string; renewAt: number } | undefined;
  scopes: string[] = [];

  constructor(private readonly settings: McpSettings) {
    if (settings.credentials.kind === 'token') {
      this.token = { value: settings.credentials.token, renewAt: Number.POSITIVE_INFINITY };
      this.scopes = scopesOfJwt(settings.credentials.token);
    }
  }

  async bearer(): Promise<string> {
    if (this.token && clock.realNow() < this.token.renewAt) return this.token.value;
    const c = this.settings.credentials;
    if (c.kind === 'token') return c.token;
    const response = await fetch(`${this.settings.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: c.clientId,
        client_secret: c.clientSecret,
        audience: this.settings.audience,
        ...(c.scope ? { scope: c.scope } : {}),
      }),
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      scope?: string;
      error?: unknown;
      error_description?: string;
    };
    if (response.status !== 200 || !body.access_token) {
      throw new Error(
        `sign-in at ${this.settings.baseUrl}/oauth/token failed with status ${response.status}${body.error_description ? `: ${body.error_description}` : typeof body.error === 'string' ? `: ${body.error}` : ''}`,
      );
    }
    this.scopes = (body.scope ?? '').split(' ').filter(Boolean);
    this.token = { value: body.access_token, renewAt: clock.realNow() + (body.expires_in ?? 300) * 1000 * 0.9 };
    return this.token.value;
  }

  forget(): void {
    if (this.settings.credentials.kind === 'client') this.token = undefined;
  }
}

const OPENAPI_TOOL = {
  name: 'openapi',
  description:
    "Reads the gateway's OpenAPI document; changes nothing. Without arguments: every operation (operationId, method, path, summary). With operation_id: that operation whole, its schemas inlined (parameters, request body, responses, the permissions it needs).",
  inputSchema: { type: 'object' as const, properties: { operation_id: { type: 'string', description: 'An operationId, such as payments.create.' } } },
  annotations: { title: 'Read the OpenAPI document', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};

const ENCRYPT_TOOL = {
  name: 'sandbox_encrypt_test_card',
  description:
    "Sandbox only. Encrypts a TEST card (docs/sandbox.md lists them, such as 4242424242424242) with the organization's active encryption key (GET /v1/encryption/keys; RSA-OAEP SHA-256), as the embedded fields do in a shopper's browser, and answers the body for instruments_create (type and the five encrypted_* fields) and an encrypted_cvv for payments_create. It reads the key (GET /v1/encryption/keys); only when the organization has none yet does it create the first one (POST, needs compliance:write), which changes nothing else. Never give a real card to an agent.",
  inputSchema: {
    type: 'object' as const,
    properties: {
      number: { type: 'string', pattern: '^[0-9]{12,19}$', description: 'A test card number.' },
      exp_month: { type: 'string', pattern: '^(0?[1-9]|1[0-2])$', description: 'Default 12.' },
      exp_year: { type: 'string', pattern: '^[0-9]{4}$', description: 'Default three years from now.' },
      holder: { type: 'string', minLength: 1, maxLength: 100, description: 'Default Ana Garcia.' },
      cvv: { type: 'string', pattern: '^[0-9]{3,4}$', description: 'Default 123 (1234 for American Express).' },
    },
    required: ['number'],
  },
  annotations: { title: 'Encrypt a test card', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  permissions: ['instruments:read', 'instruments:write'],
};

function json(value: unknown, isError = false): CallToolResult {
  return { content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value, null, 2) }], ...(isError ? { isError: true } : {}) };
}

/** Builds the MCP server for one gateway and set of credentials: reads /openapi.json and signs in once. */
export async function createMcpServer(settings: McpSettings, version: string): Promise<Server> {
  const session = new Session(settings);
  const documentResponse = await fetch(`${settings.baseUrl}/openapi.json`);
  if (!documentResponse.ok) throw new Error(`cannot read ${settings.baseUrl}/openapi.json: status ${documentResponse.status}`);
  const document = (await documentResponse.json()) as OpenApiDocument;
  // Sign in now: bad credentials fail at start, and the token's permissions choose the tools.
  await session.bearer();
  const scopes = new Set(session.scopes);
  const all = toolsOf(document);
  const byName = new Map(all.map((t) => [t.name, t]));

  const server = new Server(
    { name: 'pasarela', version },
    {
      capabilities: { tools: {} },
      instructions: `Tools over the Pasarela API at ${settings.baseUrl}, with the permissions ${[...scopes].join(' ') || '(none)'}. Amounts in requests are in major units (a number or a decimal string, such as 25000 for COP 25.000). Read docs with the openapi tool.`,
    },
  );

  const sandbox = isSandbox(document);
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      OPENAPI_TOOL,
      ...(sandbox && permitted(ENCRYPT_TOOL, scopes)
        ? [
            {
              name: ENCRYPT_TOOL.name,
              title: ENCRYPT_TOOL.annotations.title,
              description: ENCRYPT_TOOL.description,
              inputSchema: ENCRYPT_TOOL.inputSchema,
              annotations: ENCRYPT_TOOL.annotations,
            },
          ]
        : []),
      ...all
        .filter((t) => permitted(t, scopes))
        .map((t) => ({ name: t.name, title: t.annotations.title, description: t.description, inputSchema: t.inputSchema, annotations: t.annotations })),
    ],
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const { name } = request.params;
    const args = request.params.arguments ?? {};
    if (name === OPENAPI_TOOL.name) {
      if (typeof args.operation_id !== 'string') return json(operationIndex(document));
      return json(
        operationDetail(document, args.operation_id) ?? `no operation ${args.operation_id} in the document`,
        !operationDetail(document, args.operation_id),
      );
    }
    if (name === ENCRYPT_TOOL.name && sandbox) {
      if (!permitted(ENCRYPT_TOOL, scopes))
        return json(`${name} needs the permission ${ENCRYPT_TOOL.permissions.join(' or ')}, which the configured credentials do not have`, true);
      return encryptTestCard(args, session, settings);
    }
    const tool = byName.get(name);
    if (!tool) return json(`unknown tool ${name}`, true);
    if (!permitted(tool, scopes)) {
      return json(
        `${name} (${tool.method} ${tool.path}) needs the permission ${tool.permissions.join(' or ')}, which the configured credentials do not have (they have: ${[...scopes].join(' ') || 'none'}). Give the client that permission (pasarela cli clients create --scopes ...), or configure credentials that have it.`,
        true,
      );
    }
    return call(tool, args, session, settings);
  });
  return server;
}

async function encryptTestCard(args: Record<string, unknown>, session: Session, settings: McpSettings): Promise<CallToolResult> {
  const number = typeof args.number === 'string' ? args.number : '';
  if (!/^[0-9]{12,19}$/.test(number)) return json('number: 12 to 19 digits', true);
  const headers = { authorization: `Bearer ${await session.bearer()}`, accept: 'application/json' };
  let response = await fetch(`${settings.baseUrl}/v1/encryption/keys`, { headers });
  if (response.status === 404)
    response = await fetch(`${settings.baseUrl}/v1/encryption/keys`, { method: 'POST', headers: { ...headers, 'idempotency-key': randomUUID() } });
  const body = (await response.json().catch(() => ({}))) as { public_key?: string };
  if (!response.ok || !body.public_key) return json(errorText(response.status, body), true);
  const der = Buffer.from(body.public_key.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  const key = await webcrypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const encrypt = async (value: string) => Buffer.from(await webcrypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, Buffer.from(value))).toString('base64');
  const text = (name: string, fallback: string) => (typeof args[name] === 'string' && args[name] !== '' ? args[name] : fallback);
  const cvv = text('cvv', /^3[47]/.test(number) ? '1234' : '123');
  return json({
    instrument: {
      type: 'CARD',
      encrypted_number: await encrypt(number),
      encrypted_expiration_month: await encrypt(text('exp_month', '12')),
      encrypted_expiration_year: await encrypt(text('exp_year', String(new Date(clock.realNow()).getUTCFullYear() + 3))),
      encrypted_holder_name: await encrypt(text('holder', 'Ana Garcia')),
      encrypted_cvv: await encrypt(cvv),
    },
    encrypted_cvv: await encrypt(cvv),
    next: 'Call instruments_create with `instrument` as its arguments, then payments_create with the instrument id and this encrypted_cvv.',
  });
}

async function call(tool: GeneratedTool, args: Record<string, unknown>, session: Session, settings: McpSettings): Promise<CallToolResult> {
  const missing = tool.pathParams.filter((p) => args[p] === undefined || args[p] === '');
  if (missing.length > 0) return json(`missing ${missing.join(', ')}`, true);
  let path = tool.path;
  for (const p of tool.pathParams) path = path.replace(`{${p}}`, encodeURIComponent(String(args[p])));
  const query = new URLSearchParams();
  for (const q of tool.queryParams) {
    const value = args[q];
    if (value === undefined || value === null) continue;
    // A string as it is; a number, boolean, object or array as JSON.
    if (Array.isArray(value)) for (const v of value) query.append(q, typeof v === 'string' ? v : JSON.stringify(v));
    else query.set(q, typeof value === 'string' ? value : JSON.stringify(value));
  }
  let body: unknown;
  if (tool.bodyMode === 'nested') body = args.body;
  else if (tool.bodyMode === 'flat') {
    const rest: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(args)) if (!tool.pathParams.includes(k) && !tool.queryParams.includes(k) && k !== 'idempotency_key') rest[k] = v;
    body = rest;
  }
  const url = `${settings.baseUrl}${path}${query.size > 0 ? `?${query.toString()}` : ''}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (tool.idempotencyKey) headers['idempotency-key'] = typeof args.idempotency_key === 'string' && args.idempotency_key ? args.idempotency_key : randomUUID();
  for (let attempt = 0; ; attempt++) {
    headers.authorization = `Bearer ${await session.bearer()}`;
    const response = await fetch(url, { method: tool.method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const text = await response.text();
    // An expired or revoked token: sign in again once (client credentials only).
    if (response.status === 401 && attempt === 0 && settings.credentials.kind === 'client') {
      session.forget();
      continue;
    }
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: the text as it came
    }
    if (response.status >= 400) return json(errorText(response.status, parsed), true);
    return json(parsed);
  }
}

async function main(): Promise<void> {
  let settings: McpSettings;
  try {
    settings = mcpSettings(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`pasarela mcp: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    process.exit(2);
  }
  let server: Server;
  try {
    const { readFileSync } = await import('node:fs');
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    server = await createMcpServer(settings, manifest.version ?? '0.0.0');
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    process.stderr.write(`pasarela mcp: ${error instanceof Error ? error.message : String(error)}${cause ? ` (${cause})` : ''}\n`);
    process.exit(1);
  }
  await server.connect(new StdioServerTransport());
  process.stderr.write(`pasarela mcp: serving ${settings.baseUrl} on stdio\n`);
}

await main();
