/**
 * Cash in the hosted checkout, in Chromium: the shopper chooses cash and the
 * page shows the voucher (the barcode image, the reference, the agreement
 * code, the deadline); a reload shows it again; the printable voucher opens;
 * once the store reports the reference paid (by the sandbox control, or the
 * voucher page's store button), the page shows the approval.
 * The flows run on each dialect in one Chromium; every state passes axe-core
 * (no serious or critical violation) at 1280×800 and 390×844, audited on the
 * first dialect (support/browser.ts `browserPlan`).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPlan, describeInBrowser, launchChromium } from './support/browser.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { copPaymentLink, shopperPage } from './support/hosted.js';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });

describeInBrowser('cash in the hosted checkout', () => {
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

    beforeAll(async () => {
      gw = await startGateway(dialect);
      token = await (await gw.client()).token();
    });
    afterAll(async () => {
      for (const context of contexts) await context.close();
      await gw?.close();
      expect(consoleErrors).toEqual([]);
    });

    const open = (viewport: { width: number; height: number }, lang: 'es' | 'en'): Promise<Page> =>
      shopperPage(browser, gw, { contexts, consoleErrors }, viewport, lang);

    const paymentLink = (value: number): Promise<string> => copPaymentLink(gw, token, value, 'Nevera');

    const barcodeLoaded = (page: Page) => page.locator('#cash-barcode').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0);

    for (const [lang, texts] of [
      [
        'es',
        {
          tab: 'Otros medios',
          cash: 'Efectivo en un punto de pago',
          go: 'Continuar',
          voucher: 'Ver el comprobante para imprimir',
          heading: 'Pago en efectivo',
        },
      ],
      ['en', { tab: 'Other methods', cash: 'Cash at a payment point', go: 'Continue', voucher: 'Open the voucher to print', heading: 'Cash payment' }],
    ] as const) {
      it(`shows the voucher, again after a reload, and the approval once the store is paid (${lang})`, async () => {
        const problems: string[] = [];
        for (const size of plan.viewports) {
          const page = await open(size, lang);
          await page.goto(await paymentLink(50_050));
          await page.getByRole('tab', { name: texts.tab }).click();
          await page.getByLabel(texts.cash).check();
          await page.getByRole('button', { name: texts.go }).click();
          await poll(() => page.locator('#cash-step').isVisible()).toBe(true);
          const reference = await page.locator('#cash-reference').innerText();
          expect(reference).toMatch(/^[1-9]\d{11}$/);
          expect(await page.locator('#cash-agreement').innerText()).toMatch(/^\d+$/);
          expect(await page.locator('#cash-deadline').innerText()).toContain('(Bogotá)');
          await poll(() => barcodeLoaded(page)).toBe(true);
          problems.push(...(await plan.audit(page, `checkout-cash-${lang}`)));

          // A reload: the waiting page, rendered by the server, shows the same voucher.
          await page.reload();
          await poll(() => page.locator('#cash-reference').innerText()).toBe(reference);
          await poll(() => barcodeLoaded(page)).toBe(true);
          problems.push(...(await plan.audit(page, `cash-waiting-${lang}`)));

          // The printable voucher, in its own tab.
          const [voucher] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: texts.voucher }).click()]);
          await voucher.waitForLoadState();
          expect(await voucher.getByRole('heading', { name: texts.heading }).isVisible()).toBe(true);
          expect(await voucher.locator('dl').innerText()).toContain(reference);
          problems.push(...(await plan.audit(voucher, `cash-voucher-${lang}`)));
          if (lang === 'en') {
            // The sandbox's store on the voucher page: it takes the cash, and the voucher says the payment is approved.
            await voucher.getByRole('button', { name: 'Pay at the store (sandbox)' }).click();
            await voucher.waitForLoadState();
            expect(await voucher.locator('main').innerText()).not.toContain(reference);
            problems.push(...(await plan.audit(voucher, `cash-voucher-paid-${lang}`)));
          }
          await voucher.close();

          // The store reports it paid (the API in Spanish, the voucher's button in English): the page follows the payment to its approval.
          if (lang === 'es') {
            const paid = await gw.request<{ status: string }>('POST', '/v1/sandbox/cash/payments', { token, body: { reference } });
            expect(paid.status, paid.text).toBe(200);
          }
          await poll(() => page.locator('#outcome').getAttribute('data-state')).toBe('approved');
          problems.push(...(await plan.audit(page, `cash-approved-${lang}`)));
        }
        expect(problems).toEqual([]);
      }, 300_000);
    }
  });
});
