/**
 * The Balance page's recent balance transactions in a real Chromium, on each
 * dialect: a captured payment of the chargeback test card with a dispute fee
 * rule shows its three entries (the payment, the chargeback's hold, the
 * chargeback fee) each labelled by its type, with its amounts as the API
 * holds them, in English and in Spanish; the table passes axe-core (no
 * serious or critical violation) at 1280x800 and 390x844 and fits the
 * phone's width. Needs `npm run build` (the SPA).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, documentWidth, launchChromium, seriousViolations, VIEWPORTS, watchedPage } from './support/browser.js';
import { pay, tokenize } from './support/cards.js';
import { createDashboardUser } from './support/dashboard.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';

const PASSWORD = 'correct horse battery staple';
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
/** How the dashboard writes an amount of the API (Intl, the currency's code). */
const shown = (amount: string, currency: string, locale = 'en-US') =>
  new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    amount as unknown as number,
  );

describeInBrowser.each(dialects)('the Balance page lists the balance transactions, the chargeback fee labelled, on $name', (dialect) => {
  let gw: TestGateway;
  let browser: Browser;
  let context: BrowserContext;
  const errors: string[] = [];
  const owner = { email: 'ledger@tienda.example', role: 'owner' as const };

  beforeAll(async () => {
    gw = await startGateway(dialect);
    const client = await gw.client();
    const token = await client.token();
    await createDashboardUser(gw, { ...owner, password: PASSWORD, organizationId: client.organizationId });
    const rule = await gw.request('POST', '/v1/fee-rules', {
      token,
      body: { type: 'chargeback', percentage_bps: 0, fixed_amount: '15.00', currency: 'USD' },
    });
    expect(rule.status, rule.text).toBe(201);
    const instrumentId = await tokenize(gw, token, { number: '4000000000000259' });
    const created = await pay(gw, token, { instrumentId, amount: 120, capture: false });
    expect(created.status, created.text).toBe(201);
    expect((await gw.request('POST', `/v1/payments/${created.body.id}/capture`, { token, body: {} })).status).toBe(200);
    browser = await launchChromium();
    context = await browser.newContext({ locale: 'en-US', baseURL: gw.baseUrl });
  }, 90_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await gw?.close();
  }, 90_000);

  it('labels each entry by its type, the chargeback fee included, in English and in Spanish', async () => {
    const page = await watchedPage(context, errors, VIEWPORTS[0]);
    await page.goto('/dashboard/sign-in');
    await page.evaluate(() =>
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('pasarela.language', 'en'),
    );
    await page.goto('/dashboard/sign-in');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await heading(page, 'Payments').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Balance', exact: true }).click();
    await heading(page, 'Balance').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Recent balance transactions' }).waitFor();

    const fee = page.locator('[data-type="chargeback_fee"]');
    await poll(() => fee.count()).toBe(1);
    // Type, amount, fee, net (negative, formatted like the others), and the chargeback that caused it.
    const cells = await fee.locator('td').allTextContents();
    expect(cells.slice(0, 4)).toEqual(['Chargeback fee', shown('0.00', 'USD'), shown('15.00', 'USD'), shown('-15.00', 'USD')]);
    expect(cells[4]).toMatch(/^chb-/);
    expect(await page.locator('[data-type="chargeback_hold"] td').first().textContent()).toBe('Chargeback: amount held');
    expect(await page.locator('[data-type="payment"] td').first().textContent()).toBe('Payment');
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      expect(await seriousViolations(page, 'balance transactions')).toEqual([]);
      expect(await documentWidth(page), `fits ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
    }
    await page.setViewportSize(VIEWPORTS[0]);

    await page.getByLabel('Language').selectOption('es');
    await heading(page, 'Saldo').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Movimientos recientes del saldo' }).waitFor();
    expect(await fee.locator('td').first().textContent()).toBe('Tarifa de contracargo');
    expect(await fee.locator('td').nth(2).textContent()).toBe(shown('15.00', 'USD', 'es-CO'));
    expect(await page.locator('[data-type="chargeback_hold"] td').first().textContent()).toBe('Contracargo: monto retenido');
    expect(errors).toEqual([]);
  }, 120_000);
});
