/**
 * The dashboard's Balance page in a real Chromium, on each dialect: one
 * capture followed from pending to available (the sandbox test clock moves
 * the settlement), paid out from the page, its reconciliation report made and
 * downloaded (the CSV's net adds up to the payout), a period report as JSON,
 * the payout paid a day later; every amount as the API holds it, formatted
 * like the rest of the dashboard, in English and in Spanish; a viewer reads
 * and makes reports but is offered no payout. Every state passes axe-core
 * (no serious or critical violation) at 1280x800 and 390x844 and fits the
 * phone's width, checked on the first dialect (the page renders the same on
 * each: support/browser.ts `browserPlan`); SCREENSHOTS=1 writes its
 * screenshots to test-results/screenshots/. Needs `npm run build` (the SPA).
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  browserPlan,
  type BrowserPlan,
  describeInBrowser,
  documentWidth,
  keepScreenshot,
  launchChromium,
  screenshotFolder,
  screenshotOnFailure,
  watchedPage,
} from './support/browser.js';
import { pay, tokenize } from './support/cards.js';
import { advanceClock } from './support/clock.js';
import { createDashboardUser } from './support/dashboard.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';

const SCREENSHOTS = screenshotFolder('DASHBOARD_SCREENSHOTS');
const PASSWORD = 'correct horse battery staple';
const DAY = 86_400_000;
/** Generous limits: the machine running the suite may be busy. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

interface Balance {
  balances: Array<{ currency: string; available: string; pending: string; reserved: string }>;
}

/**
 * On the audited dialect: axe-core at both sizes and no sideways scrolling on the phone (a failure
 * keeps the page's screenshot), and each size's screenshot when asked for. On the others, the
 * page is only waited for.
 */
async function audit(plan: BrowserPlan, page: Page, name: string, ready: () => Promise<unknown>): Promise<void> {
  try {
    for (const size of plan.viewports) {
      await page.setViewportSize(size);
      await ready();
      if (!plan.audited) continue;
      await screenshotOnFailure(page, `${name}-${size.width}x${size.height}-failed.png`, async () => {
        expect(await plan.audit(page, name)).toEqual([]);
        expect(await documentWidth(page), `${name} fits ${size.width} px`).toBeLessThanOrEqual(size.width);
      });
      await keepScreenshot(page, SCREENSHOTS, `${name}-${size.width}x${size.height}.png`);
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
}

/** How the dashboard writes an amount of the API (Intl, the currency's code, a no-break space after it). */
const shown = (amount: string, currency: string, locale = 'en-US') =>
  new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    amount as unknown as number,
  );
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
/** The value beside a label of a currency's balance card. */
const balanceValue = (page: Page, currency: string, label: string) =>
  page
    .locator(`[data-currency="${currency}"] .kv-row`)
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

describeInBrowser.each(dialects)('the Balance page in a browser on $name', (dialect) => {
  const plan = browserPlan(dialect);
  let gw: TestGateway;
  let browser: Browser;
  let token: string;
  let page: Page;
  const errors: string[] = [];
  const contexts: BrowserContext[] = [];
  const owner = { email: 'finance@tienda.example', role: 'owner' as const };
  const viewer = { email: 'auditor@tienda.example', role: 'viewer' as const };
  let paymentId = '';
  let payoutId = '';
  let net = '';

  const call = <T>(method: string, path: string, body?: unknown) => gw.request<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
  const usd = async () => (await call<Balance>('GET', '/v1/balance')).body.balances.find((b) => b.currency === 'USD')!;

  async function signIn(email: string): Promise<Page> {
    const context = await browser.newContext({ locale: 'en-US', baseURL: gw.baseUrl, acceptDownloads: true });
    contexts.push(context);
    const signed = await watchedPage(context, errors, { width: 1280, height: 800 });
    await signed.goto('/dashboard/sign-in');
    await signed.evaluate(() =>
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('pasarela.language', 'en'),
    );
    await signed.goto('/dashboard/sign-in');
    await signed.getByLabel('Email').fill(email);
    await signed.getByLabel('Password').fill(PASSWORD);
    await signed.getByRole('button', { name: 'Sign in' }).click();
    await heading(signed, 'Payments').waitFor();
    await signed.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Balance', exact: true }).click();
    await heading(signed, 'Balance').waitFor();
    return signed;
  }

  /** Clicks `button` and answers the text of the file the browser saved. */
  async function downloaded(target: Page, button: ReturnType<Page['getByRole']>): Promise<{ name: string; text: string }> {
    const [file] = await Promise.all([target.waitForEvent('download'), button.click()]);
    return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
  }

  beforeAll(async () => {
    gw = await startGateway(dialect);
    const client = await gw.client();
    token = await client.token();
    for (const user of [owner, viewer]) await createDashboardUser(gw, { ...user, password: PASSWORD, organizationId: client.organizationId });
    expect((await call('PATCH', '/v1/balance/settings', { payouts: { interval: 'manual' } })).status).toBe(200);
    // 2.9 % + 0.30 per payment: a capture of 2,000.00 leaves 1,941.70 to the merchant.
    const rule = await call('POST', '/v1/fee-rules', { type: 'mdr', name: 'MDR', percentage_bps: 290, fixed_amount: 0.3, currency: 'USD' });
    expect(rule.status, rule.text).toBe(201);
    const instrumentId = await tokenize(gw, token, { number: '4111111111111111' });
    const created = await pay(gw, token, { instrumentId, amount: 2000, capture: false, orderId: 'order-balance-1' });
    expect(created.status, created.text).toBe(201);
    paymentId = created.body.id;
    expect((await call('POST', `/v1/payments/${paymentId}/capture`, {})).status).toBe(200);
    await gw.gateway.jobs.runDue();
    browser = await launchChromium();
  }, 90_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await gw?.close();
  }, 90_000);

  it('shows a capture pending, then available after the settlement, with the batch and its totals', async () => {
    expect(await usd()).toEqual({ currency: 'USD', available: '0.00', pending: '1941.70', reserved: '0.00' });
    page = await signIn(owner.email);
    await poll(() => balanceValue(page, 'USD', 'Pending').textContent()).toBe(shown('1941.70', 'USD'));
    expect(await balanceValue(page, 'USD', 'Available').textContent()).toBe(shown('0.00', 'USD'));
    expect(await balanceValue(page, 'USD', 'Reserved for disputes').textContent()).toBe(shown('0.00', 'USD'));
    await page.getByText('Nothing has settled yet.').waitFor();
    await page.getByText('Sandbox: settlements and payouts are simulated bookkeeping; no money moves.').waitFor();
    // Nothing available: nothing to pay out.
    expect(await page.getByRole('button', { name: /^Pay out/ }).count()).toBe(0);
    await audit(plan, page, 'balance-pending', () => balanceValue(page, 'USD', 'Pending').waitFor());

    // The end of day T+1 on the organization's clock: the card schedule settles it.
    const clock = await call<{ now: string }>('GET', '/v1/sandbox/clock');
    const now = Date.parse(clock.body.now);
    await advanceClock(gw, token, Math.ceil(((Math.floor(now / DAY) + 2) * DAY - now) / 1000) + 60);
    const settled = await usd();
    expect(settled).toMatchObject({ available: '1941.70', pending: '0.00' });
    net = settled.available;
    await page.reload();
    await poll(() => balanceValue(page, 'USD', 'Available').textContent()).toBe(shown(net, 'USD'));
    expect(await balanceValue(page, 'USD', 'Pending').textContent()).toBe(shown('0.00', 'USD'));
    const batch = page.locator('[data-settlement-id]');
    await poll(() => batch.count()).toBe(1);
    const cells = await batch.locator('td').allTextContents();
    expect(cells.slice(0, 6)).toEqual([shown('1941.70', 'USD'), shown('2000.00', 'USD'), shown('58.30', 'USD'), 'Cards', '1', 'Available (not paid out)']);
  }, 120_000);

  it('pays the available balance out from the page, then makes and downloads the payout report, whose net adds up to it', async () => {
    await page.getByRole('button', { name: `Pay out ${shown(net, 'USD')}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Pay the whole available balance, ${shown(net, 'USD')}, to the simulated sandbox bank account?`).waitFor();
    await dialog.getByRole('button', { name: `Pay out ${shown(net, 'USD')}` }).click();
    const said = page.getByRole('status').filter({ hasText: /^Payout po-/ });
    await said.waitFor();
    payoutId = /^Payout (po-\S+) of/.exec((await said.textContent())!)![1]!;
    expect(await said.textContent()).toBe(`Payout ${payoutId} of ${shown(net, 'USD')} is on its way.`);
    const payouts = await call<{ data: Array<{ id: string; amount: string; status: string; arrival_date: string }> }>('GET', '/v1/payouts');
    expect(payouts.body.data).toEqual([expect.objectContaining({ id: payoutId, amount: net, status: 'in_transit' })]);
    await poll(() => balanceValue(page, 'USD', 'Available').textContent()).toBe(shown('0.00', 'USD'));
    const row = page.locator(`[data-payout-id="${payoutId}"]`);
    await row.getByText('In transit').waitFor();
    expect(await row.locator('td').first().textContent()).toBe(shown(net, 'USD'));
    await page.getByText(new RegExp(`^${shown(net, 'USD').replace('.', '\\.')} arrives `)).waitFor();
    await page.locator(`[data-settlement-id]`).getByText(payoutId).waitFor();

    await row.getByRole('button', { name: `Make report: payout ${payoutId}` }).click();
    const download = row.getByRole('button', { name: /^Download CSV: report rpt-/ });
    await download.waitFor();
    await audit(plan, page, 'balance-payout', () => download.waitFor());
    const csv = await downloaded(page, download);
    expect(csv.name).toMatch(/^rpt-.+\.csv$/);
    const [header, ...lines] = csv.text.trimEnd().split('\r\n');
    const columns = header!.split(',');
    const rows = lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [columns[i], value])));
    expect(rows).toEqual([
      expect.objectContaining({ payment_id: paymentId, order_id: 'order-balance-1', gross: '2000.00', fee: '58.30', net, payout_id: payoutId }),
    ]);
    const cents = rows.reduce((sum, r) => sum + Math.round(Number(r.net) * 100), 0);
    expect(cents).toBe(Math.round(Number(net) * 100));
  }, 120_000);

  it('makes a period report as JSON from the form and downloads it; the payout is paid a day later', async () => {
    const form = page.locator('form').filter({ has: page.getByLabel('From (UTC)') });
    await form.getByLabel('Format').selectOption('json');
    // The report covers the organization's days (its clock is two days ahead).
    const clock = await call<{ now: string }>('GET', '/v1/sandbox/clock');
    const today = clock.body.now.slice(0, 10);
    await form.getByLabel('From (UTC)').fill(new Date(Date.parse(today) - 7 * DAY).toISOString().slice(0, 10));
    await form.getByLabel('To, inclusive (UTC)').fill(today);
    await form.getByRole('button', { name: 'Make report' }).click();
    const json = page.getByRole('button', { name: /^Download JSON: report rpt-/ });
    await json.waitFor();
    const file = await downloaded(page, json);
    expect(file.name).toMatch(/^rpt-.+\.json$/);
    const body = JSON.parse(file.text) as { rows: Array<{ payment_id: string; type: string; net: string }>; totals: { net: string } };
    expect(body.rows).toEqual([expect.objectContaining({ payment_id: paymentId, type: 'payment', net })]);
    expect(body.totals.net).toBe(net);

    // Every balance transaction of the period (the export): the payout and its settlement too.
    await form.getByLabel('Rows').selectOption('balance_transactions');
    await form.getByLabel('Format').selectOption('csv');
    await form.getByRole('button', { name: 'Make report' }).click();
    const everything = page.locator('[data-report-id]').filter({ hasText: /^Every transaction, USD/ });
    const exported = everything.getByRole('button', { name: /^Download CSV: report rpt-/ });
    await exported.waitFor();
    const all = await downloaded(page, exported);
    const types = all.text
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[2])
      .sort();
    expect(types).toEqual(['payment', 'payout', 'settlement']);
    await audit(plan, page, 'balance-reports', () => json.waitFor());

    await advanceClock(gw, token, DAY / 1000 + 60);
    expect((await call<{ status: string }>('GET', `/v1/payouts/${payoutId}`)).body.status).toBe('paid');
    await page.reload();
    await page.locator(`[data-payout-id="${payoutId}"]`).getByText('Paid', { exact: true }).waitFor();
    await page.getByText('No payout on its way.').waitFor();
  }, 120_000);

  it('speaks Spanish throughout, with amounts in the Colombian format', async () => {
    await page.getByLabel('Language').selectOption('es');
    await heading(page, 'Saldo').waitFor();
    expect(await balanceValue(page, 'USD', 'Disponible').textContent()).toBe(shown('0.00', 'USD', 'es-CO'));
    const row = page.locator(`[data-payout-id="${payoutId}"]`);
    await row.getByText('Pagada', { exact: true }).waitFor();
    expect(await row.locator('td').first().textContent()).toBe(shown(net, 'USD', 'es-CO'));
    expect(shown(net, 'USD', 'es-CO')).toMatch(/^USD\s1\.941,70$/);
    await page.getByRole('heading', { level: 2, name: 'Liquidaciones' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Reportes de conciliación' }).waitFor();
    // No English left on the page (the words of its English labels and statuses).
    const text = (await page.locator('main').innerText()).replace(/(po|stl|rpt)-\S+/g, '');
    for (const english of [
      'Available',
      'Pending',
      'Payout',
      'Settlement',
      'Reconciliation',
      'Download',
      'Paid',
      'Cards',
      'Gross',
      'Fees',
      'arrives',
      'no money moves',
    ])
      expect(text, english).not.toContain(english);
    await audit(plan, page, 'balance-es', () => heading(page, 'Saldo').waitFor());
    await page.getByLabel('Idioma').selectOption('en');
    await heading(page, 'Balance').waitFor();
  }, 120_000);

  it('a viewer reads the balance and downloads reports, and is offered no payout', async () => {
    // Money available again: a second capture, settled.
    const instrumentId = await tokenize(gw, token, { number: '4111111111111111' });
    const created = await pay(gw, token, { instrumentId, amount: 100, capture: true });
    expect(created.status, created.text).toBe(201);
    await gw.gateway.jobs.runDue();
    await advanceClock(gw, token, (2 * DAY) / 1000);
    expect(await usd()).toMatchObject({ available: '96.80' });
    const reader = await signIn(viewer.email);
    await poll(() => balanceValue(reader, 'USD', 'Available').textContent()).toBe(shown('96.80', 'USD'));
    await reader
      .locator(`[data-payout-id="${payoutId}"]`)
      .getByRole('button', { name: /^Download CSV: report/ })
      .waitFor();
    expect(await reader.getByRole('button', { name: /^Pay out/ }).count()).toBe(0);
    await audit(plan, reader, 'balance-viewer', () => balanceValue(reader, 'USD', 'Available').waitFor());
    // The owner is offered it.
    await page.reload();
    await page.getByRole('button', { name: `Pay out ${shown('96.80', 'USD')}` }).waitFor();
  }, 120_000);

  it('logged no console error on any page', () => {
    expect(errors).toEqual([]);
  });
});
