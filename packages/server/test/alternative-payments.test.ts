import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestClient, type TestGateway } from './support/gateway.js';
import { Receiver } from './support/receiver.js';
import { eventually } from './support/wait.js';
import { parseTlv, verifyCrc } from '../src/payments/apm/qr.js';
import { pay, pendingWalletIntent, tokenize } from './support/cards.js';

interface Apm {
  payment_id: string;
  transaction: { id: string; type: string; status: string; status_detail: string; amount: number };
  rail: { id: string; payment_link?: string; qr?: { image: string; content: string }; alias?: string };
  expires_at: string;
  created_at: string;
}

const bankCustomer = { bank_id: '1007', document: '1020304050', document_type: 'CC', first_name: 'Ana', last_name: 'Gómez', email: 'ana@example.com' };

describe.each(dialects)('alternative payments on $name', (dialect) => {
  let gw: TestGateway;
  let client: TestClient;
  let token: string;
  let receiver: Receiver;
  let secret: string;

  beforeAll(async () => {
    gw = await startGateway(dialect, { RAIL_MOCK_DELAY_SECONDS: '0', OTP_MAX_ATTEMPTS: '3', WALLET_PUSH_VALIDITY_SECONDS: '2' });
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

  let order = 0;
  const intent = (body: Record<string, unknown>) =>
    gw.request<Apm>('POST', '/v1/payments/intents', { token, body: { order_id: `apm-${Date.now()}-${order++}`, currency: 'COP', ...body } });
  const status = async (id: string) => (await gw.request<Apm>('GET', `/v1/payments/${id}`, { token })).body.transaction;
  const finalStatus = (id: string) =>
    eventually(
      () => status(id),
      (t) => t.status !== 'IN_PROGRESS',
    );
  /** The events delivered to the receiver for a payment, verified with the endpoint's secret, in the order they happened. */
  const delivered = (id: string) =>
    receiver.received
      .filter((r) => r.body.includes(id))
      .map((r) => Receiver.verify(secret, r))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
  const eventTypes = async (id: string, count: number) => {
    // What the gateway recorded about the payment (recorded with each state change): each of them
    // reaches the receiver, once, and nothing else does.
    const recorded = await eventually(
      async () => (await gw.request<{ data: Array<{ id: string }> }>('GET', `/v1/events?payment_id=${id}&limit=100`, { token })).body.data,
      (events) => events.length >= count,
    );
    const received = await eventually(
      async () => delivered(id),
      (events) => events.length >= recorded.length,
    );
    expect(received.map((e) => e.id).sort()).toEqual(recorded.map((e) => e.id).sort());
    return received.map((e) => e.type);
  };

  it('creates an intent: 201 IN_PROGRESS / PENDING, the APM payment shape, and payment.purchase.pending', async () => {
    const reply = await intent({
      amount: 15050,
      rail_id: 'BANK_REDIRECT',
      rail_type: 'BANK_TRANSFER',
      return_url: 'https://shop.example/back',
      customer: bankCustomer,
    });
    expect(reply.status).toBe(201);
    expect(reply.body.payment_id).toMatch(/^pay-/);
    expect(reply.body.transaction).toMatchObject({ type: 'PURCHASE', status: 'IN_PROGRESS', status_detail: 'PENDING', amount: 15050 });
    expect(reply.body.transaction.id).toMatch(/^trx-/);
    expect(reply.body.rail.id).toBe('BANK_REDIRECT');
    expect(reply.body.rail.payment_link).toMatch(/\/sandbox-bank\//);
    const validity = Date.parse(reply.body.expires_at) - Date.parse(reply.body.created_at);
    expect(validity).toBe(21 * 60 * 1000);
    expect(await eventTypes(reply.body.payment_id, 1)).toEqual(['payment.purchase.pending']);
    const event = delivered(reply.body.payment_id)[0]!;
    expect(event.data).toEqual({
      payment: expect.objectContaining({
        id: reply.body.payment_id,
        currency: 'COP',
        current_amount: 15050,
        transaction: expect.objectContaining({ status: 'IN_PROGRESS', status_detail: 'PENDING' }),
      }),
    });
    // The same order_id again: the same intent; with another amount: 409.
    const orderId = `same-${Date.now()}`;
    const a = await gw.request<Apm>('POST', '/v1/payments/intents', {
      token,
      body: { order_id: orderId, amount: 1234, currency: 'COP', rail_id: 'QR_INTEROP', rail_type: 'BANK_TRANSFER' },
    });
    const b = await gw.request<Apm>('POST', '/v1/payments/intents', {
      token,
      body: { order_id: orderId, amount: 1234, currency: 'COP', rail_id: 'QR_INTEROP', rail_type: 'BANK_TRANSFER' },
    });
    expect(b.body.payment_id).toBe(a.body.payment_id);
    const c = await gw.request('POST', '/v1/payments/intents', {
      token,
      body: { order_id: orderId, amount: 1235, currency: 'COP', rail_id: 'QR_INTEROP', rail_type: 'BANK_TRANSFER' },
    });
    expect(c.status).toBe(409);
  });

  it('422 names every field that breaks the intent table', async () => {
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ amount: 10, currency: 'USD', rail_id: 'QR_INTEROP', rail_type: 'BANK_TRANSFER' }, ['currency']],
      [{ amount: 0, rail_id: 'QR_INTEROP', rail_type: 'BANK_TRANSFER' }, ['amount']],
      [{ amount: 10.001, rail_id: 'QR_INTEROP', rail_type: 'BANK_TRANSFER' }, ['amount']],
      [{ amount: 10, rail_id: 'CRYPTO', rail_type: 'WALLET' }, ['rail_id']],
      [{ amount: 10, rail_id: 'WALLET_PUSH', rail_type: 'BANK_TRANSFER', customer: { phone_number: '3001234567' } }, ['rail_type']],
      [{ amount: 10, rail_id: 'WALLET_PUSH', rail_type: 'WALLET' }, ['customer.phone_number']],
      [{ amount: 10, rail_id: 'WALLET_PUSH', rail_type: 'WALLET', customer: { phone_number: '6011234567' } }, ['customer.phone_number']],
      [
        { amount: 10, rail_id: 'WALLET_OTP', rail_type: 'WALLET', customer: { phone_number: '3001234567', document_type: 'NIT', document: '900123456-8' } },
        ['customer.document_type'],
      ],
      [
        { amount: 10, rail_id: 'WALLET_OTP', rail_type: 'WALLET', customer: { phone_number: '3001234567', document_type: 'CC', document: '12' } },
        ['customer.document'],
      ],
      [
        { amount: 10, rail_id: 'BANK_REDIRECT', rail_type: 'BANK_TRANSFER' },
        ['return_url', 'customer.bank_id', 'customer.document', 'customer.document_type', 'customer.first_name', 'customer.last_name', 'customer.email'],
      ],
      [
        { amount: 10, rail_id: 'BANK_REDIRECT', rail_type: 'BANK_TRANSFER', return_url: 'https://x.example', customer: { ...bankCustomer, bank_id: '0000' } },
        ['customer.bank_id'],
      ],
      [
        {
          amount: 10,
          rail_id: 'BANK_REDIRECT',
          rail_type: 'BANK_TRANSFER',
          return_url: 'https://x.example',
          // A type PSE does not list (TI, PP, RC and the other PSE types are taken: pse-payer.test.ts).
          customer: { ...bankCustomer, document_type: 'DNI' },
        },
        ['customer.document_type'],
      ],
      [
        {
          amount: 10,
          rail_id: 'BANK_REDIRECT',
          rail_type: 'BANK_TRANSFER',
          return_url: 'https://x.example',
          customer: { ...bankCustomer, document_type: 'NIT', document: '900123456-7' },
        },
        ['customer.document'],
      ],
      [
        { amount: 10, rail_id: 'BANK_REDIRECT', rail_type: 'BANK_TRANSFER', return_url: 'not a url', customer: { ...bankCustomer, email: 'nope' } },
        ['customer.email', 'return_url'],
      ],
    ];
    for (const [body, fields] of cases) {
      const reply = await intent(body);
      const got = (reply.body as unknown as { error?: { details: Array<{ field: string }> } }).error?.details.map((d) => d.field).sort();
      expect({ body, status: reply.status, got }).toEqual({ body, status: 422, got: [...fields].sort() });
    }
    // A NIT with the right DIAN check digit, and a +57 phone, pass.
    expect(
      (
        await intent({
          amount: 10,
          rail_id: 'BANK_REDIRECT',
          rail_type: 'BANK_TRANSFER',
          return_url: 'https://x.example',
          customer: { ...bankCustomer, document_type: 'NIT', document: '800.197.268-4' },
        })
      ).status,
    ).toBe(201);
    expect((await intent({ amount: 10, rail_id: 'WALLET_PUSH', rail_type: 'WALLET', customer: { phone_number: '+57 300 123 4567' } })).status).toBe(201);
  });

  it('lists banks from the database; wrong or missing query parameters are 422', async () => {
    const banks = await gw.request<Array<{ id: string; name: string }>>('GET', '/api/banks?country=COL&rail_id=BANK_REDIRECT', { token });
    expect(banks.status).toBe(200);
    expect(banks.body).toEqual(expect.arrayContaining([{ id: '1007', name: 'Bancolombia' }]));
    for (const q of ['', '?country=COL', '?rail_id=BANK_REDIRECT', '?country=PER&rail_id=BANK_REDIRECT', '?country=COL&rail_id=WALLET_PUSH']) {
      expect((await gw.request('GET', `/api/banks${q}`, { token })).status, q).toBe(422);
    }
    await gw.db.updateTable('banks').set({ active: 0 }).where('id', '=', '1002').execute();
    try {
      const after = await gw.request<Array<{ id: string }>>('GET', '/api/banks?country=COL&rail_id=BANK_REDIRECT', { token });
      expect(after.body.map((b) => b.id)).not.toContain('1002');
    } finally {
      await gw.db.updateTable('banks').set({ active: 1 }).where('id', '=', '1002').execute();
    }
  });

  it('the rail mock approves an amount ending in 00 by itself', async () => {
    for (const [rail_id, rail_type, extra] of [
      ['WALLET_PUSH', 'WALLET', { customer: { phone_number: '3005550000' } }],
      ['QR_INTEROP', 'BANK_TRANSFER', {}],
      ['BANK_REDIRECT', 'BANK_TRANSFER', { return_url: 'https://shop.example/back', customer: bankCustomer }],
    ] as const) {
      const reply = await intent({ amount: 25000, rail_id, rail_type, ...extra });
      expect(await finalStatus(reply.body.payment_id), rail_id).toMatchObject({ status: 'APPROVED', status_detail: 'SUCCESS' });
      expect(await eventTypes(reply.body.payment_id, 2), rail_id).toEqual(['payment.purchase.pending', 'payment.purchase.succeeded']);
    }
  });

  it('push wallet test phones approve and reject; other phones wait for the simulate control', async () => {
    const approved = await intent({ amount: 15050, rail_id: 'WALLET_PUSH', rail_type: 'WALLET', customer: { phone_number: '3991111111' } });
    const rejected = await intent({ amount: 15050, rail_id: 'WALLET_PUSH', rail_type: 'WALLET', customer: { phone_number: '3992222222' } });
    expect(await finalStatus(approved.body.payment_id)).toMatchObject({ status: 'APPROVED', status_detail: 'SUCCESS' });
    expect(await finalStatus(rejected.body.payment_id)).toMatchObject({ status: 'DECLINED', status_detail: 'REJECTED' });
    expect(await eventTypes(rejected.body.payment_id, 2)).toEqual(['payment.purchase.pending', 'payment.purchase.rejected']);

    for (const [outcome, expected, event] of [
      ['approve', { status: 'APPROVED', status_detail: 'SUCCESS' }, 'payment.purchase.succeeded'],
      ['reject', { status: 'DECLINED', status_detail: 'REJECTED' }, 'payment.purchase.rejected'],
      ['fail', { status: 'FAILED' }, 'payment.purchase.failed'],
      ['expire', { status: 'DECLINED', status_detail: 'REJECTED' }, 'payment.purchase.rejected'],
    ] as const) {
      const waiting = await intent({ amount: 15050, rail_id: 'WALLET_PUSH', rail_type: 'WALLET', customer: { phone_number: '3005551234' } });
      expect((await status(waiting.body.payment_id)).status).toBe('IN_PROGRESS');
      const simulated = await gw.request<Apm>('POST', `/v1/sandbox/payments/${waiting.body.payment_id}/simulate`, { token, body: { outcome } });
      expect(simulated.status).toBe(200);
      expect(simulated.body.transaction).toMatchObject(expected);
      expect(await eventTypes(waiting.body.payment_id, 2)).toEqual(['payment.purchase.pending', event]);
      const again = await gw.request('POST', `/v1/sandbox/payments/${waiting.body.payment_id}/simulate`, { token, body: { outcome: 'approve' } });
      expect(again.status).toBe(409);
    }
  });

  it('an intent not finished within its validity is DECLINED / REJECTED by the job runner', async () => {
    const reply = await intent({ amount: 15050, rail_id: 'WALLET_PUSH', rail_type: 'WALLET', customer: { phone_number: '3005559999' } });
    expect(Date.parse(reply.body.expires_at) - Date.parse(reply.body.created_at)).toBe(2000);
    expect(await finalStatus(reply.body.payment_id)).toMatchObject({ status: 'DECLINED', status_detail: 'REJECTED' });
    expect(await eventTypes(reply.body.payment_id, 2)).toEqual(['payment.purchase.pending', 'payment.purchase.rejected']);
  });

  it('OTP wallet: the SMS, a wrong OTP (retryable), then the right one', async () => {
    const phone = '3007654321';
    const reply = await intent({
      amount: 15050,
      rail_id: 'WALLET_OTP',
      rail_type: 'WALLET',
      customer: { phone_number: phone, document_type: 'CC', document: '1020304050' },
    });
    expect(reply.status).toBe(201);
    const sms = await gw.request<{ data: Array<{ otp: string; payment_id: string; phone_number: string }> }>('GET', `/v1/sandbox/sms?phone_number=${phone}`, {
      token,
    });
    const message = sms.body.data.find((m) => m.payment_id === reply.body.payment_id)!;
    expect(message.otp).toMatch(/^\d{6}$/);
    const stored = await gw.db.selectFrom('payments').select(['otp_hash']).where('id', '=', reply.body.payment_id).executeTakeFirstOrThrow();
    expect(stored.otp_hash).not.toContain(message.otp);
    const wrongOtp = message.otp === '000000' ? '111111' : '000000';
    const wrong = await gw.request<{ message: string }>('POST', `/v1/payments/intents/${reply.body.payment_id}/confirm`, { token, body: { otp: wrongOtp } });
    expect(wrong.status).toBe(200);
    expect((await status(reply.body.payment_id)).status).toBe('IN_PROGRESS');
    const right = await gw.request('POST', `/v1/payments/intents/${reply.body.payment_id}/confirm`, { token, body: { otp: message.otp } });
    expect(right.status).toBe(200);
    expect(await finalStatus(reply.body.payment_id)).toMatchObject({ status: 'APPROVED', status_detail: 'SUCCESS' });
    expect(await eventTypes(reply.body.payment_id, 4)).toEqual([
      'payment.purchase.pending',
      'payment.purchase.confirm.failed.retryable',
      'payment.purchase.confirm.processed',
      'payment.purchase.succeeded',
    ]);
    const finished = await gw.request('POST', `/v1/payments/intents/${reply.body.payment_id}/confirm`, { token, body: { otp: message.otp } });
    expect(finished.status).toBe(409);
  });

  it('OTP wallet: too many wrong OTPs reject the payment; confirm on another rail is 409', async () => {
    const reply = await intent({ amount: 15050, rail_id: 'WALLET_OTP', rail_type: 'WALLET', customer: { phone_number: '3007654322' } });
    for (let i = 0; i < 3; i++) {
      expect((await gw.request('POST', `/v1/payments/intents/${reply.body.payment_id}/confirm`, { token, body: { otp: 'x'.repeat(6) } })).status).toBe(200);
    }
    expect(await finalStatus(reply.body.payment_id)).toMatchObject({ status: 'DECLINED', status_detail: 'REJECTED' });
    const qr = await intent({ amount: 15050, rail_id: 'QR_INTEROP', rail_type: 'BANK_TRANSFER' });
    const other = await gw.request('POST', `/v1/payments/intents/${qr.body.payment_id}/confirm`, { token, body: { otp: '123456' } });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ error: { code: 'payment_not_confirmable' } });
  });

  it('QR rail: a valid EMVCo payload (COP, CO, amount, CRC), an image, an alias', async () => {
    const reply = await intent({ amount: 15050.5, rail_id: 'QR_INTEROP', rail_type: 'BANK_TRANSFER' });
    const { qr, alias } = reply.body.rail;
    expect(qr!.image).toMatch(/^data:image\/png;base64,/);
    expect(verifyCrc(qr!.content)).toBe(true);
    const fields = parseTlv(qr!.content);
    expect([fields.get('53'), fields.get('58'), fields.get('54')]).toEqual(['170', 'CO', '15050.50']);
    expect(alias).toMatch(/^[A-Z0-9]{8}$/);
    expect(qr!.content).toContain(alias);
    expect(Date.parse(reply.body.expires_at) - Date.parse(reply.body.created_at)).toBe(15 * 60 * 1000);
  });

  it('bank list test data: banks that approve, reject and fail by themselves', async () => {
    for (const [bank, expected] of [
      ['9001', { status: 'APPROVED', status_detail: 'SUCCESS' }],
      ['9002', { status: 'DECLINED', status_detail: 'REJECTED' }],
      ['9003', { status: 'FAILED' }],
    ] as const) {
      const reply = await intent({
        amount: 15050,
        rail_id: 'BANK_REDIRECT',
        rail_type: 'BANK_TRANSFER',
        return_url: 'https://shop.example/back',
        customer: { ...bankCustomer, bank_id: bank },
      });
      expect(await finalStatus(reply.body.payment_id), bank).toMatchObject(expected);
    }
  });

  it('cashouts pay an approved APM payment back, never beyond what was paid; refunds and card actions are 422', async () => {
    const reply = await intent({ amount: 30050, rail_id: 'QR_INTEROP', rail_type: 'BANK_TRANSFER' });
    expect((await gw.request('POST', '/v1/cashouts', { token, body: { payment_id: reply.body.payment_id, amount: 100 } })).status).toBe(409);
    await gw.request('POST', `/v1/sandbox/payments/${reply.body.payment_id}/simulate`, { token, body: { outcome: 'approve' } });
    const first = await gw.request<{ id: string; status: string; amount: number }>('POST', '/v1/cashouts', {
      token,
      body: { payment_id: reply.body.payment_id, amount: 10000 },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'SUCCEEDED', amount: 10000 });
    expect(first.body.id).toMatch(/^cas-/);
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => gw.request('POST', '/v1/cashouts', { token, body: { payment_id: reply.body.payment_id, amount: 7000 } })),
    );
    expect(racing.filter((r) => r.status === 201)).toHaveLength(2);
    expect(racing.filter((r) => r.status === 409)).toHaveLength(3);
    const list = await gw.request<{ data: unknown[] }>('GET', `/v1/cashouts?payment_id=${reply.body.payment_id}`, { token });
    expect(list.body.data).toHaveLength(3);
    expect((await gw.request('POST', '/v1/refunds', { token, body: { payment_id: reply.body.payment_id, amount: 1, currency: 'COP' } })).status).toBe(422);
    expect((await gw.request('POST', `/v1/payments/${reply.body.payment_id}/cancel`, { token })).status).toBe(422);
    expect((await gw.request('POST', `/v1/payments/${reply.body.payment_id}/capture`, { token, body: {} })).status).toBe(422);
  });

  it('a cashout the rail refuses (test amount ending in 99) is FAILED with cashout.failed, and gives its amount back', async () => {
    const reply = await intent({ amount: 30050, rail_id: 'QR_INTEROP', rail_type: 'BANK_TRANSFER' });
    await gw.request('POST', `/v1/sandbox/payments/${reply.body.payment_id}/simulate`, { token, body: { outcome: 'approve' } });
    const failed = await gw.request<{ id: string; status: string; amount: number }>('POST', '/v1/cashouts', {
      token,
      body: { payment_id: reply.body.payment_id, amount: 12099 },
    });
    expect(failed.status).toBe(201);
    expect(failed.body).toMatchObject({ status: 'FAILED', amount: 12099 });
    expect((await gw.request<{ status: string }>('GET', `/v1/cashouts/${failed.body.id}`, { token })).body.status).toBe('FAILED');
    // Recorded in the cashout's transaction, and delivered like any other event.
    const events = await gw.request<{ data: { type: string; data: { cashout: { id: string; status: string } } }[] }>('GET', '/v1/events?type=cashout.failed', {
      token,
    });
    expect(events.body.data.map((e) => e.data.cashout)).toContainEqual(expect.objectContaining({ id: failed.body.id, status: 'FAILED' }));
    await eventually(
      async () => delivered(failed.body.id).map((e) => e.type),
      (types) => types.includes('cashout.failed'),
    );
    // Nothing was paid back: the whole amount can still be cashed out.
    const whole = await gw.request<{ status: string }>('POST', '/v1/cashouts', { token, body: { payment_id: reply.body.payment_id, amount: 30050 } });
    expect(whole.status).toBe(201);
    expect(whole.body.status).toBe('SUCCEEDED');
  });

  it('GET /v1/payments and the search list alternative payments with the card ones, filtered by kind, rail_id and status, one keyset across both', async () => {
    const t = await (await gw.client()).token();
    const card = await tokenize(gw, t, { number: '4242424242424242' });
    const qr = { order_id: `list-qr-${Date.now()}`, amount: 15050, currency: 'COP', rail_id: 'QR_INTEROP', rail_type: 'BANK_TRANSFER' };
    const a = (await pay(gw, t, { instrumentId: card })).body.id;
    const x = (await gw.request<Apm>('POST', '/v1/payments/intents', { token: t, body: qr })).body.payment_id;
    const b = (await pay(gw, t, { instrumentId: card })).body.id;
    const y = (await gw.request<Apm>('POST', '/v1/payments/intents', { token: t, body: pendingWalletIntent('list') })).body.payment_id;
    const ids = async (path: string) => {
      const reply = await gw.request<{ data: Array<{ id?: string; payment_id?: string }>; has_more: boolean }>('GET', path, { token: t });
      expect(reply.status, path).toBe(200);
      return { ids: reply.body.data.map((p) => p.id ?? p.payment_id), has_more: reply.body.has_more };
    };
    expect(await ids('/v1/payments')).toEqual({ ids: [y, b, x, a], has_more: false });
    expect(await ids('/v1/payments?limit=2')).toEqual({ ids: [y, b], has_more: true });
    expect(await ids(`/v1/payments?limit=2&starting_after=${b}`)).toEqual({ ids: [x, a], has_more: false });
    expect(await ids(`/v1/payments?limit=1&starting_after=${x}`)).toEqual({ ids: [a], has_more: false });
    expect(await ids(`/v1/payments?limit=2&ending_before=${a}`)).toEqual({ ids: [b, x], has_more: true });
    expect(await ids(`/v1/payments?limit=2&ending_before=${x}`)).toEqual({ ids: [y, b], has_more: false });
    expect(await ids('/v1/payments?kind=card')).toEqual({ ids: [b, a], has_more: false });
    expect(await ids('/v1/payments?kind=alternative')).toEqual({ ids: [y, x], has_more: false });
    expect(await ids('/v1/payments?rail_id=QR_INTEROP')).toEqual({ ids: [x], has_more: false });
    expect(await ids('/v1/payments?kind=card&rail_id=QR_INTEROP')).toEqual({ ids: [], has_more: false });
    expect(await ids('/v1/payments?status=IN_PROGRESS')).toEqual({ ids: [y, x], has_more: false });
    expect(await ids('/v1/payments?status=APPROVED')).toEqual({ ids: [b, a], has_more: false });
    expect(await ids(`/v1/payments?merchant_id=mer-none`)).toEqual({ ids: [], has_more: false });
    expect(await ids(`/v1/payments/search?currency=COP&amount_gte=15000&amount_lte=15050`)).toEqual({ ids: [y, x], has_more: false });
    expect(await ids(`/v1/payments/search?order_id=${qr.order_id}`)).toEqual({ ids: [x], has_more: false });
    expect(await ids(`/v1/payments/search?kind=alternative&rail_id=WALLET_OTP&limit=1`)).toEqual({ ids: [y], has_more: false });
    expect(await ids(`/v1/payments/search?instrument_id=${card}`)).toEqual({ ids: [b, a], has_more: false });

    // Each in the shape GET /v1/payments/{id} answers; a QR payment's image is left to that read.
    const listed = (await gw.request<{ data: Array<Apm & { status?: string }> }>('GET', '/v1/payments?kind=alternative', { token: t })).body.data;
    // The read also says who served it (to a caller with connector-accounts:read): the sandbox's default rail.
    const { processor, ...one } = (await gw.request<Apm & { processor?: unknown }>('GET', `/v1/payments/${x}`, { token: t })).body;
    expect(processor).toEqual({ connector: 'simulator', connector_account_id: null, reference: null });
    const { qr: _image, ...railWithoutImage } = one.rail;
    expect(listed[1]).toEqual({ ...one, rail: railWithoutImage });
    expect(listed[0]).toMatchObject({ payment_id: y, rail: { id: 'WALLET_OTP' }, transaction: { status: 'IN_PROGRESS' } });

    const bad = await gw.request<{ error: { details: Array<{ field: string }> } }>('GET', '/v1/payments?kind=crypto&rail_id=PIX&status=LOST', { token: t });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.map((d) => d.field).sort()).toEqual(['kind', 'rail_id', 'status']);
    // Another organization's payments are not listed.
    const theirs = await gw.request<{ data: Array<{ id?: string; payment_id?: string }> }>('GET', '/v1/payments?kind=alternative&limit=100', { token });
    expect(theirs.body.data.map((p) => p.payment_id)).not.toContain(x);
  });

  it("every listed payment, card or alternative, carries `id` and `status`: a walk by the last item's id ends, over several pages of both kinds", async () => {
    const t = await (await gw.client()).token();
    const card = await tokenize(gw, t, { number: '4242424242424242' });
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      made.push((await pay(gw, t, { instrumentId: card })).body.id);
      made.push((await gw.request<Apm>('POST', '/v1/payments/intents', { token: t, body: pendingWalletIntent(`walk-${i}`) })).body.payment_id);
    }
    made.push((await pay(gw, t, { instrumentId: card })).body.id);
    for (const path of ['/v1/payments?limit=2', '/v1/payments/search?limit=2', '/v1/payments/search?currency=COP&limit=3']) {
      const walked: Array<{ id: string; status: string; payment_id?: string; transaction?: { status: string } }> = [];
      let cursor = '';
      for (let requests = 0; ; requests++) {
        expect(requests, `${path}: the walk ends`).toBeLessThan(10);
        const reply = await gw.request<{ data: typeof walked; has_more: boolean }>('GET', `${path}${cursor}`, { token: t });
        expect(reply.status).toBe(200);
        walked.push(...reply.body.data);
        if (!reply.body.has_more) break;
        cursor = `&starting_after=${reply.body.data.at(-1)!.id}`;
      }
      const expected = path.includes('COP') ? made.filter((_, i) => i % 2 === 1) : made;
      expect(
        walked.map((p) => p.id),
        path,
      ).toEqual([...expected].reverse());
      for (const p of walked) {
        expect(p.id).toMatch(/^pay-/);
        expect(typeof p.status).toBe('string');
        // An alternative payment keeps `payment_id`, and its `status` is its transaction's.
        if (p.transaction?.status !== undefined && p.payment_id !== undefined) {
          expect(p.payment_id).toBe(p.id);
          expect(p.status).toBe(p.transaction.status);
        }
      }
      expect(walked.filter((p) => p.payment_id !== undefined).map((p) => p.status)).toEqual(['IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS']);
    }
    // The single read and the intent answer carry the same `id` and `status`.
    const one = (await gw.request<Apm & { id: string; status: string }>('GET', `/v1/payments/${made[1]}`, { token: t })).body;
    expect(one).toMatchObject({ id: made[1], payment_id: made[1], status: 'IN_PROGRESS' });
  });

  it('the sandbox SMS list gives each message its `id`', async () => {
    const body = pendingWalletIntent('sms-id');
    const reply = await gw.request<Apm>('POST', '/v1/payments/intents', { token, body });
    expect(reply.status).toBe(201);
    const phone = (body.customer as { phone_number: string }).phone_number;
    const sms = await gw.request<{ data: Array<{ id: string; payment_id: string }> }>('GET', `/v1/sandbox/sms?phone_number=${phone}`, { token });
    const message = sms.body.data.find((m) => m.payment_id === reply.body.payment_id);
    expect(message?.id).toMatch(/^sms-/);
  });

  it('another organization sees none of it', async () => {
    const reply = await intent({ amount: 15050, rail_id: 'QR_INTEROP', rail_type: 'BANK_TRANSFER' });
    const other = await (await gw.client()).token();
    expect((await gw.request('GET', `/v1/payments/${reply.body.payment_id}`, { token: other })).status).toBe(404);
    expect((await gw.request('POST', `/v1/sandbox/payments/${reply.body.payment_id}/simulate`, { token: other, body: { outcome: 'approve' } })).status).toBe(
      404,
    );
    expect((await gw.request('POST', `/v1/payments/intents/${reply.body.payment_id}/confirm`, { token: other, body: { otp: '123456' } })).status).toBe(404);
  });
});

describe('production', () => {
  it('has no connectors: card payments and intents answer 503, never a simulated approval; CONNECTORS=simulator does not start', async () => {
    const headers = { 'x-forwarded-proto': 'https' };
    // A deployment that wants the simulators runs ENVIRONMENT=sandbox.
    await expect(startGateway(dialects[0]!, { ENVIRONMENT: 'production', TRUST_PROXY: 'true', CONNECTORS: 'simulator' })).rejects.toThrow(
      /CONNECTORS=simulator is refused/,
    );
    const gw = await startGateway(dialects[0]!, { ENVIRONMENT: 'production', TRUST_PROXY: 'true' });
    try {
      const c = await gw.client();
      const token = (
        await gw.request<{ access_token: string }>('POST', '/oauth/token', {
          headers,
          body: { grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.secret, audience: 'https://pasarela.test' },
        })
      ).body.access_token;
      const intent = await gw.request('POST', '/v1/payments/intents', {
        token,
        headers,
        body: { order_id: 'p1', amount: 25000, currency: 'COP', rail_id: 'QR_INTEROP', rail_type: 'BANK_TRANSFER' },
      });
      const card = await gw.request('POST', '/v1/payments', {
        token,
        headers,
        body: { order_id: 'p2', amount: 10, currency: 'USD', instrument_id: 'ins-x', encrypted_cvv: 'eA==' },
      });
      expect([intent.status, card.status]).toEqual([503, 503]);
      expect(intent.body).toMatchObject({ error: { code: 'service_unavailable' } });
      const cashout = await gw.request('POST', '/v1/cashouts', { token, headers, body: { payment_id: 'pay-x', amount: 1 } });
      expect(cashout.status).toBe(503);
      expect(cashout.body).toMatchObject({ error: { code: 'service_unavailable' } });
      expect((await gw.request('GET', '/sandbox-bank/qr/ABCDEFGH', { headers })).status).toBe(404);
    } finally {
      await gw.close();
    }
  });

  it('has no sandbox controls (404)', async () => {
    const gw = await startGateway(dialects[0]!, { ENVIRONMENT: 'production', TRUST_PROXY: 'true' });
    try {
      const headers = { 'x-forwarded-proto': 'https' };
      const c = await gw.client();
      const token = (
        await gw.request<{ access_token: string }>('POST', '/oauth/token', {
          headers,
          body: { grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.secret, audience: 'https://pasarela.test' },
        })
      ).body.access_token;
      expect((await gw.request('GET', '/v1/sandbox/sms?phone_number=3001234567', { token, headers })).status).toBe(404);
      expect((await gw.request('POST', '/v1/sandbox/payments/pay-x/simulate', { token, headers, body: { outcome: 'approve' } })).status).toBe(404);
    } finally {
      await gw.close();
    }
  });
});
