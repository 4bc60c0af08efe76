/**
 * A connector registered by the tests only (GatewayOptions.connectors), as a
 * real processor's folder would register one: it talks HTTP through the
 * gateway's one connector client (src/connectors/http.ts) to `base_url`. The
 * tests point it at a closed port (the connection is refused: it never
 * reached the processor) or at a fake processor that never answers (a
 * timeout after sending). docs/architecture.md "Add a connector" follows
 * these steps.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Type } from 'typebox';
import type { AuthorizationResult, CardNetworkConnector, OperationResult } from '../../src/connectors/card-network/connector.js';
import type { ConnectorDefinition } from '../../src/connectors/registry.js';

export const TestProcessorCredentials = Type.Object(
  {
    base_url: Type.String({ pattern: '^http://' }),
    api_key: Type.String({ minLength: 8 }),
    timeout_ms: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

export const testProcessor: ConnectorDefinition<typeof TestProcessorCredentials> = {
  id: 'test-processor',
  description: 'A fake processor over HTTP (tests only).',
  families: ['card'],
  credentials: TestProcessorCredentials,
  card: (credentials, deps): CardNetworkConnector => {
    const send = async (path: string, reference: string, body: unknown) => {
      const response = await deps.http.send({
        connector: 'test-processor',
        method: 'POST',
        url: credentials.base_url + path,
        headers: { authorization: `Bearer ${credentials.api_key}` },
        body,
        idempotencyKey: reference,
        limits: { timeoutMs: credentials.timeout_ms ?? 2_000, retries: 0, backoffMs: 0 },
      });
      return response.json as { outcome: string; code: string; id: string };
    };
    const operation = async (path: string, reference: string, body: unknown): Promise<OperationResult> => {
      const answer = await send(path, reference, body);
      return { outcome: answer.outcome === 'succeeded' ? 'succeeded' : 'rejected', responseCode: answer.code };
    };
    return {
      available: true,
      async authorize(request): Promise<AuthorizationResult> {
        const answer = await send('/authorize', request.reference, { amount: request.amount, currency: request.currency });
        return { outcome: answer.outcome as AuthorizationResult['outcome'], responseCode: answer.code, networkReference: answer.id };
      },
      lookup: async () => undefined,
      capture: (r) => operation('/capture', r.reference, r),
      void: (r) => operation('/void', r.reference, r),
      reverse: (r) => operation('/reverse', r.reference, r),
      adjust: (r) => operation('/adjust', r.reference, r),
      refund: (r) => operation('/refund', r.reference, r),
      decideDispute: async () => ({ outcome: 'lost', reason: 'test processor' }),
    };
  },
};

/** A port where nothing listens: a connection there is refused. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A fake processor on a real port: `answer` decides each request (undefined: never answer). */
export async function fakeProcessor(
  answer: (request: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }) => { status: number; body: unknown } | undefined,
) {
  const received: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: string }> = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      const reply = answer(request);
      if (!reply) {
        hanging.add(res);
        return;
      }
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
