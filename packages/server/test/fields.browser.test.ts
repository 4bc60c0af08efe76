/**
 * The embedded-fields SDK (spec 4.8) in a real headless Chromium: a merchant
 * page on another origin loads /fields/v1/sdk.js, its backend creates a
 * checkout session (POST /v1/checkout/sessions) and hands the page only the
 * session's token, the customer types into the gateway's iframe, and pay /
 * enroll go through the real gateway over SQLite.
 *
 * With SCREENSHOTS=1, screenshots of the fields go to test-results/screenshots/
 * (gitignored; FIELDS_SCREENS=dir elsewhere), beside the hosted pages' and the
 * dashboard's. Any console error in the page or the iframe fails the test.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../src/errors/handler.js';
import { fieldsRoutes } from '../src/fields/routes.js';
import { describeInBrowser, keepScreenshot, launchChromium, screenshotFolder, watchedPage } from './support/browser.js';
import { dialects } from './support/dialects.js';
import { FakeStripe, routeCardsToStripe } from './support/fake-stripe.js';
import { startGateway, type TestClient, type TestGateway } from './support/gateway.js';
import { PUBLIC_ORIGIN, routePublicOrigin, routeRedirectsToPublicOrigin } from './support/hosted.js';

const SCREENS = screenshotFolder('FIELDS_SCREENS');
const FIELDS_DIR = fileURLToPath(new URL('../../fields/', import.meta.url));

type Result = Record<string, unknown> & { status: string; error?: { code: string; message: string; http_status?: number } };
interface FrameElement {
  src: string;
  contentDocument: unknown;
  contentWindow: { document: { body: { innerHTML: string } } } | null;
  addEventListener(type: 'load', listener: () => void): void;
}
/**
 * The merchant page's globals as the evaluate() callbacks below use them
 * (`globalThis` there is the page's window; the server's tsconfig has no DOM lib).
 */
interface CheckoutWindow {
  log: { ready: number; validity: boolean[]; results: Result[]; declines: Result[] };
  start(options: Record<string, unknown>, session?: Record<string, unknown>): Promise<void>;
  fields: { pay(opts?: Record<string, unknown>): Promise<Result>; enroll(opts: Record<string, unknown>): Promise<Result> };
  document: {
    activeElement: unknown;
    body: { appendChild(node: FrameElement): void };
    querySelector(selector: string): FrameElement;
    createElement(tag: 'iframe' | 'div'): FrameElement;
  };
  postMessage(message: unknown, targetOrigin: string): void;
  addEventListener(type: 'message', listener: (event: { data: unknown; source: unknown }) => void): void;
  getComputedStyle(element: unknown): { borderColor: string };
}

/** The merchant: a page on its own origin and a backend that creates checkout sessions with its client credentials. */
class MerchantSite {
  client!: TestClient;
  origin = '';
  /** The session the backend created last (the test's view of the merchant's records). */
  lastSession: { id: string; order_id: string | null; user_id: string | null } | undefined;
  private server: Server | undefined;

  constructor(private readonly gateway: string) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      if (request.method === 'POST' && request.url === '/session') {
        let text = '';
        request.on('data', (chunk: Buffer) => (text += chunk.toString()));
        request.on('end', () =>
          this.session(text ? (JSON.parse(text) as Record<string, unknown>) : {}).then(
            (session) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(session)),
            (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(error.message),
          ),
        );
        return;
      }
      if (request.url === '/favicon.ico') return void response.writeHead(204).end();
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(this.page());
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    // localhost, not 127.0.0.1: another origin (and site) than the gateway's.
    this.origin = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  /**
   * What a merchant backend does per checkout: a checkout session for this
   * cart (its own server-side token never leaves it), and the organization's
   * public key. The page gets the session's token only.
   */
  private async session(overrides: Record<string, unknown>): Promise<{ token: string; publicKey: string }> {
    const serverToken = await this.client.token();
    const auth = { authorization: `Bearer ${serverToken}` };
    const body = { mode: 'payment', amount: 15000, currency: 'COP', allowed_origins: [this.origin], ...overrides };
    if (body.mode === 'enrollment') {
      delete (body as Record<string, unknown>).amount;
      delete (body as Record<string, unknown>).currency;
    }
    const created = await fetch(`${this.gateway}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const session = (await created.json()) as { id: string; token: string; order_id: string | null; user_id: string | null };
    if (created.status !== 201) throw new Error(`checkout session: ${created.status} ${JSON.stringify(session)}`);
    this.lastSession = { id: session.id, order_id: session.order_id, user_id: session.user_id };
    let key = await fetch(`${this.gateway}/v1/encryption/keys`, { headers: auth });
    if (key.status === 404) key = await fetch(`${this.gateway}/v1/encryption/keys`, { method: 'POST', headers: auth });
    return { token: session.token, publicKey: ((await key.json()) as { public_key: string }).public_key };
  }

  private page(): string {
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tienda de prueba</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:16px;background:#eef1f6;color:#1d2433}
main{max-width:720px;margin:0 auto;background:#fff;border-radius:12px;padding:16px 20px;box-shadow:0 2px 10px #0001}
button{margin-top:8px;width:100%;padding:12px;font-size:16px;border:0;border-radius:8px;background:#7b2cbf;color:#fff}</style>
<script src="${this.gateway}/fields/v1/sdk.js"></script>
</head><body><main><h1>Checkout</h1><p>Total: COP 15.000,00</p><div id="card"></div><button id="pay" type="button">Pay</button></main>
<script>
window.log = { ready: 0, validity: [], results: [], declines: [] };
window.start = async (overrides, sessionBody) => {
  const session = await (await fetch('/session', { method: 'POST', body: JSON.stringify(sessionBody || {}) })).json();
  const options = {
    apiBase: ${JSON.stringify(this.gateway)}, token: session.token, encryptionPublicKey: session.publicKey, locale: 'en',
    onReady: () => { log.ready++; }, onValidity: (ok) => log.validity.push(ok), onResult: (r) => log.results.push(r), onDecline: (r) => log.declines.push(r),
  };
  for (const [name, value] of Object.entries(overrides)) { if (value === null) delete options[name]; else options[name] = value; }
  window.fields = PasarelaFields.mount('#card', options);
};
</script></body></html>`;
  }

  close(): Promise<void> {
    if (!this.server) return Promise.resolve();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server!.close(() => resolve()));
  }
}

describe('fields routes without a build', () => {
  it('answer 503 service_unavailable in the error model instead of failing the gateway', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    await app.register(fieldsRoutes, { distDir: join(FIELDS_DIR, 'no-such-dist') });
    for (const path of ['sdk.js', 'frame.js', 'card-form.js', 'frame.html']) {
      const reply = await app.inject({ method: 'GET', url: `/fields/v1/${path}` });
      expect(reply.statusCode, path).toBe(503);
      expect(reply.json().error).toMatchObject({ code: 'service_unavailable', message: expect.stringContaining('npm run build') });
    }
    await app.close();
  });
});

// The first configured dialect (SQLite unless TEST_DIALECTS narrows it).
const sqlite = dialects[0]!;

describeInBrowser('embedded fields in a browser', () => {
  let fake: FakeStripe;
  let gw: TestGateway;
  let merchant: MerchantSite;
  let browser: Browser;
  let context: BrowserContext;
  let client: TestClient;
  let token: string;
  let consoleErrors: string[] = [];
  const pages: Page[] = [];

  beforeAll(async () => {
    // The gateway reads the bundles once at start: build them if this run has not.
    if (!existsSync(join(FIELDS_DIR, 'dist', 'frame.js'))) execFileSync(process.execPath, [join(FIELDS_DIR, 'build.mjs')], { stdio: 'ignore' });
    // Stripe's API (STRIPE_API_URL) is a fake Stripe, for an organization whose cards are routed to it.
    fake = await FakeStripe.start();
    gw = await startGateway(sqlite!, { TOKEN_REVOCATION_CACHE_MS: '0', STRIPE_API_URL: fake.origin });
    client = await gw.client();
    token = await client.token();
    merchant = await new MerchantSite(gw.baseUrl).start();
    merchant.client = client;
    browser = await launchChromium();
    context = await browser.newContext({ locale: 'en-US' });
  });
  afterEach(async () => {
    for (const page of pages.splice(0)) await page.close();
    const errors = consoleErrors;
    consoleErrors = [];
    expect(errors, 'console errors in the page or the iframe').toEqual([]);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await merchant?.close();
    await gw?.close();
    await fake?.close();
  });

  async function checkout(
    options: Record<string, unknown> = {},
    viewport = { width: 1280, height: 800 },
    session: Record<string, unknown> = {},
    at: { site?: MerchantSite; context?: BrowserContext } = {},
  ): Promise<Page> {
    const page = await watchedPage(at.context ?? context, consoleErrors, viewport);
    pages.push(page);
    await page.goto(`${(at.site ?? merchant).origin}/`);
    await page.evaluate(([o, s]) => (globalThis as unknown as CheckoutWindow).start(o, s), [options, session] as const);
    return page;
  }

  const log = (page: Page) => page.evaluate(() => (globalThis as unknown as CheckoutWindow).log);
  const lastValidity = async (page: Page) => (await log(page)).validity.at(-1);

  async function ready(page: Page): Promise<FrameLocator> {
    await page.waitForFunction(() => (globalThis as unknown as CheckoutWindow).log.ready === 1);
    return page.frameLocator('#card iframe');
  }

  async function typeCard(frame: FrameLocator, card: { number: string; expiry?: string; holder?: string; cvv?: string }): Promise<void> {
    await frame.getByLabel('Card number').pressSequentially(card.number);
    await frame.getByLabel('Expiry date (MM/YY)').pressSequentially(card.expiry ?? '12/2030');
    await frame.getByLabel('Security code').pressSequentially(card.cvv ?? '123');
    await frame.getByLabel('Name on card').fill(card.holder ?? 'Ana María Gómez');
  }

  const pay = (page: Page, opts: Record<string, unknown> = {}) => page.evaluate((o) => (globalThis as unknown as CheckoutWindow).fields.pay(o), opts);

  it('serves the SDK, the frame and the card form with headers that let merchants embed only the frame', async () => {
    const frame = await gw.request('GET', '/fields/v1/frame.html');
    expect(frame.status).toBe(200);
    expect(frame.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(frame.headers.get('content-security-policy')).toContain(
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors *",
    );
    expect(frame.headers.get('x-frame-options')).toBeNull();
    expect(frame.text).toContain('<script src="frame.js" defer></script>');
    for (const [path, cors] of [
      ['sdk.js', '*'],
      ['card-form.js', '*'],
      ['frame.js', null],
    ] as const) {
      const reply = await gw.request('GET', `/fields/v1/${path}`);
      expect(reply.status, path).toBe(200);
      expect(reply.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
      expect(reply.headers.get('cache-control')).toBe('public, max-age=300');
      expect(reply.headers.get('access-control-allow-origin'), path).toBe(cors);
      const again = await gw.request('GET', `/fields/v1/${path}`, { headers: { 'if-none-match': reply.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }
    // The API keeps refusing to be framed.
    expect((await gw.request('GET', '/healthz')).headers.get('x-frame-options')).toBe('DENY');
  });

  it('without encryptionPublicKey, mount reports an error result and nothing is tokenized', async () => {
    const tokenizations: string[] = [];
    const page = await checkout({ encryptionPublicKey: null });
    page.on('request', (r) => r.url().includes('/v1/') && tokenizations.push(r.url()));
    const first = (await log(page)).results;
    expect(first).toEqual([
      { status: 'ERROR', error: { code: 'missing_encryption_key', message: expect.stringContaining('encryptionPublicKey is required') } },
    ]);
    expect(await page.locator('#card iframe').count()).toBe(0);
    const later = await pay(page);
    expect(later).toMatchObject({ status: 'ERROR', error: { code: 'missing_encryption_key' } });
    expect(tokenizations).toEqual([]);
    // The error is also on the console (and only that one).
    expect(consoleErrors).toHaveLength(1);
    expect(consoleErrors[0]).toContain('[PasarelaFields] encryptionPublicKey is required');
    consoleErrors = [];
  });

  it('mounts a cross-origin iframe with labelled fields; the merchant page cannot read into it', async () => {
    const page = await checkout();
    const frame = await ready(page);
    expect((await log(page)).validity).toEqual([false]);
    const iframe = page.locator('#card iframe');
    expect(await iframe.getAttribute('title')).toBe('Card details');
    expect(new URL((await iframe.getAttribute('src'))!).origin).toBe(new URL(gw.baseUrl).origin);
    const access = await page.evaluate(() => {
      const element = (globalThis as unknown as CheckoutWindow).document.querySelector('#card iframe');
      let doc: string;
      try {
        doc = element.contentDocument === null ? 'null' : 'readable';
      } catch {
        doc = 'threw';
      }
      let win: string;
      try {
        win = typeof element.contentWindow!.document.body.innerHTML;
      } catch {
        win = 'threw';
      }
      return { doc, win };
    });
    expect(access).toEqual({ doc: 'null', win: 'threw' });

    // Real labels, described errors, card autocomplete; Tab moves from field to field.
    const number = frame.getByLabel('Card number');
    expect(await number.getAttribute('autocomplete')).toBe('cc-number');
    expect(await number.getAttribute('inputmode')).toBe('numeric');
    await number.focus();
    for (const next of ['Expiry date (MM/YY)', 'Security code', 'Name on card']) {
      await page.keyboard.press('Tab');
      expect(await frame.getByLabel(next).evaluate((el) => el === (globalThis as unknown as CheckoutWindow).document.activeElement), next).toBe(true);
    }

    // A message that does not come from the iframe is ignored by the SDK.
    await page.evaluate(() => (globalThis as unknown as CheckoutWindow).postMessage({ type: 'pasarela:validity', ok: true }, '*'));
    await page.waitForTimeout(100);
    expect((await log(page)).validity).toEqual([false]);
  });

  it('formats by brand, validates, and flips onValidity as the card becomes complete', async () => {
    const page = await checkout();
    const frame = await ready(page);
    const number = frame.getByLabel('Card number');
    await number.pressSequentially('378282246310005');
    expect(await number.inputValue()).toBe('3782 822463 10005');
    await number.fill('');
    await typeCard(frame, { number: '4242424242424242', cvv: '1234' });
    expect(await number.inputValue()).toBe('4242 4242 4242 4242');
    expect(await frame.getByLabel('Expiry date (MM/YY)').inputValue()).toBe('12/2030');
    const cvv = frame.getByLabel('Security code');
    expect(await cvv.inputValue()).toBe('123'); // 3 digits for Visa
    await expect.poll(() => lastValidity(page)).toBe(true);
    expect((await log(page)).validity).toEqual([false, true]);

    await cvv.fill('');
    await expect.poll(() => lastValidity(page)).toBe(false);
    await cvv.pressSequentially('123');
    await expect.poll(() => lastValidity(page)).toBe(true);
    expect((await log(page)).validity).toEqual([false, true, false, true]);

    // A wrong number shows its problem next to the field once the customer leaves it.
    await number.fill('');
    await number.pressSequentially('4242424242424241');
    await frame.getByLabel('Name on card').focus();
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await number.getAttribute('aria-describedby'))!;
    expect(await frame.locator(`[id="${describedBy}"]`).innerText()).toBe('The card number is not valid.');
    await expect.poll(() => lastValidity(page)).toBe(false);
  });

  it('a credit card offers its installments in the iframe and pays in the chosen number; a debit card pays in one', async () => {
    const page = await checkout();
    const frame = await ready(page);
    const installments = frame.getByLabel('Number of installments');
    const debitAnswer = page.waitForResponse((r) => r.url().includes('/v1/bins/400005'));
    await typeCard(frame, { number: '4000056655665556' });
    expect(await (await debitAnswer).json()).toMatchObject({ card_type: 'debit', installments: { allowed: false, max: 1 } });
    await expect.poll(() => lastValidity(page)).toBe(true);
    expect(await installments.isVisible()).toBe(false);
    const number = frame.getByRole('textbox', { name: /Card number/ });
    await number.fill('');
    await number.pressSequentially('4242424242424242');
    await expect.poll(() => installments.isVisible()).toBe(true);
    expect(await installments.locator('option').count()).toBe(36);
    await installments.selectOption('3');
    const result = await pay(page);
    expect(result).toMatchObject({ status: 'APPROVED' });
    const payment = await gw.request<{ installments: number }>('GET', `/v1/payments/${String(result.payment_id)}`, { token });
    expect(payment.body.installments).toBe(3);
  });

  it('pay tokenizes and charges from the iframe: approved, and the gateway has the payment', async () => {
    const page = await checkout();
    const frame = await ready(page);
    const requests: Array<{ url: string; origin: string | undefined; frame: string }> = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/')) requests.push({ url: new URL(r.url()).pathname, origin: r.headers().origin, frame: new URL(r.frame().url()).pathname });
    });
    await typeCard(frame, { number: '4242424242424242' });
    await expect.poll(() => lastValidity(page)).toBe(true);
    const result = await pay(page);
    expect(result).toMatchObject({
      status: 'APPROVED',
      currency: 'COP',
      amount: '15000.00',
      order_id: merchant.lastSession!.order_id,
      card: { last_four_digits: '4242', brand: 'visa' },
    });
    expect(result).not.toHaveProperty('response_code');
    expect(result.payment_id).toMatch(/^pay-/);
    expect(result.instrument_id).toMatch(/^ins-/);
    expect((await log(page)).results).toEqual([result]);
    // Every call came from the iframe page, same-origin with the API: the BIN lookup of the installments selector, then tokenize and pay.
    expect(requests.map((r) => `${r.frame} -> ${r.url}`)).toEqual([
      '/fields/v1/frame.html -> /v1/bins/424242',
      '/fields/v1/frame.html -> /v1/instruments',
      '/fields/v1/frame.html -> /v1/payments',
    ]);

    const payment = await gw.request<{ status: string; order_id: string }>('GET', `/v1/payments/${String(result.payment_id)}`, { token });
    expect(payment.status).toBe(200);
    expect(payment.body).toMatchObject({ status: 'APPROVED', order_id: merchant.lastSession!.order_id });
    const instrument = await gw.request<{ card: { last_four_digits: string } }>('GET', `/v1/instruments/${String(result.instrument_id)}`, { token });
    expect(instrument.body.card.last_four_digits).toBe('4242');
    // The session is complete: paying again from the page is refused, and makes no second payment.
    const session = await gw.request<{ status: string; payment_id: string }>('GET', `/v1/checkout/sessions/${merchant.lastSession!.id}`, { token });
    expect(session.body).toMatchObject({ status: 'complete', payment_id: result.payment_id });
    // The SDK knows: it refuses at once, without a request, and says what to do.
    const before = requests.length;
    const again = await pay(page);
    expect(again).toMatchObject({ status: 'ERROR', error: { code: 'session_complete' } });
    expect(again.error!.message).toMatch(/create a new checkout session/);
    expect(requests).toHaveLength(before);
  });

  it("a declined card is a REJECTED result with a generic message (never the issuer's response code), not an exception", async () => {
    const page = await checkout();
    const frame = await ready(page);
    await typeCard(frame, { number: '4000000000000002' });
    await expect.poll(() => lastValidity(page)).toBe(true);
    const result = await pay(page);
    expect(result).toMatchObject({ status: 'REJECTED', message: 'The card was declined. Try another card.', next_action: 'new_session' });
    // onDecline, the page's cue to start a new session, with the same result.
    expect(await page.evaluate(() => (globalThis as unknown as CheckoutWindow).log.declines)).toEqual([result]);
    const again = await pay(page);
    expect(again).toMatchObject({ status: 'ERROR', error: { code: 'session_complete', message: expect.stringContaining('declined') as unknown } });
    expect(result).not.toHaveProperty('response_code');
    // Without an order_id of its own, the session's order is its id.
    expect(result.order_id).toBe(merchant.lastSession!.id);
    // The merchant's server reads the exact code.
    expect((await gw.request<{ status: string; response_code: string }>('GET', `/v1/payments/${String(result.payment_id)}`, { token })).body).toMatchObject({
      status: 'REJECTED',
      response_code: '05',
    });
  });

  it('paying with an incomplete form shows the problems and returns an invalid_card result', async () => {
    const page = await checkout({ locale: 'es', accent: '#7b2cbf' }, { width: 375, height: 740 });
    await page.waitForFunction(() => (globalThis as unknown as CheckoutWindow).log.ready === 1);
    const frame = page.frameLocator('#card iframe');
    expect(await page.locator('#card iframe').getAttribute('title')).toBe('Datos de la tarjeta');
    await frame.getByLabel('Número de la tarjeta').pressSequentially('4242 4242');
    const result = await pay(page);
    expect(result).toMatchObject({ status: 'ERROR', error: { code: 'invalid_card' } });
    const number = frame.getByLabel('Número de la tarjeta');
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    expect(await number.evaluate((el) => el === (globalThis as unknown as CheckoutWindow).document.activeElement)).toBe(true);
    expect(await frame.locator('.pf-number .pf-error').innerText()).toBe('El número de la tarjeta está incompleto.');
    expect(await frame.locator('.pf-holder .pf-error').innerText()).toBe('Este campo es obligatorio.');
    await keepScreenshot(page, SCREENS, 'fields-phone-es-errors.png');
  });

  it('looks right on a phone and on a desktop', async () => {
    const phone = await checkout({ locale: 'es', accent: '#7b2cbf' }, { width: 375, height: 740 });
    const phoneFrame = await ready(phone);
    await phoneFrame.getByLabel('Número de la tarjeta').pressSequentially('4242424242424242');
    await phoneFrame.getByLabel('Vencimiento (MM/AA)').pressSequentially('1230');
    await phoneFrame.getByLabel('Código de seguridad').focus();
    await keepScreenshot(phone, SCREENS, 'fields-phone-es.png');
    const phoneBox = (await phone.locator('#card iframe').boundingBox())!;
    expect(phoneBox.width).toBeLessThanOrEqual(375);
    // Number on its own line; expiry and CVV side by side.
    const [expiryBox, cvvBox] = await Promise.all([phoneFrame.locator('.pf-expiry').boundingBox(), phoneFrame.locator('.pf-cvv').boundingBox()]);
    expect(Math.abs(expiryBox!.y - cvvBox!.y)).toBeLessThan(2);

    const desktop = await checkout({ accent: '#0a7d4f' }, { width: 1280, height: 800 });
    const desktopFrame = await ready(desktop);
    await typeCard(desktopFrame, { number: '5555555555554444' });
    await desktopFrame.getByLabel('Card number').focus();
    await keepScreenshot(desktop, SCREENS, 'fields-desktop-en.png');
    const [numberBox, cvvBoxWide] = await Promise.all([desktopFrame.locator('.pf-number').boundingBox(), desktopFrame.locator('.pf-cvv').boundingBox()]);
    expect(Math.abs(numberBox!.y - cvvBoxWide!.y)).toBeLessThan(2);
    // The accent colours the focus ring.
    const ring = await desktopFrame.getByLabel('Card number').evaluate((el) => (globalThis as unknown as CheckoutWindow).getComputedStyle(el).borderColor);
    expect(ring).toBe('rgb(10, 125, 79)');
  });

  it("enroll saves the card for the session's new user, then for an existing one, without charging", async () => {
    const payments = async () => (await gw.request<{ data: unknown[] }>('GET', '/v1/payments?limit=100', { token })).body.data.length;
    const paymentsBefore = await payments();
    // The backend names the user with the session (here a new one); the page only says enroll().
    const page = await checkout({}, undefined, { mode: 'enrollment', user: { name: 'Ana María Gómez', email: 'ana@example.com' } });
    const frame = await ready(page);
    await typeCard(frame, { number: '4242424242424242' });
    await expect.poll(() => lastValidity(page)).toBe(true);
    // pay() with an enrollment session is refused by the frame, before any request.
    expect(await pay(page)).toMatchObject({ status: 'ERROR', error: { code: 'invalid_session' } });
    const enrolled = await page.evaluate(() => (globalThis as unknown as CheckoutWindow).fields.enroll({}));
    expect(enrolled).toMatchObject({ status: 'ENROLLED', user_id: merchant.lastSession!.user_id, card: { last_four_digits: '4242' } });
    expect(enrolled.user_id).toMatch(/^usr-/);
    expect(enrolled.instrument_id).toMatch(/^ins-/);

    // A second card: a new session for the same (now existing) user.
    const next = await checkout({}, undefined, { mode: 'enrollment', user_id: enrolled.user_id });
    const nextFrame = await ready(next);
    await typeCard(nextFrame, { number: '5555555555554444' });
    await expect.poll(() => lastValidity(next)).toBe(true);
    const second = await next.evaluate((id) => (globalThis as unknown as CheckoutWindow).fields.enroll({ user: { id } }), String(enrolled.user_id));
    expect(second).toMatchObject({ status: 'ENROLLED', user_id: enrolled.user_id });

    const user = await gw.request<{ email: string; instruments: Array<{ id: string }> }>('GET', `/v1/users/${String(enrolled.user_id)}`, { token });
    expect(user.status).toBe(200);
    expect(user.body.email).toBe('ana@example.com');
    expect(user.body.instruments.map((i) => i.id).sort()).toEqual([enrolled.instrument_id, second.instrument_id].sort());
    expect(await payments()).toBe(paymentsBefore);
  });

  it('a session the merchant ended comes back as an error result with 401, not an exception', async () => {
    const page = await checkout();
    const frame = await ready(page);
    await typeCard(frame, { number: '4242424242424242' });
    const ended = await gw.request('POST', `/v1/checkout/sessions/${merchant.lastSession!.id}/expire`, { token });
    expect(ended.status).toBe(200);
    // The browser answers 401 as a failed request; that console line is expected.
    const result = await pay(page);
    expect(result).toMatchObject({ status: 'ERROR', error: { code: 'unauthorized', http_status: 401 } });
    expect((await log(page)).results).toEqual([result]);
    consoleErrors = consoleErrors.filter((e) => !/status of 401/.test(e));
  });

  it("the fields refuse a page the session does not allow, and an access token instead of a session's", async () => {
    const elsewhere = await checkout({}, undefined, { allowed_origins: ['https://shop.example'] });
    await elsewhere.waitForFunction(() => (globalThis as unknown as CheckoutWindow).log.results.length === 1);
    expect((await log(elsewhere)).results).toEqual([
      { status: 'ERROR', error: { code: 'origin_not_allowed', message: expect.stringContaining(merchant.origin) } },
    ]);
    expect((await log(elsewhere)).ready).toBe(0);
    expect(await elsewhere.frameLocator('#card iframe').locator('input').count()).toBe(0);

    // A server's access token (even a narrowed one) is not what the fields take.
    const narrow = await client.token('instruments:write payments:write');
    const page = await checkout({ token: narrow });
    await page.waitForFunction(() => (globalThis as unknown as CheckoutWindow).log.results.length === 1);
    expect((await log(page)).results).toEqual([{ status: 'ERROR', error: { code: 'invalid_token', message: expect.stringContaining('checkout session') } }]);
    expect(consoleErrors.every((e) => e.includes('[PasarelaFields]'))).toBe(true);
    expect(consoleErrors).toHaveLength(2);
    consoleErrors = [];
  });

  it('card-form.js alone: PasarelaCardForm.render encrypts a card the gateway can tokenize', async () => {
    const page = await context.newPage();
    pages.push(page);
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    await page.goto(`${merchant.origin}/`);
    const publicKey = (await gw.request<{ public_key: string }>('GET', '/v1/encryption/keys', { token })).body.public_key;
    await page.addScriptTag({ url: `${gw.baseUrl}/fields/v1/card-form.js` });
    const api = await page.evaluate((key) => {
      const g = globalThis as unknown as CheckoutWindow & {
        PasarelaCardForm: { render(c: unknown, o: unknown): unknown };
        formValidity: boolean[];
        form: unknown;
      };
      const container = g.document.createElement('div');
      g.document.body.appendChild(container);
      g.formValidity = [];
      g.form = g.PasarelaCardForm.render(container, { publicKey: key, locale: 'en', onValidity: (ok: boolean) => g.formValidity.push(ok) });
      return { global: Object.keys(g.PasarelaCardForm), form: Object.keys(g.form as object).sort() };
    }, publicKey);
    expect(api).toEqual({ global: ['render'], form: ['encrypt', 'encryptCvv', 'focus', 'installments', 'isValid'] });
    await page.getByLabel('Card number').pressSequentially('4242424242424242');
    await page.getByLabel('Expiry date (MM/YY)').pressSequentially('1230');
    await page.getByLabel('Security code').pressSequentially('123');
    await page.getByLabel('Name on card').fill('Ana María Gómez');
    const encrypted = await page.evaluate(async () => {
      const g = globalThis as unknown as {
        form: { isValid(): boolean; encrypt(): Promise<Record<string, string>>; encryptCvv(): Promise<string> };
        formValidity: boolean[];
      };
      return { valid: g.form.isValid(), validity: g.formValidity, card: await g.form.encrypt(), cvv: await g.form.encryptCvv() };
    });
    expect(encrypted.valid).toBe(true);
    expect(encrypted.validity).toEqual([true]);
    expect(Object.keys(encrypted.card).sort()).toEqual([
      'encrypted_cvv',
      'encrypted_expiration_month',
      'encrypted_expiration_year',
      'encrypted_holder_name',
      'encrypted_number',
    ]);
    const instrument = await gw.request<{ id: string; card: { last_four_digits: string; expiration_year: number } }>('POST', '/v1/instruments', {
      token,
      body: { type: 'CARD', ...encrypted.card },
    });
    expect(instrument.status, instrument.text).toBe(201);
    expect(instrument.body.card).toMatchObject({ last_four_digits: '4242', expiration_year: 2030 });
    const payment = await gw.request<{ status: string }>('POST', '/v1/payments', {
      token,
      body: { amount: 10, currency: 'USD', order_id: `order-${Date.now()}-form`, instrument_id: instrument.body.id, encrypted_cvv: encrypted.cvv },
    });
    expect(payment.body.status).toBe('APPROVED');
  });

  it('the frame refuses to work for a parent that is not the origin it was mounted for', async () => {
    const page = await checkout();
    await ready(page);
    const messages = await page.evaluate(
      async (src) => {
        const page = globalThis as unknown as CheckoutWindow;
        const seen: unknown[] = [];
        const rogue = page.document.createElement('iframe');
        // Only what the rogue frame says: the mounted fields keep talking (resize) meanwhile.
        page.addEventListener('message', (event) => event.source === rogue.contentWindow && seen.push(event.data));
        rogue.src = src;
        page.document.body.appendChild(rogue);
        await new Promise<void>((resolve) => rogue.addEventListener('load', () => resolve()));
        await new Promise((resolve) => setTimeout(resolve, 200));
        return seen;
      },
      `${gw.baseUrl}/fields/v1/frame.html#origin=${encodeURIComponent('https://shop.example')}`,
    );
    expect(messages).toEqual([]);
    const rogue = page.frames().find((f) => f.url().includes('shop.example'))!;
    expect(await rogue.locator('body').innerText()).toContain('work only inside a page that mounts them');
    expect(await rogue.locator('input').count()).toBe(0);
  });

  it('a payment the issuer challenges (3-D Secure) runs the challenge inside the frame, and pay() answers the outcome', async () => {
    const rules = await gw.request('PUT', '/v1/fraud/rules', { token, body: { amount_thresholds: [{ currency: 'COP', three_ds_above: 20000 }] } });
    expect(rules.status).toBe(200);
    try {
      const page = await checkout({}, { width: 390, height: 844 }, { amount: 25000 });
      const frame = await ready(page);
      await typeCard(frame, { number: '4000000000003220' });
      const result = pay(page);
      // The merchant's page wrote no code for it: the frame shows the issuer's page in place of the card form.
      const challenge = frame.frameLocator('iframe[title^="Your bank"]');
      await challenge.getByLabel('Verification code').pressSequentially('1234');
      await challenge.getByRole('button', { name: 'Verify' }).click();
      const outcome = await result;
      expect(outcome).toMatchObject({ status: 'APPROVED', payment_id: expect.any(String) });
      const payment = await gw.request('GET', `/v1/payments/${String(outcome.payment_id)}`, { token });
      expect(payment.body).toMatchObject({ status: 'APPROVED', three_ds: { outcome: 'authenticated', liability_shift: true } });
      const session = await gw.request('GET', `/v1/checkout/sessions/${merchant.lastSession!.id}`, { token });
      expect(session.body).toMatchObject({ status: 'complete', payment_id: outcome.payment_id, payment_status: 'APPROVED' });
      expect(await frame.locator('iframe').count()).toBe(0);
      expect(await frame.getByLabel('Card number').isVisible()).toBe(true);
    } finally {
      await gw.request('PUT', '/v1/fraud/rules', { token, body: {} });
    }
  });

  it("a payment Stripe challenges (3-D Secure) shows Stripe's page inside the frame; its return to the gateway settles it, and pay() answers the outcome", async () => {
    // The frame may show the gateway's pages and the Stripe connector's authentication pages (Stripe's, and here the fake's, at
    // STRIPE_API_URL), and nothing else: no `https:` wholesale.
    const served = await gw.request('GET', '/fields/v1/frame.html');
    const frameSrc = /(?:^|; )frame-src ([^;]*)/.exec(served.headers.get('content-security-policy') ?? '')?.[1];
    expect(frameSrc).toBe(`'self' ${PUBLIC_ORIGIN} https://hooks.stripe.com https://js.stripe.com ${fake.origin}`);
    // Another organization (the file's merchant keeps the simulator), its cards routed to Stripe.
    const shop = await new MerchantSite(gw.baseUrl).start();
    const browsing = await browser.newContext({ locale: 'en-US' });
    try {
      shop.client = await gw.client();
      const shopToken = await shop.client.token();
      await routeCardsToStripe(gw, shopToken, fake, 'whsec_fields0123456789abcdefABCDEF');
      // Stripe sends the cardholder back to the gateway's return page, on PUBLIC_BASE_URL: this browser reaches it there.
      await routePublicOrigin(browsing, gw);
      await routeRedirectsToPublicOrigin(browsing, fake.origin);
      const page = await checkout({}, { width: 390, height: 844 }, {}, { site: shop, context: browsing });
      const frame = await ready(page);
      await typeCard(frame, { number: '4000002500003155' });
      const result = pay(page);
      // The frame shows Stripe's page at its own address, in place of the card form.
      const stripe = frame.frameLocator('iframe[title^="Your bank"]');
      await stripe.getByRole('heading', { name: '3D Secure 2 test page' }).waitFor();
      const intent = [...fake.intents.values()].at(-1)!;
      expect(await frame.locator('iframe').getAttribute('src')).toBe(`${fake.origin}/3ds/${intent.id}`);
      expect(await frame.getByLabel('Card number').isVisible()).toBe(false);
      // The cardholder completes it; Stripe sends the frame to the return_url, the gateway's page, which asks Stripe and settles the payment.
      await stripe.getByRole('link', { name: 'Complete' }).click();
      const outcome = await result;
      expect(outcome).toMatchObject({ status: 'APPROVED', payment_id: expect.any(String) });
      expect(intent.metadata['pasarela_reference']).toBe(outcome.payment_id);
      const payment = await gw.request('GET', `/v1/payments/${String(outcome.payment_id)}`, { token: shopToken });
      expect(payment.body).toMatchObject({ status: 'APPROVED', three_ds: { outcome: 'authenticated', liability_shift: true } });
      const session = await gw.request('GET', `/v1/checkout/sessions/${shop.lastSession!.id}`, { token: shopToken });
      expect(session.body).toMatchObject({ status: 'complete', payment_id: outcome.payment_id, payment_status: 'APPROVED' });
      expect(await frame.locator('iframe').count()).toBe(0);
      expect(await frame.getByLabel('Card number').isVisible()).toBe(true);
    } finally {
      for (const page of pages.splice(0)) await page.close();
      await browsing.close();
      await shop.close();
    }
  });
});
