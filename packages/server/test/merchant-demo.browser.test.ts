/**
 * examples/merchant-demo as a shopper meets it, in a real headless Chromium:
 * the demo's own server (a child process, with the sandbox client's
 * credentials) in front of a real gateway over SQLite. A declined card, then
 * another card on a new checkout session, approves: the page acts on the
 * fields SDK's decline (`onDecline`, `next_action: 'new_session'`) instead
 * of showing the gateway's `checkout_session_complete`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, FrameLocator } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchChromium, seriousViolations, VIEWPORTS, watchedPage } from './support/browser.js';
import { dialects } from './support/dialects.js';
import { AUDIENCE, startGateway, type TestClient, type TestGateway } from './support/gateway.js';
import { freePort } from './support/process.js';

const FIELDS_DIR = fileURLToPath(new URL('../../fields/', import.meta.url));
const DEMO = fileURLToPath(new URL('../../../examples/merchant-demo/server.mjs', import.meta.url));
const sqlite = dialects.find((d) => d.name === 'sqlite')!;

describeInBrowser('the merchant demo in a browser', () => {
  let gw: TestGateway;
  let client: TestClient;
  let demo: ChildProcess;
  let demoUrl = '';
  let demoOutput = '';
  let browser: Browser;
  let context: BrowserContext;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(join(FIELDS_DIR, 'dist', 'sdk.js'))) execFileSync(process.execPath, [join(FIELDS_DIR, 'build.mjs')], { stdio: 'ignore' });
    gw = await startGateway(sqlite);
    client = await gw.client();
    const port = await freePort();
    demo = spawn(process.execPath, [DEMO], {
      env: {
        PATH: process.env.PATH ?? '',
        PASARELA_URL: gw.baseUrl,
        PASARELA_AUDIENCE: AUDIENCE,
        CLIENT_ID: client.clientId,
        CLIENT_SECRET: client.secret,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    demo.stdout!.on('data', (d: Buffer) => (demoOutput += d.toString()));
    demo.stderr!.on('data', (d: Buffer) => (demoOutput += d.toString()));
    await new Promise<void>((resolve, reject) => {
      const listening = () => /Merchant demo on/.test(demoOutput) && resolve();
      demo.stdout!.on('data', listening);
      demo.once('exit', (code) => reject(new Error(`the demo exited (${code}): ${demoOutput}`)));
    });
    // localhost: the origin the demo names in allowed_origins, another site than the gateway's 127.0.0.1.
    demoUrl = `http://localhost:${port}/`;
    browser = await launchChromium();
    context = await browser.newContext({ locale: 'es-CO' });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    demo?.kill();
    await gw?.close();
  });

  async function typeCard(frame: FrameLocator, number: string): Promise<void> {
    await frame.getByLabel('Número de la tarjeta').pressSequentially(number);
    await frame.getByLabel('Vencimiento (MM/AA)').pressSequentially('12/30');
    await frame.getByLabel('Código de seguridad').pressSequentially('123');
    await frame.getByLabel('Nombre en la tarjeta').fill('Ana María Gómez');
  }

  it('a declined card, then another card on a new checkout session: approved, confirmed by the backend', async () => {
    const page = await watchedPage(context, consoleErrors, { width: 1280, height: 800 });
    const message = page.locator('#message');
    await page.goto(demoUrl);
    await expect.poll(() => message.innerText(), { timeout: 20_000, message: `the page's message (demo server log: ${demoOutput})` }).toMatch(/^Listo/);
    await typeCard(page.frameLocator('#card iframe'), '4000000000000002');
    await page.locator('#pay:not([disabled])').click();

    // The decline, in the shopper's words, and fresh fields on a new session.
    await expect
      .poll(() => message.innerText(), { timeout: 20_000, message: `the page's message (demo server log: ${demoOutput})` })
      .toBe('La tarjeta fue rechazada. Intente con otra tarjeta. Escriba otra tarjeta y pague de nuevo (intento 2).');
    expect(await page.locator('#card iframe').count()).toBe(1);
    expect(await page.locator('#result').innerText()).not.toContain('checkout_session_complete');
    expect(await page.locator('#pay').isDisabled()).toBe(true);

    await typeCard(page.frameLocator('#card iframe'), '4242424242424242');
    await page.locator('#pay:not([disabled])').click();
    await expect
      .poll(() => message.innerText(), { timeout: 20_000, message: `the page's message (demo server log: ${demoOutput})` })
      .toMatch(/^Pago aprobado: pay-/);
    const paymentId = /pay-[0-9a-z]+/.exec(await message.innerText())![0];

    // The gateway's record: one declined payment, then the approved one, each on its own session.
    const token = await client.token();
    const payments = await gw.request<{ data: Array<{ id: string; status: string; order_id: string }> }>('GET', '/v1/payments?limit=10', { token });
    expect(payments.body.data.map((p) => p.status)).toEqual(['APPROVED', 'REJECTED']);
    expect(payments.body.data[0]!.id).toBe(paymentId);
    expect(payments.body.data[0]!.order_id).not.toBe(payments.body.data[1]!.order_id);
    expect(JSON.parse(await page.locator('#result').innerText())).toMatchObject({ confirmed_by_backend: { id: paymentId, status: 'APPROVED' } });

    for (const size of VIEWPORTS) {
      await page.setViewportSize(size);
      expect(await seriousViolations(page, 'merchant demo')).toEqual([]);
    }
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});
