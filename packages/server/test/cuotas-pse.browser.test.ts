/**
 * The hosted checkout as a Colombian shopper meets it, in Chromium: a credit
 * card offers its installments ("cuotas") and a debit card does not, in
 * Spanish and English; the chosen number reaches the payment; the bank
 * transfer (PSE) asks for the person type and PSE's document types, marks a
 * legal person with a CC beside its field, and the sandbox bank shows the
 * payer back. Every state passes axe-core (no serious or critical violation)
 * at 1280×800 and 390×844. The flows run on each dialect in one Chromium;
 * the pages are audited on the first (support/browser.ts `browserPlan`).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPlan, describeInBrowser, launchChromium, VIEWPORTS } from './support/browser.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { copPaymentLink, shopperPage } from './support/hosted.js';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });

describeInBrowser('installments and PSE payer fields in the hosted checkout', () => {
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
      // A refused intent answers 422 by design; Chromium logs the status. Nothing else.
      expect(consoleErrors.filter((line) => !/status of 422/.test(line))).toEqual([]);
    });

    const open = (viewport: { width: number; height: number }, lang: 'es' | 'en' = 'es'): Promise<Page> =>
      shopperPage(browser, gw, { contexts, consoleErrors }, viewport, lang);

    const paymentLink = (value: number): Promise<string> => copPaymentLink(gw, token, value, 'Televisor');

    async function typeCard(page: Page, number: string, lang: 'es' | 'en' = 'es'): Promise<void> {
      const labels =
        lang === 'es'
          ? ['Número de la tarjeta', 'Vencimiento (MM/AA)', 'Nombre en la tarjeta', 'Código de seguridad']
          : ['Card number', 'Expiry date (MM/YY)', 'Name on card', 'Security code'];
      const values = [number, '1230', 'Ana María Gómez', '123'];
      for (let i = 0; i < 4; i++) await page.getByLabel(labels[i]!, { exact: true }).pressSequentially(values[i]!);
    }

    it('a credit card offers 1 to 36 installments and pays in the chosen number; a debit card pays in one', async () => {
      const problems: string[] = [];
      for (const size of plan.viewports) {
        const page = await open(size);
        await page.goto(await paymentLink(1_200_000));
        const installments = page.getByLabel('Número de cuotas');
        const debitAnswer = page.waitForResponse((r) => r.url().includes('/installments?bin=400005'));
        await typeCard(page, '4000056655665556');
        // A debit card: once the BIN lookup answered, still no selector.
        expect(await (await debitAnswer).json()).toEqual({ allowed: false, min: 1, max: 1 });
        await poll(() => page.getByRole('button', { name: 'Pagar', exact: true }).isEnabled()).toBe(true);
        expect(await installments.isVisible()).toBe(false);
        const number = page.locator('input[name=cardnumber]');
        await number.fill('');
        await number.pressSequentially('4242424242424242');
        await poll(() => installments.isVisible()).toBe(true);
        expect(await installments.locator('option').count()).toBe(36);
        expect(await installments.locator('option').first().innerText()).toBe('1 (un solo pago)');
        await installments.selectOption('6');
        problems.push(...(await plan.audit(page, 'checkout-installments')));
        await page.getByRole('button', { name: 'Pagar', exact: true }).click();
        await poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Pago aprobado');
        const paymentId = new URL(page.url()).searchParams.get('payment_id')!;
        const payment = await gw.request<{ installments: number; status: string }>('GET', `/v1/payments/${paymentId}`, { token });
        expect(payment.body).toMatchObject({ status: 'APPROVED', installments: 6 });
      }
      // The selector's words in English: rendering, so on the audited dialect only.
      if (plan.audited) {
        const en = await open(VIEWPORTS[1], 'en');
        await en.goto(await paymentLink(300_000));
        await typeCard(en, '4242424242424242', 'en');
        await poll(() => en.getByLabel('Number of installments').isVisible()).toBe(true);
        expect(await en.getByLabel('Number of installments').locator('option').first().innerText()).toBe('1 (a single payment)');
        problems.push(...(await plan.audit(en, 'checkout-installments-en')));
      }
      expect(problems).toEqual([]);
    }, 300_000);

    it('the bank transfer asks for person type and document as PSE does, marks a legal person with a CC, and the bank shows the payer', async () => {
      const problems: string[] = [];
      for (const size of plan.viewports) {
        const page = await open(size);
        const url = await paymentLink(150_050);
        await page.goto(url);
        await page.getByRole('tab', { name: 'Otros medios' }).click();
        await page.getByLabel('Transferencia desde su banco').check();
        const documentTypes = await page
          .locator('#document_type option')
          .evaluateAll((options) => options.map((o) => (o as unknown as { value: string }).value));
        expect(documentTypes).toEqual(['CC', 'CE', 'NIT', 'PP', 'TI', 'RC', 'IDC', 'CEL', 'DE']);
        await page.getByLabel('Tipo de persona').selectOption('legal');
        await page.getByLabel('Tipo de documento').selectOption('CC');
        await page.locator('#document').fill('1020304050');
        await page.locator('#first_name').fill('Tiendas');
        await page.locator('#last_name').fill('Andinas SAS');
        await page.locator('#email').fill('pagos@tiendas.example');
        await page.getByRole('button', { name: 'Continuar' }).click();
        await poll(() => page.locator('#document_type-error').innerText()).toBe(
          'Elija un tipo de documento válido. Una persona jurídica se identifica con su NIT.',
        );
        problems.push(...(await plan.audit(page, 'checkout-pse-legal-cc')));

        await page.getByLabel('Tipo de documento').selectOption('NIT');
        await page.locator('#document').fill('900123456-8');
        await page.getByRole('button', { name: 'Continuar' }).click();
        await page.waitForURL((u) => u.pathname.startsWith('/sandbox-bank/'));
        const payer = await page.locator('dl').innerText();
        expect(payer).toContain('Tiendas Andinas SAS');
        expect(payer).toContain('Persona jurídica');
        expect(payer).toContain('NIT 900123456-8');
        expect(payer).toContain('pagos@tiendas.example');
        problems.push(...(await plan.audit(page, 'bank-payer')));
      }
      expect(problems).toEqual([]);
    }, 300_000);
  });
});
