/**
 * The dashboard's connector accounts page in a real Chromium
 * (support/browser.ts) at 1280×800 and 390×844, audited by axe-core (serious
 * and critical violations fail): an owner adds a Stripe account from the
 * connector's credential fields (GET /v1/connectors), sees it listed with the
 * fields set and never their values, disables it, rotates its credentials;
 * the routing rules are listed, added and deleted; a viewer reads the page with no write action
 * offered; the page speaks Spanish too. Needs `npm run build` (the SPA).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, documentWidth, launchChromium, seriousViolations, VIEWPORTS, watchedPage } from './support/browser.js';
import { createDashboardUser } from './support/dashboard.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';

const PASSWORD = 'a long passphrase for connectors';
const owner = { email: 'owner-connectors@shop.example', role: 'owner' as const };
const viewer = { email: 'viewer-connectors@shop.example', role: 'viewer' as const };
const SECRET_KEY = 'sk_test_dashboard0123456789abcdef';
const WEBHOOK_SECRET = 'whsec_dashboard0123456789abcdef';

describeInBrowser('the connector accounts page of the dashboard', () => {
  let gw: TestGateway;
  let token: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    gw = await startGateway(dialects[0]!);
    const client = await gw.client();
    token = await client.token();
    for (const user of [owner, viewer]) await createDashboardUser(gw, { ...user, password: PASSWORD, organizationId: client.organizationId });
    browser = await launchChromium();
  }, 90_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await gw?.close();
    expect(errors).toEqual([]);
  }, 90_000);

  async function signIn(email: string, language: 'en' | 'es', viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({ locale: language === 'en' ? 'en-US' : 'es-CO', baseURL: gw.baseUrl });
    contexts.push(context);
    const page = await watchedPage(context, errors, viewport);
    await page.goto('/dashboard/sign-in');
    await page.evaluate(
      (lang) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('pasarela.language', lang),
      language,
    );
    await page.goto('/dashboard/sign-in');
    await page.locator('input[type=email]').fill(email);
    await page.locator('input[type=password]').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/dashboard\/payments/);
    await page.goto('/dashboard/developers/connectors');
    return page;
  }

  it('GET /v1/connectors names each connector and its credential fields, never a value', async () => {
    const reply = await gw.request<{ data: Array<{ id: string; credentials: Array<{ name: string; required: boolean }> }> }>('GET', '/v1/connectors', {
      token,
    });
    expect(reply.status, reply.text).toBe(200);
    const stripe = reply.body.data.find((c) => c.id === 'stripe');
    expect(stripe?.credentials).toEqual([
      { name: 'secret_key', required: true, description: expect.stringContaining('sk_live_') },
      { name: 'webhook_secret', required: true, description: expect.any(String) },
    ]);
    expect(reply.body.data.map((c) => c.id)).toEqual(expect.arrayContaining(['simulator', 'stripe', 'mercadopago']));
  });

  it('an owner adds a Stripe account, disables it and rotates its credentials; the values are never shown', async () => {
    const problems: string[] = [];
    for (const [index, size] of VIEWPORTS.entries()) {
      const page = await signIn(owner.email, 'en', size);
      await page.getByRole('heading', { name: 'Connector accounts', level: 1 }).waitFor();
      problems.push(...(await seriousViolations(page, `connectors-${size.width}`)));
      await page.getByRole('button', { name: 'Add connector account' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Connector').selectOption('stripe');
      await dialog.getByLabel('Description').fill(`Stripe ${index}`);
      await dialog.getByLabel('secret_key').fill(SECRET_KEY);
      await dialog.getByLabel('webhook_secret').fill(WEBHOOK_SECRET);
      problems.push(...(await seriousViolations(page, `connectors-new-${size.width}`)));
      // The page and its dialog fit the viewport's width (a phone's too).
      expect(await documentWidth(page)).toBeLessThanOrEqual(size.width);
      await dialog.getByRole('button', { name: 'Save' }).click();
      const row = page.getByRole('row').filter({ hasText: `Stripe ${index}` });
      await row.waitFor();
      expect(await row.innerText()).toContain('secret_key, webhook_secret');
      expect(await page.content()).not.toContain(SECRET_KEY);
      const accounts = await gw.request<{ data: Array<{ id: string; description: string; status: string; credentials: { rotated_at: string } }> }>(
        'GET',
        '/v1/connector-accounts',
        { token },
      );
      const account = accounts.body.data.find((a) => a.description === `Stripe ${index}`)!;
      expect(account.status).toBe('enabled');

      await row.getByRole('button', { name: `Disable ${account.id}` }).click();
      await row.getByRole('button', { name: `Enable ${account.id}` }).waitFor();
      expect((await gw.request<{ status: string }>('GET', `/v1/connector-accounts/${account.id}`, { token })).body.status).toBe('disabled');

      await row.getByRole('button', { name: `Rotate credentials ${account.id}` }).click();
      await dialog.getByLabel('secret_key').fill('sk_live_dashboard0123456789abcdef');
      await dialog.getByLabel('webhook_secret').fill(WEBHOOK_SECRET);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(
          async () =>
            (await gw.request<{ credentials: { rotated_at: string } }>('GET', `/v1/connector-accounts/${account.id}`, { token })).body.credentials.rotated_at,
        )
        .not.toBe(account.credentials.rotated_at);
    }
    expect(problems).toEqual([]);
  });

  it('an owner adds a routing rule from the page and deletes it', async () => {
    const accounts = await gw.request<{ data: Array<{ id: string }> }>('GET', '/v1/connector-accounts', { token });
    const first = accounts.body.data[0]!.id;
    const problems: string[] = [];
    for (const size of VIEWPORTS) {
      const page = await signIn(owner.email, 'en', size);
      await page.getByRole('heading', { name: 'New rule (added last)' }).waitFor();
      await page.getByLabel('Method family').selectOption('card');
      await page.getByLabel('Currencies (optional, comma-separated)').fill('usd, cop');
      await page.getByRole('checkbox', { name: new RegExp(first) }).check();
      problems.push(...(await seriousViolations(page, `connectors-rule-${size.width}`)));
      await page.getByRole('button', { name: 'Add rule' }).click();
      await page.locator('.routing-rules li').first().waitFor();
      const routing = await gw.request<{ rules: unknown[] }>('GET', '/v1/routing', { token });
      expect(routing.body.rules).toEqual([{ method_family: 'card', currencies: ['USD', 'COP'], connector_accounts: [first] }]);
      await page.getByRole('button', { name: 'Delete rule 1' }).click();
      await page.getByText('No rules: payments go to the enabled accounts, oldest first.').waitFor();
      expect((await gw.request<{ rules: unknown[] }>('GET', '/v1/routing', { token })).body.rules).toEqual([]);
    }
    expect(problems).toEqual([]);
  });

  it('lists the routing rules; a viewer reads in Spanish with no write action', async () => {
    const accounts = await gw.request<{ data: Array<{ id: string }> }>('GET', '/v1/connector-accounts', { token });
    const routed = await gw.request('PUT', '/v1/routing', {
      token,
      body: { rules: [{ method_family: 'card', currencies: ['USD'], connector_accounts: [accounts.body.data[0]!.id] }] },
    });
    expect(routed.status, routed.text).toBe(200);
    const problems: string[] = [];
    for (const size of VIEWPORTS) {
      const page = await signIn(viewer.email, 'es', size);
      await page.getByRole('heading', { name: 'Cuentas de procesadores', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Reglas de enrutamiento' }).waitFor();
      expect(await page.locator('.routing-rules li').first().innerText()).toContain(accounts.body.data[0]!.id);
      expect(await page.getByRole('button', { name: 'Agregar cuenta de procesador' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Desactivar|^Activar|^Rotar|^Eliminar|^Agregar regla/ }).count()).toBe(0);
      problems.push(...(await seriousViolations(page, `connectors-viewer-${size.width}`)));
    }
    expect(problems).toEqual([]);
  });
});
