/**
 * Every way a hosted checkout (/l/{token}) ends has its own page, in a real
 * headless Chromium (one for the file) against the real gateway, on SQLite
 * and PostgreSQL, at 1280×800 and 390×844, each page checked with axe-core
 * (no serious or critical violation) and for sideways scrolling on the first
 * dialect (the pages render the same on each; the others run each flow at
 * 1280×800 only, support/browser.ts `browserPlan`):
 *
 * - processing (back from the bank while it works): no form, no Pay; the page
 *   updates itself to the receipt when the bank finishes;
 * - approved (card without redirect_url, bank, QR): a receipt with the
 *   merchant, the amount as the API holds it, the reference, date and method;
 * - declined (card, bank): why, in the shopper's words, and a way to try again;
 * - expired (a QR whose time ran out; a link past its expiry, 410): the
 *   merchant's name, and what to do; a paid link (410) the same way;
 * - a reloaded QR page shows its QR again;
 * - the document types in the page's language; an icon, so no /favicon.ico 404.
 *
 * Sandbox timers are moved with the test clock (support/clock.ts), never waited
 * for. With CHECKOUT_SCREENSHOTS=<dir> (npm run screenshots:checkout) the
 * first dialect's phone run writes the four end states there as PNG
 * (docs/images/checkout-{processing,approved,declined,expired}.png).
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserPlan, describeInBrowser, documentWidth, launchChromium, seriousViolations, VIEWPORTS, watchedPage } from './support/browser.js';
import { advanceClock } from './support/clock.js';
import { dialects, renderingIt } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { routePublicOrigin } from './support/hosted.js';

const SCREENSHOTS = process.env.CHECKOUT_SCREENSHOTS;
const SLOW = 180_000;
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });
/** The sandbox bank settles, and the rail mock plays the customer, this long after (in the organization's time): the clock moves it. */
const RAIL_DELAY = 600;

interface LinkView {
  id: string;
  url: string;
  status: string;
  payment_id?: string;
  payments: Array<{ payment_id: string; status: string }>;
}

/** The page's globals as the evaluate() callbacks use them (the server's tsconfig has no DOM lib). */
interface PageWindow {
  document: { querySelector(selector: string): { getAttribute(name: string): string | null } | null };
  Image: new () => { src: string; naturalWidth: number; onload: () => void; onerror: () => void };
}

const CARD = {
  es: ['Número de la tarjeta', 'Vencimiento (MM/AA)', 'Nombre en la tarjeta', 'Código de seguridad'],
  en: ['Card number', 'Expiry date (MM/YY)', 'Name on card', 'Security code'],
};

describeInBrowser("the hosted checkout's end states", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe.each(dialects)('on $name', (dialect) => {
    const itRendering = renderingIt(dialect);
    const plan = browserPlan(dialect);
    const first = plan.audited;
    let gw: TestGateway;
    let token: string;
    const contexts: BrowserContext[] = [];
    let consoleErrors: string[] = [];
    /** Console lines a test expects (Chromium logs a 410 document, a 422 answer). */
    let expected: RegExp[] = [];
    /** Every /favicon.ico the browser asked for: with the pages' icon, none. */
    const faviconRequests: string[] = [];

    beforeAll(async () => {
      gw = await startGateway(dialect, { RAIL_MOCK_DELAY_SECONDS: String(RAIL_DELAY) });
      const client = await gw.client();
      token = await client.token();
      await gw.db.updateTable('organizations').set({ name: 'Tienda Sol' }).where('id', '=', client.organizationId).execute();
    });
    afterEach(() => {
      const unexpected = consoleErrors.filter((line) => !expected.some((pattern) => pattern.test(line)));
      consoleErrors = [];
      expected = [];
      expect(unexpected, 'console errors').toEqual([]);
    });
    afterAll(async () => {
      for (const context of contexts) await context.close();
      await gw?.close();
      expect(faviconRequests).toEqual([]);
    });

    async function open(viewport: { width: number; height: number }, lang: 'es' | 'en' = 'es'): Promise<Page> {
      const context = await browser.newContext({
        locale: lang === 'es' ? 'es-CO' : 'en-US',
        extraHTTPHeaders: { 'Accept-Language': lang === 'es' ? 'es-CO,es;q=0.9' : 'en-US,en;q=0.9' },
      });
      contexts.push(context);
      context.on('request', (request) => {
        if (new URL(request.url()).pathname === '/favicon.ico') faviconRequests.push(request.url());
      });
      await routePublicOrigin(context, gw);
      const page = await watchedPage(context, consoleErrors, viewport);
      page.setDefaultTimeout(30_000);
      return page;
    }

    /**
     * On the first dialect (the pages render the same on each): axe-core finds
     * no serious or critical problem, the page fits its width, and (on request)
     * its screenshot is kept.
     */
    async function check(page: Page, name: string): Promise<void> {
      if (!first) return;
      const size = page.viewportSize()!;
      if (SCREENSHOTS && size.width === 390 && ['processing', 'approved', 'declined', 'expired'].includes(name)) {
        await page.screenshot({ path: join(SCREENSHOTS, `checkout-${name}.png`), fullPage: true });
      }
      expect(await documentWidth(page), `${name} fits ${size.width} px`).toBeLessThanOrEqual(size.width);
      expect(await seriousViolations(page, name)).toEqual([]);
    }

    async function createLink(data: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<LinkView> {
      const reply = await gw.request<LinkView>('POST', '/v1/links', { token, body: { type: 'payment', ...extra, data } });
      expect(reply.status, reply.text).toBe(201);
      return reply.body;
    }
    const getLink = async (id: string) => (await gw.request<LinkView>('GET', `/v1/links/${id}`, { token })).body;

    async function typeCard(page: Page, lang: 'es' | 'en' = 'es', number = '4242424242424242'): Promise<void> {
      const values = [number, '1230', 'Ana María Gómez', '123'];
      for (let i = 0; i < 4; i++) await page.getByLabel(CARD[lang][i]!, { exact: true }).pressSequentially(values[i]!);
    }

    /** The receipt as label → value. */
    async function receipt(page: Page): Promise<Record<string, string>> {
      const rows = await page.locator('#receipt > div').all();
      const out: Record<string, string> = {};
      for (const row of rows) out[(await row.locator('dt').innerText()).trim()] = (await row.locator('dd').innerText()).trim();
      return out;
    }

    const heading = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();
    const formCount = (page: Page) => page.locator('#card-form, #pay, #rail-pay, [role=tablist]').count();

    /** Through the sandbox bank: the shopper's decision there, then back on the checkout. */
    async function throughTheBank(page: Page, link: LinkView, decision: 'approve' | 'reject'): Promise<string> {
      const path = new URL(link.url).pathname;
      const intent = await gw.request<{ payment_id: string; rail: { payment_link: string } }>('POST', `${path}/intent`, {
        body: {
          rail_id: 'BANK_REDIRECT',
          customer: { bank_id: '1007', document_type: 'CC', document: '1020304050', first_name: 'Ana', last_name: 'Gómez', email: 'ana@example.com' },
        },
      });
      expect(intent.status, JSON.stringify(intent.body)).toBe(200);
      await page.goto(intent.body.rail.payment_link);
      if (decision === 'approve') {
        await page.getByLabel('Usuario', { exact: true }).fill('ana');
        await page.getByLabel('Clave', { exact: true }).fill('clave');
      }
      await Promise.all([
        page.waitForURL((url) => url.pathname === path && url.searchParams.has('payment_id')),
        page.getByRole('button', { name: decision === 'approve' ? 'Aprobar pago' : 'Rechazar' }).click(),
      ]);
      return intent.body.payment_id;
    }

    for (const size of plan.viewports) {
      const at = `${size.width}x${size.height}`;

      it(
        `a card payment on a link without redirect_url ends on a receipt; reloaded, it stays (${at})`,
        async () => {
          const link = await createLink({ amount: { value: 25050.5, currency: 'COP' }, description: 'Zapatillas de running' });
          const page = await open(size);
          await page.goto(link.url);
          expect(await page.locator('#merchant').innerText()).toBe('Tienda Sol');
          await typeCard(page);
          await poll(() => page.getByRole('button', { name: 'Pagar', exact: true }).isEnabled()).toBe(true);
          await page.getByRole('button', { name: 'Pagar', exact: true }).click();
          await poll(() => heading(page)).toBe('Pago aprobado');
          const paid = await getLink(link.id);
          expect(paid.status).toBe('used');
          expect(new URL(page.url()).searchParams.get('payment_id')).toBe(paid.payment_id);
          const shown = await receipt(page);
          expect(shown).toEqual({
            Comercio: 'Tienda Sol',
            Valor: 'COP 25.050,50',
            Referencia: paid.payment_id,
            Fecha: expect.stringMatching(/^\d{1,2} de [a-z]+ de 20\d\d .*\d{1,2}:\d\d.* UTC$/),
            'Medio de pago': 'Tarjeta Visa terminada en 4242',
            Descripción: 'Zapatillas de running',
          });
          expect(await formCount(page)).toBe(0);
          await check(page, 'approved');
          // A reload shows the receipt again (the link is used: not its 410).
          expect((await page.reload())?.status()).toBe(200);
          expect(await receipt(page)).toEqual(shown);

          // The link itself, paid: the styled page with the merchant's name.
          expected.push(/status of 410/);
          expect((await page.goto(link.url))?.status()).toBe(410);
          expect(await page.locator('#merchant').innerText()).toBe('Tienda Sol');
          expect(await heading(page)).toBe('Enlace ya pagado');
          expect(await page.locator('#outcome-lead').innerText()).toBe('Este enlace ya fue pagado.');
          expect(await formCount(page)).toBe(0);
          await check(page, 'paid');

          // In English, the same receipt in English words.
          const usd = await createLink({ amount: { value: 150, currency: 'USD' } });
          const en = await open(size, 'en');
          await en.goto(usd.url);
          await typeCard(en, 'en');
          await poll(() => en.getByRole('button', { name: 'Pay', exact: true }).isEnabled()).toBe(true);
          await en.getByRole('button', { name: 'Pay', exact: true }).click();
          await poll(() => heading(en)).toBe('Payment approved');
          expect(await receipt(en)).toMatchObject({
            Merchant: 'Tienda Sol',
            Amount: 'USD 150.00',
            Reference: (await getLink(usd.id)).payment_id,
            'Payment method': 'Visa card ending in 4242',
          });
          await check(en, 'approved-en');
        },
        SLOW,
      );

      it(
        `back from the bank while it is still processing: no form, and the page turns into the receipt by itself (${at})`,
        async () => {
          const link = await createLink({ amount: { value: 25050, currency: 'COP' }, description: 'Mercado' });
          const page = await open(size);
          const paymentId = await throughTheBank(page, link, 'approve');
          expect(await heading(page)).toBe('Procesando su pago');
          expect(await page.locator('#outcome-lead').innerText()).toBe(
            'Su banco está procesando el pago. Esta página se actualiza sola cuando termine; no pague de nuevo.',
          );
          expect(await formCount(page)).toBe(0);
          expect(await page.getByRole('button').count()).toBe(0);
          await check(page, 'processing');

          // The bank finishes (the sandbox's timer, moved by the test clock): the page shows the outcome without a touch.
          await advanceClock(gw, token, RAIL_DELAY);
          await poll(() => heading(page)).toBe('Pago aprobado');
          expect(await receipt(page)).toMatchObject({
            Valor: 'COP 25.050',
            Referencia: paymentId,
            'Medio de pago': expect.stringMatching(/^Transferencia desde su banco \(.+\)$/),
          });
        },
        SLOW,
      );

      it(
        `declined: the page says why and offers another try while the link allows it (${at})`,
        async () => {
          const link = await createLink({ amount: { value: 25050, currency: 'COP' }, description: 'Mercado' });
          const page = await open(size);
          await throughTheBank(page, link, 'reject');
          expect(await heading(page)).toBe('Pago rechazado');
          expect(await page.locator('#outcome-reason').innerText()).toBe('El pago no fue aprobado en su banco.');
          expect(await page.locator('#outcome-next').innerText()).toBe('No se le cobró nada. Puede intentar de nuevo con otra tarjeta u otro medio de pago.');
          expect(await formCount(page)).toBe(0);
          await check(page, 'declined');
          await page.getByRole('link', { name: 'Intentar de nuevo' }).click();
          await poll(() => page.getByRole('button', { name: 'Pagar', exact: true }).isVisible()).toBe(true);

          // A declined card: its own page too; trying again pays.
          await typeCard(page, 'es', '4000000000000002');
          await poll(() => page.getByRole('button', { name: 'Pagar', exact: true }).isEnabled()).toBe(true);
          await page.getByRole('button', { name: 'Pagar', exact: true }).click();
          await poll(() => heading(page)).toBe('Pago rechazado');
          expect(await page.locator('#outcome-reason').innerText()).toBe('El banco que emitió su tarjeta no aprobó el pago.');
          await page.getByRole('link', { name: 'Intentar de nuevo' }).click();
          await typeCard(page);
          await poll(() => page.getByRole('button', { name: 'Pagar', exact: true }).isEnabled()).toBe(true);
          await page.getByRole('button', { name: 'Pagar', exact: true }).click();
          await poll(() => heading(page)).toBe('Pago aprobado');
          expect((await getLink(link.id)).status).toBe('used');
        },
        SLOW,
      );

      it(
        `a reloaded QR page shows its QR again; when its time runs out the page says so; an expired link is the same page, 410 (${at})`,
        async () => {
          const link = await createLink({ amount: { value: 25050, currency: 'COP' }, description: 'Café' });
          const page = await open(size);
          await page.goto(link.url);
          await page.getByRole('tab', { name: 'Otros medios' }).click();
          await page.getByLabel('Código QR').check();
          await page.getByRole('button', { name: 'Continuar' }).click();
          await poll(() => page.locator('#qr-image').isVisible()).toBe(true);
          const alias = await page.locator('#qr-alias').innerText();

          await page.reload();
          await poll(() => page.locator('#qr-image').isVisible()).toBe(true);
          expect(await page.locator('#qr-alias').innerText()).toBe(alias);
          expect(await page.locator('#qr-image').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
          expect(await formCount(page)).toBe(0);
          expect(await page.getByRole('link', { name: 'Pagar de otra forma' }).isVisible()).toBe(true);
          await check(page, 'waiting-qr');

          // Nobody scans it: past its validity the intent lapses, and the page says the time ran out.
          await advanceClock(gw, token, 15 * 60 + 5);
          await poll(() => heading(page)).toBe('Tiempo agotado');
          expect(await page.locator('#outcome-reason').innerText()).toBe('El tiempo para completar el pago se agotó antes de que se aprobara.');
          expect(await page.getByRole('link', { name: 'Intentar de nuevo' }).isVisible()).toBe(true);
          await check(page, 'expired');

          // A link past its expiry: 410, the merchant's name, what to do.
          const short = await createLink({ amount: { value: 25050, currency: 'COP' }, description: 'Café' }, { expires_in: 60 });
          await advanceClock(gw, token, 61);
          expected.push(/status of 410/);
          expect((await page.goto(short.url))?.status()).toBe(410);
          expect(await page.locator('#merchant').innerText()).toBe('Tienda Sol');
          expect(await heading(page)).toBe('Enlace vencido');
          expect(await page.locator('#outcome-lead').innerText()).toBe('Este enlace de pago expiró.');
          expect(await page.locator('#outcome-next').innerText()).toBe('Pida un enlace nuevo al comercio si aún desea pagar.');
          expect(await formCount(page)).toBe(0);
          await check(page, 'expired-link');

          const en = await open(size, 'en');
          expected.push(/status of 410/);
          expect((await en.goto(short.url))?.status()).toBe(410);
          expect(await heading(en)).toBe('Link expired');
          expect(await en.locator('#merchant').innerText()).toBe('Tienda Sol');
        },
        SLOW,
      );

      it(
        `a QR approved while its page is open turns into the receipt; "Pagar de otra forma" leads back to the form (${at})`,
        async () => {
          const link = await createLink({ amount: { value: 25050, currency: 'COP' } });
          const page = await open(size);
          await page.goto(link.url);
          await page.getByRole('tab', { name: 'Otros medios' }).click();
          await page.getByLabel('Código QR').check();
          await page.getByRole('button', { name: 'Continuar' }).click();
          await poll(() => page.locator('#qr-image').isVisible()).toBe(true);
          await page.reload();
          await page.getByRole('link', { name: 'Pagar de otra forma' }).click();
          // The form again; paying by card leaves the QR (its use comes back) and pays.
          await typeCard(page);
          await poll(() => page.getByRole('button', { name: 'Pagar', exact: true }).isEnabled()).toBe(true);
          await page.getByRole('button', { name: 'Pagar', exact: true }).click();
          await poll(() => heading(page)).toBe('Pago aprobado');
          expect((await getLink(link.id)).payments.map((p) => p.status)).toEqual(['released', 'paid']);

          const other = await createLink({ amount: { value: 25050, currency: 'COP' } });
          const qr = await gw.request<{ payment_id: string; rail: { alias: string } }>('POST', `${new URL(other.url).pathname}/intent`, {
            body: { rail_id: 'QR_INTEROP' },
          });
          const waiting = await open(size);
          await waiting.goto(`${other.url}?payment_id=${qr.body.payment_id}`);
          expect(await waiting.locator('#qr-alias').innerText()).toBe(qr.body.rail.alias);
          await gw.request('POST', `/sandbox-bank/qr/${qr.body.rail.alias}`, {
            body: 'decision=approve',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          });
          await poll(() => heading(waiting)).toBe('Pago aprobado');
          expect(await receipt(waiting)).toMatchObject({ Referencia: qr.body.payment_id, 'Medio de pago': 'Código QR' });
        },
        SLOW,
      );
    }

    itRendering(
      "document types are named in the page's language",
      async () => {
        const link = await createLink({ amount: { value: 25050, currency: 'COP' } });
        for (const [lang, names] of [
          [
            'es',
            [
              'Cédula de ciudadanía',
              'Cédula de extranjería',
              'NIT',
              'Pasaporte',
              'Tarjeta de identidad',
              'Registro civil',
              'Identificador único de cliente',
              'Número de celular',
              'Documento de identificación extranjero',
            ],
          ],
          [
            'en',
            [
              'Citizenship ID (CC)',
              'Foreigner ID (CE)',
              'Tax ID (NIT)',
              'Passport',
              'Identity card for minors (TI)',
              'Civil registry (RC)',
              'Unique customer identifier (IDC)',
              'Mobile number (CEL)',
              'Foreign ID document (DE)',
            ],
          ],
        ] as const) {
          for (const size of VIEWPORTS) {
            const page = await open(size, lang);
            await page.goto(link.url);
            await page.getByRole('tab', { name: lang === 'es' ? 'Otros medios' : 'Other methods' }).click();
            const select = page.getByLabel(lang === 'es' ? 'Tipo de documento' : 'Document type');
            expect(await select.locator('option').allInnerTexts()).toEqual(names);
            // The values sent stay the rail's codes.
            expect(await select.locator('option').evaluateAll((options) => options.map((o) => (o as unknown as { value: string }).value))).toEqual([
              'CC',
              'CE',
              'NIT',
              'PP',
              'TI',
              'RC',
              'IDC',
              'CEL',
              'DE',
            ]);
            await select.selectOption('PP');
            expect(await page.locator('main').innerText()).not.toMatch(/\bPP\b/);
            await check(page, `document-types-${lang}`);
          }
        }
      },
      SLOW,
    );

    itRendering(
      'every checkout page declares an icon the browser can load (no /favicon.ico 404)',
      async () => {
        const link = await createLink({ amount: { value: 25050, currency: 'COP' } });
        const intent = await gw.request<{ rail: { payment_link: string } }>('POST', `${new URL(link.url).pathname}/intent`, {
          body: {
            rail_id: 'BANK_REDIRECT',
            customer: { bank_id: '1007', document_type: 'CC', document: '1020304050', first_name: 'Ana', last_name: 'Gómez', email: 'ana@example.com' },
          },
        });
        for (const size of VIEWPORTS) {
          const page = await open(size);
          for (const url of [link.url, intent.body.rail.payment_link, `${new URL(link.url).origin}/l/${'x'.repeat(24)}`]) {
            if (url.endsWith('x'.repeat(24))) expected.push(/status of 404/);
            await page.goto(url);
            const href = await page.evaluate(
              () => (globalThis as unknown as PageWindow).document.querySelector('link[rel=icon]')?.getAttribute('href') ?? null,
            );
            expect(href, url).not.toBeNull();
            const width = await page.evaluate(
              (src) =>
                new Promise<number>((resolve) => {
                  const image = new (globalThis as unknown as PageWindow).Image();
                  image.onload = () => resolve(image.naturalWidth);
                  image.onerror = () => resolve(0);
                  image.src = src;
                }),
              href!,
            );
            expect(width, url).toBeGreaterThan(0);
          }
        }
      },
      SLOW,
    );
  });
});
