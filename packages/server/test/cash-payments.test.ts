import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeModules } from '../src/payments/methods/cash/code128.js';
import { cashBarcode, isCashReference } from '../src/payments/methods/cash/voucher.js';
import { advanceClock } from './support/clock.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestClient, type TestGateway } from './support/gateway.js';
import { Receiver } from './support/receiver.js';
import { eventually } from './support/wait.js';

interface CashIntent {
  payment_id: string;
  status: string;
  transaction: { status: string; status_detail: string; amount: number };
  rail: {
    id: string;
    payment_link?: string;
    cash?: { reference: string; agreement_code: string; barcode: { url: string; text: string }; expires_at: string };
  };
  expires_at: string;
  created_at: string;
}

/** Reads an SVG's bars back to modules (each rect's x and width, in modules of `unit`, after the quiet zone of ten). */
function modulesOfSvg(svg: string, unit = 2): string {
  const bars = [...svg.matchAll(/<rect x="(\d+)" y="0" width="(\d+)"/g)].map((m) => ({ x: Number(m[1]) / unit - 10, w: Number(m[2]) / unit }));
  const modules = Array.from({ length: bars.at(-1)!.x + bars.at(-1)!.w }, () => '0');
  for (const bar of bars) for (let i = 0; i < bar.w; i++) modules[bar.x + i] = '1';
  return modules.join('');
}

describe.each(dialects)('cash payments on $name', (dialect) => {
  let gw: TestGateway;
  let client: TestClient;
  let token: string;
  let receiver: Receiver;
  let secret: string;

  beforeAll(async () => {
    gw = await startGateway(dialect, { RAIL_MOCK_DELAY_SECONDS: '0' });
    client = await gw.client();
    token = await client.token();
    receiver = await new Receiver().start();
    const endpoint = await gw.request<{ secret: string }>('POST', '/v1/webhooks', { token, body: { url: receiver.url, events: ['*'] } });
    secret = endpoint.body.secret;
  });
  afterAll(async () => {
    await gw.close();
    await receiver.close();
  });

  /** A public URL of the gateway (PUBLIC_BASE_URL), on the test gateway's own port. */
  const local = (url: string) => `${gw.baseUrl}${new URL(url).pathname}`;
  let order = 0;
  const cash = (body: Record<string, unknown> = {}, as = token) =>
    gw.request<CashIntent>('POST', '/v1/payments/intents', {
      token: as,
      body: { order_id: `cash-${Date.now()}-${order++}`, currency: 'COP', amount: 50050, rail_id: 'CASH', rail_type: 'CASH', ...body },
    });
  const pay = (reference: string, as = token) =>
    gw.request<CashIntent & { error?: { code: string; details?: Array<{ field: string }> } }>('POST', '/v1/sandbox/cash/payments', {
      token: as,
      body: { reference },
    });
  const get = async (id: string, as = token) => (await gw.request<CashIntent>('GET', `/v1/payments/${id}`, { token: as })).body;
  const eventsOf = async (id: string, as = token) =>
    (await gw.request<{ data: Array<{ type: string }> }>('GET', `/v1/events?payment_id=${id}&limit=100`, { token: as })).body.data.map((e) => e.type).sort();

  it('answers IN_PROGRESS / PENDING with a reference, the agreement code, a barcode and an expiry 72 hours away', async () => {
    const reply = await cash();
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: 'IN_PROGRESS', transaction: { status: 'IN_PROGRESS', status_detail: 'PENDING', amount: 50050 } });
    const voucher = reply.body.rail.cash!;
    expect(isCashReference(voucher.reference)).toBe(true);
    expect(voucher.agreement_code).toMatch(/^\d+$/);
    expect(voucher.expires_at).toBe(reply.body.expires_at);
    expect(Date.parse(reply.body.expires_at) - Date.parse(reply.body.created_at)).toBe(72 * 3600 * 1000);
    expect(voucher.barcode.text).toContain(`(8020)${voucher.reference}(3900)0000050050(96)`);
    // The barcode: a public SVG whose bars read back to the voucher's reference, amount and last day.
    const image = await fetch(local(voucher.barcode.url));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const expected = cashBarcode({ reference: voucher.reference, amountMinor: 5005000, expiresAt: reply.body.expires_at });
    expect(decodeModules(modulesOfSvg(await image.text()))).toBe(expected.data);
    // The printable voucher, in the payer's language.
    const page = await fetch(local(reply.body.rail.payment_link!), { headers: { 'accept-language': 'es-CO' } });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain(voucher.reference);
    expect(text).toContain('Convenio');
    // The same payment read back shows the same voucher; the event says it is pending.
    expect((await get(reply.body.payment_id)).rail.cash).toEqual(voucher);
    expect(await eventsOf(reply.body.payment_id)).toEqual(['payment.purchase.pending']);
    // A token that is not a voucher's: 404.
    expect((await fetch(`${gw.baseUrl}/cash/not-a-token/barcode.svg`)).status).toBe(404);
  });

  it('takes its deadline per intent within bounds, and names every bad field in one 422 that creates nothing', async () => {
    const hour = await cash({ expires_in: 3600 });
    expect(Date.parse(hour.body.expires_at) - Date.parse(hour.body.created_at)).toBe(3600 * 1000);
    const orderId = `cash-bad-${Date.now()}`;
    const bad = await gw.request<{ error: { code: string; details: Array<{ field: string; message: string }> } }>('POST', '/v1/payments/intents', {
      token,
      body: { order_id: orderId, currency: 'COP', amount: 999, rail_id: 'CASH', rail_type: 'WALLET', expires_in: 60, customer: { email: 'not-an-email' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('validation_failed');
    expect(bad.body.error.details.map((d) => d.field).sort()).toEqual(['amount', 'customer.email', 'expires_in', 'rail_type']);
    for (const [body, field, message] of [
      [{ amount: 3_000_001 }, 'amount', /from COP/],
      [{ amount: 50050.5 }, 'amount', /whole pesos/],
      [{ expires_in: 31 * 86400 }, 'expires_in', /3600 to 2592000/],
      [{ rail_id: 'WALLET_PUSH', rail_type: 'WALLET', customer: { phone_number: '3001234567' }, expires_in: 3600 }, 'expires_in', /take no expires_in/],
    ] as const) {
      const reply = await cash(body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      const details = (reply.body as unknown as { error: { details: Array<{ field: string; message: string }> } }).error.details;
      expect(details).toEqual([expect.objectContaining({ field, message: expect.stringMatching(message) })]);
    }
    const stored = await gw.db.selectFrom('payments').select('id').where('order_id', '=', orderId).execute();
    expect(stored).toHaveLength(0);
  });

  it('the store pays the reference: APPROVED with payment.purchase.succeeded delivered; paid again, 409 and nothing changes', async () => {
    const reply = await cash();
    const reference = reply.body.rail.cash!.reference;
    const paid = await pay(reference);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ payment_id: reply.body.payment_id, status: 'APPROVED', transaction: { status: 'APPROVED', status_detail: 'SUCCESS' } });
    const delivered = await eventually(
      async () => receiver.received.filter((r) => r.body.includes(reply.body.payment_id)).map((r) => Receiver.verify(secret, r).type),
      (types) => types.includes('payment.purchase.succeeded'),
    );
    expect(delivered.sort()).toEqual(['payment.purchase.pending', 'payment.purchase.succeeded']);
    const again = await pay(reference);
    expect(again.status).toBe(409);
    expect(again.body.error!.code).toBe('cash_reference_paid');
    expect(await eventsOf(reply.body.payment_id)).toEqual(['payment.purchase.pending', 'payment.purchase.succeeded']);
    // The voucher's page no longer offers the payment.
    expect(await (await fetch(local(reply.body.rail.payment_link!))).text()).not.toContain(reference);
  });

  it("the voucher page's sandbox store button pays it once; posted again, it shows the payment as it is", async () => {
    const reply = await cash();
    const voucher = local(reply.body.rail.payment_link!);
    const post = () => fetch(voucher, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    const first = await post();
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(new URL(voucher).pathname);
    expect((await get(reply.body.payment_id)).transaction).toMatchObject({ status: 'APPROVED', status_detail: 'SUCCESS' });
    expect((await post()).status).toBe(303);
    expect(await eventsOf(reply.body.payment_id)).toEqual(['payment.purchase.pending', 'payment.purchase.succeeded']);
  });

  it('two stores paying the same reference at once: one approves it, the other gets 409, one success event', async () => {
    const reply = await cash();
    const answers = await Promise.all(Array.from({ length: 6 }, () => pay(reply.body.rail.cash!.reference)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.error!.code)).toEqual(Array(5).fill('cash_reference_paid'));
    expect(await eventsOf(reply.body.payment_id)).toEqual(['payment.purchase.pending', 'payment.purchase.succeeded']);
  });

  it('a malformed reference is 422 naming it; an unknown one, or another organization’s, is 404', async () => {
    const malformed = await pay('12345');
    expect(malformed.status).toBe(422);
    expect(malformed.body.error!.details!.map((d) => d.field)).toEqual(['reference']);
    // A well-formed reference (its check digit right) that no payment has.
    expect((await pay('412345678905')).status).toBe(404);
    const reply = await cash();
    const other = await gw.client();
    const otherToken = await other.token();
    expect((await pay(reply.body.rail.cash!.reference, otherToken)).status).toBe(404);
    expect((await get(reply.body.payment_id)).status).toBe('IN_PROGRESS');
  });

  it('the database refuses a second payment with the same reference', async () => {
    const reply = await cash();
    const reference = reply.body.rail.cash!.reference;
    const second = await cash();
    await expect(gw.db.updateTable('payments').set({ cash_reference: reference }).where('id', '=', second.body.payment_id).execute()).rejects.toThrow(
      /unique|UNIQUE/,
    );
  });

  it('at expiry (the test clock moves) the payment is DECLINED / REJECTED with its event, and the store can no longer pay it', async () => {
    const own = await gw.client();
    const ownToken = await own.token();
    const reply = await cash({ expires_in: 7200 }, ownToken);
    const reference = reply.body.rail.cash!.reference;
    await advanceClock(gw, ownToken, 7199);
    expect((await get(reply.body.payment_id, ownToken)).status).toBe('IN_PROGRESS');
    await advanceClock(gw, ownToken, 1);
    expect((await get(reply.body.payment_id, ownToken)).transaction).toMatchObject({ status: 'DECLINED', status_detail: 'REJECTED' });
    expect(await eventsOf(reply.body.payment_id, ownToken)).toEqual(['payment.purchase.pending', 'payment.purchase.rejected']);
    const late = await pay(reference, ownToken);
    expect(late.status).toBe(409);
    expect(late.body.error!.code).toBe('payment_finished');
    expect((await get(reply.body.payment_id, ownToken)).status).toBe('DECLINED');
  });

  it('a reference past its deadline whose expiry job has not run yet is refused, and declined then, with its event', async () => {
    const reply = await cash();
    // As if the deadline had just passed: the job that expires it is still to run.
    await gw.db.updateTable('payments').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', reply.body.payment_id).execute();
    const late = await pay(reply.body.rail.cash!.reference);
    expect(late.status).toBe(409);
    expect(late.body.error!.code).toBe('payment_finished');
    expect((await get(reply.body.payment_id)).transaction).toMatchObject({ status: 'DECLINED', status_detail: 'REJECTED' });
    expect(await eventsOf(reply.body.payment_id)).toEqual(['payment.purchase.pending', 'payment.purchase.rejected']);
  });

  it('the test amount (integer part ending in 00) is paid at the store by itself', async () => {
    const reply = await cash({ amount: 20000 });
    const final = await eventually(
      () => get(reply.body.payment_id),
      (p) => p.status !== 'IN_PROGRESS',
    );
    expect(final.transaction).toMatchObject({ status: 'APPROVED', status_detail: 'SUCCESS' });
  });

  it('is refunded as a disbursement (a cashout), never beyond what was paid', async () => {
    const reply = await cash({ amount: 80050 });
    await pay(reply.body.rail.cash!.reference);
    const first = await gw.request<{ status: string; amount: number }>('POST', '/v1/cashouts', {
      token,
      body: { payment_id: reply.body.payment_id, amount: 30000 },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'SUCCEEDED', amount: 30000 });
    expect((await gw.request('POST', '/v1/cashouts', { token, body: { payment_id: reply.body.payment_id, amount: 50051 } })).status).toBe(409);
    expect((await gw.request('POST', '/v1/refunds', { token, body: { payment_id: reply.body.payment_id, currency: 'COP' } })).status).toBe(422);
  });
});
