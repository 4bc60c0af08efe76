/**
 * The QR's page that plays the payer's Bre-B banking app, in a real browser
 * (the system's headless Chromium, support/browser.ts) at 1280×800 and
 * 390×844, audited by axe-core (serious and critical violations fail): the
 * payer sees the merchant's name the QR carries and its key, picks a bank,
 * changes the amount (the transfer comes back, said on the page), then sends
 * the right one (approved). The flow runs on each dialect in one Chromium;
 * the page is audited on the first (support/browser.ts `browserPlan`).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPlan, describeInBrowser, launchChromium, watchedPage } from './support/browser.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';

describeInBrowser("the Bre-B payer's bank-app page in a browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe.each(dialects)('on $name', (dialect) => {
    const plan = browserPlan(dialect);
    let gw: TestGateway;
    let token: string;
    const contexts: BrowserContext[] = [];
    const consoleErrors: string[] = [];
    const key = `@PAGE${Date.now().toString(36).toUpperCase()}`;

    beforeAll(async () => {
      gw = await startGateway(dialect);
      token = await (await gw.client()).token();
      const made = await gw.request<{ id: string }>('POST', '/v1/bre-b/keys', { token, body: { type: 'alphanumeric', value: key } });
      expect(made.status, made.text).toBe(201);
      const verified = await gw.request('POST', `/v1/sandbox/bre-b/keys/${made.body.id}/verify`, { token });
      expect(verified.status, verified.text).toBe(200);
    });
    afterAll(async () => {
      for (const context of contexts) await context.close();
      await gw?.close();
      // The invalid amount is answered 422 by design; Chromium logs the status. Nothing else.
      expect(consoleErrors.filter((line) => !/status of 422/.test(line))).toEqual([]);
    });

    async function open(viewport: { width: number; height: number }): Promise<Page> {
      const context = await browser.newContext({ locale: 'es-CO', extraHTTPHeaders: { 'Accept-Language': 'es-CO,es;q=0.9' } });
      contexts.push(context);
      return watchedPage(context, consoleErrors, viewport);
    }

    it('shows the merchant and key, takes a bank and an amount; another amount comes back, the right one pays', async () => {
      const problems: string[] = [];
      let order = 0;
      for (const size of plan.viewports) {
        const intent = await gw.request<{ payment_id: string; rail: { payment_link: string } }>('POST', '/v1/payments/intents', {
          token,
          body: { order_id: `page-${Date.now()}-${order++}`, amount: 15050, currency: 'COP', rail_id: 'QR_INTEROP', rail_type: 'BANK_TRANSFER' },
        });
        const page = await open(size);
        await page.goto(gw.baseUrl + new URL(intent.body.rail.payment_link).pathname);
        expect(await page.locator('#key').innerText()).toBe(key);
        expect(await page.locator('#merchant').innerText()).not.toBe('');
        problems.push(...(await plan.audit(page, 'breb-page')));

        await page.getByLabel('Su banco').selectOption({ index: 1 });
        await page.getByLabel('Valor a enviar (pesos)').fill('15000');
        await page.getByRole('button', { name: 'Enviar' }).click();
        await expect.poll(() => page.getByRole('status').innerText(), { timeout: 30_000 }).toContain('el dinero le fue devuelto');
        problems.push(...(await plan.audit(page, 'breb-page-returned')));
        const still = await gw.request<{ transaction: { status: string } }>('GET', `/v1/payments/${intent.body.payment_id}`, { token });
        expect(still.body.transaction.status).toBe('IN_PROGRESS');

        await page.getByLabel('Valor a enviar (pesos)').fill('abc');
        await page.getByRole('button', { name: 'Enviar' }).click();
        await expect.poll(() => page.getByRole('alert').count(), { timeout: 30_000 }).toBe(1);
        problems.push(...(await plan.audit(page, 'breb-page-invalid')));

        await page.getByLabel('Valor a enviar (pesos)').fill('15050');
        await page.getByRole('button', { name: 'Enviar' }).click();
        await expect.poll(() => page.getByRole('status').innerText(), { timeout: 30_000 }).toContain('fue aprobado');
        problems.push(...(await plan.audit(page, 'breb-page-paid')));
        const paid = await gw.request<{ transaction: { status: string } }>('GET', `/v1/payments/${intent.body.payment_id}`, { token });
        expect(paid.body.transaction.status).toBe('APPROVED');
      }
      expect(problems).toEqual([]);
    });
  });
});
