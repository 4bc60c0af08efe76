/**
 * Every hosted page a shopper can meet passes axe-core (the npm package, run
 * in Chromium inside the page, under the page's own CSP) with no serious or
 * critical violation, at 1280×800 and 390×844: the payment-link checkout in
 * each of its states, the enrollment form, and the sandbox bank's pages.
 * With SCREENSHOTS=1 the run also writes a screenshot of each page at both
 * sizes to test-results/screenshots/ (gitignored; HOSTED_SCREENS=dir
 * elsewhere), named <page>-<width>x<height>.png, for a person to look at; a
 * page with a violation always gets one there.
 *
 * The pages render the same on both dialects; this file runs on the first
 * configured one (SQLite unless TEST_DIALECTS narrows it).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeInBrowser,
  FAILURE_SCREENSHOTS,
  keepScreenshot,
  launchChromium,
  screenshotFolder,
  seriousViolations,
  VIEWPORTS,
  watchedPage,
} from './support/browser.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { LocalSite, routePublicOrigin, thanksPage } from './support/hosted.js';

const SCREENS = screenshotFolder('HOSTED_SCREENS');
const sqlite = dialects[0]!;
/** Generous limits: the machine running the suite may be busy. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });

describeInBrowser('the hosted pages pass axe-core at desktop and phone sizes', () => {
  let gw: TestGateway;
  let token: string;
  let browser: Browser;
  let thanks: LocalSite;
  const contexts: BrowserContext[] = [];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    gw = await startGateway(sqlite, { RAIL_MOCK_DELAY_SECONDS: '1' });
    token = await (await gw.client()).token();
    thanks = await new LocalSite(thanksPage).start();
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await thanks?.close();
    await gw?.close();
    // Closed pages answer 404, 409, 410 or 422 by design; Chromium logs each status. Nothing else.
    expect(consoleErrors.filter((line) => !/status of (404|409|410|422)/.test(line))).toEqual([]);
  });

  async function open(viewport: { width: number; height: number }, lang: 'es' | 'en' = 'es'): Promise<Page> {
    const context = await browser.newContext({
      locale: lang === 'es' ? 'es-CO' : 'en-US',
      extraHTTPHeaders: { 'Accept-Language': lang === 'es' ? 'es-CO,es;q=0.9' : 'en-US,en;q=0.9' },
    });
    contexts.push(context);
    await routePublicOrigin(context, gw);
    const page = await watchedPage(context, consoleErrors, viewport);
    page.setDefaultTimeout(30_000);
    return page;
  }

  /**
   * The page's serious and critical axe-core violations, described (support/browser.ts); its
   * screenshot when asked for, and when it has a violation.
   */
  async function audit(page: Page, name: string): Promise<string[]> {
    const size = page.viewportSize()!;
    const file = `${name}-${size.width}x${size.height}.png`;
    const violations = await seriousViolations(page, name);
    await keepScreenshot(page, violations.length > 0 ? (SCREENS ?? FAILURE_SCREENSHOTS) : SCREENS, file);
    return violations;
  }

  async function createLink(data: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<{ id: string; url: string }> {
    const reply = await gw.request<{ id: string; url: string }>('POST', '/v1/links', { token, body: { type: 'payment', ...extra, data } });
    expect(reply.status, reply.text).toBe(201);
    return reply.body;
  }

  async function typeCard(page: Page): Promise<void> {
    const labels = ['Número de la tarjeta', 'Vencimiento (MM/AA)', 'Nombre en la tarjeta', 'Código de seguridad'];
    const values = ['4242424242424242', '1230', 'Ana María Gómez', '123'];
    for (let i = 0; i < 4; i++) await page.getByLabel(labels[i]!, { exact: true }).pressSequentially(values[i]!);
  }

  it('the payment-link checkout in each of its states', async () => {
    const problems: string[] = [];
    for (const size of VIEWPORTS) {
      const link = await createLink(
        { amount: { value: 89950, currency: 'COP' }, description: 'Zapatillas de running', cancel_url: `${thanks.origin}/carrito` },
        { multi_use: true, max_uses: 10 },
      );
      const page = await open(size);
      await page.goto(link.url);
      await typeCard(page);
      problems.push(...(await audit(page, 'checkout-card')));

      await page.getByRole('tab', { name: 'Otros medios' }).click();
      problems.push(...(await audit(page, 'checkout-other-methods')));
      await page.locator('#email').fill('ana@');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await poll(() => page.locator('#email-error').innerText()).not.toBe('');
      problems.push(...(await audit(page, 'checkout-rail-errors')));

      await page.getByLabel('Código QR').check();
      await page.getByRole('button', { name: 'Continuar' }).click();
      await poll(() => page.locator('#qr-image').isVisible()).toBe(true);
      problems.push(...(await audit(page, 'checkout-qr')));

      await page.getByLabel('Billetera (código por SMS)').check();
      await page.locator('#phone').fill('3001234567');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await poll(() => page.locator('#otp').isVisible()).toBe(true);
      await page.locator('#otp').fill('000000');
      await page.getByRole('button', { name: 'Confirmar' }).click();
      await poll(() => page.locator('#otp-error').innerText()).not.toBe('');
      problems.push(...(await audit(page, 'checkout-otp-wrong')));

      const custom = await createLink({ amount: { type: 'custom', currency: 'USD', min_amount: 5, max_amount: 50 }, description: 'Donation' });
      const en = await open(size, 'en');
      await en.goto(custom.url);
      await en.getByLabel('Amount to pay').pressSequentially('60');
      await poll(() => en.locator('#custom-amount-error').innerText()).not.toBe('');
      problems.push(...(await audit(en, 'checkout-custom-amount-en')));

      const qr = await gw.request<{ payment_id: string }>('POST', `${new URL(link.url).pathname}/intent`, { body: { rail_id: 'QR_INTEROP' } });
      const back = await open(size);
      await back.goto(`${link.url}?payment_id=${qr.body.payment_id}`);
      problems.push(...(await audit(back, 'checkout-returning')));

      const single = await createLink({ amount: { value: 150, currency: 'USD' }, description: 'Camiseta' });
      const paid = await open(size);
      await paid.goto(single.url);
      await typeCard(paid);
      await poll(() => paid.getByRole('button', { name: 'Pagar', exact: true }).isEnabled()).toBe(true);
      await paid.getByRole('button', { name: 'Pagar', exact: true }).click();
      await poll(() => paid.getByRole('heading', { level: 1 }).innerText()).toBe('Pago aprobado');
      problems.push(...(await audit(paid, 'checkout-approved')));
      expect((await paid.goto(single.url))?.status()).toBe(410);
      problems.push(...(await audit(paid, 'checkout-already-paid')));

      expect((await paid.goto(`${new URL(link.url).origin}/l/${'x'.repeat(24)}`))?.status()).toBe(404);
      problems.push(...(await audit(paid, 'checkout-not-found')));
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('the enrollment form, open and used', async () => {
    const problems: string[] = [];
    for (const size of VIEWPORTS) {
      const created = await gw.request<{ url: string }>('POST', '/v1/instruments/enrollments', {
        token,
        body: {
          type: 'card_enrollment',
          expires_in: 3600,
          data: { webhook: `${thanks.origin}/card-saved`, api_key: 'merchant-key-0123456789' },
          metadata: { styleConfig: { colors: { primary: '#0a7d4f' } } },
        },
      });
      const page = await open(size);
      await page.goto(created.body.url);
      problems.push(...(await audit(page, 'enrollment')));
      await page.getByLabel('Número de la tarjeta').pressSequentially('4242');
      await page.getByLabel('Nombre en la tarjeta').focus();
      problems.push(...(await audit(page, 'enrollment-errors')));
      await page.getByLabel('Número de la tarjeta').fill('');
      await typeCard(page);
      await page.getByRole('button', { name: 'Guardar tarjeta' }).click();
      await poll(() => page.locator('#status').innerText()).toBe('Tarjeta guardada.');
      problems.push(...(await audit(page, 'enrollment-saved')));
      expect((await page.reload())?.status()).toBe(410);
      problems.push(...(await audit(page, 'enrollment-used')));
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('the sandbox bank and QR pages', async () => {
    const problems: string[] = [];
    for (const size of VIEWPORTS) {
      const link = await createLink({ amount: { value: 25050, currency: 'COP' }, description: 'Mercado' });
      const path = new URL(link.url).pathname;
      const bank = await gw.request<{ rail: { payment_link: string } }>('POST', `${path}/intent`, {
        body: {
          rail_id: 'BANK_REDIRECT',
          customer: { bank_id: '1007', document_type: 'CC', document: '1020304050', first_name: 'Ana', last_name: 'Gómez', email: 'ana@example.com' },
        },
      });
      expect(bank.status, JSON.stringify(bank.body)).toBe(200);
      const page = await open(size);
      await page.goto(bank.body.rail.payment_link);
      problems.push(...(await audit(page, 'bank')));
      await page.getByRole('button', { name: 'Aprobar pago' }).click();
      await poll(() => page.getByRole('alert').count()).toBe(1);
      problems.push(...(await audit(page, 'bank-error')));
      await page.getByRole('button', { name: 'Rechazar' }).click();
      await page.waitForURL((url) => url.pathname === path);
      await page.goto(bank.body.rail.payment_link);
      problems.push(...(await audit(page, 'bank-finished')));

      const other = await createLink({ amount: { value: 25050, currency: 'COP' } });
      const qr = await gw.request<{ rail: { payment_link: string } }>('POST', `${new URL(other.url).pathname}/intent`, { body: { rail_id: 'QR_INTEROP' } });
      await page.goto(qr.body.rail.payment_link);
      problems.push(...(await audit(page, 'bank-qr')));
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
