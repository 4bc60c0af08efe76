/**
 * At-least-once delivery across a crash: the server is killed (SIGKILL) after
 * committing a state change and before delivering its webhook; the next
 * process delivers it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { AUDIENCE, HttpClient, TEST_MASTER_KEY } from './support/gateway.js';
import { pay, tokenize } from './support/cards.js';
import { Receiver } from './support/receiver.js';
import { startServerProcess, type ServerProcess } from './support/process.js';
import { eventually } from './support/wait.js';

describe.each(dialects)('a crash between commit and delivery on $name', (dialect) => {
  const receiver = new Receiver();
  const running: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(running.map((s) => s.stop()));
    await receiver.close();
  });

  it('loses nothing: the restarted server delivers the committed events', async () => {
    await receiver.start();
    const clientId = `durable-${randomUUID()}`;
    const secret = randomUUID();
    const env = {
      DATABASE_URL: await dialect.databaseUrl(),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pasarela-durable-')),
      MASTER_KEY: TEST_MASTER_KEY,
      PUBLIC_BASE_URL: AUDIENCE,
      BOOTSTRAP_CLIENT_ID: clientId,
      BOOTSTRAP_CLIENT_SECRET: secret,
      LOG_LEVEL: 'warn',
      JOB_POLL_INTERVAL_MS: '50',
    };
    // First process: commits, but its job runner never gets to deliver.
    const first = await startServerProcess({ ...env, JOBS_ENABLED: 'false' });
    running.push(first);
    const api = new HttpClient(first.url);
    const token = (
      await api.request<{ access_token: string }>('POST', '/oauth/token', {
        body: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret, audience: AUDIENCE },
      })
    ).body.access_token;
    const endpoint = await api.request<{ secret: string }>('POST', '/v1/webhooks', { token, body: { url: receiver.url, events: ['payment.card.approved'] } });
    const payment = await pay(api, token, { instrumentId: await tokenize(api, token, { number: '4242424242424242' }) });
    expect(payment.body.status).toBe('APPROVED');
    first.child.kill('SIGKILL');
    await first.stop();
    expect(receiver.received.filter((r) => r.body.includes(payment.body.id))).toHaveLength(0);

    const second = await startServerProcess({ ...env, JOBS_ENABLED: 'true' });
    running.push(second);
    await eventually(
      async () => receiver.received.filter((r) => r.body.includes(payment.body.id)).length,
      (n) => n > 0,
    );
    const deliveries = receiver.received.filter((r) => r.body.includes(payment.body.id));
    expect(deliveries).toHaveLength(1);
    expect(Receiver.verify(endpoint.body.secret, deliveries[0]!)).toMatchObject({ type: 'payment.card.approved', data: { payment: { id: payment.body.id } } });
    // Two server processes start (each migrating a fresh database): slow on a busy machine.
  }, 90_000);
});
