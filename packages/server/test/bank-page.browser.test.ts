/**
 * The hosted sandbox bank of the bank-redirect rail, in a real browser: the
 * system's headless Chromium (support/browser.ts) opens rail.payment_link,
 * the customer fills the form with the keyboard or the mouse, and the browser
 * follows the 303 back to a real local merchant page at return_url.
 *
 * BANK_PAGE_SCREENSHOT=/tmp/bank-page.png also saves a screenshot of the page.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchChromium } from './support/browser.js';
import { dialects, renderingIt } from './support/dialects.js';
import { AUDIENCE, startGateway, type TestClient, type TestGateway } from './support/gateway.js';
import { advanceClock } from './support/clock.js';

interface Intent {
  payment_id: string;
  order_id: string;
  transaction: { status: string; status_detail: string; amount: number };
  rail: { id: string; payment_link?: string };
}

/** The merchant's return_url: a real page that records each visit's query string. */
class MerchantSite {
  readonly visits: URLSearchParams[] = [];
  private server: Server | undefined;
  origin = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      this.visits.push(new URL(request.url ?? '/', 'http://merchant.invalid').searchParams);
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><html lang="en"><head><title>Tienda</title></head><body><h1>Thanks</h1><p>Your order is being confirmed.</p></body></html>');
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  /** return_url carries the merchant's own query, which the bank must keep. */
  returnUrl(order: string): string {
    return `${this.origin}/checkout/return?order=${encodeURIComponent(order)}`;
  }

  visitsFor(paymentId: string): URLSearchParams[] {
    return this.visits.filter((q) => q.get('payment_id') === paymentId);
  }

  close(): Promise<void> {
    if (!this.server) return Promise.resolve();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server!.close(() => resolve()));
  }
}

/** How long the sandbox bank takes to settle an approved payment (RAIL_MOCK_DELAY_SECONDS). */
const SETTLE_SECONDS = 120;

describeInBrowser.each(dialects)('the sandbox bank page in a browser on $name', (dialect) => {
  /** Layout and wording: on the first dialect only (support/dialects.ts renderingIt). */
  const itRendering = renderingIt(dialect);
  let gw: TestGateway;
  let merchant: MerchantSite;
  let browser: Browser;
  let client: TestClient;
  let token: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // The bank settles two minutes after the approval, on the organization's sandbox clock: the
    // test sees PENDING_PROVIDER, then moves that clock (a busy machine's wall clock never gets there).
    gw = await startGateway(dialect, { RAIL_MOCK_DELAY_SECONDS: String(SETTLE_SECONDS) });
    merchant = await new MerchantSite().start();
    browser = await launchChromium();
    client = await gw.client();
    token = await client.token();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await merchant?.close();
    await gw?.close();
  });

  /** A browser page whose requests say Accept-Language `lang`. */
  async function open(lang: 'es' | 'en'): Promise<Page> {
    const context = await browser.newContext({
      locale: lang === 'es' ? 'es-CO' : 'en-US',
      extraHTTPHeaders: { 'Accept-Language': lang === 'es' ? 'es-CO,es;q=0.9' : 'en' },
    });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    return page;
  }

  /** An intent at a bank without sandbox test behaviour; 15050 does not end in 00, so no rail mock. */
  async function intent(amount = 15050): Promise<Intent> {
    const orderId = `order-${randomUUID()}`;
    const reply = await gw.request<Intent>('POST', '/v1/payments/intents', {
      token,
      body: {
        order_id: orderId,
        amount,
        currency: 'COP',
        rail_id: 'BANK_REDIRECT',
        rail_type: 'BANK_TRANSFER',
        description: 'Pedido de prueba',
        return_url: merchant.returnUrl(orderId),
        customer: { bank_id: '1007', document_type: 'CC', document: '1020304050', first_name: 'Ana', last_name: 'Gómez', email: 'ana.gomez@example.com' },
      },
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.transaction).toMatchObject({ status: 'IN_PROGRESS', status_detail: 'PENDING' });
    return reply.body;
  }

  /**
   * rail.payment_link is on PUBLIC_BASE_URL (the tokens' audience, not a host
   * the browser can reach here): the same path on the listening address.
   */
  function link(payment: Intent): string {
    const url = new URL(payment.rail.payment_link!);
    expect(`${url.origin}${url.pathname}`).toMatch(new RegExp(`^${AUDIENCE.replace(/\./g, '\\.')}/sandbox-bank/[A-Za-z0-9_-]{20,}$`));
    return gw.baseUrl + url.pathname;
  }

  const transaction = async (id: string) => (await gw.request<Intent>('GET', `/v1/payments/${id}`, { token })).body.transaction;

  const events = (id: string) =>
    gw.db
      .selectFrom('events')
      .select(['type', 'data'])
      .where('organization_id', '=', client.organizationId)
      .where('data', 'like', `%${id}%`)
      .orderBy('id')
      .execute();

  const onMerchant = (url: URL) => url.origin === merchant.origin;

  itRendering('shows the bank, the amount and labelled fields, in Spanish and in English', async () => {
    const payment = await intent();
    const es = await open('es');
    const response = await es.goto(link(payment));
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-language']).toBe('es');
    expect(await es.locator('html').getAttribute('lang')).toBe('es');
    expect(await es.title()).toBe('Banco de pruebas');
    expect(await es.getByRole('heading', { level: 1 }).innerText()).toBe('Bancolombia');
    const details = await es.locator('dl').innerText();
    expect(details).toContain('COP 15.050');
    expect(details).toContain(payment.order_id);
    const user = es.getByLabel('Usuario', { exact: true });
    const password = es.getByLabel('Clave', { exact: true });
    expect(await user.isEditable()).toBe(true);
    expect(await user.getAttribute('autocomplete')).toBe('username');
    expect(await password.isEditable()).toBe(true);
    expect(await password.getAttribute('type')).toBe('password');
    expect(await es.getByRole('button', { name: 'Aprobar pago' }).isEnabled()).toBe(true);
    expect(await es.getByRole('button', { name: 'Rechazar' }).isEnabled()).toBe(true);
    expect(await es.getByRole('alert').count()).toBe(0);
    expect(await es.locator('main').innerText()).toContain('Entorno de pruebas: no se mueve dinero real.');
    if (process.env.BANK_PAGE_SCREENSHOT) await es.screenshot({ path: process.env.BANK_PAGE_SCREENSHOT, fullPage: true });

    const en = await open('en');
    expect((await en.goto(link(payment)))?.status()).toBe(200);
    expect(await en.locator('html').getAttribute('lang')).toBe('en');
    expect(await en.getByRole('heading', { level: 1 }).innerText()).toBe('Bancolombia');
    expect(await en.locator('main').innerText()).toContain('Authorize the payment at your bank');
    expect(await en.locator('dl').innerText()).toContain('COP 15,050');
    expect(await en.getByLabel('Username', { exact: true }).isEditable()).toBe(true);
    expect(await en.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
    expect(await en.getByRole('button', { name: 'Approve payment' }).isEnabled()).toBe(true);
    expect(await en.getByRole('button', { name: 'Reject' }).isEnabled()).toBe(true);

    // Looking at the page decides nothing.
    expect(await transaction(payment.payment_id)).toMatchObject({ status: 'IN_PROGRESS', status_detail: 'PENDING' });
  });

  itRendering('an empty submission shows an error beside the form and stays at the bank', async () => {
    const payment = await intent();
    const page = await open('es');
    const url = link(payment);
    await page.goto(url);
    const posted = page.waitForResponse((r) => r.url() === url && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Aprobar pago' }).click();
    expect((await posted).status()).toBe(422);
    await page.waitForLoadState();

    expect(page.url()).toBe(url);
    const alert = page.locator('form').getByRole('alert');
    expect(await alert.count()).toBe(1);
    expect(await alert.innerText()).toBe('Ingrese usuario y clave.');
    const user = page.getByLabel('Usuario', { exact: true });
    expect(await user.getAttribute('aria-describedby')).toBe(await alert.getAttribute('id'));
    expect(await page.getByLabel('Clave', { exact: true }).isEditable()).toBe(true);
    expect(merchant.visitsFor(payment.payment_id)).toHaveLength(0);
    expect(await transaction(payment.payment_id)).toMatchObject({ status: 'IN_PROGRESS', status_detail: 'PENDING' });
    expect((await events(payment.payment_id)).map((e) => e.type)).toEqual(['payment.purchase.pending']);
  });

  it('approving with the keyboard returns to the merchant; the bank settles after the delay', async () => {
    const payment = await intent();
    const page = await open('es');
    await page.goto(link(payment));
    await page.getByLabel('Usuario', { exact: true }).fill('ana.gomez');
    await page.getByLabel('Clave', { exact: true }).fill('s3creta');
    await page.getByRole('button', { name: 'Aprobar pago' }).focus();
    await Promise.all([page.waitForURL(onMerchant), page.keyboard.press('Enter')]);

    const landed = new URL(page.url());
    expect(landed.pathname).toBe('/checkout/return');
    expect(landed.searchParams.get('payment_id')).toBe(payment.payment_id);
    expect(landed.searchParams.get('order')).toBe(payment.order_id);
    expect(await page.getByRole('heading', { name: 'Thanks' }).count()).toBe(1);
    expect(merchant.visitsFor(payment.payment_id)).toHaveLength(1);

    // The customer approved; the bank is processing until RAIL_MOCK_DELAY_SECONDS have passed.
    expect(await transaction(payment.payment_id)).toMatchObject({ status: 'IN_PROGRESS', status_detail: 'PENDING_PROVIDER' });
    await advanceClock(gw, token, SETTLE_SECONDS - 1);
    expect(await transaction(payment.payment_id)).toMatchObject({ status: 'IN_PROGRESS', status_detail: 'PENDING_PROVIDER' });
    // The advance answers once the jobs that fell due have run: a duplicate event would be there.
    await advanceClock(gw, token, 1);
    expect(await transaction(payment.payment_id)).toMatchObject({ status: 'APPROVED', status_detail: 'SUCCESS', amount: 15050 });
    const recorded = await events(payment.payment_id);
    expect(recorded.map((e) => e.type)).toEqual(['payment.purchase.pending', 'payment.purchase.succeeded']);
    expect(JSON.parse(recorded[1]!.data)).toMatchObject({
      payment: {
        id: payment.payment_id,
        currency: 'COP',
        current_amount: 15050,
        rail_id: 'BANK_REDIRECT',
        transaction: { status: 'APPROVED', status_detail: 'SUCCESS' },
      },
    });
  });

  it('rejecting returns to the merchant with the payment declined', async () => {
    const payment = await intent();
    const page = await open('es');
    await page.goto(link(payment));
    await Promise.all([page.waitForURL(onMerchant), page.getByRole('button', { name: 'Rechazar' }).click()]);

    expect(new URL(page.url()).searchParams.get('payment_id')).toBe(payment.payment_id);
    expect(await transaction(payment.payment_id)).toMatchObject({ status: 'DECLINED', status_detail: 'REJECTED' });
    expect((await events(payment.payment_id)).map((e) => e.type)).toEqual(['payment.purchase.pending', 'payment.purchase.rejected']);
  });

  it("a finished payment's link shows it is no longer pending, with a way back to the merchant", async () => {
    const payment = await intent();
    const page = await open('es');
    const url = link(payment);
    await page.goto(url);
    await Promise.all([page.waitForURL(onMerchant), page.getByRole('button', { name: 'Rechazar' }).click()]);

    expect((await page.goto(url))?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Bancolombia');
    // The state in the page's words, never the API's name.
    expect(await page.getByRole('status').innerText()).toBe('Este pago ya no está pendiente: fue rechazado.');
    expect(await page.locator('main').innerText()).not.toMatch(/DECLINED|REJECTED|APPROVED/);
    const en = await open('en');
    expect((await en.goto(url))?.status()).toBe(200);
    expect(await en.getByRole('status').innerText()).toBe('This payment is no longer pending: it was declined.');
    expect(await page.locator('form').count()).toBe(0);
    expect(await page.locator('input[type="password"]').count()).toBe(0);
    expect(await page.getByRole('button').count()).toBe(0);

    const back = page.getByRole('link', { name: 'Volver al comercio' });
    const href = new URL((await back.getAttribute('href'))!);
    expect(href.origin).toBe(merchant.origin);
    expect(href.searchParams.get('payment_id')).toBe(payment.payment_id);
    expect(href.searchParams.get('order')).toBe(payment.order_id);
    await Promise.all([page.waitForURL(onMerchant), back.click()]);
    expect(merchant.visitsFor(payment.payment_id)).toHaveLength(2);

    // Still DECLINED, no further event; an unknown page token is a plain 404.
    expect(await transaction(payment.payment_id)).toMatchObject({ status: 'DECLINED', status_detail: 'REJECTED' });
    expect((await events(payment.payment_id)).map((e) => e.type)).toEqual(['payment.purchase.pending', 'payment.purchase.rejected']);
    expect((await page.goto(`${gw.baseUrl}/sandbox-bank/${'x'.repeat(24)}`))?.status()).toBe(404);
  });
});
