/**
 * The Mercado Pago connector (src/connectors/mercadopago/) through the
 * gateway's API, against a fake Mercado Pago on a real port
 * (support/fake-mercadopago.ts): an organization routed to its account of
 * `mercadopago` by a routing rule pays in COP (card tokenized by Mercado
 * Pago, payment with `capture: false`), captures part, refunds part and the
 * rest, captures automatically, cancels; each rejection becomes its
 * response code; rate limited and server errors never charge twice or move
 * elsewhere; a refused connection falls back to the next account of the
 * rule, a timeout does not (the payment waits PENDING and is looked up).
 * Real gateway, real HTTP, both dialects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mercadoPagoConnector } from '../src/connectors/mercadopago/index.js';
import { advanceClock } from './support/clock.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';
import { dialects } from './support/dialects.js';
import { FakeMercadoPago } from './support/fake-mercadopago.js';
import { REFUSING_PORT } from './support/process.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { simulatorSaw, stored, whileHeld } from './support/connector-checks.js';

interface ErrorBody {
  error: { code: string; details: Array<{ field: string; message: string }> };
}

const WEBHOOK_SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const VISA = '4013540682746260';
const MASTERCARD = '5254133674403564';

async function merchant(gw: TestGateway, accessToken: string) {
  const token = await (await gw.client()).token();
  const account = async (connector: string, credentials: Record<string, unknown>) => {
    const reply = await gw.request<{ id: string }>('POST', '/v1/connector-accounts', { token, body: { connector, credentials } });
    expect(reply.status, reply.text).toBe(201);
    return reply.body.id;
  };
  const mercadopago = await account('mercadopago', { access_token: accessToken, webhook_secret: WEBHOOK_SECRET, payer_email: 'pagos@tienda.example' });
  const simulator = await account('simulator', { api_key: 'sim-12345678' });
  const routed = await gw.request('PUT', '/v1/routing', {
    token,
    body: { rules: [{ method_family: 'card', currencies: ['COP'], connector_accounts: [mercadopago, simulator] }] },
  });
  expect(routed.status, routed.text).toBe(200);
  const card = (number: string, holder = 'APRO') => tokenize(gw, token, { number, holder });
  const payCop = (instrumentId: string, amount: number | string, capture?: boolean) =>
    pay(gw, token, { instrumentId, amount, currency: 'COP', ...(capture === undefined ? {} : { capture }) });
  return { token, mercadopago, simulator, card, payCop };
}

describe.each(dialects)('the Mercado Pago connector on $name', (dialect) => {
  let fake: FakeMercadoPago;
  let gw: TestGateway;

  beforeAll(async () => {
    fake = await FakeMercadoPago.start();
    gw = await startGateway(dialect, {}, { connectors: [mercadoPagoConnector(fake.endpoint({ timeoutMs: 3_000, retries: 1 }))] });
  });
  afterAll(async () => {
    await gw.close();
    await fake.close();
  });

  const paymentsOf = (id: string) => [...fake.payments.values()].filter((p) => p.external_reference === id);
  const sent = (key: string) => fake.requests.filter((r) => r.idempotencyKey === key);

  it('authorizes with capture false (card tokenized by Mercado Pago), captures part, refunds part and the rest', async () => {
    const { token, mercadopago, card, payCop } = await merchant(gw, fake.accessToken);
    const reply = await payCop(await card(VISA), 150000, false);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({ status: 'AUTHORIZED', response_code: '00' });
    const [payment] = paymentsOf(reply.body.id);
    expect(payment).toMatchObject({ status: 'authorized', transaction_amount: 150000, installments: 1, payment_method_id: 'visa', captured: false });
    const key = (await gw.db.selectFrom('connector_accounts').select('reference_key').where('id', '=', mercadopago).executeTakeFirstOrThrow()).reference_key;
    expect((await stored(gw, reply.body.id)).network_reference).toBe(`${key}:${payment!.id}`);
    // The card went to the card token endpoint only, with the account's access token and our idempotency keys.
    const tokenized = sent(`pasarela:tokenize:${reply.body.id}`);
    expect(tokenized).toHaveLength(1);
    expect(tokenized[0]).toMatchObject({ path: '/v1/card_tokens', authorization: `Bearer ${fake.accessToken}` });
    expect(tokenized[0]!.body).toMatchObject({ card_number: '[masked]', security_code: '[masked]', cardholder: { name: 'APRO' } });
    const authorized = sent(`pasarela:authorize:${reply.body.id}`);
    expect(authorized[0]!.body).toMatchObject({
      capture: false,
      binary_mode: true,
      external_reference: reply.body.id,
      payer: { email: 'pagos@tienda.example' },
    });
    expect(JSON.stringify(authorized[0]!.body)).not.toContain(VISA);

    const captured = await gw.request<PaymentReply>('POST', `/v1/payments/${reply.body.id}/capture`, { token, body: { amount: 120000 } });
    expect(captured.status, captured.text).toBe(200);
    expect(fake.payments.get(payment!.id!)).toMatchObject({ status: 'approved', captured: true, transaction_amount: 120000 });
    expect(sent(`pasarela:capture:${reply.body.id}:capture`)).toHaveLength(1);

    const partial = await gw.request<{ id: string; status: string }>('POST', `/v1/payments/${reply.body.id}/refund`, { token, body: { amount: 20000 } });
    expect(partial.status, partial.text).toBe(201);
    expect(partial.body.status).toBe('SUCCEEDED');
    const rest = await gw.request<{ id: string; status: string }>('POST', `/v1/payments/${reply.body.id}/refund`, { token, body: {} });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body.status).toBe('SUCCEEDED');
    expect(fake.refunds.filter((r) => r.payment_id === payment!.id).map((r) => r.amount)).toEqual([20000, 100000]);
    expect(fake.payments.get(payment!.id!)).toMatchObject({ status: 'refunded', transaction_amount_refunded: 120000 });
    expect(sent(`pasarela:refund:${partial.body.id}`)).toHaveLength(1);
  });

  it("captures automatically: authorized with capture false, captured whole by the gateway's capture job", async () => {
    const { token, card, payCop } = await merchant(gw, fake.accessToken);
    const reply = await payCop(await card(MASTERCARD), 80000);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.status).toBe('APPROVED');
    const [payment] = paymentsOf(reply.body.id);
    expect(payment).toMatchObject({ status: 'authorized', captured: false, transaction_amount: 80000, payment_method_id: 'master' });
    // CAPTURE_DELAY_SECONDS later the capture job captures the authorized amount at Mercado Pago.
    await advanceClock(gw, token, 181);
    expect(fake.payments.get(payment!.id!)).toMatchObject({ status: 'approved', captured: true, transaction_amount: 80000 });
    expect(sent(`pasarela:capture:${reply.body.id}:capture`)).toHaveLength(1);
  });

  it('cancels an uncaptured payment: the payment is cancelled at Mercado Pago', async () => {
    const { token, card, payCop } = await merchant(gw, fake.accessToken);
    const reply = await payCop(await card(MASTERCARD), 50000, false);
    expect(reply.body.status).toBe('AUTHORIZED');
    const cancelled = await gw.request<PaymentReply>('POST', `/v1/payments/${reply.body.id}/cancel`, { token });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.status).toBe('CANCELLED');
    expect(paymentsOf(reply.body.id)[0]).toMatchObject({ status: 'cancelled' });
  });

  it("turns Mercado Pago's rejections into REJECTED with their response codes, never sent to the next account", async () => {
    for (const [holder, code] of [
      ['OTHE', '05'],
      ['FUND', '51'],
      ['SECU', '82'],
      ['EXPI', '54'],
      ['CALL', '01'],
      ['3DSM', '1A'],
    ] as const) {
      // One merchant each: the gateway's own fraud rules would decline a run of declines before Mercado Pago sees it.
      const { card, payCop } = await merchant(gw, fake.accessToken);
      const reply = await payCop(await card(VISA, holder), 10000);
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body, holder).toMatchObject({ status: 'REJECTED', response_code: code });
      expect(paymentsOf(reply.body.id)[0]).toMatchObject({ status: 'rejected' });
      expect(await simulatorSaw(gw, reply.body.id)).toBe(false);
    }
    // Cents in COP: Mercado Pago charges whole pesos; declined 13 without calling it.
    const { card, payCop } = await merchant(gw, fake.accessToken);
    const cents = await payCop(await card(VISA), '10000.50');
    expect(cents.body).toMatchObject({ status: 'REJECTED', response_code: '13' });
    expect(paymentsOf(cents.body.id)).toHaveLength(0);
  });

  it('rate limited: declined 91 and an operation 503, nothing charged; a server error: PENDING, never sent to the next account, declined 96 once lookups find nothing', async () => {
    const { token, card, payCop } = await merchant(gw, fake.accessToken);
    const authorized = await payCop(await card(VISA), 10000, false);
    expect(authorized.body.status).toBe('AUTHORIZED');
    let failingId = '';
    fake.mode = 'rate_limited';
    try {
      const capture = await gw.request<ErrorBody>('POST', `/v1/payments/${authorized.body.id}/capture`, { token, body: {} });
      expect(capture.status, capture.text).toBe(503);
      expect(paymentsOf(authorized.body.id)[0]?.status).toBe('authorized');
      const limited = await payCop(await card(VISA), 10000);
      expect(limited.body).toMatchObject({ status: 'REJECTED', response_code: '91' });
      expect(paymentsOf(limited.body.id)).toHaveLength(0);
      fake.mode = 'server_error';
      const failing = await payCop(await card(VISA), 10000);
      expect(failing.body.status).toBe('PENDING');
      expect(await simulatorSaw(gw, failing.body.id)).toBe(false);
      // Both attempts carried the same key.
      expect(sent(`pasarela:tokenize:${failing.body.id}`)).toHaveLength(2);
      failingId = failing.body.id;
    } finally {
      fake.mode = 'normal';
    }
    // Mercado Pago never created it: its lookups find nothing, and after five of them the payment is declined 96, charged nowhere.
    let status = 'PENDING';
    for (let advanced = 0; advanced < 10 && status === 'PENDING'; advanced++) {
      await advanceClock(gw, token, 40);
      status = (await gw.request<PaymentReply>('GET', `/v1/payments/${failingId}`, { token })).body.status;
    }
    expect(await stored(gw, failingId)).toMatchObject({ status: 'REJECTED', response_code: '96' });
    expect(fake.requests.filter((r) => r.path === '/v1/payments/search').length).toBeGreaterThanOrEqual(5);
    expect(paymentsOf(failingId)).toHaveLength(0);
  });

  it('a timeout after Mercado Pago acted: PENDING (no fallback), then the answer it kept, found by external_reference; one payment', async () => {
    // A gateway of its own whose calls to Mercado Pago time out after 1 s: the held payment waits
    // that long for each of its two attempts (the suite's gateway waits 3 s).
    const own = await startGateway(dialect, {}, { connectors: [mercadoPagoConnector(fake.endpoint({ timeoutMs: 1_000, retries: 1 }))] });
    try {
      const { token, card, payCop } = await merchant(own, fake.accessToken);
      const reply = await whileHeld(fake, async () => payCop(await card(VISA), 60000));
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body.status).toBe('PENDING');
      expect(await simulatorSaw(own, reply.body.id)).toBe(false);
      // The retry after the timeout carried the same key: Mercado Pago replayed its first answer, one payment.
      expect(sent(`pasarela:authorize:${reply.body.id}`)).toHaveLength(2);
      expect(paymentsOf(reply.body.id)).toHaveLength(1);
      await advanceClock(own, token, 11);
      const settled = await own.request<PaymentReply>('GET', `/v1/payments/${reply.body.id}`, { token });
      expect(settled.body.status).toBe('APPROVED');
      expect((await stored(own, reply.body.id)).network_reference).toMatch(new RegExp(`:${paymentsOf(reply.body.id)[0]!.id}$`));
      expect(paymentsOf(reply.body.id)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('answers 422 naming each malformed Mercado Pago credential, and never returns them', async () => {
    const token = await (await gw.client()).token();
    const bad = await gw.request<ErrorBody>('POST', '/v1/connector-accounts', {
      token,
      body: { connector: 'mercadopago', credentials: { access_token: 'sk_test_notMercadoPago', webhook_secret: 'short', payer_email: 'nobody' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.map((d) => d.field).sort()).toEqual(['credentials.access_token', 'credentials.payer_email', 'credentials.webhook_secret']);
    const missing = await gw.request<ErrorBody>('POST', '/v1/connector-accounts', { token, body: { connector: 'mercadopago', credentials: {} } });
    expect(missing.body.error.details.map((d) => d.field).sort()).toEqual([
      'credentials.access_token',
      'credentials.payer_email',
      'credentials.webhook_secret',
    ]);
    const good = await gw.request('POST', '/v1/connector-accounts', {
      token,
      body: { connector: 'mercadopago', credentials: { access_token: fake.accessToken, webhook_secret: WEBHOOK_SECRET, payer_email: 'pagos@tienda.example' } },
    });
    expect(good.status).toBe(201);
    expect(good.text).not.toContain(fake.accessToken);
    expect(good.text).not.toContain(WEBHOOK_SECRET);
  });
});

describe.each(dialects)('Mercado Pago refusing connections on $name', (dialect) => {
  let gw: TestGateway;
  let fake: FakeMercadoPago;

  beforeAll(async () => {
    fake = await FakeMercadoPago.start();
    await fake.close();
    const endpoint = fake.endpoint({ timeoutMs: 3_000, retries: 1 });
    gw = await startGateway(dialect, {}, { connectors: [mercadoPagoConnector({ ...endpoint, baseUrl: `http://127.0.0.1:${REFUSING_PORT}` })] });
  });
  afterAll(() => gw.close());

  it('falls back to the next account of the rule, which authorizes and later captures', async () => {
    const { token, simulator, card, payCop } = await merchant(gw, fake.accessToken);
    const reply = await payCop(await card(VISA), 100000, false);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.status).toBe('AUTHORIZED');
    expect(await simulatorSaw(gw, reply.body.id)).toBe(true);
    const key = (await gw.db.selectFrom('connector_accounts').select('reference_key').where('id', '=', simulator).executeTakeFirstOrThrow()).reference_key;
    expect((await stored(gw, reply.body.id)).network_reference).toBe(`${key}:sim_${reply.body.id}`);
    const captured = await gw.request<PaymentReply>('POST', `/v1/payments/${reply.body.id}/capture`, { token, body: {} });
    expect(captured.status, captured.text).toBe(200);
  });
});

describe.each(dialects)('Mercado Pago credentials in production on $name', (dialect) => {
  it('refuses to start in production while an enabled account keeps a TEST- access token; starts once it is disabled', async () => {
    const fake = await FakeMercadoPago.start();
    const databaseUrl = await dialect.migratedDatabaseUrl();
    const connectors = [mercadoPagoConnector(fake.endpoint())];
    const sandbox = await startGateway(dialect, { DATABASE_URL: databaseUrl }, { connectors });
    let accountId: string;
    let token: string;
    try {
      token = await (await sandbox.client()).token();
      const created = await sandbox.request<{ id: string }>('POST', '/v1/connector-accounts', {
        token,
        body: {
          connector: 'mercadopago',
          credentials: { access_token: fake.accessToken, webhook_secret: WEBHOOK_SECRET, payer_email: 'pagos@tienda.example' },
        },
      });
      expect(created.status, created.text).toBe(201);
      accountId = created.body.id;
    } finally {
      await sandbox.close();
    }
    const production = { DATABASE_URL: databaseUrl, ENVIRONMENT: 'production', TRUST_PROXY: 'true' };
    const refused = startGateway(dialect, production, { connectors });
    await expect(refused).rejects.toThrow(new RegExp(`connector account ${accountId} \\(mercadopago\\): credentials.access_token is a test access token`));
    await expect(refused).rejects.not.toThrow(fake.accessToken);
    const again = await startGateway(dialect, { DATABASE_URL: databaseUrl }, { connectors });
    try {
      expect((await again.request('PATCH', `/v1/connector-accounts/${accountId}`, { token, body: { status: 'disabled' } })).status).toBe(200);
    } finally {
      await again.close();
    }
    const started = await startGateway(dialect, production, { connectors });
    await started.close();
    await fake.close();
  });

  it('refuses a TEST- access token naming the field; production credentials are taken', async () => {
    const fake = await FakeMercadoPago.start();
    const gw = await startGateway(dialect, { ENVIRONMENT: 'production', TRUST_PROXY: 'true' }, { connectors: [mercadoPagoConnector(fake.endpoint())] });
    try {
      const headers = { 'x-forwarded-proto': 'https' };
      const c = await gw.client();
      const token = (
        await gw.request<{ access_token: string }>('POST', '/oauth/token', {
          headers,
          body: { grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.secret, audience: 'https://pasarela.test' },
        })
      ).body.access_token;
      const credentials = { access_token: fake.accessToken, webhook_secret: WEBHOOK_SECRET, payer_email: 'pagos@tienda.example' };
      const refused = await gw.request<ErrorBody>('POST', '/v1/connector-accounts', { token, headers, body: { connector: 'mercadopago', credentials } });
      expect(refused.status).toBe(422);
      expect(refused.body.error.details).toMatchObject([{ field: 'credentials.access_token' }]);
      const live = { ...credentials, access_token: 'APP_USR-1234567890123456-112233-abcdef0123456789abcdef0123456789-123456789' };
      expect((await gw.request('POST', '/v1/connector-accounts', { token, headers, body: { connector: 'mercadopago', credentials: live } })).status).toBe(201);
    } finally {
      await gw.close();
      await fake.close();
    }
  });
});
