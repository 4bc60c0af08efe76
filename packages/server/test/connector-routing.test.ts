/**
 * Routing per organization (/v1/routing) and the fallback rule: the next
 * connector account is tried only when the previous one never reached its
 * processor (a refused connection), never after it may have charged (a
 * timeout after sending: the payment stays PENDING). The first account is
 * the tests' own registered connector (support/test-connector.ts) over real
 * HTTP; the second the simulator. Real gateway, real HTTP, both dialects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';
import { closedPort, fakeProcessor, testProcessor } from './support/test-connector.js';

interface ErrorBody {
  error: { code: string; details: Array<{ field: string; message: string }> };
}

describe.each(dialects)('connector routing on $name', (dialect) => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway(dialect, {}, { connectors: [testProcessor] });
  });
  afterAll(() => gw.close());

  const merchant = async () => {
    const token = await (await gw.client()).token();
    const account = async (connector: string, credentials: Record<string, unknown>) => {
      const reply = await gw.request<{ id: string }>('POST', '/v1/connector-accounts', { token, body: { connector, credentials } });
      expect(reply.status, reply.text).toBe(201);
      return reply.body.id;
    };
    const route = (rules: unknown[]) => gw.request<{ rules: unknown[] } & ErrorBody>('PUT', '/v1/routing', { token, body: { rules } });
    return { token, account, route };
  };
  const referenceKey = async (accountId: string) =>
    (await gw.db.selectFrom('connector_accounts').select('reference_key').where('id', '=', accountId).executeTakeFirstOrThrow()).reference_key;
  const payment = (id: string) => gw.db.selectFrom('payments').select(['status', 'network_reference']).where('id', '=', id).executeTakeFirstOrThrow();
  const simulatorSaw = async (id: string) =>
    Boolean(await gw.db.selectFrom('simulator_operations').select('reference').where('reference', '=', `auth:${id}`).executeTakeFirst());
  const metric = async (outcome: string) => {
    const text = await (await fetch(`${gw.baseUrl}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(`pasarela_connector_requests_total{connector="test-processor",outcome="${outcome}"}`));
    return line ? Number(line.split(' ').pop()) : 0;
  };

  it('falls back to the next account when the first refuses the connection, and its capture goes to that account', async () => {
    const { token, account, route } = await merchant();
    const refusing = await account('test-processor', { base_url: `http://127.0.0.1:${await closedPort()}`, api_key: 'key-12345678' });
    const simulator = await account('simulator', { api_key: 'sim-12345678' });
    expect((await route([{ method_family: 'card', connector_accounts: [refusing, simulator] }])).status).toBe(200);
    const unreachableBefore = await metric('unreachable');
    const instrument = await tokenize(gw, token, { number: '4242424242424242' });
    const reply = await pay(gw, token, { instrumentId: instrument, amount: 100, capture: false });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.status).toBe('AUTHORIZED');
    expect(await metric('unreachable')).toBe(unreachableBefore + 1);
    const row = await payment(reply.body.id);
    expect(row.network_reference).toBe(`${await referenceKey(simulator)}:sim_${reply.body.id}`);
    expect(await simulatorSaw(reply.body.id)).toBe(true);
    const captured = await gw.request<PaymentReply>('POST', `/v1/payments/${reply.body.id}/capture`, { token, body: { amount: 100 } });
    expect(captured.status, captured.text).toBe(200);
    expect(captured.body.amount_captured).toBe('100.00');
    expect(
      await gw.db.selectFrom('simulator_operations').select('reference').where('reference', '=', `capture:${reply.body.id}:capture`).executeTakeFirst(),
    ).toBeDefined();
  });

  it('never falls back after the request may have reached the processor: a timeout leaves the payment PENDING', async () => {
    const hanging = await fakeProcessor(() => undefined);
    try {
      const { token, account, route } = await merchant();
      const slow = await account('test-processor', { base_url: hanging.url, api_key: 'key-12345678', timeout_ms: 150 });
      const simulator = await account('simulator', { api_key: 'sim-12345678' });
      expect((await route([{ connector_accounts: [slow, simulator] }])).status).toBe(200);
      const instrument = await tokenize(gw, token, { number: '4242424242424242' });
      const reply = await pay(gw, token, { instrumentId: instrument, amount: 100 });
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body.status).toBe('PENDING');
      expect(hanging.received).toHaveLength(1);
      expect(hanging.received[0]!.headers['idempotency-key']).toBe(reply.body.id);
      expect(await simulatorSaw(reply.body.id)).toBe(false);
      expect((await payment(reply.body.id)).status).toBe('PENDING');
      const remembered = await gw.db.selectFrom('connector_references').select('account_id').where('reference', '=', reply.body.id).executeTakeFirstOrThrow();
      expect(remembered.account_id).toBe(slow);
    } finally {
      await hanging.close();
    }
  });

  it('goes to the first rule that matches: currency, brand and BIN range', async () => {
    const { token, account, route } = await merchant();
    const refusing = await account('test-processor', { base_url: `http://127.0.0.1:${await closedPort()}`, api_key: 'key-12345678' });
    const visa = await account('simulator', { api_key: 'sim-visa-1234' });
    const mastercard = await account('simulator', { api_key: 'sim-mc-12345' });
    const put = await route([
      { currencies: ['EUR'], connector_accounts: [refusing] },
      { card_brands: ['mastercard'], bin_ranges: [{ from: '555555', to: '555599' }], connector_accounts: [mastercard] },
      { currencies: ['USD'], min_amount: 10, max_amount: 1000, connector_accounts: [visa] },
    ]);
    expect(put.status, put.text).toBe(200);
    const got = await gw.request<{ rules: Array<Record<string, unknown>> }>('GET', '/v1/routing', { token });
    expect(got.body.rules[2]).toMatchObject({ currencies: ['USD'], min_amount: '10.00', max_amount: '1000.00', connector_accounts: [visa] });
    const mc = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '5555555555554444' }), amount: 100 });
    expect((await payment(mc.body.id)).network_reference).toMatch(new RegExp(`^${await referenceKey(mastercard)}:`));
    const v = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4242424242424242' }), amount: 100 });
    expect((await payment(v.body.id)).network_reference).toMatch(new RegExp(`^${await referenceKey(visa)}:`));
    // Above every rule's range: no rule matches, the enabled card accounts in order (the refusing one, then the first simulator).
    const big = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4242424242424242' }), amount: 5000 });
    expect((await payment(big.body.id)).network_reference).toMatch(new RegExp(`^${await referenceKey(visa)}:`));
  });

  it("passes over a rule whose accounts are all disabled: the next rule that matches, else the organization's enabled accounts, never the default", async () => {
    const { token, account, route } = await merchant();
    const visaOnly = await account('simulator', { api_key: 'sim-visa-1234' });
    const cards = await account('simulator', { api_key: 'sim-card-1234' });
    const visa = async () => {
      const reply = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4242424242424242' }), amount: 100 });
      expect(reply.status, reply.text).toBe(201);
      return (await payment(reply.body.id)).network_reference;
    };
    expect((await route([{ card_brands: ['visa'], connector_accounts: [visaOnly] }])).status).toBe(200);
    const disabled = await gw.request('PATCH', `/v1/connector-accounts/${visaOnly}`, { token, body: { status: 'disabled' } });
    expect(disabled.status, disabled.text).toBe(200);
    // No other rule: the organization's enabled card account, not the deployment's simulator (unprefixed).
    expect(await visa()).toMatch(new RegExp(`^${await referenceKey(cards)}:`));
    // Another rule that matches, further down: its accounts.
    const third = await account('simulator', { api_key: 'sim-third-123' });
    expect(
      (
        await route([
          { card_brands: ['visa'], connector_accounts: [visaOnly] },
          { currencies: ['USD'], connector_accounts: [third] },
        ])
      ).status,
    ).toBe(200);
    expect(await visa()).toMatch(new RegExp(`^${await referenceKey(third)}:`));
  });

  it('GET /v1/payments/{id} says which account served the payment and its id there, to a caller with connector-accounts:read only', async () => {
    const owner = await gw.client();
    const token = await owner.token();
    const created = await gw.request<{ id: string }>('POST', '/v1/connector-accounts', {
      token,
      body: { connector: 'simulator', credentials: { api_key: 'sim-12345678' } },
    });
    const reply = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4242424242424242' }), amount: 100 });
    const read = await gw.request<{ processor?: unknown }>('GET', `/v1/payments/${reply.body.id}`, { token });
    expect(read.body.processor).toEqual({ connector: 'simulator', connector_account_id: created.body.id, reference: `sim_${reply.body.id}` });
    // The same organization's client without connector-accounts:read sees the payment, not who served it.
    const narrow = await (await gw.client({ organizationId: owner.organizationId, scopes: ['payments:read'] })).token();
    const plain = await gw.request<{ id: string; processor?: unknown }>('GET', `/v1/payments/${reply.body.id}`, { token: narrow });
    expect(plain.status).toBe(200);
    expect(plain.body.id).toBe(reply.body.id);
    expect(plain.body).not.toHaveProperty('processor');
    // Deleted, the account still names the payments it served (routing no longer uses it).
    expect((await gw.request('DELETE', `/v1/connector-accounts/${created.body.id}`, { token })).status).toBe(200);
    const after = await gw.request<{ processor?: unknown }>('GET', `/v1/payments/${reply.body.id}`, { token });
    expect(after.body.processor).toEqual({ connector: 'simulator', connector_account_id: created.body.id, reference: `sim_${reply.body.id}` });
  });

  it('an organization without accounts goes to the default (CONNECTORS=simulator), unprefixed', async () => {
    const { token } = await merchant();
    const reply = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4242424242424242' }), amount: 100 });
    expect((await payment(reply.body.id)).network_reference).toBe(`sim_${reply.body.id}`);
    const read = await gw.request<{ processor?: unknown }>('GET', `/v1/payments/${reply.body.id}`, { token });
    expect(read.body.processor).toEqual({ connector: 'simulator', connector_account_id: null, reference: `sim_${reply.body.id}` });
  });

  it('answers 422 naming each problem of the rules, and keeps the previous ones', async () => {
    const { token, account, route } = await merchant();
    const simulator = await account('simulator', { api_key: 'sim-12345678' });
    expect((await route([{ connector_accounts: [simulator] }])).status).toBe(200);
    const other = await (await merchant()).account('simulator', { api_key: 'sim-12345678' });
    const bad = await route([
      { min_amount: 10, connector_accounts: [simulator] },
      { bin_ranges: [{ from: '555599', to: '555555' }], connector_accounts: [other, 'cna-nope'] },
      { method_family: 'rail', connector_accounts: [simulator] },
    ]);
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.map((d) => d.field).sort()).toEqual([
      'rules[0].min_amount',
      'rules[1].bin_ranges[0]',
      'rules[1].connector_accounts[0]',
      'rules[1].connector_accounts[1]',
      'rules[2].connector_accounts[0]',
    ]);
    const kept = await gw.request<{ rules: unknown[] }>('GET', '/v1/routing', { token });
    expect(kept.body.rules).toEqual([{ connector_accounts: [simulator] }]);
  });
});

describe.each(dialects)('CONNECTORS=none as the default account, on $name', (dialect) => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway(dialect, { CONNECTORS: 'none' });
  });
  afterAll(() => gw.close());

  it("answers 503 with nothing recorded for an organization without accounts, and pays through an organization's own account", async () => {
    const without = await (await gw.client()).token();
    const refused = await pay(gw, without, { instrumentId: await tokenize(gw, without, { number: '4242424242424242' }), amount: 100 });
    expect(refused.status).toBe(503);
    const client = await gw.client();
    const count = await gw.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    const token = await client.token();
    const made = await gw.request<{ id: string }>('POST', '/v1/connector-accounts', {
      token,
      body: { connector: 'simulator', credentials: { api_key: 'sim-12345678' } },
    });
    expect(made.status).toBe(201);
    const paid = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4242424242424242' }), amount: 100 });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.status).toBe('APPROVED');
  });
});
