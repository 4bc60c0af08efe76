/**
 * docs/mcp.md as written: the agent configuration it shows (`npx pasarela mcp`
 * with PASARELA_* variables) started by the official SDK's own client over
 * stdio, against a sandbox gateway on a real port. Lists the tools, makes a
 * card payment and refunds it, and calls a tool outside the credentials'
 * permissions.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { AUDIENCE, startGateway, type TestGateway } from './support/gateway.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const sqlite = dialects.find((d) => d.name === 'sqlite')!;

interface ServerConfig {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** The mcpServers entry of docs/mcp.md's first JSON block. */
function documentedConfig(): ServerConfig {
  const doc = readFileSync(new URL('../../../docs/mcp.md', import.meta.url), 'utf8');
  const block = /```json\n([\s\S]*?)```/.exec(doc);
  if (!block) throw new Error('docs/mcp.md has no JSON block');
  return (JSON.parse(block[1]!) as { mcpServers: { pasarela: ServerConfig } }).mcpServers.pasarela;
}

type ToolResult = { isError?: boolean; content: { type: string; text: string }[] };

async function connect(gw: TestGateway, clientId: string, secret: string, extraEnv: Record<string, string> = {}): Promise<Client> {
  const config = documentedConfig();
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  for (const [name, value] of Object.entries(config.env)) {
    env[name] = value === '<client id>' ? clientId : value === '<client secret>' ? secret : name === 'PASARELA_BASE_URL' ? gw.baseUrl : value;
  }
  // The test gateway's PUBLIC_BASE_URL (the token audience) is not the address it listens on: docs/mcp.md's --audience row.
  Object.assign(env, { PASARELA_AUDIENCE: AUDIENCE }, extraEnv);
  const client = new Client({ name: 'pasarela-test', version: '1.0.0' });
  // From the repository's root, `npx pasarela` runs this workspace's bin (packages/server/dist/bin.js).
  await client.connect(new StdioClientTransport({ command: config.command, args: config.args, env, cwd: ROOT, stderr: 'pipe' }));
  return client;
}

function body(result: unknown): Record<string, unknown> {
  const r = result as ToolResult;
  if (r.isError) throw new Error(`tool error: ${r.content[0]?.text}`);
  return JSON.parse(r.content[0]!.text) as Record<string, unknown>;
}

describe('pasarela mcp (docs/mcp.md)', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway(sqlite);
  });
  afterAll(async () => {
    await gw.close();
  });

  it('lists tools by permission, makes a card payment and refunds it', { timeout: 90_000 }, async () => {
    const merchant = await gw.client();
    const mcp = await connect(gw, merchant.clientId, merchant.secret);
    try {
      const { tools } = await mcp.listTools();
      const byName = new Map(tools.map((t) => [t.name, t]));
      for (const name of [
        'openapi',
        'payments_create',
        'payments_retrieve',
        'payments_search',
        'refunds_create',
        'links_create',
        'payments_intents_create',
        'events_list',
        'sandbox_clock_advance',
        'sandbox_payments_simulate',
        'sandbox_sms_list',
        'sandbox_encrypt_test_card',
      ]) {
        expect(byName.has(name), name).toBe(true);
      }
      // Generated from /openapi.json: the input schema is the operation's body.
      const create = byName.get('payments_create')!;
      expect(create.inputSchema.required).toEqual(expect.arrayContaining(['amount', 'currency', 'order_id', 'instrument_id', 'encrypted_cvv']));
      expect(create.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
      expect(create.description).toMatch(/^POST \/v1\/payments: WRITES/);
      expect(byName.get('payments_retrieve')!.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
      expect(byName.get('refunds_create')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      expect(byName.get('sandbox_clock_advance')!.annotations).toMatchObject({ destructiveHint: true });
      // The SSE stream is no tool.
      expect(byName.has('events_stream')).toBe(false);

      const card = body(await mcp.callTool({ name: 'sandbox_encrypt_test_card', arguments: { number: '4242424242424242' } })) as {
        instrument: Record<string, string>;
        encrypted_cvv: string;
      };
      const instrument = body(await mcp.callTool({ name: 'instruments_create', arguments: card.instrument }));
      expect(instrument.id).toMatch(/^ins-/);
      const payment = body(
        await mcp.callTool({
          name: 'payments_create',
          arguments: {
            amount: 150000,
            currency: 'COP',
            order_id: 'mcp-order-1',
            instrument_id: instrument.id,
            encrypted_cvv: card.encrypted_cvv,
            capture: false,
          },
        }),
      );
      expect(payment).toMatchObject({ status: 'AUTHORIZED', amount: '150000.00', currency: 'COP' });
      expect(body(await mcp.callTool({ name: 'payments_capture', arguments: { id: payment.id } }))).toMatchObject({ status: 'APPROVED' });
      const refund = body(await mcp.callTool({ name: 'refunds_create', arguments: { payment_id: payment.id, amount: 50000, currency: 'COP' } }));
      expect(refund).toMatchObject({ payment_id: payment.id, status: 'SUCCEEDED' });
      const read = body(await mcp.callTool({ name: 'payments_retrieve', arguments: { id: payment.id } }));
      expect(read.id).toBe(payment.id);

      // A gateway refusal comes back as the tool's error, with the gateway's body.
      const bad = (await mcp.callTool({ name: 'payments_retrieve', arguments: { id: 'pay-nope' } })) as ToolResult;
      expect(bad.isError).toBe(true);
      expect(bad.content[0]!.text).toContain('404');

      const index = JSON.parse(((await mcp.callTool({ name: 'openapi', arguments: {} })) as ToolResult).content[0]!.text) as { operationId: string }[];
      expect(index.map((o) => o.operationId)).toContain('payments.create');
    } finally {
      await mcp.close();
    }
  });

  it("answers a call outside the credentials' permissions with an error naming the permission", { timeout: 60_000 }, async () => {
    const reader = await gw.client({ scopes: ['payments:read', 'payments:write'] });
    const mcp = await connect(gw, reader.clientId, reader.secret);
    try {
      const names = (await mcp.listTools()).tools.map((t) => t.name);
      expect(names).toContain('payments_create');
      expect(names).not.toContain('refunds_create');
      expect(names).not.toContain('links_create');
      const refused = (await mcp.callTool({ name: 'refunds_create', arguments: { payment_id: 'pay-x', amount: 1, currency: 'COP' } })) as ToolResult;
      expect(refused.isError).toBe(true);
      expect(refused.content[0]!.text).toContain('payments:refund');
    } finally {
      await mcp.close();
    }
  });
});
