/**
 * `metadata` (docs/api-conventions.md "Metadata"): the merchant's key-value pairs on card and
 * alternative payments, refunds and payment links: accepted on create, returned, found by
 * `metadata[key]=value`, copied into the events; bad metadata is a 422 naming each problem.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { encrypt, merchantKey, pendingWalletIntent, tokenize } from './support/cards.js';

interface ErrorBody {
  error: { code: string; details: Array<{ field: string; message: string }> };
}
type WithMetadata = { id?: string; payment_id?: string; metadata: Record<string, string> };
interface EventList {
  data: Array<{ type: string; data: Record<string, { id: string; metadata?: Record<string, string> }> }>;
}

describe.each(dialects)('metadata on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  let instrumentId: string;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    const client = await gw.client();
    token = await client.token();
    instrumentId = await tokenize(gw, token, { number: '4242424242424242' });
  });
  afterAll(() => gw.close());

  async function cardPayment(metadata: unknown, capture = true) {
    const key = await merchantKey(gw, token);
    return gw.request<WithMetadata & ErrorBody>('POST', '/v1/payments', {
      token,
      body: { amount: 150, currency: 'USD', order_id: `meta-${Math.random()}`, instrument_id: instrumentId, encrypted_cvv: await encrypt(key, '123'), capture, ...(metadata === undefined ? {} : { metadata }) },
    });
  }
  const ids = (list: { data: Array<{ id?: string; payment_id?: string }> }) => list.data.map((item) => item.id ?? item.payment_id);

  it('card and alternative payments: stored, returned, found by exact key and value, copied into their events', async () => {
    const card = await cardPayment({ order_ref: 'A-1001', channel: 'web' });
    expect(card.status, card.text).toBe(201);
    expect(card.body.metadata).toEqual({ order_ref: 'A-1001', channel: 'web' });
    const plain = await cardPayment(undefined);
    expect(plain.body.metadata).toEqual({});
    const other = await cardPayment({ order_ref: 'A-1002' });
    const intent = await gw.request<WithMetadata>('POST', '/v1/payments/intents', { token, body: { ...pendingWalletIntent('meta'), metadata: { order_ref: 'A-1001' } } });
    expect(intent.status, intent.text).toBe(201);
    expect(intent.body.metadata).toEqual({ order_ref: 'A-1001' });

    expect((await gw.request<WithMetadata>('GET', `/v1/payments/${card.body.id}`, { token })).body.metadata).toEqual({ order_ref: 'A-1001', channel: 'web' });
    expect((await gw.request<WithMetadata>('GET', `/v1/payments/${intent.body.payment_id}`, { token })).body.metadata).toEqual({ order_ref: 'A-1001' });

    const found = await gw.request<{ data: WithMetadata[] }>('GET', '/v1/payments?metadata[order_ref]=A-1001', { token });
    expect(found.status, found.text).toBe(200);
    expect(ids(found.body)).toEqual([intent.body.payment_id, card.body.id]);
    const both = await gw.request<{ data: WithMetadata[] }>('GET', '/v1/payments/search?metadata[order_ref]=A-1001&metadata[channel]=web', { token });
    expect(ids(both.body)).toEqual([card.body.id]);
    // Exact: neither a prefix nor another case matches.
    expect(ids((await gw.request<{ data: WithMetadata[] }>('GET', '/v1/payments?metadata[order_ref]=A-100', { token })).body)).toEqual([]);
    expect(ids((await gw.request<{ data: WithMetadata[] }>('GET', '/v1/payments?metadata[ORDER_REF]=A-1001', { token })).body)).toEqual([]);
    expect(ids((await gw.request<{ data: WithMetadata[] }>('GET', '/v1/payments?kind=card&metadata[order_ref]=A-1002', { token })).body)).toEqual([other.body.id]);

    const events = (await gw.request<EventList>('GET', '/v1/events?limit=100', { token })).body.data;
    const approved = events.find((e) => e.type === 'payment.card.approved' && e.data.payment?.id === card.body.id);
    expect(approved?.data.payment?.metadata).toEqual({ order_ref: 'A-1001', channel: 'web' });
    const pending = events.find((e) => e.type === 'payment.purchase.pending' && e.data.payment?.id === intent.body.payment_id);
    expect(pending?.data.payment?.metadata).toEqual({ order_ref: 'A-1001' });
  });

  it('another organization\'s payments are never found by its metadata', async () => {
    await cardPayment({ tenant_probe: 'x' });
    const stranger = await (await gw.client()).token();
    const found = await gw.request<{ data: unknown[] }>('GET', '/v1/payments?metadata[tenant_probe]=x', { token: stranger });
    expect(found.body.data).toEqual([]);
  });

  it('refunds: stored, returned, found, in refund.succeeded', async () => {
    const payment = await cardPayment({}, false);
    expect((await gw.request('POST', `/v1/payments/${payment.body.id}/capture`, { token })).status).toBe(200);
    const refund = await gw.request<WithMetadata>('POST', '/v1/refunds', { token, body: { payment_id: payment.body.id, amount: 50, currency: 'USD', metadata: { reason_code: 'R-7' } } });
    expect(refund.status, refund.text).toBe(201);
    expect(refund.body.metadata).toEqual({ reason_code: 'R-7' });
    await gw.request('POST', '/v1/refunds', { token, body: { payment_id: payment.body.id, amount: 10, currency: 'USD' } });
    const found = await gw.request<{ data: WithMetadata[] }>('GET', '/v1/refunds?metadata[reason_code]=R-7', { token });
    expect(ids(found.body)).toEqual([refund.body.id]);
    const events = (await gw.request<EventList>('GET', '/v1/events?limit=100', { token })).body.data;
    expect(events.find((e) => e.type === 'refund.succeeded' && e.data.refund?.id === refund.body.id)?.data.refund?.metadata).toEqual({ reason_code: 'R-7' });
  });

  it('payment links: stored, returned, found', async () => {
    const link = await gw.request<WithMetadata>('POST', '/v1/links', { token, body: { type: 'payment', data: { amount: { value: 1500, currency: 'COP' } }, metadata: { campaign: 'black-friday' } } });
    expect(link.status, link.text).toBe(201);
    expect(link.body.metadata).toEqual({ campaign: 'black-friday' });
    await gw.request('POST', '/v1/links', { token, body: { type: 'payment', data: { amount: { value: 1500, currency: 'COP' } } } });
    expect((await gw.request<WithMetadata>('GET', `/v1/links/${link.body.id}`, { token })).body.metadata).toEqual({ campaign: 'black-friday' });
    expect(ids((await gw.request<{ data: WithMetadata[] }>('GET', '/v1/links?metadata[campaign]=black-friday', { token })).body)).toEqual([link.body.id]);
  });

  it('bad metadata is a 422 naming each problem, and nothing is created', async () => {
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    const many = await cardPayment(tooMany);
    expect(many.status).toBe(422);
    expect(many.body.error.details).toEqual([{ field: 'metadata', message: 'must NOT have more than 50 properties' }]);

    const bad = await cardPayment({ ['k'.repeat(41)]: 'v', 'bad key': 'v', count: 3, note: 'x'.repeat(501) });
    expect(bad.status).toBe(422);
    const fields = bad.body.error.details.map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['metadata.count', 'metadata.note']));
    expect(bad.body.error.details.filter((d) => d.field === 'metadata').length).toBeGreaterThanOrEqual(2);
    expect((await cardPayment('x')).body.error.details).toEqual([{ field: 'metadata', message: 'must be object' }]);

    const filter = await gw.request<ErrorBody>('GET', '/v1/payments?metadata[bad key]=x', { token });
    expect(filter.status).toBe(422);
    expect(ids((await gw.request<{ data: WithMetadata[] }>('GET', '/v1/payments?metadata[count]=3', { token })).body)).toEqual([]);
  });
});
