/**
 * REQUEST_TIMEOUT_MS (http/timeout.ts): a request not answered in time gets
 * `504 timeout` with the error body; the late work is not cancelled and its
 * reply is dropped; nothing it leaves behind breaks later requests.
 *
 * Two gateways share one database: `slow` has a 1 ms timeout, so real work
 * (an RSA key pair) always outlasts it; `gw` (the default timeout) issues the
 * token and checks the state afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../src/auth/permissions.js';
import { pay, tokenize } from './support/cards.js';
import { dialects } from './support/dialects.js';
import { eventually } from './support/wait.js';
import { startGateway, type TestGateway } from './support/gateway.js';

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
    slow = await startGateway(dialect, { DATABASE_URL: gw.gateway.config.database.url, REQUEST_TIMEOUT_MS: '1', JOBS_ENABLED: 'false' });
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
