/**
 * `npm run cli -- listen` (cli/listen.ts), as a user runs it: the built CLI as a child process,
 * against a real gateway, forwarding into a real local receiver.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { AUDIENCE, startGateway, type TestGateway } from './support/gateway.js';
import { pay, tokenize } from './support/cards.js';
import { CLI_ENTRY, REFUSING_PORT, runProcess } from './support/process.js';
import { Receiver } from './support/receiver.js';
import { eventually } from './support/wait.js';

describe.each(dialects)('cli listen on $name', (dialect) => {
  let gw: TestGateway;
  let receiver: Receiver;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    gw = await startGateway(dialect, { EVENT_STREAM_POLL_MS: '50' });
    receiver = await new Receiver().start();
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    }
    await receiver.close();
    await gw.close();
  });

  it('forwards each event to the local URL, signed under the secret it printed, and prints the status', async () => {
    const client = await gw.client({ scopes: ['webhooks:read'] });
    const merchant = await gw.client({ organizationId: client.organizationId });
    const token = await merchant.token();
    const card = await tokenize(gw, token, { number: '4242424242424242' });

    child = spawn(
      process.execPath,
      [
        CLI_ENTRY,
        'listen',
        '--forward-to',
        receiver.url,
        '--base-url',
        gw.baseUrl,
        '--audience',
        AUDIENCE,
        '--events',
        'payment.card.approved,payment.card.captured',
      ],
      { env: { PATH: process.env.PATH ?? '', PASARELA_CLIENT_ID: client.clientId, PASARELA_CLIENT_SECRET: client.secret }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const ready = await eventually(
      async () => /Ready! Your webhook signing secret is (whsec_\S+) \(\^C to quit\)/.exec(stdout),
      (m) => m !== null || child!.exitCode !== null,
      30_000,
    );
    expect(ready, `stdout: ${stdout}\nstderr: ${stderr}`).not.toBeNull();
    const secret = ready![1]!;

    // Forwarded: approved; filtered out by --events: authorized.
    const authorized = await pay(gw, token, { instrumentId: card, capture: false });
    const approved = await pay(gw, token, { instrumentId: card });
    expect([authorized.status, approved.status]).toEqual([201, 201]);
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 1,
    );
    expect(receiver.received).toHaveLength(1);
    const delivery = receiver.received[0]!;
    const event = Receiver.verify(secret, delivery);
    expect(event.type).toBe('payment.card.approved');
    expect((event.data.payment as { id: string }).id).toBe(approved.body.id);
    expect(delivery.headers['webhook-id']).toBe(event.id);
    // The body is the event as GET /v1/events/{id} shows it.
    expect(event).toEqual((await gw.request('GET', `/v1/events/${event.id}`, { token })).body);
    // A signature under another secret does not verify.
    expect(() => Receiver.verify('whsec_' + Buffer.alloc(24, 1).toString('base64'), delivery)).toThrow();

    // One line per event: time, type, id, the receiver's status; a failing receiver's status too.
    receiver.answers = [500];
    const second = await pay(gw, token, { instrumentId: card });
    const lines = await eventually(
      async () => stdout.split('\n').filter((l) => l.includes('payment.card.approved')),
      (l) => l.length >= 2,
    );
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\S+\\s+payment\\.card\\.approved\\s+${event.id}\\s+.*\\[200\\]$`));
    expect(lines[1]).toMatch(/\[500\]$/);
    expect(Receiver.verify(secret, receiver.received[1]!).data.payment).toMatchObject({ id: second.body.id });

    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });

  it('renews its token before it expires, reconnects after the last event it had, and keeps forwarding', async () => {
    // Tokens of two seconds: listen renews at 95% of a token's life, so every 1.9 s it ends its
    // connection and opens another with a new token (the token endpoint answers a new one once less
    // than a tenth of the old one's life is left).
    const own = await startGateway(dialect, { TOKEN_TTL_SECONDS: '2', EVENT_STREAM_POLL_MS: '50' });
    const local = await new Receiver().start();
    let listener: ChildProcess | undefined;
    try {
      const client = await own.client({ scopes: ['webhooks:read'] });
      const merchant = await own.client({ organizationId: client.organizationId });
      const card = await tokenize(own, await merchant.token(), { number: '4242424242424242' });
      listener = spawn(
        process.execPath,
        [CLI_ENTRY, 'listen', '--forward-to', local.url, '--base-url', own.baseUrl, '--audience', AUDIENCE, '--events', 'payment.card.approved'],
        {
          env: { PATH: process.env.PATH ?? '', PASARELA_CLIENT_ID: client.clientId, PASARELA_CLIENT_SECRET: client.secret },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      listener.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
      listener.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
      const tokensOf = async () =>
        Number(
          (
            await own.db
              .selectFrom('access_tokens')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('client_id', '=', client.clientId)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const ready = await eventually(
        async () => stdout.includes('Ready!'),
        (done) => done || listener!.exitCode !== null,
        30_000,
      );
      expect(ready, `stdout: ${stdout}\nstderr: ${stderr}`).toBe(true);
      const first = await pay(own, await merchant.token(), { instrumentId: card });
      expect(first.status).toBe(201);
      await eventually(
        async () => local.received.length,
        (n) => n >= 1,
      );
      // Two renewals: the third token of the listener's client, each connection's stream resumed after the last event.
      expect(await eventually(tokensOf, (n) => n >= 3, 20_000)).toBeGreaterThanOrEqual(3);
      const second = await pay(own, await merchant.token(), { instrumentId: card });
      expect(second.status).toBe(201);
      await eventually(
        async () => local.received.length,
        (n) => n >= 2,
      );
      // Each event once: the renewals lost none and repeated none. A renewal is not a failure: no reconnection reported.
      const forwarded = local.received.map((d) => (JSON.parse(d.body) as { data: { payment: { id: string } } }).data.payment.id);
      expect(forwarded).toEqual([first.body.id, second.body.id]);
      expect(stderr).not.toMatch(/reconnecting|failed|error/i);
      const exited = new Promise<number | null>((resolve) => listener!.once('exit', resolve));
      listener.kill('SIGINT');
      expect(await exited).toBe(0);
    } finally {
      if (listener && listener.exitCode === null) listener.kill('SIGKILL');
      await local.close();
      await own.close();
    }
  });

  it('refuses a client without webhooks:read, and bad credentials, with exit code 1', async () => {
    const client = await gw.client({ scopes: ['payments:read'] });
    const args = ['listen', '--forward-to', receiver.url, '--base-url', gw.baseUrl, '--audience', AUDIENCE, '--client-id', client.clientId];
    const forbidden = await runProcess(CLI_ENTRY, [...args, '--client-secret', client.secret], {});
    expect(forbidden.code).toBe(1);
    expect(forbidden.stderr).toMatch(/403/);
    const wrong = await runProcess(CLI_ENTRY, [...args, '--client-secret', 'not-the-secret'], {});
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/sign-in refused/);
    const usage = await runProcess(CLI_ENTRY, ['listen', '--base-url', gw.baseUrl], {});
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--forward-to is required/);
  });

  it('names the gateway it tries and where the address came from, and gives up with exit code 1 when nothing answers there', async () => {
    const base = `http://127.0.0.1:${REFUSING_PORT}`;
    const args = ['listen', '--forward-to', receiver.url, '--client-id', 'cli-x', '--client-secret', 'y', '--connect-attempts', '2'];
    const given = await runProcess(CLI_ENTRY, [...args, '--base-url', base], {});
    expect(given.code).toBe(1);
    expect(given.stderr).toContain(`connecting to the gateway at ${base} (--base-url)`);
    expect(given.stderr).toContain(`attempt 1 of 2 to reach ${base}`);
    expect(given.stderr).toContain(`${base}: ECONNREFUSED; gave up after 2 attempts`);
    const fromEnv = await runProcess(CLI_ENTRY, [...args.slice(0, -1), '1'], { PASARELA_BASE_URL: base });
    expect(fromEnv.code).toBe(1);
    expect(fromEnv.stderr).toContain(`connecting to the gateway at ${base} (PASARELA_BASE_URL)`);
    expect(fromEnv.stderr).toContain('gave up after 1 attempt.');
    // Without either, the default is named as such (whatever answers on it, the run ends: these credentials are no one's).
    const byDefault = await runProcess(CLI_ENTRY, [...args.slice(0, -1), '1'], {});
    expect(byDefault.code).toBe(1);
    expect(byDefault.stderr).toContain('connecting to the gateway at http://localhost:8080 (the default; give --base-url or PASARELA_BASE_URL for another)');
    const bad = await runProcess(CLI_ENTRY, [...args.slice(0, -1), '0', '--base-url', base], {});
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--connect-attempts must be an integer/);
  });
});
