/**
 * A payment method is one registered part (docs/architecture.md "Add a
 * payment method"): the toy voucher of support/toy-method.ts, defined in the
 * test folder alone and passed as GatewayOptions.methods, reaches
 * /openapi.json, the intents, GET /v1/payments, the events, a webhook
 * delivery and the hosted checkout, with no edit anywhere else.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { loadConfig } from '../src/config/config.js';
import { startGateway, testEnv, type TestGateway } from './support/gateway.js';
import { Receiver } from './support/receiver.js';
import { toyVoucher } from './support/toy-method.js';
import { eventually } from './support/wait.js';

type Json = Record<string, unknown>;

/** The value at `path` inside a JSON document (undefined where a step is missing). */
function at(value: unknown, ...path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Json)[key] : undefined), value);
}

interface Intent {
  id: string;
  status: string;
  payment_id: string;
  rail: { id: string };
  transaction: { status: string; status_detail: string };
  expires_at: string;
  created_at: string;
}

const BUILT_IN_RAILS = ['BANK_REDIRECT', 'WALLET_PUSH', 'WALLET_OTP', 'QR_INTEROP', 'CASH'];

describe('the committed document, without the toy', () => {
  it('lists only the built-in rails: the toy comes from the registration alone', () => {
    const committed = readFileSync(new URL('../../client/openapi.json', import.meta.url), 'utf8');
    expect(committed).not.toContain('TOY_VOUCHER');
    expect(at(JSON.parse(committed), 'components', 'schemas', 'ApmPayment', 'properties', 'rail', 'properties', 'id', 'enum')).toEqual(BUILT_IN_RAILS);
  });
});

describe("a method's validity setting", () => {
  it('is checked at start like every rail setting: a whole number of seconds from 1 to 2592000 (30 days)', async () => {
    const env = await testEnv(dialects[0]!);
    expect(loadConfig({ ...env, TOY_VOUCHER_VALIDITY_SECONDS: '120' }).rails.validitySeconds.TOY_VOUCHER_VALIDITY_SECONDS).toBe(120);
    expect(() => loadConfig({ ...env, TOY_VOUCHER_VALIDITY_SECONDS: '0' })).toThrow('TOY_VOUCHER_VALIDITY_SECONDS must be between 1 and 2592000, got 0');
    expect(() => loadConfig({ ...env, TOY_VOUCHER_VALIDITY_SECONDS: 'soon' })).toThrow('TOY_VOUCHER_VALIDITY_SECONDS must be a whole number, got "soon"');
  });
});

describe.each(dialects)('a payment method registered from the test folder, on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  let receiver: Receiver;
  let secret: string;
  let order = 0;

  beforeAll(async () => {
    gw = await startGateway(dialect, { TOY_VOUCHER_VALIDITY_SECONDS: '120' }, { methods: [toyVoucher] });
    token = await (await gw.client()).token();
    receiver = await new Receiver().start();
    secret = (await gw.request<{ secret: string }>('POST', '/v1/webhooks', { token, body: { url: receiver.url, events: ['*'] } })).body.secret;
  });
  afterAll(async () => {
    await gw?.close();
    await receiver?.close();
  });

  const intent = (body: Json) =>
    gw.request<Intent & { error: { details: Array<{ field: string; message: string }> } }>('POST', '/v1/payments/intents', {
      token,
      body: { order_id: `toy-${dialect.name}-${order++}`, currency: 'COP', rail_id: 'TOY_VOUCHER', rail_type: 'VOUCHER', ...body },
    });

  it('appears in /openapi.json: the intent, the payment, the list filter and the event payload', async () => {
    const document = (await gw.request<Json>('GET', '/openapi.json')).body;
    const create = at(document, 'paths', '/v1/payments/intents', 'post', 'requestBody', 'content', 'application/json', 'schema', 'properties');
    expect(at(create, 'rail_id', 'enum')).toEqual([...BUILT_IN_RAILS, 'TOY_VOUCHER']);
    expect(at(create, 'rail_type', 'enum')).toEqual(['BANK_TRANSFER', 'WALLET', 'CASH', 'VOUCHER']);
    expect(Object.keys(at(create, 'customer', 'properties') as Json)).toContain('voucher_code');
    expect(at(document, 'components', 'schemas', 'ApmPayment', 'properties', 'rail', 'properties', 'id', 'enum')).toContain('TOY_VOUCHER');
    const parameters = at(document, 'paths', '/v1/payments', 'get', 'parameters') as Json[];
    const filter = parameters.find((p) => p.name === 'rail_id');
    expect((at(filter, 'schema', 'anyOf') as Json[]).map((s) => at(s, 'enum', '0'))).toEqual([...BUILT_IN_RAILS, 'TOY_VOUCHER']);
    expect(at(document, 'components', 'schemas', 'AlternativePaymentEventData', 'properties', 'payment', 'properties', 'rail_id', 'enum')).toContain(
      'TOY_VOUCHER',
    );
  });

  it('takes its own rules: every problem named, its rail type required', async () => {
    const wrong = await intent({ amount: 15050, rail_type: 'WALLET', customer: { voucher_code: 'abc' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.details).toEqual([
      { field: 'rail_type', message: 'must be VOUCHER for TOY_VOUCHER' },
      { field: 'customer.voucher_code', message: 'must be 8 digits' },
    ]);
    const missing = await intent({ amount: 15050 });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details).toEqual([{ field: 'customer.voucher_code', message: 'is required' }]);
  });

  it('is paid through an intent, listed with id and status, recorded as events and delivered to a webhook', async () => {
    const created = await intent({ amount: 15050, customer: { voucher_code: '12345678' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ rail: { id: 'TOY_VOUCHER' }, transaction: { status: 'IN_PROGRESS', status_detail: 'PENDING' } });
    // Its validity setting (TOY_VOUCHER_VALIDITY_SECONDS), validated like every rail's.
    expect(Date.parse(created.body.expires_at) - Date.parse(created.body.created_at)).toBe(120_000);
    const id = created.body.payment_id;

    const list = await gw.request<{ data: Array<Json> }>('GET', '/v1/payments?rail_id=TOY_VOUCHER', { token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((p) => [p.id, p.status, at(p, 'rail', 'id')])).toEqual([[id, 'IN_PROGRESS', 'TOY_VOUCHER']]);

    const approved = await gw.request<Intent>('POST', `/v1/sandbox/payments/${id}/simulate`, { token, body: { outcome: 'approve' } });
    expect(approved.body.transaction.status).toBe('APPROVED');

    const events = await gw.request<{ data: Array<{ type: string; data: Json }> }>('GET', '/v1/events', { token });
    const mine = events.body.data.filter((e) => at(e.data, 'payment', 'id') === id);
    expect(mine.map((e) => e.type).sort()).toEqual(['payment.purchase.pending', 'payment.purchase.succeeded']);
    expect(mine.map((e) => at(e.data, 'payment', 'rail_id'))).toEqual(['TOY_VOUCHER', 'TOY_VOUCHER']);

    const delivered = await eventually(
      async () => receiver.received.filter((r) => r.body.includes(id)).map((r) => Receiver.verify(secret, r)),
      (found) => found.some((e) => e.type === 'payment.purchase.succeeded'),
    );
    const succeeded = delivered.find((e) => e.type === 'payment.purchase.succeeded');
    expect(succeeded?.data).toMatchObject({ payment: { id, rail_id: 'TOY_VOUCHER', transaction: { status: 'APPROVED', status_detail: 'SUCCESS' } } });
  });

  it('is offered by the hosted checkout, with its input and texts, and paid through it', async () => {
    const link = await gw.request<{ url: string }>('POST', '/v1/links', {
      token,
      body: { type: 'payment', data: { amount: { value: 25050, currency: 'COP' } } },
    });
    const path = new URL(link.body.url).pathname;
    const page = await gw.request('GET', path, { headers: { 'accept-language': 'es' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<input type="radio" name="rail" value="TOY_VOUCHER" data-then="approve"> Vale de prueba</label>');
    expect(page.text).toMatch(
      /<div data-rail="TOY_VOUCHER" hidden><label for="voucher_code">Código del vale<\/label><input id="voucher_code" data-customer="voucher_code"/,
    );

    const refused = await gw.request<Json>('POST', `${path}/intent`, { body: { rail_id: 'TOY_VOUCHER', customer: { voucher_code: '12' } } });
    expect(refused.status).toBe(422);
    expect((at(refused.body, 'error', 'details') as Json[]).map((d) => d.field)).toEqual(['customer.voucher_code']);

    const paid = await gw.request<{ payment_id: string; rail: { id: string } }>('POST', `${path}/intent`, {
      body: { rail_id: 'TOY_VOUCHER', customer: { voucher_code: '87654321' } },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.rail.id).toBe('TOY_VOUCHER');
    const waiting = await gw.request('GET', `${path}?payment_id=${paid.body.payment_id}`, { headers: { 'accept-language': 'en' } });
    expect(waiting.text).toContain('Your voucher is being checked.');
  });
});
