/**
 * The rendered API reference at /docs, in a real browser (the system's headless
 * Chromium, support/browser.ts): it carries the product's name, renders the
 * operations of /openapi.json, and logs no console error (a Content Security
 * Policy violation is one).
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchChromium, watchedPage } from './support/browser.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';

// A page that stores nothing: on the first dialect only (support/dialects.ts renderingIt).
const dialect = dialects[0]!;

describeInBrowser('the /docs page in a browser', () => {
  let gw: TestGateway;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    browser = await launchChromium();
    context = await browser.newContext();
  });
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  it('is titled "Pasarela API reference", renders the operations and logs no console error', async () => {
    const errors: string[] = [];
    const page = await watchedPage(context, errors, { width: 1280, height: 900 });
    const response = await page.goto(`${gw.baseUrl}/docs`);
    expect(response?.status()).toBe(200);
    // The operations come from /openapi.json: the page's script ran and fetched it.
    await page.locator('.opblock-summary-path', { hasText: '/v1/payments' }).first().waitFor({ timeout: 30_000 });
    expect(await page.title()).toBe('Pasarela API reference');
    expect(await page.locator('.info .title').first().innerText()).toContain('Pasarela API');
    // Swagger's own top bar (its logo and URL box) is hidden by the page's stylesheet.
    expect(await page.locator('.swagger-ui .topbar').isVisible()).toBe(false);
    // Let late style and image loads report.
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await page.close();
  });
});
