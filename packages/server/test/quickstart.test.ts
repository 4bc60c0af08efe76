/**
 * The README's first payment (examples/quickstart.mjs), run as a user runs it:
 * the script in a child process, with the typed client and `listen`, against
 * a fresh gateway. It exits 0 only when the approval, the capture (reached by
 * advancing the sandbox clock) and the refund all arrived at its receiver.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { AUDIENCE, startGateway, type TestGateway } from './support/gateway.js';

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'examples', 'quickstart.mjs');

describe.each(dialects)('examples/quickstart.mjs on $name', (dialect) => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway(dialect, { EVENT_STREAM_POLL_MS: '50' });
  });
  afterAll(() => gw.close());

  it('pays, advances the clock past the automatic capture, refunds, and receives every event through listen', async () => {
    const client = await gw.client();
    const child = spawn(process.execPath, [SCRIPT], {
      env: {
        PATH: process.env.PATH ?? '',
        PASARELA_BASE_URL: gw.baseUrl,
        PASARELA_AUDIENCE: AUDIENCE,
        PASARELA_CLIENT_ID: client.clientId,
        PASARELA_CLIENT_SECRET: client.secret,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, `stdout:\n${stdout}\nstderr:\n${stderr}`).toBe(0);
    expect(stdout).toMatch(/^payment +pay-\S+ +APPROVED$/m);
    expect(stdout).toMatch(/^advanced +181 s: .*payment\.capture/m);
    expect(stdout).toMatch(/^payment +pay-\S+ +APPROVED +captured 150000\.00$/m);
    for (const type of ['payment.card.approved', 'payment.card.captured', 'refund.succeeded'])
      expect(stdout).toMatch(new RegExp(`^received +${type.replace(/\./g, '\\.')} +evt-`, 'm'));
    expect(stdout).toContain('done ');
  }, 180_000);
});
