/**
 * Rail payments routed to connector accounts (connectors/routing.ts,
 * payments/apm/remote-rails.ts) and Mercado Pago's PSE and Efecty cash
 * (src/connectors/mercadopago/rails.ts), against a fake Mercado Pago on a
 * real port (support/fake-mercadopago.ts): a routing rule sends
 * BANK_REDIRECT and CASH to the organization's `mercadopago` account; the
 * payment records the account and Mercado Pago's id (`processor`), its
 * bank page or voucher; a refused connection moves to the next account of
 * the rule, a timeout does not (the recovery job asks again with the same
 * key); Mercado Pago's payment notifications finish it, once.
 * Real gateway, real HTTP, both dialects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mercadoPagoConnector } from '../src/connectors/mercadopago/index.js';
import type { ConnectorDefinition } from '../src/connectors/registry.js';
import { advanceClock, MovableTime } from './support/clock.js';
import { dialects } from './support/dialects.js';
import { whileHeld } from './support/connector-checks.js';
import { FakeMercadoPago } from './support/fake-mercadopago.js';
import { startGateway, type TestGateway } from './support/gateway.js';

const WEBHOOK_SECRET = 'c0ffee0123456789abcdefABCDEF0123';
const bankCustomer = { bank_id: '1007', document: '1020304050', document_type: 'CC', first_name: 'Ana', last_name: 'Gómez', email: 'ana@example.com' };

interface Processor {
  connector: string;
  connector_account_id: string | null;
  reference: string | null;
}
interface Intent {
  id: string;
  status: string;
  transaction: { status: string; status_detail: string };
  rail: { id: string; payment_link?: string; cash?: { reference: string; barcode: { url: string; text: string }; expires_at: string } };
  processor?: Processor;
  error?: { code: string; details: Array<{ field: string; message: string }> };
}
interface Receipt {
  notification_id: string;
  kind: string;
  payment_id: string;
  status: string;
  replayed: boolean;
  error?: { code: string; details: Array<{ field: string }> };
}

describe.each(dialects)('rails through connector accounts: Mercado Pago PSE and cash on $name', (dialect) => {
  let fake: FakeMercadoPago;
  let gw: TestGateway;
  let order = 0;
  /** The gateway's real time: one test moves it a day on. */
  const time = new MovableTime();

  beforeAll(async () => {
    fake = await FakeMercadoPago.start();
    // A second Mercado Pago connector whose API never answers (a closed port): a refused connection.
    const down = await FakeMercadoPago.start(fake.accessToken);
    await down.close();
    const unreachable = { ...mercadoPagoConnector(down.endpoint({ timeoutMs: 1_000 })), id: 'mercadopago-down' } as ConnectorDefinition;
    gw = await startGateway(dialect, {}, { connectors: [mercadoPagoConnector(fake.endpoint({ timeoutMs: 1_000, retries: 0 })), unreachable], time });
  });
  afterAll(async () => {
    await gw.close();
    await fake.close();
  });

  async function merchant(accounts: Array<'mercadopago' | 'mercadopago-down'> = ['mercadopago']) {
    const token = await (await gw.client()).token();
    const ids: string[] = [];
    for (const connector of accounts) {
      const reply = await gw.request<{ id: string; families: string[]; rails: string[] }>('POST', '/v1/connector-accounts', {
        token,
        body: { connector, credentials: { access_token: fake.accessToken, webhook_secret: WEBHOOK_SECRET, payer_email: 'pagos@tienda.example' } },
      });
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body.families).toEqual(['card', 'rail']);
      // The rails it can be routed for, as GET /v1/connectors shows them too.
      expect(reply.body.rails).toEqual(expect.arrayContaining(['BANK_REDIRECT', 'CASH']));
      ids.push(reply.body.id);
    }
    const routed = await gw.request('PUT', '/v1/routing', {
      token,
      body: { rules: [{ method_family: 'rail', methods: ['BANK_REDIRECT', 'CASH'], currencies: ['COP'], connector_accounts: ids }] },
    });
    expect(routed.status, routed.text).toBe(200);
    const intent = (body: Record<string, unknown>) =>
      gw.request<Intent>('POST', '/v1/payments/intents', { token, body: { order_id: `mp-rail-${order++}`, currency: 'COP', ...body } });
    const pse = (amount = 150000) =>
      intent({ amount, rail_id: 'BANK_REDIRECT', rail_type: 'BANK_TRANSFER', return_url: 'https://shop.example/back', customer: bankCustomer });
    const get = async (id: string) => (await gw.request<Intent>('GET', `/v1/payments/${id}`, { token })).body;
    return { token, accounts: ids, intent, pse, get };
  }

  const mpPayments = (id: string) => [...fake.payments.values()].filter((p) => p.external_reference === id);
  const now = () => Math.floor(gw.gateway.clock.realNow() / 1000);
  const deliver = (account: string, delivery: ReturnType<typeof FakeMercadoPago.signed>) =>
    gw.request<Receipt>('POST', `/v1/connector-accounts/${account}/notifications?${delivery.query}`, { rawBody: delivery.body, headers: delivery.headers });

  it('sends a routed PSE payment to Mercado Pago: the bank page is its external_resource_url, processor names the account and its id', async () => {
    const { accounts, pse, get } = await merchant();
    const reply = await pse(150000);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.transaction).toMatchObject({ status: 'IN_PROGRESS', status_detail: 'PENDING' });
    const [payment] = mpPayments(reply.body.id);
    expect(payment).toMatchObject({ status: 'pending', payment_method_id: 'pse', payment_type_id: 'bank_transfer', transaction_amount: 150000 });
    expect(reply.body.rail.payment_link).toBe(payment!.transaction_details!.external_resource_url);
    const sent = fake.requests.filter((r) => r.idempotencyKey === `pasarela:start:${reply.body.id}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/v1/payments', authorization: `Bearer ${fake.accessToken}` });
    expect(sent[0]!.body).toMatchObject({
      payment_method_id: 'pse',
      transaction_amount: 150000,
      external_reference: reply.body.id,
      callback_url: 'https://shop.example/back',
      transaction_details: { financial_institution: '1007' },
      payer: {
        email: 'ana@example.com',
        entity_type: 'individual',
        first_name: 'Ana',
        last_name: 'Gómez',
        identification: { type: 'CC', number: '1020304050' },
      },
    });
    expect((sent[0]!.body['additional_info'] as { ip_address: string }).ip_address).toMatch(/^[0-9a-f.:]+$/);
    expect((await get(reply.body.id)).processor).toEqual({ connector: 'mercadopago', connector_account_id: accounts[0], reference: String(payment!.id) });
  });

  it('names a legal person an association; a refusal by Mercado Pago (400) or of cents declines the payment', async () => {
    const { intent, get } = await merchant();
    const legal = await intent({
      amount: 90000,
      rail_id: 'BANK_REDIRECT',
      rail_type: 'BANK_TRANSFER',
      return_url: 'https://shop.example/back',
      customer: { ...bankCustomer, document_type: 'NIT', document: '900123456-8', person_type: 'legal' },
    });
    expect(legal.status, legal.text).toBe(201);
    expect(mpPayments(legal.body.id)[0]).toBeDefined();
    const body = fake.requests.find((r) => r.idempotencyKey === `pasarela:start:${legal.body.id}`)!.body;
    expect(body['payer']).toMatchObject({ entity_type: 'association', identification: { type: 'NIT', number: '900123456-8' } });

    // Mercado Pago refuses the bank (a sandbox test bank is no PSE institution): 400 with its cause, the payment DECLINED.
    const testBank = await intent({
      amount: 90000,
      rail_id: 'BANK_REDIRECT',
      rail_type: 'BANK_TRANSFER',
      return_url: 'https://shop.example/back',
      customer: { ...bankCustomer, bank_id: '9001' },
    });
    expect(testBank.status, testBank.text).toBe(201);
    expect(testBank.body.transaction).toMatchObject({ status: 'DECLINED', status_detail: 'REJECTED' });
    expect(testBank.body.rail.payment_link).toBeUndefined();
    expect(fake.requests.filter((r) => r.idempotencyKey === `pasarela:start:${testBank.body.id}`)).toHaveLength(1);
    expect(mpPayments(testBank.body.id)).toHaveLength(0);

    // COP with cents: Mercado Pago's Colombian accounts charge whole pesos, so it is declined without calling it.
    const cents = await intent({
      amount: '90000.50',
      rail_id: 'BANK_REDIRECT',
      rail_type: 'BANK_TRANSFER',
      return_url: 'https://shop.example/back',
      customer: bankCustomer,
    });
    expect(cents.status, cents.text).toBe(201);
    expect(cents.body.transaction).toMatchObject({ status: 'DECLINED', status_detail: 'REJECTED' });
    expect(fake.requests.filter((r) => r.idempotencyKey === `pasarela:start:${cents.body.id}`)).toHaveLength(0);
    expect((await get(cents.body.id)).status).toBe('DECLINED');
  });

  it('moves to the next account of the rule only when the first was never reached; none reached: FAILED', async () => {
    const { accounts, pse, get } = await merchant(['mercadopago-down', 'mercadopago']);
    const reply = await pse(120000);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.rail.payment_link).toMatch(/\/pse\/redirect\//);
    expect(mpPayments(reply.body.id)).toHaveLength(1);
    expect((await get(reply.body.id)).processor).toMatchObject({ connector: 'mercadopago', connector_account_id: accounts[1] });

    const lonely = await merchant(['mercadopago-down']);
    const failed = await lonely.pse(120000);
    expect(failed.status, failed.text).toBe(201);
    expect(failed.body.transaction).toMatchObject({ status: 'FAILED', status_detail: 'REJECTED' });
    expect(mpPayments(failed.body.id)).toHaveLength(0);
  });

  it('after a timeout keeps the payment with its account, without a link; the recovery job asks again with the same key and records the one payment', async () => {
    const { token, accounts, pse, get } = await merchant(['mercadopago', 'mercadopago-down']);
    const reply = await whileHeld(fake, () => pse(130000));
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.transaction.status).toBe('IN_PROGRESS');
    expect(reply.body.rail.payment_link).toBeUndefined();
    // Mercado Pago started it; the gateway knows which account it asked, not yet its id.
    expect(mpPayments(reply.body.id)).toHaveLength(1);
    expect((await get(reply.body.id)).processor).toEqual({ connector: 'mercadopago', connector_account_id: accounts[0], reference: null });

    const advanced = await advanceClock(gw, token, 60);
    expect(advanced.ran.map((r) => r.type)).toContain('apm.rail_start');
    const after = await get(reply.body.id);
    const [payment] = mpPayments(reply.body.id);
    expect(mpPayments(reply.body.id)).toHaveLength(1);
    expect(fake.replayed).toContain(`pasarela:start:${reply.body.id}`);
    expect(after.rail.payment_link).toBe(payment!.transaction_details!.external_resource_url);
    expect(after.processor).toEqual({ connector: 'mercadopago', connector_account_id: accounts[0], reference: String(payment!.id) });
  });

  it("finishes a PSE payment from Mercado Pago's payment notification, once; unknown and foreign payments change nothing", async () => {
    const { token, accounts, pse, get } = await merchant();
    const approved = await pse(110000);
    const rejected = await pse(111000);
    const [mpApproved] = mpPayments(approved.body.id);
    const [mpRejected] = mpPayments(rejected.body.id);

    // Still pending at Mercado Pago: stored, nothing changes.
    const pending = await deliver(accounts[0]!, FakeMercadoPago.signed('payment', String(mpApproved!.id), WEBHOOK_SECRET, now()));
    expect(pending.status, pending.text).toBe(200);
    expect(pending.body).toMatchObject({ kind: 'payment.reported', status: 'ignored', payment_id: approved.body.id });
    expect((await get(approved.body.id)).status).toBe('IN_PROGRESS');

    fake.settle(mpApproved!.id!, 'approved');
    const paid = await deliver(accounts[0]!, FakeMercadoPago.signed('payment', String(mpApproved!.id), WEBHOOK_SECRET, now()));
    expect(paid.body).toMatchObject({ notification_id: `payment:${mpApproved!.id}:approved`, kind: 'rail.settled', status: 'processed', replayed: false });
    expect((await get(approved.body.id)).transaction).toMatchObject({ status: 'APPROVED', status_detail: 'SUCCESS' });
    const again = await deliver(accounts[0]!, FakeMercadoPago.signed('payment', String(mpApproved!.id), WEBHOOK_SECRET, now()));
    expect(again.body).toMatchObject({ kind: 'rail.settled', replayed: true });
    // Paid back in Mercado Pago's panel, not by the default rail's cashout.
    const cashout = await gw.request<Receipt>('POST', '/v1/cashouts', { token, body: { payment_id: approved.body.id, amount: 1000 } });
    expect(cashout.status).toBe(422);
    expect(cashout.body.error!.details.map((d) => d.field)).toEqual(['payment_id']);

    fake.settle(mpRejected!.id!, 'rejected');
    const refused = await deliver(accounts[0]!, FakeMercadoPago.signed('payment', String(mpRejected!.id), WEBHOOK_SECRET, now()));
    expect(refused.body).toMatchObject({ kind: 'rail.settled', status: 'processed' });
    expect((await get(rejected.body.id)).transaction).toMatchObject({ status: 'DECLINED', status_detail: 'REJECTED' });
    const events = await gw.request<{ data: Array<{ type: string }> }>('GET', `/v1/events?payment_id=${approved.body.id}&limit=10`, {
      token: await (await gw.client()).token(),
    });
    expect(events.status).toBe(200);

    // A payment Mercado Pago does not have: 400 naming data.id; one of the application that no payment of ours made: 404.
    const unknown = await deliver(accounts[0]!, FakeMercadoPago.signed('payment', '424242', WEBHOOK_SECRET, now()));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error!.details.map((d) => d.field)).toEqual(['data.id']);
    const foreign = await deliver(accounts[0]!, FakeMercadoPago.signed('payment', String(fake.foreignPayment()), WEBHOOK_SECRET, now()));
    expect(foreign.status).toBe(404);
    // A payment of another account of ours is not this account's: 404.
    const other = await merchant();
    const elsewhere = await deliver(other.accounts[0]!, FakeMercadoPago.signed('payment', String(mpApproved!.id), WEBHOOK_SECRET, now()));
    expect(elsewhere.status).toBe(404);
  });

  it('at the expiry cancels the payment at Mercado Pago, or approves it when the customer paid first; a later notification is ignored', async () => {
    const { token, accounts, pse, get } = await merchant();
    const lapsed = await pse(112000);
    const paid = await pse(113000);
    const [mpLapsed] = mpPayments(lapsed.body.id);
    const [mpPaid] = mpPayments(paid.body.id);
    // The customer paid at the bank; Mercado Pago's notification has not arrived yet.
    fake.settle(mpPaid!.id!, 'approved');
    await advanceClock(gw, token, 21 * 60 + 1);
    expect((await get(lapsed.body.id)).transaction).toMatchObject({ status: 'DECLINED', status_detail: 'REJECTED' });
    expect(fake.payments.get(mpLapsed!.id!)!.status).toBe('cancelled');
    expect(fake.requests.filter((r) => r.idempotencyKey === `pasarela:cancel:${lapsed.body.id}`)).toHaveLength(1);
    expect((await get(paid.body.id)).transaction).toMatchObject({ status: 'APPROVED', status_detail: 'SUCCESS' });
    expect(fake.payments.get(mpPaid!.id!)!.status).toBe('approved');

    const late = await deliver(accounts[0]!, FakeMercadoPago.signed('payment', String(mpLapsed!.id), WEBHOOK_SECRET, now()));
    expect(late.body).toMatchObject({ kind: 'rail.settled', status: 'ignored' });
    const paidLate = await deliver(accounts[0]!, FakeMercadoPago.signed('payment', String(mpPaid!.id), WEBHOOK_SECRET, now()));
    expect(paidLate.body).toMatchObject({ kind: 'rail.settled', status: 'ignored' });
  });

  it('Mercado Pago unreachable at the expiry for a day: the expiry keeps asking, and cancels the payment there once it answers', async () => {
    const { token, pse } = await merchant();
    const lapsed = await pse(114000);
    const [mpLapsed] = mpPayments(lapsed.body.id);
    const cancels = () => fake.requests.filter((r) => r.idempotencyKey === `pasarela:cancel:${lapsed.body.id}`).length;
    const status = async () => (await gw.db.selectFrom('payments').select('status').where('id', '=', lapsed.body.id).executeTakeFirstOrThrow()).status;
    fake.mode = 'rate_limited';
    try {
      await advanceClock(gw, token, 21 * 60 + 1);
      // A day of refused cancellations: far past the 10 attempts (about 17 minutes) a job gets by default.
      for (let hour = 0; hour < 24; hour++) {
        time.advance(3600);
        await gw.gateway.jobs.runDue();
      }
      expect(cancels()).toBeGreaterThan(10);
      expect(await status()).toBe('IN_PROGRESS');
      fake.mode = 'normal';
      // The backoff's longest wait: an hour, with up to 20% jitter.
      time.advance(3600 * 1.2 + 1);
      await gw.gateway.jobs.runDue();
      expect(fake.payments.get(mpLapsed!.id!)!.status).toBe('cancelled');
      expect(await status()).toBe('DECLINED');
    } finally {
      fake.mode = 'normal';
    }
  });

  it('sends a routed CASH payment to Efecty through Mercado Pago: its reference, barcode and voucher', async () => {
    const { intent, get } = await merchant();
    const reply = await intent({ amount: 50000, rail_id: 'CASH', rail_type: 'CASH', expires_in: 86400 });
    expect(reply.status, reply.text).toBe(201);
    const [payment] = mpPayments(reply.body.id);
    expect(payment).toMatchObject({ status: 'pending', payment_method_id: 'efecty', payment_type_id: 'ticket' });
    const sent = fake.requests.find((r) => r.idempotencyKey === `pasarela:start:${reply.body.id}`)!;
    // The intent's deadline, in Colombian time as Mercado Pago writes dates.
    const deadline = new Date(Date.parse(reply.body.rail.cash!.expires_at) - 5 * 3600_000).toISOString().slice(0, 23) + '-05:00';
    expect(sent.body).toMatchObject({ payment_method_id: 'efecty', date_of_expiration: deadline, payer: { email: 'pagos@tienda.example' } });
    expect(reply.body.rail.payment_link).toBe(payment!.transaction_details!.external_resource_url);
    expect(reply.body.rail.cash).toMatchObject({
      reference: payment!.transaction_details!.payment_method_reference_id,
      barcode: { text: payment!.transaction_details!.barcode!.content },
    });
    expect((await get(reply.body.id)).rail.cash!.reference).toBe(payment!.transaction_details!.payment_method_reference_id);
    // The gateway draws Mercado Pago's digits as Code 128 on its own voucher page; the sandbox's store button is not there.
    const barcodePath = new URL(reply.body.rail.cash!.barcode.url).pathname;
    const svg = await gw.request('GET', barcodePath);
    expect(svg.status).toBe(200);
    expect(svg.text).toContain('<svg');
    expect(svg.text).toContain(payment!.transaction_details!.barcode!.content);
    const page = await gw.request('GET', barcodePath.replace(/\/barcode\.svg$/, ''));
    expect(page.status).toBe(200);
    expect(page.text).toContain(payment!.transaction_details!.payment_method_reference_id);
    expect(page.text).not.toContain('<form');
  });

  it('refuses a routing rule naming a method an account does not serve (422 naming it)', async () => {
    const { token } = await merchant();
    const simulator = await gw.request<{ id: string }>('POST', '/v1/connector-accounts', {
      token,
      body: { connector: 'simulator', credentials: { api_key: 'sim-12345678' } },
    });
    const refused = await gw.request<Intent>('PUT', '/v1/routing', {
      token,
      body: {
        rules: [
          { methods: ['BANK_REDIRECT'], connector_accounts: [simulator.body.id] },
          { method_family: 'card', methods: ['CASH'], connector_accounts: [simulator.body.id] },
        ],
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error!.details.map((d) => d.field)).toEqual(['rules[0].connector_accounts[0]', 'rules[1].methods', 'rules[1].connector_accounts[0]']);
  });
});
