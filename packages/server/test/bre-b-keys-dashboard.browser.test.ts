/**
 * The dashboard's Bre-B keys page in Chromium, on each dialect (one browser
 * for the file): an owner registers a key (a value not of its type's form is
 * refused beside the field, in Spanish), verifies it in the sandbox, fills the
 * four places (the count says so and "Agregar llave" is off), meets the API's
 * limit when a key was added elsewhere meanwhile, and removes a key after a
 * confirmation; a viewer reads the keys in English and is offered no change.
 * Every state passes axe-core (no serious or critical violation) at 1280×800
 * and 390×844 and fits the phone's width, checked on the first dialect (the
 * page renders the same on each: support/browser.ts `browserPlan`). Needs
 * `npm run build` (the SPA).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPlan, describeInBrowser, documentWidth, launchChromium, seriousViolations, VIEWPORTS, watchedPage } from './support/browser.js';
import { createDashboardUser } from './support/dashboard.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';

const PASSWORD = 'correct horse battery staple';
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

interface Key {
  id: string;
  value: string;
  status: string;
}

describeInBrowser('the Bre-B keys page of the dashboard', () => {
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
    const owner = { email: 'dueno@tienda.example', role: 'owner' as const };
    const viewer = { email: 'lectura@tienda.example', role: 'viewer' as const };

    const keys = async () => (await gw.request<{ data: Key[] }>('GET', '/v1/bre-b/keys', { token })).body.data;

    beforeAll(async () => {
      gw = await startGateway(dialect);
      const client = await gw.client();
      token = await client.token();
      for (const user of [owner, viewer]) await createDashboardUser(gw, { ...user, password: PASSWORD, organizationId: client.organizationId });
    }, 90_000);
    afterAll(async () => {
      for (const context of contexts) await context.close();
      await gw?.close();
      // The refused key (422) and the fifth key (409) are answered so by design; Chromium logs each status. Nothing else.
      expect(consoleErrors.filter((line) => !/status of (409|422)/.test(line))).toEqual([]);
    }, 90_000);

    async function signIn(email: string, language: 'es' | 'en'): Promise<Page> {
      const context = await browser.newContext({ locale: language === 'es' ? 'es-CO' : 'en-US', baseURL: gw.baseUrl });
      contexts.push(context);
      const page = await watchedPage(context, consoleErrors, VIEWPORTS[0]);
      await page.goto('/dashboard/sign-in');
      await page.evaluate(
        (lang) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('pasarela.language', lang),
        language,
      );
      await page.goto('/dashboard/sign-in');
      await page.getByLabel(language === 'es' ? 'Correo electrónico' : 'Email').fill(email);
      await page.getByLabel(language === 'es' ? 'Contraseña' : 'Password').fill(PASSWORD);
      await page.getByRole('button', { name: language === 'es' ? 'Iniciar sesión' : 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: language === 'es' ? 'Pagos' : 'Payments' }).waitFor();
      const name = language === 'es' ? 'Llaves Bre-B' : 'Bre-B keys';
      await page
        .getByRole('navigation', { name: language === 'es' ? 'Principal' : 'Main' })
        .getByRole('link', { name, exact: true })
        .click();
      await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
      return page;
    }

    /** On the audited dialect: axe-core at both sizes and no sideways scrolling; the problems found, one line each. */
    async function audit(page: Page, name: string, ready: () => Promise<unknown>): Promise<string[]> {
      const problems: string[] = [];
      if (!plan.audited) return problems;
      try {
        for (const size of VIEWPORTS) {
          await page.setViewportSize(size);
          await ready();
          problems.push(...(await seriousViolations(page, name)));
          const width = await documentWidth(page);
          if (width > size.width) problems.push(`${name} ${size.width}x${size.height}: ${width} px wide`);
        }
      } finally {
        await page.setViewportSize(VIEWPORTS[0]);
      }
      return problems;
    }

    const row = (page: Page, value: string) => page.locator(`tr[data-key="${value}"]`);
    const addButton = (page: Page) => page.getByRole('button', { name: 'Agregar llave' });

    async function register(page: Page, type: string, value: string): Promise<void> {
      await page.getByLabel('Tipo', { exact: true }).selectOption({ label: type });
      await page.getByLabel('Llave', { exact: true }).fill(value);
      await addButton(page).click();
    }

    it('an owner registers, verifies, fills the four places, meets the limit and removes a key, in Spanish', async () => {
      const problems: string[] = [];
      const page = await signIn(owner.email, 'es');
      await page.getByText('Aún no hay llaves Bre-B.').waitFor();
      expect(await page.locator('#breb-count').innerText()).toBe('0 de 4 llaves en uso');
      problems.push(...(await audit(page, 'breb-keys-empty', () => page.getByText('Aún no hay llaves Bre-B.').waitFor())));

      // Not a mobile: the API's 422 names `value`, said beside the field in Spanish; nothing is kept.
      await register(page, 'Celular', '12345');
      const error = page.locator('#breb-value-error');
      await poll(() => error.isVisible()).toBe(true);
      expect(await error.innerText()).toBe('No es una llave de este tipo. Un celular colombiano: 10 dígitos que empiezan por 3.');
      expect(await page.getByLabel('Llave', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      expect(await keys()).toEqual([]);
      problems.push(...(await audit(page, 'breb-keys-invalid', () => error.waitFor())));

      // Typed as a person would (spaces): kept in its written form, pending until verified.
      await register(page, 'Celular', '300 123 4567');
      await row(page, '3001234567').waitFor();
      expect(await error.count()).toBe(0);
      expect(await row(page, '3001234567').innerText()).toContain('Pendiente de verificación');
      expect(await page.getByRole('status').innerText()).toBe('Llave 3001234567 registrada. Queda pendiente hasta que la red la verifique.');
      await page.getByRole('button', { name: 'Verificar 3001234567 (sandbox)' }).click();
      await poll(() => row(page, '3001234567').innerText()).toContain('Activa');
      expect(await keys()).toMatchObject([{ value: '3001234567', status: 'active' }]);
      expect(await page.getByRole('button', { name: 'Verificar 3001234567 (sandbox)' }).count()).toBe(0);

      await register(page, 'Alfanumérica (@código)', '@tienda7');
      await row(page, '@TIENDA7').waitFor();
      await register(page, 'Correo electrónico', 'Ventas@Tienda.example');
      await row(page, 'ventas@tienda.example').waitFor();
      expect(await page.locator('#breb-count').innerText()).toBe('3 de 4 llaves en uso');

      // Meanwhile a fourth key arrives through the API: the page still offers "add", the API refuses, the page says so and catches up.
      const elsewhere = await gw.request<Key>('POST', '/v1/bre-b/keys', { token, body: { type: 'merchant_code', value: '0012345678' } });
      expect(elsewhere.status, elsewhere.text).toBe(201);
      await register(page, 'Número de documento', '1020304051');
      await poll(() => page.getByRole('alert').first().innerText()).toBe(
        'Esta organización ya tiene 4 llaves Bre-B, el máximo permitido. Elimine una primero.',
      );
      await row(page, '0012345678').waitFor();
      expect(await page.locator('#breb-count').innerText()).toBe('4 de 4 llaves en uso');
      expect(await addButton(page).isDisabled()).toBe(true);
      expect(await page.locator('#breb-full').innerText()).toBe(
        'Esta organización ya tiene 4 llaves, el máximo que permite Bre-B. Elimine una para agregar otra.',
      );
      expect((await keys()).map((k) => k.value)).toEqual(['3001234567', '@TIENDA7', 'ventas@tienda.example', '0012345678']);
      problems.push(...(await audit(page, 'breb-keys-full', () => row(page, '0012345678').waitFor())));

      // Removing asks first; "Conservar llave" keeps it.
      await page.getByRole('button', { name: 'Eliminar @TIENDA7' }).click();
      const dialog = page.getByRole('dialog', { name: '¿Eliminar la llave @TIENDA7?' });
      await dialog.waitFor();
      problems.push(...(await audit(page, 'breb-keys-remove', () => dialog.waitFor())));
      await dialog.getByRole('button', { name: 'Conservar llave' }).click();
      await poll(() => dialog.isVisible()).toBe(false);
      expect(await keys()).toHaveLength(4);
      await page.getByRole('button', { name: 'Eliminar @TIENDA7' }).click();
      await dialog.getByRole('button', { name: 'Eliminar llave' }).click();
      await poll(() => row(page, '@TIENDA7').count()).toBe(0);
      expect((await keys()).map((k) => k.value)).toEqual(['3001234567', 'ventas@tienda.example', '0012345678']);
      expect(await page.locator('#breb-count').innerText()).toBe('3 de 4 llaves en uso');
      expect(await addButton(page).isEnabled()).toBe(true);
      expect(await page.locator('main').innerText()).not.toMatch(/pending_verification|Pending|Remove|Add key/);
      expect(problems).toEqual([]);
    }, 180_000);

    it('a viewer reads the keys in English and is offered no change', async () => {
      const page = await signIn(viewer.email, 'en');
      await row(page, '3001234567').waitFor();
      expect(await row(page, '3001234567').innerText()).toContain('Active');
      expect(await row(page, 'ventas@tienda.example').innerText()).toContain('Pending verification');
      expect(await row(page, 'ventas@tienda.example').innerText()).toContain('E-mail address');
      expect(await page.locator('#breb-count').innerText()).toBe('3 of 4 keys in use');
      expect(await page.getByText('Only owners and developers can register, verify or remove keys.').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: /Add key|Remove|Verify/ }).count()).toBe(0);
      expect(await page.getByRole('textbox').count()).toBe(0);
      expect(await audit(page, 'breb-keys-viewer', () => row(page, '3001234567').waitFor())).toEqual([]);

      // Every role can show an active key's static QR (a pending key has none): the payload the API gives, to print at the counter.
      expect(await page.getByRole('button', { name: 'Static QR of ventas@tienda.example' }).count()).toBe(0);
      const active = (await keys()).find((k) => k.value === '3001234567')!;
      const api = await gw.request<{ content: string }>('GET', `/v1/bre-b/keys/${active.id}/qr`, { token });
      expect(api.status, api.text).toBe(200);
      await page.getByRole('button', { name: 'Static QR of 3001234567' }).click();
      const dialog = page.getByRole('dialog', { name: 'Static QR of 3001234567' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(api.body.content);
      expect(await dialog.getByRole('img', { name: 'QR code of the key 3001234567' }).count()).toBe(1);
      expect(await audit(page, 'breb-keys-qr', () => dialog.waitFor())).toEqual([]);
    }, 120_000);
  });
});
