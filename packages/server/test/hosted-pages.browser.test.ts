/**
 * The hosted pages in a real headless Chromium: the payment-link checkout
 * (/l/{token}) paid by card and on the QR rail, its closed pages (paid,
 * expired), and the card-enrollment form (/e/{token}) inside a merchant's
 * iframe, against the real gateway over SQLite. The card fields are the SDK's
 * own form (/fields/v1/card-form.js), found by their labels as a customer
 * (or a screen reader) finds them.
 *
 * Link URLs are on PUBLIC_BASE_URL (https://pasarela.test, also the tokens'
 * audience). The browser context maps that origin onto the test gateway, so
 * the tests open link.url itself, on an https origin as in production.
 *
 * The pages never hand the browser an API token (not even a checkout
 * session's): their scripts call only the link's own public endpoints
 * (/l/{token}/..., /e/{token}/save), which the gateway performs itself. Every
 * test checks that no browser request carried an Authorization header.
 *
 * With SCREENSHOTS=1, screenshots go to test-results/screenshots/ (HOSTED_SCREENS=dir elsewhere).
 * Any console error or uncaught exception in a page or one of its frames
 * fails the test.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, documentWidth, keepScreenshot, launchChromium, screenshotFolder, watchedPage } from './support/browser.js';
import { dialects } from './support/dialects.js';
import { AUDIENCE, startGateway, type TestGateway } from './support/gateway.js';
import { encrypt, encryptedCard, importPublicKey } from './support/cards.js';
import { Receiver } from './support/receiver.js';
import { eventually } from './support/wait.js';
import { advanceClock } from './support/clock.js';
import { LocalSite } from './support/hosted.js';

// Under NodeNext the default import is typed as the module object (see qr.test.ts).
type JsQR = typeof jsQRModule.default;
const jsQR: JsQR = (jsQRModule as unknown as { default?: JsQR }).default ?? (jsQRModule as unknown as JsQR);

/** Screenshots of the pages, for people to look at (gitignored; README names the folder). */
const SCREENS = screenshotFolder('HOSTED_SCREENS');
const FIELDS_DIR = fileURLToPath(new URL('../../fields/', import.meta.url));
const PUBLIC_ORIGIN = new URL(AUDIENCE).origin;
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** The Spanish texts the pages show (src/links/page-text.ts, packages/fields/src/hosted/, fields i18n). */
const ES = {
  number: 'Número de la tarjeta',
  expiry: 'Vencimiento (MM/AA)',
  cvv: 'Código de seguridad',
  holder: 'Nombre en la tarjeta',
  pay: 'Pagar',
  approvedTitle: 'Pago aprobado',
  declinedTitle: 'Pago rechazado',
  declined: 'El banco que emitió su tarjeta no aprobó el pago.',
  tryAgain: 'No se le cobró nada. Puede intentar de nuevo con otra tarjeta u otro medio de pago.',
  cardBlocked: 'Los pagos con tarjeta no están disponibles por un tiempo. Intente más tarde o use otro medio de pago.',
  paid: 'Este enlace ya fue pagado.',
  expired: 'Este enlace de pago expiró.',
  enrolled: 'Este formulario ya se usó: la tarjeta quedó guardada.',
  saved: 'Tarjeta guardada.',
};

interface LinkView {
  id: string;
  url: string;
  type: string;
  status: string;
  uses: number;
  max_uses: number;
  payment_id?: string;
  instrument_id?: string;
  payments: Array<{ payment_id: string; status: string }>;
}

/** The page's globals as the evaluate() callbacks below use them (the server's tsconfig has no DOM lib). */
interface PageWindow {
  document: {
    activeElement: { id: string; getAttribute(name: string): string | null } | null;
    documentElement: { lang: string };
  };
  messages: Array<{ origin: string; data: Record<string, unknown> }>;
  getComputedStyle(element: unknown): { backgroundColor: string };
}

// The first configured dialect (SQLite unless TEST_DIALECTS narrows it).
const sqlite = dialects[0]!;

describeInBrowser('hosted checkout and enrollment form in a browser', () => {
  let gw: TestGateway;
  let token: string;
  let browser: Browser;
  let context: BrowserContext;
  let thanks: LocalSite;
  let merchant: LocalSite;
  let receiver: Receiver;
  /** The enrollment form the merchant's page embeds. */
  let enrollmentUrl = '';
  let consoleErrors: string[] = [];
  /** Console lines a test expects (each one accepted once), taken out of consoleErrors after it. */
  let expectedErrors: string[] = [];
  /** Browser requests that carried a Bearer token: there must be none. */
  let bearerRequests: string[] = [];
  const pages: Page[] = [];

  beforeAll(async () => {
    // The gateway reads the bundles once at start: build them if this run has not.
    if (!existsSync(join(FIELDS_DIR, 'dist', 'card-form.js'))) execFileSync(process.execPath, [join(FIELDS_DIR, 'build.mjs')], { stdio: 'ignore' });
    // The rail mock approves an amount ending in 00 after one second.
    gw = await startGateway(sqlite!, { RAIL_MOCK_DELAY_SECONDS: '1' });
    token = await (await gw.client()).token();
    thanks = await new LocalSite(() => ({
      body: '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Gracias</title></head><body><h1>Thanks</h1></body></html>',
    })).start();
    merchant = await new LocalSite(() => ({ body: merchantPage(enrollmentUrl) })).start();
    receiver = await new Receiver().start();
    browser = await launchChromium();
    context = await browser.newContext({ locale: 'es-CO' });
    context.on('request', (request) => {
      if (request.headers().authorization !== undefined) bearerRequests.push(request.url());
    });
    // The public origin of the links is this gateway (the browser's requests, replayed to it as they are).
    await context.route(
      (url) => url.origin === PUBLIC_ORIGIN,
      async (route) => {
        const url = new URL(route.request().url());
        try {
          const response = await route.fetch({ url: gw.baseUrl + url.pathname + url.search, maxRedirects: 0 });
          await route.fulfill({ response });
        } catch {
          await route.abort().catch(() => undefined); // the page went away meanwhile
        }
      },
    );
  });
  afterEach(async () => {
    for (const page of pages.splice(0)) await page.close();
    const errors = consoleErrors.filter((line) => {
      const index = expectedErrors.indexOf(line);
      if (index === -1) return true;
      expectedErrors.splice(index, 1);
      return false;
    });
    consoleErrors = [];
    expectedErrors = [];
    expect(errors, 'console errors in the page or its frames').toEqual([]);
    const withToken = bearerRequests;
    bearerRequests = [];
    expect(withToken, 'browser requests with an Authorization header').toEqual([]);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await thanks?.close();
    await merchant?.close();
    await receiver?.close();
    await gw?.close();
  });

  function merchantPage(src: string): string {
    return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Tienda: mi cuenta</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:16px;background:#eef1f6;color:#1d2433}
iframe{display:block;width:100%;max-width:560px;height:620px;margin:0 auto;border:0}</style></head>
<body><h1>Mi cuenta</h1><p>Guarde una tarjeta para sus próximas compras.</p>
<iframe src="${src}" title="Guardar tarjeta"></iframe>
<script>window.messages = []; window.addEventListener('message', (e) => window.messages.push({ origin: e.origin, data: e.data }));</script>
</body></html>`;
  }

  async function openPage(viewport = DESKTOP): Promise<Page> {
    const page = await watchedPage(context, consoleErrors, viewport);
    pages.push(page);
    return page;
  }

  /**
   * A closed link answers 410 with its page, and Chromium puts that document's
   * status on the console: the one console error these tests accept.
   */
  const expectGoneLine = (url: string) => expectedErrors.push(`${url}: Failed to load resource: the server responded with a status of 410 (Gone)`);

  async function createLink(body: Record<string, unknown>): Promise<LinkView> {
    const reply = await gw.request<LinkView>('POST', '/v1/links', { token, body: { type: 'payment', ...body } });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.url.startsWith(`${PUBLIC_ORIGIN}/l/`)).toBe(true);
    return reply.body;
  }
  const getLink = async (id: string) => (await gw.request<LinkView>('GET', `/v1/links/${id}`, { token })).body;
  const getPayment = async (id: string) => (await gw.request<Record<string, unknown> & { status: string }>('GET', `/v1/payments/${id}`, { token })).body;

  async function typeCard(scope: Page | FrameLocator, card: { number?: string; holder?: string; cvv?: string } = {}): Promise<void> {
    await scope.getByLabel(ES.number).pressSequentially(card.number ?? '4242 4242 4242 4242');
    await scope.getByLabel(ES.expiry).pressSequentially('12/2030');
    await scope.getByLabel(ES.holder).pressSequentially(card.holder ?? 'Ana María Gómez');
    await scope.getByLabel(ES.cvv).pressSequentially(card.cvv ?? '123');
  }

  const payButton = (page: Page) => page.getByRole('button', { name: ES.pay, exact: true });
  const statusText = (page: Page) => page.locator('#status').innerText();
  const heading = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();
  const focusedId = (page: Page) => page.evaluate(() => (globalThis as unknown as PageWindow).document.activeElement?.id ?? '');

  it('a fixed-amount link paid by card: Pay waits for a valid card, then the shopper lands on redirect_url', async () => {
    const link = await createLink({
      data: { amount: { value: 150, currency: 'USD' }, description: 'Camiseta Pasarela', redirect_url: `${thanks.origin}/gracias?order=42` },
    });
    expect(link.status).toBe('created');
    const page = await openPage();
    const response = await page.goto(link.url);
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(link.url);
    expect(await page.evaluate(() => (globalThis as unknown as PageWindow).document.documentElement.lang)).toBe('es');
    expect(await page.title()).toBe('Pago');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Camiseta Pasarela');
    expect(await page.locator('#amount').innerText()).toBe('USD 150,00');
    expect((await getLink(link.id)).status).toBe('opened');

    const pay = payButton(page);
    expect(await pay.isDisabled()).toBe(true);
    await page.getByLabel(ES.number).pressSequentially('4242 4242 4242 4242');
    expect(await page.getByLabel(ES.number).inputValue()).toBe('4242 4242 4242 4242');
    await page.getByLabel(ES.expiry).pressSequentially('12');
    await page.getByLabel(ES.expiry).pressSequentially('2030');
    expect(await page.getByLabel(ES.expiry).inputValue()).toBe('12/2030');
    await page.getByLabel(ES.holder).pressSequentially('Ana María Gómez');
    expect(await pay.isDisabled()).toBe(true);
    await page.getByLabel(ES.cvv).pressSequentially('12');
    expect(await pay.isDisabled()).toBe(true);
    await page.getByLabel(ES.cvv).pressSequentially('3');
    await expect.poll(() => pay.isEnabled()).toBe(true);
    // Breaking a field disables it again; fixing it enables it.
    await page.getByLabel(ES.cvv).press('Backspace');
    await expect.poll(() => pay.isDisabled()).toBe(true);
    await page.getByLabel(ES.cvv).pressSequentially('3');
    await expect.poll(() => pay.isEnabled()).toBe(true);

    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(new URL(r.url()).pathname));
    await pay.click();
    await page.waitForURL((url) => url.origin === thanks.origin);
    const landed = new URL(page.url());
    expect(landed.pathname).toBe('/gracias');
    expect(landed.searchParams.get('order')).toBe('42');
    const paymentId = landed.searchParams.get('payment_id')!;
    expect(paymentId).toMatch(/^pay-/);
    expect(await page.locator('h1').innerText()).toBe('Thanks');
    expect(thanks.hits.map((h) => h.url)).toEqual([`/gracias?order=42&payment_id=${paymentId}`]);
    // The card went to the gateway encrypted, in one call from the checkout.
    expect(posts).toEqual([`${new URL(link.url).pathname}/card`]);

    expect(await getLink(link.id)).toMatchObject({ status: 'used', payment_id: paymentId, uses: 1 });
    expect(await getPayment(paymentId)).toMatchObject({ status: 'APPROVED', amount: '150.00', currency: 'USD' });
  });

  it('a declined card has its own page: why, and a way to try again; the link stays payable', async () => {
    const link = await createLink({ data: { amount: { value: 150, currency: 'USD' }, description: 'Camiseta Pasarela' } });
    const page = await openPage();
    await page.goto(link.url);
    await typeCard(page, { number: '4000 0000 0000 0002' });
    const pay = payButton(page);
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    // The decline's page: what happened, in the shopper's words, and what to do now.
    await expect.poll(() => heading(page)).toBe(ES.declinedTitle);
    expect(await page.locator('#outcome-reason').innerText()).toBe(ES.declined);
    expect(await page.locator('#outcome-next').innerText()).toBe(ES.tryAgain);
    expect(await page.locator('#card-form').count()).toBe(0);
    const declined = await getLink(link.id);
    expect(new URL(page.url()).searchParams.get('payment_id')).toBe(declined.payments[0]!.payment_id);
    expect(declined).toMatchObject({ status: 'opened', uses: 0 });
    expect(declined.payment_id).toBeUndefined();
    expect(declined.payments).toEqual([{ payment_id: expect.stringMatching(/^pay-/), status: 'released' }]);
    expect((await getPayment(declined.payments[0]!.payment_id)).status).toBe('REJECTED');

    // The shopper tries another card.
    await page.getByRole('link', { name: 'Intentar de nuevo' }).click();
    await typeCard(page);
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    await expect.poll(() => heading(page)).toBe(ES.approvedTitle);
    expect(await getLink(link.id)).toMatchObject({ status: 'used', uses: 1 });
  });

  it('past the decline cap of a link the card tab says card payments are unavailable for a while, before and after Pay', async () => {
    const link = await createLink({ multi_use: true, max_uses: 10, data: { amount: { value: 150, currency: 'USD' }, description: 'Camiseta Pasarela' } });
    // Five declines, as a card tester's script would send them (the page's own call).
    const path = new URL(link.url).pathname;
    const config = /id="checkout-config">(.*?)<\/script>/s.exec((await gw.request('GET', path)).text)![1]!;
    const key = await importPublicKey((JSON.parse(config) as { publicKey: string }).publicKey);
    for (const number of ['4000000000000002', '4000000000009995', '4000000000000069', '4000000000000119', '4100000000000019']) {
      const { type: _type, ...encrypted } = await encryptedCard(key, { number });
      const reply = await gw.request<{ status: string }>('POST', `${path}/card`, { body: { ...encrypted, cvv_for_payment: await encrypt(key, '123') } });
      expect(reply.body.status).toBe('REJECTED');
    }
    const page = await openPage();
    await page.goto(link.url);
    const cardError = page.locator('#card-error');
    expect(await cardError.innerText()).toBe(ES.cardBlocked);
    await typeCard(page);
    const pay = payButton(page);
    await expect.poll(() => pay.isEnabled()).toBe(true);
    expectedErrors.push(`${link.url}/card: Failed to load resource: the server responded with a status of 429 (Too Many Requests)`);
    await pay.click();
    await expect.poll(() => page.locator('#status').innerText()).toBe('');
    await expect.poll(() => cardError.innerText()).toBe(ES.cardBlocked);
    expect(await getLink(link.id)).toMatchObject({ status: 'opened', uses: 0 });
    expect((await getLink(link.id)).payments).toHaveLength(5);
  });

  it('a custom-amount link: an amount out of bounds is flagged next to the field and keeps Pay disabled', async () => {
    const link = await createLink({ data: { amount: { type: 'custom', currency: 'USD', min_amount: 5, max_amount: 50 }, description: 'Donación' } });
    const page = await openPage();
    await page.goto(link.url);
    const amount = page.getByLabel('Valor a pagar');
    expect(await page.locator('label[for="custom-amount"]').innerText()).toBe('Valor a pagar (USD)');
    expect(await page.locator('#custom-amount-hint').innerText()).toBe('Entre USD 5,00 y USD 50,00');
    await typeCard(page);
    const pay = payButton(page);
    // A valid card is not enough without an amount.
    expect(await pay.isDisabled()).toBe(true);

    await amount.pressSequentially('60');
    expect((await amount.getAttribute('aria-describedby'))!.split(' ')).toContain('custom-amount-error');
    const error = page.locator('#custom-amount-error');
    await expect.poll(() => error.innerText()).toBe('El valor debe estar entre USD 5,00 y USD 50,00.');
    expect(await error.isVisible()).toBe(true);
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect(await pay.isDisabled()).toBe(true);
    // The message sits right under the amount field, before the card form.
    const [amountBox, errorBox, formBox] = await Promise.all([amount.boundingBox(), error.boundingBox(), page.locator('#card-form').boundingBox()]);
    expect(errorBox!.y).toBeGreaterThanOrEqual(amountBox!.y + amountBox!.height - 1);
    expect(errorBox!.y).toBeLessThan(formBox!.y);

    // More decimals than the currency has is refused on the page too.
    await amount.fill('');
    await amount.pressSequentially('20.555');
    await expect.poll(() => error.innerText()).not.toBe('');
    expect(await pay.isDisabled()).toBe(true);

    await amount.fill('');
    await amount.pressSequentially('20');
    await expect.poll(() => error.innerText()).toBe('');
    expect(await amount.getAttribute('aria-invalid')).toBe('false');
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    // Paid, and no redirect_url: the receipt, and no second payment.
    await expect.poll(() => heading(page)).toBe(ES.approvedTitle);
    expect(await page.locator('#receipt').isVisible()).toBe(true);
    expect(await page.locator('#card-form, #pay').count()).toBe(0);
    const paid = await getLink(link.id);
    expect(paid).toMatchObject({ status: 'used', uses: 1 });
    expect(await getPayment(paid.payment_id!)).toMatchObject({ status: 'APPROVED', amount: '20.00' });
  });

  it('a multi-use link with max_uses 2 takes two payments, then shows the "already paid" page', async () => {
    const link = await createLink({ multi_use: true, max_uses: 2, data: { amount: { value: 10, currency: 'USD' }, description: 'Entrada' } });
    const page = await openPage();
    for (const [n, holder] of [
      [1, 'Ana María Gómez'],
      [2, 'Luis Pérez'],
    ] as const) {
      expect((await page.goto(link.url))?.status()).toBe(200);
      await typeCard(page, { holder });
      await expect.poll(() => payButton(page).isEnabled()).toBe(true);
      await payButton(page).click();
      await expect.poll(() => heading(page)).toBe(ES.approvedTitle);
      expect(await getLink(link.id)).toMatchObject({ status: n === 1 ? 'opened' : 'used', uses: n });
    }
    const used = await getLink(link.id);
    expect(used.payments.map((p) => p.status)).toEqual(['paid', 'paid']);
    expect(used.payment_id).toBe(used.payments[1]!.payment_id);

    expectGoneLine(link.url);
    expect((await page.goto(link.url))?.status()).toBe(410);
    expect(await heading(page)).toBe('Enlace ya pagado');
    expect(await page.locator('#outcome-lead').innerText()).toBe(ES.paid);
    expect(await page.locator('#card-form, input, button').count()).toBe(0);
  });

  it('an expired link shows the expired page, with no form', async () => {
    const link = await createLink({ expires_in: 60, data: { amount: { value: 10, currency: 'USD' } } });
    await advanceClock(gw, token, 61);
    const page = await openPage();
    expectGoneLine(link.url);
    expect((await page.goto(link.url))?.status()).toBe(410);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Enlace vencido');
    expect(await page.locator('#outcome-lead').innerText()).toBe(ES.expired);
    expect(await page.locator('#card-form, input, button').count()).toBe(0);
    expect((await getLink(link.id)).status).toBe('expired');
  });

  it('a COP link: "Otros medios" is reachable by keyboard; the QR rail shows a QR and alias, then redirects when paid', async () => {
    const link = await createLink({
      data: { amount: { value: 25000, currency: 'COP' }, description: 'Mercado semanal', redirect_url: `${thanks.origin}/gracias` },
    });
    const page = await openPage(PHONE);
    await page.goto(link.url);
    expect(await page.locator('#amount').innerText()).toBe('COP 25.000');
    const cardTab = page.getByRole('tab', { name: 'Tarjeta' });
    const railsTab = page.getByRole('tab', { name: 'Otros medios' });
    expect(await cardTab.getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('#panel-rails').isVisible()).toBe(false);

    // Tab reaches the tab list; the arrow keys move between its tabs (one tab stop).
    await page.keyboard.press('Tab');
    expect(await focusedId(page)).toBe('tab-card');
    await page.keyboard.press('ArrowRight');
    expect(await focusedId(page)).toBe('tab-rails');
    expect(await railsTab.getAttribute('aria-selected')).toBe('true');
    expect(await cardTab.getAttribute('aria-selected')).toBe('false');
    expect(await page.locator('#panel-rails').isVisible()).toBe(true);
    expect(await page.locator('#panel-card').isVisible()).toBe(false);

    // Into the rail choice, down to QR, on to Continue: all by keyboard.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as unknown as PageWindow).document.activeElement?.getAttribute('value'))).toBe('BANK_REDIRECT');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel('Código QR').isChecked()).toBe(true);
    expect(await page.getByLabel('Banco', { exact: true }).isVisible()).toBe(false);
    await page.keyboard.press('Tab');
    expect(await focusedId(page)).toBe('rail-pay');
    await page.keyboard.press('Enter');

    const image = page.locator('#qr-image');
    await expect.poll(() => image.isVisible()).toBe(true);
    expect(await image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    const alias = await page.locator('#qr-alias').innerText();
    expect(alias.trim()).not.toBe('');
    expect(await statusText(page)).toBe('Esperando el pago…');
    expect(await page.locator('#rail-error').innerText()).toBe('');
    // The image is a real QR of an EMV payload in COP (currency 170) for this amount.
    const src = (await image.getAttribute('src'))!;
    expect(src).toMatch(/^data:image\/png;base64,/);
    const png = PNG.sync.read(Buffer.from(src.slice(src.indexOf(',') + 1), 'base64'));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? '';
    expect(decoded).toContain('5303170');
    expect(decoded).toContain('25000.00');
    await keepScreenshot(page, SCREENS, 'checkout-phone-es-qr.png');

    // The rail mock approves after a second; the page's poll sees it and redirects.
    await page.waitForURL((url) => url.origin === thanks.origin, { timeout: 15_000 });
    const paymentId = new URL(page.url()).searchParams.get('payment_id')!;
    expect(paymentId).toBeTruthy();
    expect(await getLink(link.id)).toMatchObject({ status: 'used', payment_id: paymentId });
    expect(await getPayment(paymentId)).toMatchObject({ payment_id: paymentId, rail: { id: 'QR_INTEROP', alias }, transaction: { status: 'APPROVED' } });
  });

  it('the enrollment form in a merchant iframe: styled, saves the card, calls the webhook with Api-Key, then is used', async () => {
    const apiKey = 'merchant-key-0123456789';
    const created = await gw.request<{ id: string; url: string; status: string }>('POST', '/v1/instruments/enrollments', {
      token,
      body: {
        type: 'card_enrollment',
        expires_in: 3600,
        data: { webhook: receiver.url, api_key: apiKey, allowed_origins: [merchant.origin] },
        metadata: {
          styleConfig: { text: { headerTitle: 'Guarde su tarjeta en Tienda Sol', buttonText: 'Guardar mi tarjeta' }, colors: { primary: '#7b2cbf' } },
        },
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.url.startsWith(`${PUBLIC_ORIGIN}/e/`)).toBe(true);
    enrollmentUrl = created.body.url;

    // A page on an origin the link does not list cannot frame the form: Chromium refuses it (frame-ancestors).
    const stranger = await new LocalSite(() => ({ body: merchantPage(enrollmentUrl) })).start();
    try {
      const elsewhere = await openPage();
      await elsewhere.goto(`${stranger.origin}/cuenta`);
      await expect.poll(() => elsewhere.frames().map((f) => f.url())).toContain('chrome-error://chromewebdata/');
      expect(elsewhere.frames().some((f) => f.url().startsWith(`${PUBLIC_ORIGIN}/e/`))).toBe(false);
      await elsewhere.close();
    } finally {
      await stranger.close();
    }
    const refusals = consoleErrors.filter((line) => line.includes('frame-ancestors'));
    expect(refusals.length).toBeGreaterThan(0);
    for (let i = consoleErrors.length - 1; i >= 0; i--) if (consoleErrors[i]!.includes('frame-ancestors')) consoleErrors.splice(i, 1);

    const page = await openPage();
    await page.goto(`${merchant.origin}/cuenta`);
    const frame = page.frameLocator('iframe[title="Guardar tarjeta"]');
    expect(await frame.getByRole('heading', { level: 1 }).innerText()).toBe('Guarde su tarjeta en Tienda Sol');
    const save = frame.getByRole('button', { name: 'Guardar mi tarjeta', exact: true });
    expect(await save.isDisabled()).toBe(true);
    expect((await getLink(created.body.id)).status).toBe('opened');
    await typeCard(frame, { number: '5555 5555 5555 4444' });
    await expect.poll(() => save.isEnabled()).toBe(true);
    // The merchant's colour is the button's.
    expect(await save.evaluate((el) => (globalThis as unknown as PageWindow).getComputedStyle(el).backgroundColor)).toBe('rgb(123, 44, 191)');

    await save.click();
    await expect.poll(() => frame.locator('#status').innerText()).toBe(ES.saved);
    expect(await frame.locator('#card-form').isVisible()).toBe(false);
    expect(await save.isVisible()).toBe(false);
    expect(await frame.locator('#card-error').innerText()).toBe('');

    const delivered = await eventually(
      async () => receiver.received.length,
      (n) => n > 0,
    );
    expect(delivered).toBe(1);
    const callback = receiver.received[0]!;
    const body = JSON.parse(callback.body) as { instrument_id: string };
    expect(body).toEqual({ instrument_id: expect.stringMatching(/^ins-/) });
    expect(callback.headers['api-key']).toBe(apiKey);
    expect(callback.headers['content-type']).toMatch(/^application\/json/);
    expect(await getLink(created.body.id)).toMatchObject({ status: 'used', instrument_id: body.instrument_id });
    // The merchant page also hears about it from the frame.
    const heard = await page.evaluate(() => (globalThis as unknown as PageWindow).messages);
    expect(heard.filter((m) => m.data.type === 'pasarela.enrollment')).toEqual([
      { origin: PUBLIC_ORIGIN, data: { type: 'pasarela.enrollment', status: 'ENROLLED', instrument_id: body.instrument_id } },
    ]);
    await keepScreenshot(page, SCREENS, 'enroll-desktop-es-saved.png');

    // Reloading shows the "already used" page, never the form.
    expectGoneLine(created.body.url);
    await page.reload();
    const gone = page.frameLocator('iframe[title="Guardar tarjeta"]');
    await expect.poll(() => gone.getByRole('status').innerText()).toBe(ES.enrolled);
    expect(await gone.getByRole('heading', { level: 1 }).innerText()).toBe('Guarde su tarjeta en Tienda Sol');
    expect(await gone.locator('#card-form, input, button').count()).toBe(0);
    await page.waitForTimeout(200);
    expect(receiver.received).toHaveLength(1);
  });

  it('fits a phone and a desktop: the card form, the other methods and the enrollment form (screenshots with SCREENSHOTS=1)', async () => {
    const link = await createLink({
      data: { amount: { value: 89900, currency: 'COP' }, description: 'Zapatillas de running', cancel_url: `${thanks.origin}/carrito` },
    });
    const enrollment = await gw.request<{ url: string }>('POST', '/v1/instruments/enrollments', {
      token,
      body: {
        type: 'card_enrollment',
        expires_in: 3600,
        data: { webhook: receiver.url, api_key: 'merchant-key-0123456789' },
        metadata: { styleConfig: { colors: { primary: '#0a7d4f' } } },
      },
    });
    expect(enrollment.status).toBe(201);
    const noOverflow = async (page: Page, width: number) => expect(await documentWidth(page)).toBeLessThanOrEqual(width);

    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const page = await openPage(viewport);
      await page.goto(link.url);
      await page.getByLabel(ES.number).pressSequentially('4242424242424242');
      await page.getByLabel(ES.expiry).pressSequentially('1230');
      await page.getByLabel(ES.cvv).focus();
      await noOverflow(page, viewport.width);
      await keepScreenshot(page, SCREENS, `checkout-${name}-es-card.png`);
      // The form fits: number, expiry and CVV visible without sideways scrolling.
      const formBox = (await page.locator('#card-form').boundingBox())!;
      expect(formBox.x).toBeGreaterThanOrEqual(0);
      expect(formBox.x + formBox.width).toBeLessThanOrEqual(viewport.width);

      await page.getByRole('tab', { name: 'Otros medios' }).click();
      await page.getByLabel('Número de documento').focus();
      await noOverflow(page, viewport.width);
      await keepScreenshot(page, SCREENS, `checkout-${name}-es-other-methods.png`);

      const form = await openPage(viewport);
      await form.goto(enrollment.body.url);
      await form.getByLabel(ES.number).pressSequentially('5555555555554444');
      await form.getByLabel(ES.holder).focus();
      await noOverflow(form, viewport.width);
      await keepScreenshot(form, SCREENS, `enroll-${name}-es.png`);
    }
  });
});
