/**
 * Production as an operator runs it, in front of the two real processors:
 * two gateway processes (`ENVIRONMENT=production`, the built dist/main.js) on
 * one PostgreSQL, behind nginx with the shipped deploy/nginx.conf and a
 * certificate made for the test. Stripe and Mercado Pago are the repository's
 * fakes of their HTTP APIs, served over TLS (production refuses http://
 * processor addresses), reached through STRIPE_API_URL and
 * MERCADOPAGO_API_URL; the gateways trust the test's certificate through
 * NODE_EXTRA_CA_CERTS, as a deployment would trust an egress proxy's.
 *
 * One organization has an account at each, with production credentials
 * (`sk_live_`, `APP_USR-`), and routes Visa to Stripe and Mastercard to
 * Mercado Pago. Through the proxy, each processor authorizes, captures part,
 * refunds part and cancels another payment, and its signed dispute
 * notification opens the payment's chargeback. PostgreSQL only (vitest.config.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificate, startNginx } from '../../../scripts/chaos/infra.mjs';
import { pay, tokenize, type PaymentReply } from './support/cards.js';
import { postgres } from './support/dialects.js';
import { FakeMercadoPago } from './support/fake-mercadopago.js';
import { FakeStripe } from './support/fake-stripe.js';
import { HttpClient, TEST_MASTER_KEY } from './support/gateway.js';
import { freePort, startServerProcess, type ServerProcess } from './support/process.js';

if (!postgres) throw new Error('production-connectors.test.ts needs TEST_DATABASE_URL (PostgreSQL)');

const STRIPE_WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
const MERCADOPAGO_WEBHOOK_SECRET = randomBytes(16).toString('hex');

interface Chargeback {
  status: string;
  amount: string;
}

describe('production behind nginx, paying through Stripe and Mercado Pago', () => {
  let stripe: FakeStripe;
  let mercadopago: FakeMercadoPago;
  let nginx: { port: number; stop(): void };
  let servers: ServerProcess[] = [];
  let api: HttpClient;
  let token: string;
  let accounts: { stripe: string; mercadopago: string };

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pasarela-production-'));
    const { cert, key } = makeCertificate(dir);
    const tls = { cert: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8') };
    stripe = await FakeStripe.start(`sk_live_${randomBytes(12).toString('hex')}`, { tls });
    mercadopago = await FakeMercadoPago.start(`APP_USR-${randomBytes(8).toString('hex')}-112233-${randomBytes(16).toString('hex')}-123456789`, { tls });

    const ports = [await freePort(), await freePort()];
    nginx = await startNginx(dir, { cert, key, upstreamPorts: ports });
    const origin = `https://localhost:${nginx.port}`;
    const clientId = `operator-${randomUUID()}`;
    const secret = randomBytes(24).toString('hex');
    const env = {
      ENVIRONMENT: 'production',
      DATABASE_URL: await postgres!.databaseUrl(),
      MASTER_KEY: TEST_MASTER_KEY,
      PUBLIC_BASE_URL: origin,
      TRUST_PROXY: 'loopback',
      BOOTSTRAP_CLIENT_ID: clientId,
      BOOTSTRAP_CLIENT_SECRET: secret,
      STRIPE_API_URL: stripe.origin,
      MERCADOPAGO_API_URL: mercadopago.origin,
      STRIPE_TIMEOUT_MS: '5000',
      MERCADOPAGO_TIMEOUT_MS: '5000',
      NODE_EXTRA_CA_CERTS: cert,
      JOB_POLL_INTERVAL_MS: '50',
      LOG_LEVEL: 'warn',
    };
    // The first migrates the schema; the second starts on it.
    servers.push(await startServerProcess({ ...env, PORT: String(ports[0]) }));
    servers.push(await startServerProcess({ ...env, PORT: String(ports[1]) }));

    api = new HttpClient(origin, tls.cert);
    const issued = await api.request<{ access_token: string }>('POST', '/oauth/token', {
      body: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret, audience: origin },
    });
    expect(issued.status, issued.text).toBe(200);
    token = issued.body.access_token;

    const account = async (connector: string, credentials: Record<string, string>) => {
      const reply = await api.request<{ id: string; credentials: Record<string, unknown> }>('POST', '/v1/connector-accounts', {
        token,
        body: { connector, credentials },
      });
      expect(reply.status, reply.text).toBe(201);
      expect(reply.text).not.toContain(Object.values(credentials)[0]);
      return reply.body.id;
    };
    accounts = {
      stripe: await account('stripe', { secret_key: stripe.secretKey, webhook_secret: STRIPE_WEBHOOK_SECRET }),
      mercadopago: await account('mercadopago', {
        access_token: mercadopago.accessToken,
        webhook_secret: MERCADOPAGO_WEBHOOK_SECRET,
        payer_email: 'pagos@tienda.example',
      }),
    };
    const routed = await api.request('PUT', '/v1/routing', {
      token,
      body: {
        rules: [
          { method_family: 'card', card_brands: ['visa'], connector_accounts: [accounts.stripe] },
          { method_family: 'card', card_brands: ['mastercard'], connector_accounts: [accounts.mercadopago] },
        ],
      },
    });
    expect(routed.status, routed.text).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    servers = [];
    nginx?.stop();
    await stripe?.close();
    await mercadopago?.close();
  });

  const chargebacks = async (paymentId: string) =>
    (await api.request<{ data: Chargeback[] }>('GET', `/v1/chargebacks?payment_id=${paymentId}`, { token })).body.data;

  /** Authorize, capture part, refund part; another payment authorized then cancelled. */
  async function walk(card: { number: string; holder: string }, currency: string, amount: number) {
    const instrumentId = await tokenize(api, token, card);
    const authorized = await pay(api, token, { instrumentId, amount, currency, capture: false });
    expect(authorized.status, authorized.text).toBe(201);
    expect(authorized.body).toMatchObject({ status: 'AUTHORIZED', response_code: '00' });
    const captured = await api.request<PaymentReply>('POST', `/v1/payments/${authorized.body.id}/capture`, { token, body: { amount: amount - 10 } });
    expect(captured.status, captured.text).toBe(200);
    expect(captured.body.amount_captured).toBe(`${amount - 10}.00`);
    const refund = await api.request<{ status: string }>('POST', `/v1/payments/${authorized.body.id}/refund`, { token, body: { amount: 5 } });
    expect(refund.status, refund.text).toBe(201);
    expect(refund.body.status).toBe('SUCCEEDED');
    const read = await api.request<PaymentReply>('GET', `/v1/payments/${authorized.body.id}`, { token });
    expect(read.body).toMatchObject({ amount_captured: `${amount - 10}.00`, amount_refunded: '5.00' });

    const other = await pay(api, token, { instrumentId, amount, currency, capture: false });
    expect(other.body.status, other.text).toBe('AUTHORIZED');
    const cancelled = await api.request<PaymentReply>('POST', `/v1/payments/${other.body.id}/cancel`, { token });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.status).toBe('CANCELLED');
    return { captured: authorized.body.id, cancelled: other.body.id };
  }

  it('Visa goes to Stripe: authorized, captured in part, refunded in part, another cancelled; its dispute event opens the chargeback', async () => {
    const { captured, cancelled } = await walk({ number: '4242424242424242', holder: 'Ana Gomez' }, 'USD', 150);
    const intentOf = (id: string) => [...stripe.intents.values()].find((i) => i.metadata['pasarela_reference'] === id)!;
    expect(intentOf(captured)).toMatchObject({ status: 'succeeded', amount_received: 14000, currency: 'usd' });
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intentOf(captured).id).map((r) => r.amount)).toEqual([500]);
    expect(intentOf(cancelled)).toMatchObject({ status: 'canceled' });
    expect([...mercadopago.payments.values()]).toEqual([]);
    // The merchant sees where to find it in Stripe's dashboard.
    const served = await api.request<{ processor: unknown }>('GET', `/v1/payments/${captured}`, { token });
    expect(served.body.processor).toEqual({ connector: 'stripe', connector_account_id: accounts.stripe, reference: intentOf(captured).id });

    const signed = FakeStripe.signed(
      {
        id: `evt_${randomBytes(8).toString('hex')}`,
        type: 'charge.dispute.created',
        data: {
          object: {
            id: 'dp_production',
            object: 'dispute',
            amount: 14000,
            currency: 'usd',
            reason: 'fraudulent',
            status: 'needs_response',
            payment_intent: intentOf(captured).id,
          },
        },
      },
      STRIPE_WEBHOOK_SECRET,
    );
    const delivered = await api.request<{ kind: string; payment_id: string }>('POST', `/v1/connector-accounts/${accounts.stripe}/notifications`, {
      rawBody: signed.body.toString('utf8'),
      headers: signed.headers,
    });
    expect(delivered.status, delivered.text).toBe(200);
    expect(delivered.body).toMatchObject({ kind: 'dispute.opened', payment_id: captured });
    expect(await chargebacks(captured)).toMatchObject([{ status: 'OPEN', amount: '140.00' }]);
  });

  it('Mastercard goes to Mercado Pago: authorized, captured in part, refunded in part, another cancelled; its chargeback notification opens the chargeback', async () => {
    const before = stripe.intents.size;
    const { captured, cancelled } = await walk({ number: '5555555555554444', holder: 'APRO' }, 'COP', 75000);
    const paymentOf = (id: string) => [...mercadopago.payments.values()].find((p) => p.external_reference === id)!;
    expect(paymentOf(captured)).toMatchObject({ status: 'approved', captured: true, transaction_amount: 74990 });
    expect(paymentOf(cancelled)).toMatchObject({ status: 'cancelled' });
    expect(mercadopago.refunds.filter((r) => r.payment_id === paymentOf(captured).id).map((r) => r.amount)).toEqual([5]);
    expect(stripe.intents.size).toBe(before);
    const served = await api.request<{ processor: unknown }>('GET', `/v1/payments/${captured}`, { token });
    expect(served.body.processor).toEqual({ connector: 'mercadopago', connector_account_id: accounts.mercadopago, reference: String(paymentOf(captured).id) });

    const chargeback = mercadopago.openChargeback(paymentOf(captured).id!, 74990, '2030-01-15T23:59:59.000-05:00');
    const delivery = FakeMercadoPago.signed('chargebacks', chargeback.id!, MERCADOPAGO_WEBHOOK_SECRET, Math.floor(Date.now() / 1000));
    const delivered = await api.request<{ kind: string; payment_id: string }>(
      'POST',
      `/v1/connector-accounts/${accounts.mercadopago}/notifications?${delivery.query}`,
      { rawBody: delivery.body, headers: delivery.headers },
    );
    expect(delivered.status, delivered.text).toBe(200);
    expect(delivered.body).toMatchObject({ kind: 'dispute.opened', payment_id: captured });
    expect(await chargebacks(captured)).toMatchObject([{ status: 'OPEN', amount: '74990.00' }]);
  });

  it('lists both accounts without their credentials', async () => {
    const listed = await api.request<{ data: Array<{ id: string; connector: string }> }>('GET', '/v1/connector-accounts', { token });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.map((a) => a.connector).sort()).toEqual(['mercadopago', 'stripe']);
    expect(listed.text).not.toContain(stripe.secretKey);
    expect(listed.text).not.toContain(mercadopago.accessToken);
    expect(listed.text).not.toContain(STRIPE_WEBHOOK_SECRET);
  });
});
