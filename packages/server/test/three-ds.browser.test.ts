/**
 * 3-D Secure in Chromium: the hosted checkout of a payment link, whose
 * organization's fraud rule asks for 3-D Secure above an amount, takes the
 * shopper to the sandbox issuer's challenge page by itself (no merchant code);
 * the page is typed into with the keyboard, and the shopper lands on the
 * link's own page with the result. The challenge page, pending and finished,
 * passes axe-core (no serious or critical violation) at 1280×800 and 390×844,
 * in Spanish and English. The flows run on each dialect in one Chromium; the
 * pages are audited on the first (support/browser.ts `browserPlan`).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPlan, describeInBrowser, launchChromium } from './support/browser.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { copPaymentLink, shopperPage } from './support/hosted.js';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });

describeInBrowser('3-D Secure challenge in the hosted checkout', () => {
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
      const rules = await gw.request('PUT', '/v1/fraud/rules', { token, body: { amount_thresholds: [{ currency: 'COP', three_ds_above: 100_000 }] } });
      expect(rules.status, rules.text).toBe(200);
    });
    afterAll(async () => {
      for (const context of contexts) await context.close();
      await gw?.close();
      // An empty code answers 422 by design; Chromium logs the status. Nothing else.
      expect(consoleErrors.filter((line) => !/status of 422/.test(line))).toEqual([]);
    });

    const open = (viewport: { width: number; height: number }, lang: 'es' | 'en'): Promise<Page> =>
      shopperPage(browser, gw, { contexts, consoleErrors }, viewport, lang);

    const paymentLink = (value: number): Promise<string> => copPaymentLink(gw, token, value, 'Bicicleta');

    async function payWithCard(page: Page, link: string, number: string, lang: 'es' | 'en'): Promise<void> {
      await page.goto(link);
      const labels =
        lang === 'es'
          ? ['Número de la tarjeta', 'Vencimiento (MM/AA)', 'Nombre en la tarjeta', 'Código de seguridad']
          : ['Card number', 'Expiry date (MM/YY)', 'Name on card', 'Security code'];
      const values = [number, '1230', 'Ana María Gómez', '123'];
      for (let i = 0; i < 4; i++) await page.getByLabel(labels[i]!, { exact: true }).pressSequentially(values[i]!);
      const pay = page.getByRole('button', { name: lang === 'es' ? 'Pagar' : 'Pay', exact: true });
      await poll(() => pay.isEnabled()).toBe(true);
      await pay.click();
      await page.waitForURL(/\/sandbox-3ds\//);
    }

    const paymentOf = async (page: Page) =>
      (
        await gw.request<{ status: string; three_ds: { outcome: string } | null }>(
          'GET',
          `/v1/payments/${new URL(page.url()).searchParams.get('payment_id')}`,
          {
            token,
          },
        )
      ).body;

    it('the checkout goes to the challenge by itself; the code typed with the keyboard approves and the shopper lands on the receipt', async () => {
      const problems: string[] = [];
      for (const size of plan.viewports) {
        const page = await open(size, 'es');
        const link = await paymentLink(250_000);
        await payWithCard(page, link, '4000000000003220', 'es');
        expect(await page.title()).toBe('Verificación de su banco');
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Verificación de su banco');
        expect(await page.locator('dl').innerText()).toContain('COP 250.000');
        expect(await page.locator('main').innerText()).toContain('el código es 1234');
        problems.push(...(await plan.audit(page, 'challenge-es')));

        // An empty code: the alert beside the field, still on the challenge.
        await page.getByRole('button', { name: 'Verificar' }).click();
        await poll(() => page.getByRole('alert').count()).toBe(1);
        expect(await page.getByLabel('Código de verificación').getAttribute('aria-invalid')).toBe('true');
        problems.push(...(await plan.audit(page, 'challenge-error-es')));

        await page.getByLabel('Código de verificación').pressSequentially('1234');
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === new URL(link).pathname && url.searchParams.has('payment_id'));
        await poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Pago aprobado');
        expect(await paymentOf(page)).toMatchObject({ status: 'APPROVED', three_ds: { outcome: 'authenticated' } });
      }
      expect(problems).toEqual([]);
    }, 300_000);

    it('cancelling in English declines the payment; the used challenge shows its result', async () => {
      const problems: string[] = [];
      for (const size of plan.viewports) {
        const page = await open(size, 'en');
        await payWithCard(page, await paymentLink(180_000), '4000000000003220', 'en');
        const challenge = page.url();
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe("Your bank's verification");
        problems.push(...(await plan.audit(page, 'challenge-en')));
        await page.getByRole('button', { name: 'Cancel' }).click();
        await page.waitForURL((url) => url.searchParams.has('payment_id'));
        expect(await paymentOf(page)).toMatchObject({ status: 'REJECTED', three_ds: { outcome: 'cancelled' } });
        await page.goto(challenge);
        expect(await page.getByRole('status').innerText()).toBe('You cancelled the verification. The payment was declined.');
        expect(await page.getByRole('textbox').count()).toBe(0);
        problems.push(...(await plan.audit(page, 'challenge-finished-en')));
      }
      expect(problems).toEqual([]);
    }, 300_000);
  });
});
