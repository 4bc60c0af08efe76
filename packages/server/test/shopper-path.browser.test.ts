/**
 * The shopper's path through the hosted checkout, in a real headless Chromium
 * against the real gateway, on SQLite and PostgreSQL: each of the breaks a
 * shopper once met (issue 13) as a test.
 *
 * - Back from the sandbox bank (`/l/{token}?payment_id=`), the page follows the
 *   payment and lands on redirect_url.
 * - A QR payment started on a single-use link, then Card: the card pays (the
 *   QR intent is abandoned and gives the use back), also after a reload; in
 *   another tab, the 409 says a payment is in progress; abandoning and
 *   approving at once pay the link once.
 * - Rail form errors beside each field, in the page's language.
 * - A wrong OTP says so, with the attempts left.
 * - A custom amount: the error as soon as it is out of range, the range and
 *   amounts in the locale's format.
 * - The enrollment form at the documented iframe size (420×460) shows its
 *   Save button whole, and posts its height to the allowed origin.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchChromium, watchedPage } from './support/browser.js';
import { dialects, renderingIt } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { LocalSite, PUBLIC_ORIGIN, routePublicOrigin, thanksPage } from './support/hosted.js';
import { eventually } from './support/wait.js';

interface LinkView {
  id: string;
  url: string;
  status: string;
  uses: number;
  payment_id?: string;
  payments: Array<{ payment_id: string; status: string }>;
}

interface PageWindow {
  messages: Array<{ origin: string; data: Record<string, unknown> }>;
}

const DESKTOP = { width: 1280, height: 800 };
/** Generous limits: the machine running the suite may be busy (PostgreSQL, several browsers). */
const SLOW = 120_000;
const OUTCOME = { timeout: 30_000 };
const poll = <T>(read: () => T | Promise<T>, options: { timeout: number } = OUTCOME) => expect.poll(read, options);
const PHONE = { width: 390, height: 844 };

describeInBrowser.each(dialects)("the shopper's path through the hosted checkout on $name", (dialect) => {
  /** Layout and wording: on the first dialect only (support/dialects.ts renderingIt). */
  const itRendering = renderingIt(dialect);
  let gw: TestGateway;
  let token: string;
  let browser: Browser;
  let thanks: LocalSite;
  let merchant: LocalSite;
  let enrollmentUrl = '';
  const contexts: BrowserContext[] = [];
  let consoleErrors: string[] = [];
  /** Console lines a test expects (a 409 or 422 answer is logged by Chromium). */
  let expected: RegExp[] = [];

  beforeAll(async () => {
    gw = await startGateway(dialect, { RAIL_MOCK_DELAY_SECONDS: '1' });
    token = await (await gw.client()).token();
    thanks = await new LocalSite(thanksPage).start();
    merchant = await new LocalSite(() => ({
      body: `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Tienda</title>
<style>body{margin:0;padding:16px;font-family:sans-serif} iframe{border:0;display:block}</style></head>
<body><main><h1>Mi cuenta</h1><iframe src="${enrollmentUrl}" title="Guardar tarjeta" width="420" height="460"></iframe></main>
<script>window.messages = []; window.addEventListener('message', (e) => window.messages.push({ origin: e.origin, data: e.data }));</script></body></html>`,
    })).start();
    browser = await launchChromium();
  });
  afterEach(() => {
    const unexpected = consoleErrors.filter((line) => !expected.some((pattern) => pattern.test(line)));
    consoleErrors = [];
    expected = [];
    expect(unexpected, 'console errors').toEqual([]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await thanks?.close();
    await merchant?.close();
    await gw?.close();
  });

  async function open(lang: 'es' | 'en' = 'es', viewport = DESKTOP): Promise<Page> {
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

  async function createLink(data: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<LinkView> {
    const reply = await gw.request<LinkView>('POST', '/v1/links', { token, body: { type: 'payment', ...extra, data } });
    expect(reply.status, reply.text).toBe(201);
    return reply.body;
  }
  const getLink = async (id: string) => (await gw.request<LinkView>('GET', `/v1/links/${id}`, { token })).body;
  const getPayment = async (id: string) =>
    (await gw.request<{ status?: string; transaction?: { status: string; status_detail: string } }>('GET', `/v1/payments/${id}`, { token })).body;

  async function typeCard(page: Page, lang: 'es' | 'en' = 'es'): Promise<void> {
    const labels =
      lang === 'es'
        ? ['Número de la tarjeta', 'Vencimiento (MM/AA)', 'Nombre en la tarjeta', 'Código de seguridad']
        : ['Card number', 'Expiry date (MM/YY)', 'Name on card', 'Security code'];
    const values = ['4242424242424242', '1230', 'Ana María Gómez', '123'];
    for (let i = 0; i < 4; i++) await page.getByLabel(labels[i]!, { exact: true }).pressSequentially(values[i]!);
  }

  async function startQr(page: Page): Promise<string> {
    await page.getByRole('tab', { name: 'Otros medios' }).click();
    await page.getByLabel('Código QR').check();
    const answer = page.waitForResponse((r) => r.url().endsWith('/intent'));
    await page.getByRole('button', { name: 'Continuar' }).click();
    expect((await answer).status()).toBe(200);
    await poll(() => page.locator('#qr-image').isVisible()).toBe(true);
    return ((await (await answer).json()) as { payment_id: string }).payment_id;
  }

  it(
    'back from the sandbox bank after approving: the checkout follows the payment, says so, and lands on redirect_url',
    async () => {
      // 25 050 does not end in 00: nobody plays the customer but the shopper.
      const link = await createLink({ amount: { value: 25050, currency: 'COP' }, description: 'Mercado', redirect_url: `${thanks.origin}/gracias?pedido=7` });
      const page = await open('es', PHONE);
      await page.goto(link.url);
      await page.getByRole('tab', { name: 'Otros medios' }).click();
      await page.getByLabel('Banco', { exact: true }).selectOption('1007');
      await page.getByLabel('Número de documento').fill('1020304050');
      await page.getByLabel('Nombres').fill('Ana');
      await page.getByLabel('Apellidos').fill('Gómez');
      await page.getByLabel('Correo electrónico').fill('ana@example.com');
      await Promise.all([page.waitForURL((url) => url.pathname.startsWith('/sandbox-bank/')), page.getByRole('button', { name: 'Continuar' }).click()]);

      await page.getByLabel('Usuario', { exact: true }).fill('ana');
      await page.getByLabel('Clave', { exact: true }).fill('clave');
      await Promise.all([page.waitForURL((url) => url.pathname === new URL(link.url).pathname), page.getByRole('button', { name: 'Aprobar pago' }).click()]);
      const back = new URL(page.url());
      const paymentId = back.searchParams.get('payment_id')!;
      expect(paymentId).toMatch(/^pay-/);
      // The page reads payment_id and follows it (the bank settles after RAIL_MOCK_DELAY_SECONDS).
      await page.waitForURL((url) => url.origin === thanks.origin, { timeout: 30_000 });
      const landed = new URL(page.url());
      expect(landed.pathname).toBe('/gracias');
      expect(landed.searchParams.get('pedido')).toBe('7');
      expect(landed.searchParams.get('payment_id')).toBe(paymentId);
      expect(await getLink(link.id)).toMatchObject({ status: 'used', payment_id: paymentId, uses: 1 });
      expect((await getPayment(paymentId)).transaction).toMatchObject({ status: 'APPROVED', status_detail: 'SUCCESS' });

      // Coming back to the used link with that payment_id shows the outcome (not the 410), and goes on again.
      const again = await open('es');
      const response = await again.goto(`${link.url}?payment_id=${paymentId}`);
      expect(response?.status()).toBe(200);
      await again.waitForURL((url) => url.origin === thanks.origin, { timeout: 30_000 });

      // Back with a payment still waiting: the page shows it (the QR), then its outcome (no redirect_url here).
      const plain = await createLink({ amount: { value: 25050, currency: 'COP' } });
      const qr = await gw.request<{ payment_id: string; rail: { alias: string } }>('POST', `${new URL(plain.url).pathname}/intent`, {
        body: { rail_id: 'QR_INTEROP' },
      });
      const waiting = await open('es');
      await waiting.goto(`${plain.url}?payment_id=${qr.body.payment_id}`);
      expect(await waiting.locator('#qr-alias').innerText()).toBe(qr.body.rail.alias);
      await gw.request('POST', `/sandbox-bank/qr/${qr.body.rail.alias}`, {
        body: 'decision=approve',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      await poll(() => waiting.getByRole('heading', { level: 1 }).innerText(), { timeout: 30_000 }).toBe('Pago aprobado');
      expect(await waiting.getByRole('button', { name: 'Pagar', exact: true }).count()).toBe(0);

      // The status read is scoped to the link, and says nothing but the state.
      const other = await createLink({ amount: { value: 1000, currency: 'COP' } });
      expect((await gw.request('GET', `${new URL(other.url).pathname}/status?payment_id=${paymentId}`)).status).toBe(404);
      const own = await gw.request<Record<string, unknown>>('GET', `${new URL(link.url).pathname}/status?payment_id=${paymentId}`);
      expect(Object.keys(own.body).sort()).toEqual(['payment_id', 'redirect_url', 'status', 'status_detail']);
    },
    SLOW,
  );

  it(
    'a QR payment started on a single-use link, then Card: the card pays, also after a reload; another tab gets a true 409',
    async () => {
      const link = await createLink({ amount: { value: 25050, currency: 'COP' }, description: 'Café' });
      const page = await open('es');
      await page.goto(link.url);
      const qrPayment = await startQr(page);
      expect(await getLink(link.id)).toMatchObject({ uses: 1, payments: [{ payment_id: qrPayment, status: 'reserved' }] });

      // Another tab (no memory of the QR) cannot pay now: the message says why, truthfully.
      const otherTab = await open('es');
      await otherTab.goto(link.url);
      await typeCard(otherTab);
      expected.push(/status of 409/);
      await poll(() => otherTab.getByRole('button', { name: 'Pagar', exact: true }).isEnabled()).toBe(true);
      await otherTab.getByRole('button', { name: 'Pagar', exact: true }).click();
      await poll(() => otherTab.locator('#card-error').innerText()).toMatch(
        /^Ya hay un pago en curso con este enlace\. Termínelo, o espere a que venza \(en \d+ min como máximo\) para pagar de otra forma\.$/,
      );

      // The shopper reloads (the QR is shown again), changes their mind, and pays by card.
      await page.reload();
      await poll(() => page.locator('#qr-image').isVisible()).toBe(true);
      await page.getByRole('link', { name: 'Pagar de otra forma' }).click();
      await typeCard(page);
      const pay = page.getByRole('button', { name: 'Pagar', exact: true });
      await poll(() => pay.isEnabled()).toBe(true);
      await pay.click();
      await poll(() => page.getByRole('heading', { level: 1 }).innerText(), OUTCOME).toBe('Pago aprobado');
      const paid = await getLink(link.id);
      expect(paid).toMatchObject({ status: 'used', uses: 1 });
      expect(paid.payments).toEqual([
        { payment_id: qrPayment, status: 'released' },
        { payment_id: paid.payment_id, status: 'paid' },
      ]);
      expect((await getPayment(qrPayment)).transaction).toMatchObject({ status: 'DECLINED', status_detail: 'REJECTED' });
    },
    SLOW,
  );

  it(
    'QR then Card without a reload; abandoning and approving the QR at once pay the link once',
    async () => {
      const link = await createLink({ amount: { value: 25050, currency: 'COP' } });
      const page = await open('en');
      await page.goto(link.url);
      await page.getByRole('tab', { name: 'Other methods' }).click();
      await page.getByLabel('QR code').check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await poll(() => page.locator('#qr-image').isVisible()).toBe(true);
      await page.getByRole('tab', { name: 'Card' }).click();
      await typeCard(page, 'en');
      await poll(() => page.getByRole('button', { name: 'Pay', exact: true }).isEnabled()).toBe(true);
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await poll(() => page.getByRole('heading', { level: 1 }).innerText(), OUTCOME).toBe('Payment approved');
      expect(await page.locator('#qr-step').count()).toBe(0);
      expect(await getLink(link.id)).toMatchObject({ status: 'used', uses: 1 });

      // The race: the shopper abandons a QR (starting another) while their banking app approves it.
      const race = await createLink({ amount: { value: 25050, currency: 'COP' } });
      const path = new URL(race.url).pathname;
      const first = await gw.request<{ payment_id: string; rail: { alias: string } }>('POST', `${path}/intent`, { body: { rail_id: 'QR_INTEROP' } });
      expect(first.status).toBe(200);
      const [second] = await Promise.all([
        gw.request<{ payment_id?: string; error?: { message: string } }>('POST', `${path}/intent`, {
          body: { rail_id: 'QR_INTEROP', abandon: first.body.payment_id },
        }),
        gw.request('POST', `/sandbox-bank/qr/${first.body.rail.alias}`, {
          body: 'decision=approve',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      ]);
      const settled = await getLink(race.id);
      const approved = (await getPayment(first.body.payment_id)).transaction!.status === 'APPROVED';
      if (approved) {
        // The approval won: the link is paid once and the new attempt was refused with the truth.
        expect(second.status).toBe(409);
        expect(second.body.error!.message).toBe('Este enlace ya fue pagado.');
        expect(settled).toMatchObject({ status: 'used', uses: 1 });
      } else {
        // The abandonment won: the approval came too late, the new QR holds the one use.
        expect(second.status).toBe(200);
        expect(settled.status).not.toBe('used');
        expect(settled.uses).toBe(1);
      }
      expect(settled.payments.filter((p) => p.status === 'paid').length).toBe(approved ? 1 : 0);
      expect(settled.payments.filter((p) => p.status !== 'released').length).toBe(1);
    },
    SLOW,
  );

  itRendering(
    "rail form errors: every invalid field is marked beside itself, in the page's language",
    async () => {
      const link = await createLink({ amount: { value: 25050, currency: 'COP' } });
      for (const lang of ['es', 'en'] as const) {
        const page = await open(lang);
        await page.goto(link.url);
        await page.getByRole('tab', { name: lang === 'es' ? 'Otros medios' : 'Other methods' }).click();
        await page.locator('#document').fill('12ab');
        await page.locator('#email').fill('ana@');
        expected.push(/status of 422/);
        await page.getByRole('button', { name: lang === 'es' ? 'Continuar' : 'Continue' }).click();
        const error = (id: string) => page.locator(`#${id}-error`);
        await poll(() => error('email').innerText()).toBe(
          lang === 'es' ? 'Ingrese un correo electrónico válido, como ana@ejemplo.com.' : 'Enter a valid e-mail address, such as ana@example.com.',
        );
        expect(await error('document').innerText()).toBe(lang === 'es' ? 'Ingrese un número de documento válido.' : 'Enter a valid document number.');
        expect(await error('first_name').innerText()).toBe(lang === 'es' ? 'Ingrese sus nombres.' : 'Enter your first name.');
        expect(await error('last_name').innerText()).toBe(lang === 'es' ? 'Ingrese sus apellidos.' : 'Enter your last name.');
        for (const id of ['document', 'first_name', 'last_name', 'email']) {
          const input = page.locator(`#${id}`);
          expect(await input.getAttribute('aria-invalid'), id).toBe('true');
          expect((await input.getAttribute('aria-describedby'))!.split(' '), id).toContain(`${id}-error`);
          // Beside itself: right under its input, above the next field's label.
          const [inputBox, errorBox] = await Promise.all([input.boundingBox(), error(id).boundingBox()]);
          expect(errorBox!.y).toBeGreaterThanOrEqual(inputBox!.y + inputBox!.height - 1);
          expect(errorBox!.y).toBeLessThan(inputBox!.y + inputBox!.height + 40);
        }
        expect(await page.locator('#bank').getAttribute('aria-invalid')).toBeNull();
        expect(await page.locator('#rail-error').innerText()).toBe(lang === 'es' ? 'Revise los datos marcados.' : 'Check the fields marked.');
        expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement.id)).toBe(
          'document',
        );

        // A wallet's phone, the same way.
        await page.getByLabel(lang === 'es' ? 'Billetera (notificación)' : 'Wallet (push notification)').check();
        await page.locator('#phone').fill('12345');
        expected.push(/status of 422/);
        await page.getByRole('button', { name: lang === 'es' ? 'Continuar' : 'Continue' }).click();
        await poll(() => error('phone').innerText()).toBe(
          lang === 'es' ? 'Ingrese un celular colombiano de 10 dígitos que empiece por 3.' : 'Enter a Colombian mobile number: 10 digits starting with 3.',
        );
        expect(await page.locator('#phone').getAttribute('aria-invalid')).toBe('true');
        expect(await error('email').isVisible()).toBe(false);
      }
      expect(await getLink(link.id)).toMatchObject({ uses: 0, payments: [] });
    },
    SLOW,
  );

  itRendering(
    'a wrong OTP says the code was wrong and how many attempts remain; the right one pays',
    async () => {
      const link = await createLink({ amount: { value: 25050, currency: 'COP' }, redirect_url: `${thanks.origin}/gracias` });
      const page = await open('es');
      await page.goto(link.url);
      await page.getByRole('tab', { name: 'Otros medios' }).click();
      await page.getByLabel('Billetera (código por SMS)').check();
      await page.locator('#phone').fill('3001234567');
      const intent = page.waitForResponse((r) => r.url().endsWith('/intent'));
      await page.getByRole('button', { name: 'Continuar' }).click();
      const paymentId = ((await (await intent).json()) as { payment_id: string }).payment_id;
      const otp = page.getByLabel('Código recibido por SMS');
      await poll(() => otp.isVisible()).toBe(true);

      await otp.fill('000000');
      await page.getByRole('button', { name: 'Confirmar' }).click();
      await poll(() => page.locator('#otp-error').innerText()).toBe('El código no es correcto. Le quedan 2 intentos.');
      expect(await otp.getAttribute('aria-invalid')).toBe('true');
      await otp.fill('000001');
      await page.getByRole('button', { name: 'Confirmar' }).click();
      await poll(() => page.locator('#otp-error').innerText()).toBe('El código no es correcto. Le queda 1 intento.');

      const sms = await gw.request<{ data: Array<{ otp: string; payment_id: string }> }>('GET', '/v1/sandbox/sms?phone_number=3001234567', { token });
      const code = sms.body.data.find((m) => m.payment_id === paymentId)!.otp;
      await otp.fill(code);
      await page.getByRole('button', { name: 'Confirmar' }).click();
      await page.waitForURL((url) => url.origin === thanks.origin, { timeout: 30_000 });
      expect(new URL(page.url()).searchParams.get('payment_id')).toBe(paymentId);
      expect((await getPayment(paymentId)).transaction).toMatchObject({ status: 'APPROVED' });
    },
    SLOW,
  );

  itRendering(
    "a custom amount: the error shows as soon as it is out of range, with the same amounts as the range, in the locale's format",
    async () => {
      const link = await createLink({ amount: { type: 'custom', currency: 'COP', min_amount: 1000, max_amount: 50000 }, description: 'Donación' });
      const page = await open('es');
      await page.goto(link.url);
      expect(await page.locator('#custom-amount-hint').innerText()).toBe('Entre COP 1.000 y COP 50.000');
      const amount = page.getByLabel('Valor a pagar');
      await amount.pressSequentially('60000');
      // No card typed at all: the error is there already.
      await poll(() => page.locator('#custom-amount-error').innerText()).toBe('El valor debe estar entre COP 1.000 y COP 50.000.');
      expect(await amount.getAttribute('aria-invalid')).toBe('true');
      await amount.fill('');
      await amount.pressSequentially('25.000');
      await poll(() => page.locator('#custom-amount-error').innerText()).toBe('');
      await typeCard(page);
      await poll(() => page.getByRole('button', { name: 'Pagar', exact: true }).isEnabled()).toBe(true);
      await page.getByRole('button', { name: 'Pagar', exact: true }).click();
      await poll(() => page.getByRole('heading', { level: 1 }).innerText(), OUTCOME).toBe('Pago aprobado');
      const paid = await getLink(link.id);
      expect(await getPayment(paid.payment_id!)).toMatchObject({ status: 'APPROVED', amount: '25000.00' });

      const en = await open('en');
      const fixed = await createLink({ amount: { value: 25000, currency: 'COP' } });
      await en.goto(fixed.url);
      expect(await en.locator('#amount').innerText()).toBe('COP 25,000');
      const custom = await createLink({ amount: { type: 'custom', currency: 'COP', min_amount: 1000, max_amount: 50000 } }, { multi_use: true });
      await en.goto(custom.url);
      expect(await en.locator('#custom-amount-hint').innerText()).toBe('Between COP 1,000 and COP 50,000');
      await en.getByLabel('Amount to pay').pressSequentially('999');
      await poll(() => en.locator('#custom-amount-error').innerText()).toBe('The amount must be between COP 1,000 and COP 50,000.');
      const es = await open('es');
      await es.goto(fixed.url);
      expect(await es.locator('#amount').innerText()).toBe('COP 25.000');
      expect(await es.locator('main').innerText()).not.toContain('25000.00');
    },
    SLOW,
  );

  itRendering(
    'the enrollment form fits the documented iframe (420×460) and tells the page its height',
    async () => {
      const created = await gw.request<{ url: string }>('POST', '/v1/instruments/enrollments', {
        token,
        body: {
          type: 'card_enrollment',
          expires_in: 3600,
          data: { webhook: `${thanks.origin}/card-saved`, api_key: 'merchant-key-0123456789', allowed_origins: [merchant.origin] },
        },
      });
      expect(created.status).toBe(201);
      enrollmentUrl = created.body.url;
      const page = await open('es');
      await page.goto(`${merchant.origin}/cuenta`);
      const frame = page.frameLocator('iframe');
      const save = frame.getByRole('button', { name: 'Guardar tarjeta' });
      await poll(() => save.isVisible()).toBe(true);
      const [frameBox, saveBox] = await Promise.all([page.locator('iframe').boundingBox(), save.boundingBox()]);
      // The whole button is inside the frame: nothing clipped, no scrolling needed.
      expect(saveBox!.y + saveBox!.height).toBeLessThanOrEqual(frameBox!.y + frameBox!.height);
      expect(saveBox!.x + saveBox!.width).toBeLessThanOrEqual(frameBox!.x + frameBox!.width);
      const heights = () => page.evaluate(() => (globalThis as unknown as PageWindow).messages.filter((m) => m.data.type === 'pasarela.enrollment.height'));
      const first = await eventually(heights, (m) => m.length > 0);
      expect(first[0]!.origin).toBe(PUBLIC_ORIGIN);
      expect(first.at(-1)!.data.height).toBeLessThanOrEqual(460);
      // When the card is saved the form folds away: the page hears the new height.
      const labels = ['Número de la tarjeta', 'Vencimiento (MM/AA)', 'Nombre en la tarjeta', 'Código de seguridad'];
      const values = ['5555555555554444', '1230', 'Ana María Gómez', '123'];
      for (let i = 0; i < 4; i++) await frame.getByLabel(labels[i]!, { exact: true }).pressSequentially(values[i]!);
      await poll(() => save.isEnabled()).toBe(true);
      await save.click();
      await poll(() => frame.locator('#status').innerText(), OUTCOME).toBe('Tarjeta guardada.');
      await poll(async () => ((await heights()).at(-1)!.data.height as number) < (first.at(-1)!.data.height as number)).toBe(true);
    },
    SLOW,
  );
});
