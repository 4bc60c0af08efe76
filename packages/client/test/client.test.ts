import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/support/dialects.js';
import { AUDIENCE, startGateway, type TestClient, type TestGateway } from '../../server/test/support/gateway.js';
import { Receiver } from '../../server/test/support/receiver.js';
import { eventually } from '../../server/test/support/wait.js';
import {
  AuthenticationError,
  ConflictError,
  InvalidRequestError,
  NotFoundError,
  Pasarela,
  PermissionError,
  WebhookVerificationError,
  type CardPayment,
} from '../src/index.js';

/** The client against a real gateway on a real port: the merchant's whole first hour. */
describe.each(dialects)('@pasarela/client against a gateway ($name)', (dialect) => {
  let gw: TestGateway;
  let receiver: Receiver;

  beforeAll(async () => {
    // No revocation cache: a revoked token is refused at its next use.
    gw = await startGateway(dialect, { WEBHOOK_RETRY_SCHEDULE: '0,0.2', WEBHOOK_TIMEOUT_MS: '1000', TOKEN_REVOCATION_CACHE_MS: '0' });
    receiver = await new Receiver().start();
  });
  afterAll(async () => {
    await gw?.close();
    await receiver?.close();
  });

  const clientFor = (c: TestClient, scope?: string) =>
    new Pasarela({ baseUrl: gw.baseUrl, clientId: c.clientId, clientSecret: c.secret, audience: AUDIENCE, ...(scope ? { scope } : {}) });

  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, holder: 'Ana María Gómez', cvv: '123' };

  it('gets a token, encrypts a card, pays, captures, refunds and reads it all back', async () => {
    const pasarela = clientFor(await gw.client());
    const encrypted = await pasarela.cards.encrypt(card);
    expect(Object.keys(encrypted).sort()).toEqual([
      'encrypted_cvv',
      'encrypted_expiration_month',
      'encrypted_expiration_year',
      'encrypted_holder_name',
      'encrypted_number',
      'type',
    ]);
    expect(JSON.stringify(encrypted)).not.toContain('4242');
    const instrument = await pasarela.instruments.create(encrypted);
    expect(instrument.id).toMatch(/^ins-/);

    const created = await pasarela.payments.create({
      amount: 150,
      currency: 'USD',
      order_id: `order-${Math.random()}`,
      instrument_id: instrument.id,
      encrypted_cvv: await pasarela.cards.encryptCvv('123'),
      capture: false,
    });
    expect(created).toMatchObject({ status: 'AUTHORIZED', amount: '150.00' });

    const read = (await pasarela.payments.retrieve(created.id)) as CardPayment;
    expect(read.id).toBe(created.id);

    const captured = await pasarela.payments.capture(created.id);
    expect(captured.amount_captured).toBe('150.00');

    const refund = await pasarela.refunds.create({ payment_id: created.id, amount: 40, currency: 'USD' });
    expect((await pasarela.refunds.retrieve(refund.id)).id).toBe(refund.id);
    const refunds = await pasarela.refunds.list({ payment_id: created.id });
    expect(refunds.data.map((r) => r.id)).toEqual([refund.id]);
  });

  it('lists: await gives the first page, for await walks every page', async () => {
    const pasarela = clientFor(await gw.client());
    const instrument = await pasarela.instruments.create(await pasarela.cards.encrypt(card));
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await pasarela.payments.create({
        amount: 10 + i,
        currency: 'USD',
        order_id: `list-${i}-${Math.random()}`,
        instrument_id: instrument.id,
        encrypted_cvv: await pasarela.cards.encryptCvv('123'),
      });
      made.push(p.id);
    }
    const first = await pasarela.payments.list({ limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.has_more).toBe(true);

    const walked: string[] = [];
    for await (const p of pasarela.payments.list({ limit: 2 })) walked.push(p.id);
    // Newest first, each once, across three pages.
    expect(walked).toEqual([...made].reverse());
    const pages: number[] = [];
    for await (const page of pasarela.payments.list({ limit: 2 }).pages()) pages.push(page.data.length);
    expect(pages).toEqual([2, 2, 1]);
  });

  it('a cash intent: its voucher typed, paid at the sandbox store, and a second payment of the reference a ConflictError', async () => {
    const pasarela = clientFor(await gw.client());
    const intent = await pasarela.payments.intents.create({
      order_id: `cash-${Math.random()}`,
      amount: 45050,
      currency: 'COP',
      rail_id: 'CASH',
      rail_type: 'CASH',
      expires_in: 86400,
    });
    const voucher = intent.rail.cash!;
    expect(voucher.reference).toMatch(/^[1-9]\d{11}$/);
    expect(voucher.barcode.text).toContain(`(8020)${voucher.reference}`);
    expect(Date.parse(voucher.expires_at) - Date.parse(intent.created_at)).toBe(86400 * 1000);
    const paid = await pasarela.sandbox.cash.pay({ reference: voucher.reference });
    expect(paid.transaction).toMatchObject({ status: 'APPROVED', status_detail: 'SUCCESS' });
    const again = await pasarela.sandbox.cash.pay({ reference: voucher.reference }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(ConflictError);
    expect((again as ConflictError).code).toBe('cash_reference_paid');
  });

  it('for await over payments.list() and search() ends with card and rail payments mixed across pages, each once', async () => {
    const pasarela = clientFor(await gw.client());
    const instrument = await pasarela.instruments.create(await pasarela.cards.encrypt(card));
    const made: Array<{ id: string; kind: 'card' | 'rail' }> = [];
    for (let i = 0; i < 3; i++) {
      const paid = await pasarela.payments.create({
        amount: 20 + i,
        currency: 'USD',
        order_id: `mixed-card-${i}-${Math.random()}`,
        instrument_id: instrument.id,
        encrypted_cvv: await pasarela.cards.encryptCvv('123'),
      });
      made.push({ id: paid.id, kind: 'card' });
      const intent = await pasarela.payments.intents.create({
        order_id: `mixed-rail-${i}-${Math.random()}`,
        amount: 15050,
        currency: 'COP',
        rail_id: 'WALLET_OTP',
        rail_type: 'WALLET',
        customer: { phone_number: '3001112233' },
      });
      // The intent's answer names its payment both ways.
      expect(intent.id).toBe(intent.payment_id);
      made.push({ id: intent.id, kind: 'rail' });
    }
    const newestFirst = made.map((m) => m.id).reverse();

    const walked: string[] = [];
    const statuses: string[] = [];
    for await (const p of pasarela.payments.list({ limit: 2 })) {
      walked.push(p.id);
      statuses.push(p.status);
    }
    expect(walked).toEqual(newestFirst);
    expect(statuses).toEqual(made.map((m) => (m.kind === 'card' ? 'APPROVED' : 'IN_PROGRESS')).reverse());
    const pages: number[] = [];
    for await (const page of pasarela.payments.search({ limit: 4 }).pages()) pages.push(page.data.length);
    expect(pages).toEqual([4, 2]);
    expect((await pasarela.payments.search({ kind: 'alternative', limit: 1 }).toArray()).map((p) => p.id)).toEqual(
      made
        .filter((m) => m.kind === 'rail')
        .map((m) => m.id)
        .reverse(),
    );
    // Backwards from the oldest: the five newer ones, each once.
    const newer = await pasarela.payments.list({ ending_before: made[0]!.id, limit: 2 }).toArray();
    expect(newer.map((p) => p.id).sort()).toEqual(
      made
        .slice(1)
        .map((m) => m.id)
        .sort(),
    );
  });

  it('maps error answers to their classes', async () => {
    const made = await gw.client();
    const pasarela = clientFor(made);

    const missing = (await pasarela.payments.retrieve('pay-01aaaaaaaaaaaaaaaaaaaaaaaa').catch((e: unknown) => e)) as NotFoundError;
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ status: 404, code: 'not_found' });
    expect(missing.requestId).toBeTruthy();

    const invalid = (await pasarela.payments
      .create({ amount: -1, currency: 'USD', order_id: 'x', instrument_id: 'ins-x', encrypted_cvv: 'x' })
      .catch((e: unknown) => e)) as InvalidRequestError;
    expect(invalid).toBeInstanceOf(InvalidRequestError);
    expect(invalid.code).toBe('validation_failed');
    expect(invalid.details.map((d) => d.field)).toContain('amount');

    const instrument = await pasarela.instruments.create(await pasarela.cards.encrypt(card));
    const authorized = await pasarela.payments.create({
      amount: 20,
      currency: 'USD',
      order_id: `conflict-${Math.random()}`,
      instrument_id: instrument.id,
      encrypted_cvv: await pasarela.cards.encryptCvv('123'),
      capture: false,
    });
    const conflict = (await pasarela.refunds.create({ payment_id: authorized.id, amount: 1, currency: 'USD' }).catch((e: unknown) => e)) as ConflictError;
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(conflict.status).toBe(409);

    const readOnly = clientFor(made, 'payments:read');
    await expect(readOnly.payments.capture(authorized.id)).rejects.toBeInstanceOf(PermissionError);

    const wrong = new Pasarela({ baseUrl: gw.baseUrl, clientId: made.clientId, clientSecret: 'not-the-secret', audience: AUDIENCE });
    const denied = (await wrong.payments.list().catch((e: unknown) => e)) as AuthenticationError;
    expect(denied).toBeInstanceOf(AuthenticationError);
    expect(denied.code).toBe('invalid_client');

    const bearer = new Pasarela({ baseUrl: gw.baseUrl, token: 'not-a-token' });
    await expect(bearer.payments.list()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('renews a revoked token on the 401 and carries on', async () => {
    const made = await gw.client();
    const seen: string[] = [];
    const pasarela = new Pasarela({
      baseUrl: gw.baseUrl,
      clientId: made.clientId,
      clientSecret: made.secret,
      audience: AUDIENCE,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        seen.push(`${new URL(input).pathname} ${response.status}`);
        return response;
      },
    });
    await pasarela.payments.list();
    await pasarela.oauth.revoke();
    const page = await pasarela.payments.list();
    expect(page.data).toEqual([]);
    expect(seen).toEqual(['/oauth/token 200', '/v1/payments 200', '/oauth/revoke 200', '/v1/payments 401', '/oauth/token 200', '/v1/payments 200']);
  });

  it('verifies a real webhook delivery, with rotated secrets, and refuses a forged one', async () => {
    const pasarela = clientFor(await gw.client());
    const endpoint = await pasarela.webhooks.create({ url: receiver.url, events: ['payment.card.approved'] });
    const { secret } = await pasarela.webhooks.secret.retrieve(endpoint.id);
    const instrument = await pasarela.instruments.create(await pasarela.cards.encrypt(card));
    const payment = await pasarela.payments.create({
      amount: 33,
      currency: 'USD',
      order_id: `hook-${Math.random()}`,
      instrument_id: instrument.id,
      encrypted_cvv: await pasarela.cards.encryptCvv('123'),
    });
    const mine = () => receiver.received.filter((r) => r.body.includes(payment.id));
    const [delivery] = await eventually(
      async () => mine(),
      (d) => d.length > 0,
    );
    expect(delivery).toBeDefined();
    const headers = delivery!.headers as Record<string, string>;

    const event = await Pasarela.webhooks.verify(delivery!.body, headers, secret);
    expect(event.type).toBe('payment.card.approved');
    expect(event.id).toBe(headers['webhook-id']);
    expect(JSON.stringify(event.data)).toContain(payment.id);
    // Event is a union keyed by `type` (the document's webhooks section): narrowing on it types `data`.
    if (event.type !== 'payment.card.approved') throw new Error(`unexpected ${event.type}`);
    expect(event.data.payment.id).toBe(payment.id);
    expect(event.data.payment.transaction.status).toBe('APPROVED');
    // The receiver's other secret first, as during a rotation; bytes as well as text.
    const other = 'whsec_' + btoa('another secret of 24 b..');
    expect((await Pasarela.webhooks.verify(new TextEncoder().encode(delivery!.body), headers, [other, secret])).id).toBe(event.id);

    await expect(Pasarela.webhooks.verify(delivery!.body, headers, other)).rejects.toBeInstanceOf(WebhookVerificationError);
    const forged = delivery!.body.replace('"current_amount":33', '"current_amount":34');
    await expect(Pasarela.webhooks.verify(forged, headers, secret)).rejects.toBeInstanceOf(WebhookVerificationError);
    const late = Number(headers['webhook-timestamp']) + 301;
    await expect(Pasarela.webhooks.verify(delivery!.body, headers, secret, { now: late })).rejects.toThrow(/tolerance/);
  });
});
