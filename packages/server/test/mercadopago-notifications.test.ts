/**
 * Mercado Pago's webhooks on the inbound path (src/connectors/mercadopago/
 * notifications.ts), against a fake Mercado Pago (support/fake-mercadopago.ts):
 * the `x-signature` header (HMAC-SHA256 of `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`
 * with the account's secret) is checked, a forged, stale or re-aimed delivery
 * is 401; a chargebacks notification is read by asking Mercado Pago for the
 * chargeback and opens the payment's chargeback, a later one with the
 * coverage decided decides it; every delivery of the same change is one.
 * Real gateway, real HTTP, both dialects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mercadoPagoConnector } from '../src/connectors/mercadopago/index.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';
import { advanceClock } from './support/clock.js';
import { dialects } from './support/dialects.js';
import { FakeMercadoPago } from './support/fake-mercadopago.js';
import { startGateway, type TestGateway } from './support/gateway.js';

const WEBHOOK_SECRET = 'f00dfeed0123456789abcdefABCDEF01';

interface Receipt {
  notification_id: string;
  kind: string;
  payment_id: string;
  status: string;
  replayed: boolean;
}
interface Chargeback {
  id: string;
  status: string;
  amount: string;
  reason_code: string;
  respond_by: string;
  resolution: string | null;
}

describe.each(dialects)("Mercado Pago's notifications on $name", (dialect) => {
  let fake: FakeMercadoPago;
  let gw: TestGateway;

  beforeAll(async () => {
    fake = await FakeMercadoPago.start();
    gw = await startGateway(dialect, {}, { connectors: [mercadoPagoConnector(fake.endpoint({ timeoutMs: 3_000 }))] });
  });
  afterAll(async () => {
    await gw.close();
    await fake.close();
  });

  const now = () => Math.floor(gw.gateway.clock.realNow() / 1000);
  const deliver = (
    account: string,
    delivery: ReturnType<typeof FakeMercadoPago.signed>,
    change: Partial<{ body: string; headers: Record<string, string> }> = {},
  ) =>
    gw.request<Receipt & { error: { details: Array<{ field: string }> } }>('POST', `/v1/connector-accounts/${account}/notifications?${delivery.query}`, {
      rawBody: change.body ?? delivery.body,
      headers: change.headers ?? delivery.headers,
    });

  async function capturedPayment() {
    const token = await (await gw.client()).token();
    const created = await gw.request<{ id: string }>('POST', '/v1/connector-accounts', {
      token,
      body: { connector: 'mercadopago', credentials: { access_token: fake.accessToken, webhook_secret: WEBHOOK_SECRET, payer_email: 'pagos@tienda.example' } },
    });
    const account = created.body.id;
    await gw.request('PUT', '/v1/routing', { token, body: { rules: [{ method_family: 'card', connector_accounts: [account] }] } });
    const instrumentId = await tokenize(gw, token, { number: '4013540682746260', holder: 'APRO' });
    const reply = await pay(gw, token, { instrumentId, amount: 75000, currency: 'COP', capture: false });
    expect(reply.body.status, reply.text).toBe('AUTHORIZED');
    const captured = await gw.request<PaymentReply>('POST', `/v1/payments/${reply.body.id}/capture`, { token, body: {} });
    expect(captured.status, captured.text).toBe(200);
    const mpPayment = [...fake.payments.values()].find((p) => p.external_reference === reply.body.id)!;
    const chargebacks = async () => (await gw.request<{ data: Chargeback[] }>('GET', `/v1/chargebacks?payment_id=${reply.body.id}`, { token })).body.data;
    return { token, account, paymentId: reply.body.id, mpPaymentId: mpPayment.id!, chargebacks };
  }

  it('opens the chargeback Mercado Pago reports, decides it when the coverage is decided (the decision job asks nothing); each change once', async () => {
    const { token, account, paymentId, mpPaymentId, chargebacks } = await capturedPayment();
    const chargeback = fake.openChargeback(mpPaymentId, 75000, '2030-01-15T23:59:59.000-05:00');
    const opened = await deliver(account, FakeMercadoPago.signed('chargebacks', chargeback.id!, WEBHOOK_SECRET, now()));
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body).toMatchObject({
      notification_id: `chargeback:${chargeback.id}:opened`,
      kind: 'dispute.opened',
      payment_id: paymentId,
      status: 'processed',
      replayed: false,
    });
    expect(fake.requests.filter((r) => r.path === `/v1/chargebacks/${chargeback.id}`)[0]).toMatchObject({
      method: 'GET',
      authorization: `Bearer ${fake.accessToken}`,
    });
    const [open] = await chargebacks();
    expect(open).toMatchObject({ status: 'OPEN', amount: '75000.00', reason_code: '4837', respond_by: '2030-01-16T04:59:59.000Z' });

    // Mercado Pago delivers again (another delivery id and request id): the same change, nothing more.
    const again = await deliver(account, FakeMercadoPago.signed('chargebacks', chargeback.id!, WEBHOOK_SECRET, now()));
    expect(again.body).toMatchObject({ replayed: true, kind: 'dispute.opened' });
    expect(await chargebacks()).toHaveLength(1);

    const disputed = await gw.request<Chargeback>('POST', `/v1/chargebacks/${open!.id}/dispute`, { token, body: { evidence: 'delivery receipt' } });
    expect(disputed.body.status).toBe('DISPUTED');
    // Its decision job, due meanwhile, has nothing to ask Mercado Pago (its decision comes as a notification):
    // the job ends at its first run, not failing an hour apart for a week, and the chargeback waits.
    const due = await advanceClock(gw, token, 301);
    expect(due.ran.filter((r) => r.type === 'chargeback.decide').map((r) => [r.subject_id, r.outcome])).toEqual([[open!.id, 'completed']]);
    expect((await chargebacks())[0]).toMatchObject({ status: 'DISPUTED' });
    chargeback.coverage_applied = true;
    const decided = await deliver(account, FakeMercadoPago.signed('chargebacks', chargeback.id!, WEBHOOK_SECRET, now()));
    expect(decided.status, decided.text).toBe(200);
    expect(decided.body).toMatchObject({ kind: 'dispute.decided', status: 'processed' });
    expect((await chargebacks())[0]).toMatchObject({ status: 'WON', resolution: 'Mercado Pago covered the chargeback' });
  });

  it('refuses a forged, stale or re-aimed signature (401), answers 503 when Mercado Pago cannot be asked, 400 to an unknown chargeback and another topic, and reads the payment topic', async () => {
    const { account, mpPaymentId, chargebacks } = await capturedPayment();
    const chargeback = fake.openChargeback(mpPaymentId, 75000, '2030-01-15T23:59:59.000-05:00');
    const forged = await deliver(account, FakeMercadoPago.signed('chargebacks', chargeback.id!, 'notTheAccountsSecret0000', now()));
    expect(forged.status).toBe(401);
    const stale = await deliver(account, FakeMercadoPago.signed('chargebacks', chargeback.id!, WEBHOOK_SECRET, now() - 600));
    expect(stale.status).toBe(401);
    // The signature is over the query's data.id: a body naming another resource is refused.
    const signed = FakeMercadoPago.signed('chargebacks', chargeback.id!, WEBHOOK_SECRET, now());
    const reaimed = await deliver(account, signed, { body: signed.body.replace(`"id":"${chargeback.id}"`, '"id":"999"') });
    expect(reaimed.status).toBe(401);
    const unsigned = await deliver(account, signed, { headers: { 'content-type': 'application/json' } });
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.error.details.map((d) => d.field)).toEqual(['headers.x-signature']);
    expect(await chargebacks()).toHaveLength(0);

    // Mercado Pago failing when asked for the chargeback: 503, nothing stored; its next delivery opens it.
    fake.mode = 'server_error';
    try {
      expect((await deliver(account, FakeMercadoPago.signed('chargebacks', chargeback.id!, WEBHOOK_SECRET, now()))).status).toBe(503);
    } finally {
      fake.mode = 'normal';
    }
    expect(await chargebacks()).toHaveLength(0);
    const delivered = await deliver(account, FakeMercadoPago.signed('chargebacks', chargeback.id!, WEBHOOK_SECRET, now()));
    expect(delivered.body).toMatchObject({ kind: 'dispute.opened', replayed: false });
    expect(await chargebacks()).toHaveLength(1);

    const unknown = await deliver(account, FakeMercadoPago.signed('chargebacks', '424242', WEBHOOK_SECRET, now()));
    expect(unknown.status).toBe(400);
    const order = await deliver(account, FakeMercadoPago.signed('merchant_order', String(mpPaymentId), WEBHOOK_SECRET, now()));
    expect(order.status).toBe(400);
    expect(order.body.error.details.map((d) => d.field)).toEqual(['type']);
    // The payment topic: the gateway's own capture, reported back, changes nothing.
    const payment = await deliver(account, FakeMercadoPago.signed('payment', String(mpPaymentId), WEBHOOK_SECRET, now()));
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
    expect(payment.body).toMatchObject({ kind: 'payment.captured', status: 'ignored', notification_id: `payment:${mpPaymentId}:approved` });
    expect(await chargebacks()).toHaveLength(1);
  });
  it("moves a card payment captured or cancelled in Mercado Pago's panel from its payment notification", async () => {
    const { token } = await capturedPayment();
    const account = (await gw.request<{ data: Array<{ id: string }> }>('GET', '/v1/connector-accounts', { token })).body.data[0]!.id;
    const authorize = async () => {
      const instrumentId = await tokenize(gw, token, { number: '4013540682746260', holder: 'APRO' });
      const reply = await pay(gw, token, { instrumentId, amount: 80000, currency: 'COP', capture: false });
      expect(reply.body.status, reply.text).toBe('AUTHORIZED');
      return { id: reply.body.id, mp: [...fake.payments.values()].find((p) => p.external_reference === reply.body.id)! };
    };
    const captured = await authorize();
    Object.assign(captured.mp, { status: 'approved', status_detail: 'accredited', captured: true, transaction_amount: 60000 });
    const capture = await deliver(account, FakeMercadoPago.signed('payment', String(captured.mp.id), WEBHOOK_SECRET, now()));
    expect(capture.status, capture.text).toBe(200);
    expect(capture.body).toMatchObject({ kind: 'payment.captured', status: 'processed', payment_id: captured.id });
    const afterCapture = (await gw.request<PaymentReply & { amount_captured: string }>('GET', `/v1/payments/${captured.id}`, { token })).body;
    expect(afterCapture).toMatchObject({ status: 'APPROVED', amount_captured: '60000.00' });

    const cancelled = await authorize();
    Object.assign(cancelled.mp, { status: 'cancelled', status_detail: 'by_collector' });
    const cancel = await deliver(account, FakeMercadoPago.signed('payment', String(cancelled.mp.id), WEBHOOK_SECRET, now()));
    expect(cancel.body).toMatchObject({ kind: 'payment.cancelled', status: 'processed', payment_id: cancelled.id });
    expect((await gw.request<PaymentReply>('GET', `/v1/payments/${cancelled.id}`, { token })).body.status).toBe('CANCELLED');
    const again = await deliver(account, FakeMercadoPago.signed('payment', String(cancelled.mp.id), WEBHOOK_SECRET, now()));
    expect(again.body).toMatchObject({ replayed: true });
  });
});
