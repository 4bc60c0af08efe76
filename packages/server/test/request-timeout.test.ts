/**
 * REQUEST_TIMEOUT_MS (http/timeout.ts): a request not answered in time gets
 * `504 timeout` with the error body; the late work is not cancelled and its
 * reply is dropped; nothing it leaves behind breaks later requests.
 *
 * Two gateways share one database: `slow` has a 1 ms timeout, so real work
 * (an RSA key pair) always outlasts it; `gw` (the default timeout) issues the
 * token and checks the state afterwards.
 */
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../src/http/permissions.js';
import { pay, tokenize } from './support/cards.js';
import { eventually } from './support/wait.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { generateRsaKeyPair } from '../src/crypto/rsa-key-pairs.js';

interface ErrorReply {
  error: { code: string; message: string; details: unknown[]; request_id: string };
}

describe.each(dialects)('request timeout on $name', (dialect) => {
  let gw: TestGateway;
  let slow: TestGateway;
  let token: string;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    token = await (await gw.client({ scopes: [...PERMISSIONS] })).token();
    // Key pairs generated for each request, as a deployment's are (not the suite's, made once): the work that outlasts the timeout.
    slow = await startGateway(
      dialect,
      { DATABASE_URL: gw.gateway.config.database.url, REQUEST_TIMEOUT_MS: '1', JOBS_ENABLED: 'false' },
      { rsaKeyPairs: generateRsaKeyPair },
    );
  });
  afterAll(async () => {
    await gw.close();
  });

  it('answers 504 timeout with the error body, and the late work leaves a usable state', async () => {
    const card = await tokenize(gw, token, { number: '4111111111111111' });

    // Creating an RSA key pair takes tens of milliseconds at least: far beyond 1 ms.
    const replies = await Promise.all([
      slow.request('POST', '/v1/encryption/keys', { token }),
      slow.request('POST', '/v1/encryption/keys', { token, headers: { 'idempotency-key': 'timeout-key-0001' } }),
    ]);
    // The slow gateway is still up (the late replies were dropped, not thrown).
    replies.push(await slow.request('POST', '/v1/encryption/keys', { token }));
    for (const reply of replies) {
      expect(reply.status, reply.text).toBe(504);
      const body = reply.body as unknown as ErrorReply;
      expect(body.error.code).toBe('timeout');
      expect(body.error.details).toEqual([]);
      expect(body.error.request_id).toMatch(/^req-/);
      expect(reply.headers.get('x-request-id')).toBe(body.error.request_id);
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    }
    // The keyed request's late work ends: its key is freed then (not after the 2-minute stale lock), and a
    // retry through the other process runs the request again.
    const keyRow = () => gw.db.selectFrom('idempotency_keys').select('status').where('key', '=', 'timeout-key-0001').executeTakeFirst();
    expect(await eventually(keyRow, (row) => row === undefined, 15_000)).toBeUndefined();
    const retried = await gw.request('POST', '/v1/encryption/keys', { token, headers: { 'idempotency-key': 'timeout-key-0001' } });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    // It shuts down cleanly with that work possibly still in flight.
    await slow.close();

    // Whatever the late work committed is whole: keys and payments work as before.
    const rotated = await gw.request<{ kid: string }>('POST', '/v1/encryption/keys', { token });
    expect(rotated.status).toBe(201);
    const active = await gw.request<{ kid: string }>('GET', '/v1/encryption/keys', { token });
    expect(active.body.kid).toBe(rotated.body.kid);
    const payment = await pay(gw, token, { instrumentId: card, capture: false });
    expect(payment.status).toBe(201);
    expect(payment.body.status).toBe('AUTHORIZED');
  });
});

/**
 * A handler that finishes after its 504 (a late value, a late error, the
 * hosted checkout's rail intent) is not answered a second time: Fastify logs
 * nothing about a reply already sent. The late handlers wait for a gate the
 * test opens once it holds the 504, so "late" needs no timing.
 */
describe.each(dialects)('late replies after a 504 on $name', (dialect) => {
  let slow: TestGateway;
  const lines: string[] = [];
  let openGate: () => void = () => undefined;
  let gate = Promise.resolve();
  let finished: Promise<void> = Promise.resolve();
  let finish: () => void = () => undefined;
  const late: FastifyPluginAsync = async (app) => {
    const config = { public: true };
    // Documented operations, so /openapi.json says what they answer: in time, 200 and 500; like every
    // public operation, 504 (discovery/openapi.ts).
    app.post('/test/late-value', { config, schema: { response: { 200: Type.Object({ late: Type.Boolean() }) } } }, async () => {
      await gate;
      finish();
      return { late: true };
    });
    app.post('/test/late-error', { config, schema: { response: { 500: { $ref: 'Error#' } } } }, async () => {
      await gate;
      finish();
      throw new Error('late failure');
    });
  };
  const arm = () => {
    gate = new Promise((resolve) => (openGate = resolve));
    finished = new Promise((resolve) => (finish = resolve));
  };

  beforeAll(async () => {
    slow = await startGateway(
      dialect,
      { REQUEST_TIMEOUT_MS: '1', JOBS_ENABLED: 'false', LOG_LEVEL: 'info' },
      { plugins: [late], logStream: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(async () => {
    await slow.close();
  });

  const complaints = () => lines.filter((line) => /FST_ERR_REP_ALREADY_SENT|Promise errored|"level":50/.test(line));

  it.each(['/test/late-value', '/test/late-error'])('%s: one 504, the late outcome logged once at info, nothing else', async (path) => {
    arm();
    const reply = await slow.request('POST', path, { body: {} });
    expect(reply.status).toBe(504);
    openGate();
    await finished;
    // Whatever is logged about the late outcome (the dropped line, or Fastify's complaint) comes right after it.
    await eventually(
      async () => lines.filter((line) => /after the 504 dropped|FST_ERR_REP_ALREADY_SENT|Promise errored/.test(line)).length,
      (n) => n > 0,
    );
    expect(complaints()).toEqual([]);
    expect(lines.filter((line) => line.includes('after the 504 dropped') && line.includes('"level":30'))).toHaveLength(1);
    lines.length = 0;
  });

  it('times out each request in flight on its own; one answered meanwhile keeps its answer', async () => {
    arm();
    const replies = await Promise.all([
      slow.request('POST', '/test/late-value', { body: {} }),
      slow.request('GET', '/healthz'),
      slow.request('POST', '/test/late-value', { body: {} }),
      slow.request('POST', '/test/late-value', { body: {} }),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual([504, 200, 504, 504]);
    expect(new Set(replies.map((reply) => reply.headers.get('x-request-id'))).size).toBe(4);
    openGate();
    await finished;
    await eventually(
      async () => lines.filter((line) => line.includes('after the 504 dropped')).length,
      (n) => n === 3,
    );
    expect(complaints()).toEqual([]);
    lines.length = 0;
  });
});
