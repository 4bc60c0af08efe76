/**
 * The dashboard (packages/dashboard, served at /dashboard/) in a real Chromium,
 * used as a person would: sign in, create an API key and use it, refund a
 * payment, redeliver a webhook, win a dispute with evidence, invite a viewer.
 * Every page passes axe-core (no serious or critical violation) at 1280x800
 * and 390x844, and its screenshots are written to test-results/screenshots/
 * (DASHBOARD_SCREENSHOTS=<dir> elsewhere). Needs `npm run build` (the SPA).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchChromium, watchedPage } from './support/browser.js';
import { pendingWalletIntent, pay, tokenize } from './support/cards.js';
import { createDashboardUser } from './support/dashboard.js';
import { dialects } from './support/dialects.js';
import { AUDIENCE, startGateway, type TestClient, type TestGateway } from './support/gateway.js';
import { Receiver } from './support/receiver.js';
import { newId } from '../src/lib/ids.js';
import { eventually } from './support/wait.js';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const SCREENSHOTS = process.env.DASHBOARD_SCREENSHOTS ?? fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
const PASSWORD = 'correct horse battery staple';

/** The page's globals as the evaluate() callbacks below use them (the server's tsconfig has no DOM lib). */
interface PageWindow {
  document: { documentElement: { lang: string; dataset: Record<string, string | undefined> } };
  axe: { run: (context: unknown, options: unknown) => Promise<AxeResult> };
}

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
}

/** axe-core in the page (evaluated through the DevTools protocol, so the page's CSP stays as served). */
async function axe(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const result = await page.evaluate<AxeResult>(() => {
    const page = globalThis as unknown as PageWindow;
    return page.axe.run(page.document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Checks a page at both widths with axe-core and writes its screenshots. */
async function audit(page: Page, name: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await ready(page);
    expect(await axe(page), `${name} at ${size.width}x${size.height}`).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${size.name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
/** A link of the main navigation (the sidebar). */
const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
/** Amounts are formatted by Intl (a no-break space after the currency code). */
const money = (text: string) => new RegExp(`^${text.replace(' ', '\\s').replace(/\./g, '\\.')}$`);

describeInBrowser.each(dialects.filter((d) => d.name === 'sqlite'))('the dashboard in a browser on $name', (dialect) => {
  let gw: TestGateway;
  let browser: Browser;
  let client: TestClient;
  let token: string;
  let receiver: Receiver;
  let owner: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  const contexts: BrowserContext[] = [];
  const email = 'owner@tienda.example';

  async function newContext(): Promise<BrowserContext> {
    const context = await browser.newContext({ locale: 'en-US', baseURL: gw.baseUrl });
    contexts.push(context);
    return context;
  }

  beforeAll(async () => {
    gw = await startGateway(dialect, { CHARGEBACK_DECISION_DELAY_SECONDS: '1', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
    client = await gw.client();
    token = await client.token();
    await createDashboardUser(gw, { email, password: PASSWORD, role: 'owner', organizationId: client.organizationId });
    receiver = await new Receiver().start();
    browser = await launchChromium();
    owner = await newContext();
    page = await watchedPage(owner, errors, { width: 1280, height: 800 });
  }, 60_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await receiver?.close();
    await gw?.close();
  }, 90_000);

  it('signs in with email and password (a wrong password is refused)', async () => {
    await page.goto('/dashboard/');
    await heading(page, 'Sign in to Pasarela').waitFor();
    expect(page.url()).toBe(`${gw.baseUrl}/dashboard/sign-in`);
    await audit(page, 'sign-in', () => heading(page, 'Sign in to Pasarela').waitFor());

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('Wrong email or password.').waitFor();

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await heading(page, 'Payments').waitFor();
    expect(page.url()).toBe(`${gw.baseUrl}/dashboard/payments`);
    const cookie = (await owner.cookies()).find((c) => c.name === 'pasarela_dashboard');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
  }, 90_000);

  it('switches to Spanish and to the dark theme, and remembers both', async () => {
    await page.getByLabel('Language').selectOption('es');
    await heading(page, 'Pagos').waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as PageWindow).document.documentElement.lang)).toBe('es');
    await page.getByRole('button', { name: 'Tema oscuro' }).click();
    expect(await page.evaluate(() => (globalThis as unknown as PageWindow).document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    await heading(page, 'Pagos').waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as PageWindow).document.documentElement.dataset.theme)).toBe('dark');
    await audit(page, 'payments-dark-es', () => heading(page, 'Pagos').waitFor());
    await page.getByLabel('Idioma').selectOption('en');
    await page.getByRole('button', { name: 'Light theme' }).click();
    await heading(page, 'Payments').waitFor();
  }, 90_000);

  it('creates an API key, shows its secret once, the secret gets a token, and revoking it refuses the token', async () => {
    await nav(page, 'API keys').click();
    await heading(page, 'API keys').waitFor();
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create key' });
    await dialog.getByLabel('Name', { exact: true }).fill('Order server');
    await dialog.getByRole('group', { name: 'payments' }).waitFor();
    await audit(page, 'api-key-create', () => dialog.getByRole('group', { name: 'payments' }).waitFor());
    await dialog.getByLabel('All of payments').check();
    await dialog.getByRole('button', { name: 'Create' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Your new Client Secret' });
    await secretDialog.getByText('it is shown only once').waitFor();
    const secret = (await secretDialog.getByTestId('client-secret').textContent()) ?? '';
    const clientId = (await secretDialog.locator('code').first().textContent()) ?? '';
    expect(secret.length).toBeGreaterThan(20);
    expect(clientId).toMatch(/\S/);
    await audit(page, 'api-key-secret', () => secretDialog.waitFor());
    await secretDialog.getByRole('button', { name: 'I have saved it' }).click();

    const row = page.locator(`tr[data-client-id="${clientId}"]`);
    await row.getByText('Order server').waitFor();
    await page.reload();
    await row.getByText('Active').waitFor();
    expect(await page.content()).not.toContain(secret);

    const issued = await gw.request<{ access_token: string }>('POST', '/oauth/token', {
      body: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret, audience: AUDIENCE },
    });
    expect(issued.status).toBe(200);
    const keyToken = issued.body.access_token;
    expect((await gw.request('GET', '/v1/payments', { token: keyToken })).status).toBe(200);

    await audit(page, 'api-keys', () => row.waitFor());
    await row.getByRole('button', { name: 'Revoke Order server' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke' });
    await confirm.getByText('cannot be undone').waitFor();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('Revoked').waitFor();
    await eventually(
      () => gw.request('GET', '/v1/payments', { token: keyToken }),
      (reply) => reply.status === 401,
    );
  }, 90_000);

  it('adds a webhook endpoint, reveals its secret, and redelivers a delivery', async () => {
    await nav(page, 'Webhooks').click();
    await heading(page, 'Webhooks').waitFor();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
    await dialog.getByLabel('Endpoint URL').fill(receiver.url);
    await dialog.getByLabel('Description').fill('Order server');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 2, name: receiver.url }).waitFor();

    await page.getByRole('button', { name: 'Reveal signing secret' }).click();
    const secret = (await page.locator('code', { hasText: 'whsec_' }).textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);

    const instrument = await tokenize(gw, token, { number: '4242424242424242' });
    const payment = await pay(gw, token, { instrumentId: instrument, capture: false });
    expect(payment.body.status).toBe('AUTHORIZED');
    const first = await eventually(
      async () => receiver.events().filter((e) => e.type === 'payment.card.authorized'),
      (events) => events.length === 1,
    );
    const eventId = first[0]!.id;
    const delivered = receiver.received.find((r) => JSON.parse(r.body).id === eventId)!;
    expect(Receiver.verify(secret, delivered).type).toBe('payment.card.authorized');

    await page.reload();
    const delivery0 = page.locator(`li.delivery[data-event-id="${eventId}"]`);
    await delivery0.getByText('Attempt 1: 200').waitFor();
    await audit(page, 'webhooks', () => delivery0.waitFor());
    // The event's first delivery, by its own id: the redelivery is a second delivery of the same event.
    const delivery = page.locator(`li.delivery[data-delivery-id="${await delivery0.getAttribute('data-delivery-id')}"]`);
    await delivery.getByRole('button', { name: `Redeliver ${eventId}` }).click();
    await page.getByText('Queued for redelivery.').waitFor();
    await eventually(
      async () => receiver.events().filter((e) => e.id === eventId),
      (events) => events.length === 2,
    );
    // The page follows the redelivery until it is delivered, with no reload.
    await page.locator(`li.delivery-watched[data-event-id="${eventId}"]`).getByText('Attempt 1: 200').waitFor();

    // Each attempt opens to show the request sent and the response received.
    await delivery.locator('summary').first().click();
    const sentBody = await delivery.getByLabel('Request body').first().textContent();
    expect(JSON.parse(sentBody ?? '')).toEqual(JSON.parse(delivered.body));
    // The event was sent twice (the delivery and its redelivery, each signed at its own time): the headers shown are those of one of them.
    const shownHeaders = (await delivery.getByLabel('Request headers').first().textContent()) ?? '';
    expect(shownHeaders).toContain(`webhook-id: ${eventId}`);
    const sentSignatures = receiver.received.filter((r) => JSON.parse(r.body).id === eventId).map((r) => String(r.headers['webhook-signature']));
    expect(sentSignatures).toContain(/webhook-signature: (\S+)/.exec(shownHeaders)?.[1]);
    expect(await delivery.getByLabel('Response body (first 4 KB)').first().textContent()).toBe('ok');
    await audit(page, 'webhooks-attempt', () => delivery.getByLabel('Request body').first().waitFor());

    // "Send test event": a signed webhook.test, to this endpoint only, shown in its delivery log.
    await page.getByRole('button', { name: 'Send test event' }).click();
    const notice = (await page.getByText(/^Test event evt-\S+ sent to this endpoint\.$/).textContent()) ?? '';
    const testId = /(evt-\S+)/.exec(notice)![1]!;
    const tested = page.locator(`li.delivery[data-event-id="${testId}"]`);
    await tested.getByText('webhook.test', { exact: true }).waitFor();
    await tested.getByText('Attempt 1: 200').waitFor();
    const received = receiver.received.find((r) => JSON.parse(r.body).id === testId)!;
    expect(Receiver.verify(secret, received)).toMatchObject({ id: testId, type: 'webhook.test' });
    await audit(page, 'webhooks-test-event', () => tested.waitFor());
  }, 90_000);

  it('captures and refunds part of a payment from its page, and shows the refund and its event', async () => {
    const instrument = await tokenize(gw, token, { number: '5555555555554444' });
    const payment = await pay(gw, token, { instrumentId: instrument, capture: false, amount: 200, orderId: 'order-refund-1' });
    expect(payment.body.status).toBe('AUTHORIZED');

    await nav(page, 'Payments').click();
    await page.getByLabel('Order ID').fill('order-refund-1');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: money('USD 200.00') }).click();
    await heading(page, money('USD 200.00')).waitFor();
    expect(page.url()).toBe(`${gw.baseUrl}/dashboard/payments/${payment.body.id}`);

    await page.getByRole('button', { name: 'Capture' }).click();
    await page.getByRole('dialog', { name: 'Capture' }).getByRole('button', { name: 'Capture' }).click();
    await page.getByRole('button', { name: 'Refund' }).waitFor();

    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund' });
    await dialog.getByLabel('Amount to refund (USD)').fill('75.50');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const refunds = page.getByRole('region', { name: 'Refunds' });
    await eventually(
      async () => {
        await page.reload();
        await heading(page, money('USD 200.00')).waitFor();
        return page.getByRole('region', { name: 'Timeline' }).textContent();
      },
      (text) => (text ?? '').includes('refund.succeeded'),
    );
    await refunds.getByText(money('USD 75.50')).waitFor();
    await refunds.getByText('Succeeded').waitFor();
    await page.getByText('payment.card.captured').waitFor();
    const after = await gw.request<{ amount_refunded: string }>('GET', `/v1/payments/${payment.body.id}`, { token });
    expect(after.body.amount_refunded).toBe('75.50');
    await audit(page, 'payment', () => refunds.waitFor());
  }, 90_000);

  it('disputes a chargeback with evidence text and a file, and wins', async () => {
    const instrument = await tokenize(gw, token, { number: '4000000000000259' });
    const payment = await pay(gw, token, { instrumentId: instrument, capture: false, amount: 90 });
    expect((await gw.request('POST', `/v1/payments/${payment.body.id}/capture`, { token, body: {} })).status).toBe(200);
    const list = await eventually(
      () => gw.request<{ data: { id: string; status: string }[] }>('GET', `/v1/chargebacks?payment_id=${payment.body.id}`, { token }),
      (reply) => reply.body.data.length === 1,
    );
    const chargebackId = list.body.data[0]!.id;

    await nav(page, 'Disputes').click();
    await heading(page, 'Disputes').waitFor();
    const item = page.locator(`li[data-chargeback-id="${chargebackId}"]`);
    await item.getByText(/left$/).waitFor();
    await audit(page, 'disputes', () => item.waitFor());
    await item.getByRole('button', { name: 'Dispute / Accept' }).click();
    await item.getByLabel('Evidence (your statement)').fill('winning_evidence: the customer signed for the delivery.');
    await item.getByLabel(/Evidence file/).setInputFiles({ name: 'delivery-receipt.txt', mimeType: 'text/plain', buffer: Buffer.from('Signed by the customer on delivery.\n') });
    await item.getByRole('button', { name: 'Upload file' }).click();
    await item.getByText('delivery-receipt.txt').waitFor();
    await audit(page, 'dispute-respond', () => item.getByText('delivery-receipt.txt').waitFor());
    await item.getByRole('button', { name: 'Submit dispute' }).click();
    await item.getByText('Disputed', { exact: true }).waitFor();

    await eventually(
      async () => {
        await page.reload();
        await heading(page, 'Disputes').waitFor();
        return item.textContent();
      },
      (text) => (text ?? '').includes('Won'),
    );
    await item.getByText('Outcome:').waitFor();
    const chargeback = await gw.request<{ status: string; evidence: { attachment_ids: string[] } }>('GET', `/v1/chargebacks/${chargebackId}`, { token });
    expect(chargeback.body.status).toBe('WON');
    expect(chargeback.body.evidence.attachment_ids).toHaveLength(1);
  }, 90_000);

  it('creates a payment link with a QR code, and shows the other pages', async () => {
    await nav(page, 'Payment links').click();
    await heading(page, 'Payment links').waitFor();
    await page.getByRole('button', { name: 'Create link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create link' });
    await dialog.getByLabel('Amount', { exact: true }).fill('25000');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const qr = page.getByRole('dialog', { name: 'QR code' });
    await qr.getByRole('img', { name: /^QR code of / }).waitFor();
    await audit(page, 'payment-link-qr', () => qr.waitFor());
    await qr.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('cell', { name: money('COP 25,000') }).waitFor();
    await audit(page, 'payment-links', () => page.getByRole('cell', { name: money('COP 25,000') }).waitFor());

    await nav(page, 'Events').click();
    await heading(page, 'Events').waitFor();
    await page.getByLabel('Search events (type, id or content)').fill('refund.succeeded');
    await page.getByRole('button', { name: /^refund\.succeeded/ }).click();
    await page.getByLabel('Payload').getByText('"amount"').waitFor();
    await audit(page, 'events', () => page.getByLabel('Payload').waitFor());

    await nav(page, 'Sandbox').click();
    await heading(page, 'Sandbox').waitFor();
    await page.getByRole('cell', { name: '4000000000000259' }).waitFor();
    await audit(page, 'sandbox', () => page.getByRole('cell', { name: '4000000000000259' }).waitFor());

    await nav(page, 'Team').click();
    await heading(page, 'Team').waitFor();
    await page.getByRole('cell', { name: email }).waitFor();
    await audit(page, 'team', () => page.getByRole('cell', { name: email }).waitFor());
  }, 90_000);

  it('switches to a sub-organization, shows its own payments, and switches back', async () => {
    const created = await gw.request<{ id: string; name: string }>('POST', '/v1/organizations', { token, body: { name: 'Tienda Norte' } });
    expect(created.status).toBe(201);
    const subToken = await (await gw.client({ organizationId: created.body.id })).token();
    const card = await tokenize(gw, subToken, { number: '4242424242424242' });
    expect((await pay(gw, subToken, { instrumentId: card, amount: 321, orderId: 'norte-1' })).body.status).toBe('APPROVED');

    // The selector lists the organizations of the session: read again on a reload.
    await page.reload();
    await nav(page, 'Payments').click();
    await heading(page, 'Payments').waitFor();
    await page.getByRole('link', { name: money('USD 200.00') }).waitFor();
    const switcher = page.getByRole('combobox', { name: 'Organization' });
    await switcher.selectOption({ label: 'Tienda Norte' });
    await page.getByRole('link', { name: money('USD 321.00') }).waitFor();
    expect(await page.getByRole('link', { name: money('USD 200.00') }).count()).toBe(0);
    expect(await page.locator('.payments-table tbody tr').count()).toBe(1);
    await audit(page, 'payments-sub-organization', () => page.getByRole('link', { name: money('USD 321.00') }).waitFor());
    // Its pages act on it: its payment's page opens.
    await page.getByRole('link', { name: money('USD 321.00') }).click();
    await heading(page, money('USD 321.00')).waitFor();

    await nav(page, 'Payments').click();
    await switcher.selectOption({ index: 0 });
    await page.getByRole('link', { name: money('USD 200.00') }).waitFor();
    expect(await page.getByRole('link', { name: money('USD 321.00') }).count()).toBe(0);
  }, 90_000);

  it('invites a teammate as a viewer, who sets a password, signs in and cannot create keys', async () => {
    await nav(page, 'Team').click();
    await page.getByLabel('Email', { exact: true }).fill('viewer@tienda.example');
    await page.getByRole('combobox', { name: /^Role/ }).selectOption('viewer');
    await page.getByRole('button', { name: 'Invite a teammate' }).click();
    const url = new URL((await page.getByTestId('invitation-url').textContent()) ?? '');
    expect(url.pathname).toBe('/dashboard/welcome');

    const teammate = await newContext();
    const viewer = await watchedPage(teammate, errors, { width: 1280, height: 800 });
    await viewer.goto(url.pathname + url.search + url.hash);
    await heading(viewer, 'Set your password').waitFor();
    await viewer.getByText('as Viewer').waitFor();
    await audit(viewer, 'welcome', () => heading(viewer, 'Set your password').waitFor());
    await viewer.getByLabel('New password (at least 12 characters)').fill('short');
    await viewer.getByLabel('Repeat the password').fill('short');
    await viewer.getByRole('button', { name: 'Set password and sign in' }).click();
    await viewer.getByText('The password needs at least 12 characters.').waitFor();
    await viewer.getByLabel('New password (at least 12 characters)').fill('viewer password 2026');
    await viewer.getByLabel('Repeat the password').fill('viewer password 2026');
    await viewer.getByRole('button', { name: 'Set password and sign in' }).click();
    await heading(viewer, 'Payments').waitFor();

    // The link works once.
    const again = await newContext();
    const other = await again.newPage();
    await other.goto(url.pathname + url.search);
    await other.getByText('This link is not valid or has expired.').waitFor();

    await nav(viewer, 'API keys').click();
    await heading(viewer, 'API keys').waitFor();
    await viewer.getByText('Viewers cannot create or revoke keys.').waitFor();
    expect(await viewer.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    // Not only hidden: the server refuses it for the viewer's session.
    const refused = await viewer.evaluate(async () => {
      const session = (await (await fetch('/dashboard/api/session')).json()) as { csrf_token: string };
      const reply = await fetch('/dashboard/api/keys', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
        body: JSON.stringify({ name: 'sneaky', permissions: ['payments:read'] }),
      });
      return reply.status;
    });
    expect(refused).toBe(403);
  }, 90_000);

  it('lists card and alternative payments, filtered by status and method', async () => {
    const declined = await tokenize(gw, token, { number: '4000000000000002' });
    expect((await pay(gw, token, { instrumentId: declined, amount: 42 })).body.status).toBe('REJECTED');
    const intent = await gw.request('POST', '/v1/payments/intents', { token, body: pendingWalletIntent('dashboard') });
    expect(intent.status).toBe(201);

    await nav(page, 'Payments').click();
    await heading(page, 'Payments').waitFor();
    await page.getByRole('link', { name: money('COP 15,050') }).waitFor();
    await audit(page, 'payments', () => page.getByRole('link', { name: money('USD 200.00') }).waitFor());

    await page.getByRole('combobox', { name: /^Status/ }).selectOption('REJECTED');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: money('USD 42.00') }).waitFor();
    // The unfiltered list may still be on screen (it holds the same row): wait for the filtered one.
    expect(await eventually(async () => page.locator('.payments-table tbody tr').count(), (n) => n === 1)).toBe(1);
    await page.getByRole('combobox', { name: /^Status/ }).selectOption('');
    await page.getByRole('combobox', { name: /^Method/ }).selectOption('WALLET_OTP');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('.payments-table tbody tr').filter({ hasText: 'WALLET_OTP' }).waitFor();
    expect(await eventually(async () => page.locator('.payments-table tbody tr').count(), (n) => n === 1)).toBe(1);
  }, 90_000);

  it('renders the first page of a list of 10,000 payments (the time is printed, not asserted)', async () => {
    // Its own organization and user, so it also runs alone: npx vitest run packages/server/test/dashboard.browser.test.ts -t '10,000'
    const bulk = await gw.client();
    const bulkToken = await bulk.token();
    const card = await tokenize(gw, bulkToken, { number: '4242424242424242' });
    const first = await pay(gw, bulkToken, { instrumentId: card, amount: 10 });
    const template = await gw.db.selectFrom('payments').selectAll().where('id', '=', first.body.id).executeTakeFirstOrThrow();
    // Copies of a real payment row: only the list's size matters here.
    for (let made = 1; made < 10_000; ) {
      const batch = Math.min(500, 10_000 - made);
      const rows = Array.from({ length: batch }, (_, i) => ({ ...template, id: newId('payment'), order_id: `bulk-${made + i}`, network_reference: null }));
      await gw.db.insertInto('payments').values(rows).execute();
      made += batch;
    }
    const bulkEmail = 'bulk@tienda.example';
    await createDashboardUser(gw, { email: bulkEmail, password: PASSWORD, role: 'owner', organizationId: bulk.organizationId });
    const bulkPage = await watchedPage(await newContext(), errors, { width: 1280, height: 800 });
    await bulkPage.goto('/dashboard/sign-in');
    await bulkPage.getByLabel('Email').fill(bulkEmail);
    await bulkPage.getByLabel('Password').fill(PASSWORD);
    await bulkPage.getByRole('button', { name: 'Sign in' }).click();
    await heading(bulkPage, 'Payments').waitFor();

    await bulkPage.goto('/dashboard/payments');
    const rows = bulkPage.locator('.payments-table tbody tr');
    await rows.nth(49).waitFor();
    const timing = await bulkPage.evaluate(() => {
      const list = performance.getEntriesByType('resource').find((e) => e.name.includes('/dashboard/api/v1/payments'));
      const rendered = performance.getEntriesByName('pasarela:payments-rendered')[0];
      return { rendered: rendered ? rendered.startTime : 0, listAnswered: list ? (list as unknown as { responseEnd: number }).responseEnd : 0 };
    });
    console.log(
      `dashboard: the first page (50 rows) of 10,000 payments was rendered ${timing.rendered.toFixed(0)} ms after navigation started, ` +
        `${(timing.rendered - timing.listAnswered).toFixed(0)} ms after the list's answer arrived (at ${timing.listAnswered.toFixed(0)} ms)`,
    );
    expect(timing.rendered).toBeGreaterThan(timing.listAnswered);
    expect(await rows.count()).toBe(50);
    await bulkPage.getByRole('button', { name: 'Next page' }).click();
    await bulkPage.getByRole('button', { name: 'Previous page' }).and(bulkPage.locator(':enabled')).waitFor();
    expect(await rows.count()).toBe(50);
  }, 120_000);

  it('logged no console error or CSP violation on any page', () => {
    // The answers the pages expect (401 for a wrong password, 403 where a role may not go) are logged by Chromium as
    // failed loads; the sign-in page's check of who is signed in answers 204, not a failure.
    expect(errors.filter((e) => !/Failed to load resource: the server responded with a status of 40[13]/.test(e))).toEqual([]);
  });
});
