/**
 * `metadata` (docs/api-conventions.md "Metadata"): the merchant's key-value pairs on card and
 * alternative payments, refunds, payment links, instruments and users: accepted on create (and on
 * an instrument's update), returned, found by
 * `metadata[key]=value`, copied into the events; bad metadata is a 422 naming each problem.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { encrypt, encryptedCard, merchantKey, pendingWalletIntent, tokenize } from './support/cards.js';

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
      body: {
        amount: 150,
        currency: 'USD',
        order_id: `meta-${Math.random()}`,
        instrument_id: instrumentId,
        encrypted_cvv: await encrypt(key, '123'),
        capture,
        ...(metadata === undefined ? {} : { metadata }),
      },
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
    const intent = await gw.request<WithMetadata>('POST', '/v1/payments/intents', {
      token,
      body: { ...pendingWalletIntent('meta'), metadata: { order_ref: 'A-1001' } },
    });
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
    expect(ids((await gw.request<{ data: WithMetadata[] }>('GET', '/v1/payments?kind=card&metadata[order_ref]=A-1002', { token })).body)).toEqual([
      other.body.id,
    ]);

    const events = (await gw.request<EventList>('GET', '/v1/events?limit=100', { token })).body.data;
    const approved = events.find((e) => e.type === 'payment.card.approved' && e.data.payment?.id === card.body.id);
    expect(approved?.data.payment?.metadata).toEqual({ order_ref: 'A-1001', channel: 'web' });
    const pending = events.find((e) => e.type === 'payment.purchase.pending' && e.data.payment?.id === intent.body.payment_id);
    expect(pending?.data.payment?.metadata).toEqual({ order_ref: 'A-1001' });
  });

  it("another organization's payments are never found by its metadata", async () => {
    await cardPayment({ tenant_probe: 'x' });
    const stranger = await (await gw.client()).token();
    const found = await gw.request<{ data: unknown[] }>('GET', '/v1/payments?metadata[tenant_probe]=x', { token: stranger });
    expect(found.body.data).toEqual([]);
  });

  it('refunds: stored, returned, found, in refund.succeeded', async () => {
    const payment = await cardPayment({}, false);
    expect((await gw.request('POST', `/v1/payments/${payment.body.id}/capture`, { token })).status).toBe(200);
    const refund = await gw.request<WithMetadata>('POST', '/v1/refunds', {
      token,
      body: { payment_id: payment.body.id, amount: 50, currency: 'USD', metadata: { reason_code: 'R-7' } },
    });
    expect(refund.status, refund.text).toBe(201);
    expect(refund.body.metadata).toEqual({ reason_code: 'R-7' });
    await gw.request('POST', '/v1/refunds', { token, body: { payment_id: payment.body.id, amount: 10, currency: 'USD' } });
    const found = await gw.request<{ data: WithMetadata[] }>('GET', '/v1/refunds?metadata[reason_code]=R-7', { token });
    expect(ids(found.body)).toEqual([refund.body.id]);
    const events = (await gw.request<EventList>('GET', '/v1/events?limit=100', { token })).body.data;
    expect(events.find((e) => e.type === 'refund.succeeded' && e.data.refund?.id === refund.body.id)?.data.refund?.metadata).toEqual({ reason_code: 'R-7' });
  });

  it('payment links: stored, returned, found', async () => {
    const link = await gw.request<WithMetadata>('POST', '/v1/links', {
      token,
      body: { type: 'payment', data: { amount: { value: 1500, currency: 'COP' } }, metadata: { campaign: 'black-friday' } },
    });
    expect(link.status, link.text).toBe(201);
    expect(link.body.metadata).toEqual({ campaign: 'black-friday' });
    await gw.request('POST', '/v1/links', { token, body: { type: 'payment', data: { amount: { value: 1500, currency: 'COP' } } } });
    expect((await gw.request<WithMetadata>('GET', `/v1/links/${link.body.id}`, { token })).body.metadata).toEqual({ campaign: 'black-friday' });
    expect(ids((await gw.request<{ data: WithMetadata[] }>('GET', '/v1/links?metadata[campaign]=black-friday', { token })).body)).toEqual([link.body.id]);
  });

  it('instruments: stored on tokenizing, replaced by an update or the same card sent again, found, copied into the audit event', async () => {
    const key = await merchantKey(gw, token);
    const card = await encryptedCard(key, { number: '5555555555554444' });
    const created = await gw.request<WithMetadata & ErrorBody>('POST', '/v1/instruments', {
      token,
      body: { ...card, metadata: { customer_ref: 'C-77', wallet: 'main' } },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.metadata).toEqual({ customer_ref: 'C-77', wallet: 'main' });
    const plainId = await tokenize(gw, token, { number: '378282246310005' });
    expect((await gw.request<WithMetadata>('GET', `/v1/instruments/${plainId}`, { token })).body.metadata).toEqual({});
    expect((await gw.request<WithMetadata>('GET', `/v1/instruments/${created.body.id}`, { token })).body.metadata).toEqual({
      customer_ref: 'C-77',
      wallet: 'main',
    });
    expect(
      ids((await gw.request<{ data: WithMetadata[] }>('GET', '/v1/instruments?metadata[customer_ref]=C-77&metadata[wallet]=main', { token })).body),
    ).toEqual([created.body.id]);

    // The same card without metadata keeps its pairs; with metadata, they are replaced.
    const again = await gw.request<WithMetadata>('POST', '/v1/instruments', { token, body: card });
    expect(again.body).toMatchObject({ id: created.body.id, metadata: { customer_ref: 'C-77', wallet: 'main' } });
    const replaced = await gw.request<WithMetadata>('POST', '/v1/instruments', { token, body: { ...card, metadata: { customer_ref: 'C-78' } } });
    expect(replaced.body).toMatchObject({ id: created.body.id, metadata: { customer_ref: 'C-78' } });
    expect(ids((await gw.request<{ data: WithMetadata[] }>('GET', '/v1/instruments?metadata[customer_ref]=C-77', { token })).body)).toEqual([]);

    // PATCH replaces them; omitted, they stay.
    const patched = await gw.request<WithMetadata>('PATCH', `/v1/instruments/${created.body.id}`, {
      token,
      body: { metadata: { customer_ref: 'C-79', tier: 'gold' } },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.metadata).toEqual({ customer_ref: 'C-79', tier: 'gold' });
    const holder = await gw.request<WithMetadata>('PATCH', `/v1/instruments/${created.body.id}`, { token, body: { holder_name: 'New Holder' } });
    expect(holder.body.metadata).toEqual({ customer_ref: 'C-79', tier: 'gold' });
    expect(ids((await gw.request<{ data: WithMetadata[] }>('GET', '/v1/instruments?metadata[tier]=gold', { token })).body)).toEqual([created.body.id]);
    expect(ids((await gw.request<{ data: WithMetadata[] }>('GET', '/v1/instruments?metadata[customer_ref]=C-78', { token })).body)).toEqual([]);

    // The instrument's event (the audit record of a revealed number) carries them.
    const pci = await gw.client({ pciSaqD: true });
    const pciToken = await pci.token();
    const direct = {
      type: 'CARD',
      card: {
        number: '4000056655665556',
        expiration_month: '08',
        expiration_year: String(new Date().getUTCFullYear() + 2),
        holder_name: 'Direct Holder',
        cvv: '123',
      },
    };
    const saved = await gw.request<WithMetadata>('POST', '/v1/instruments', { token: pciToken, body: { ...direct, metadata: { vault_ref: 'V-1' } } });
    expect(saved.status, saved.text).toBe(201);
    expect((await gw.request('GET', `/v1/instruments/${saved.body.id}?include=number`, { token: pciToken })).status).toBe(200);
    const events = (
      await gw.request<{ data: Array<{ type: string; data: { instrument_id: string; metadata?: Record<string, string> } }> }>(
        'GET',
        '/v1/events?type=instrument.number_revealed',
        { token: pciToken },
      )
    ).body.data;
    expect(events.find((e) => e.data.instrument_id === saved.body.id)?.data.metadata).toEqual({ vault_ref: 'V-1' });
    // Another organization never finds them.
    expect(ids((await gw.request<{ data: WithMetadata[] }>('GET', '/v1/instruments?metadata[customer_ref]=C-79', { token: pciToken })).body)).toEqual([]);

    const bad = await gw.request<ErrorBody>('PATCH', `/v1/instruments/${created.body.id}`, { token, body: { metadata: { count: 3, 'bad key': 'v' } } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.map((d) => d.field)).toEqual(expect.arrayContaining(['metadata.count', 'metadata']));
    expect((await gw.request<WithMetadata>('GET', `/v1/instruments/${created.body.id}`, { token })).body.metadata).toEqual({
      customer_ref: 'C-79',
      tier: 'gold',
    });
  });

  it('users: stored on create, returned, found; bad metadata creates nobody', async () => {
    const user = await gw.request<WithMetadata & ErrorBody>('POST', '/v1/users', {
      token,
      body: { name: 'Ana', email: 'ana@example.com', metadata: { crm_id: 'U-5', segment: 'b2b' } },
    });
    expect(user.status, user.text).toBe(201);
    expect(user.body.metadata).toEqual({ crm_id: 'U-5', segment: 'b2b' });
    const plain = await gw.request<WithMetadata>('POST', '/v1/users', { token, body: { name: 'Beto', email: 'beto@example.com' } });
    expect(plain.body.metadata).toEqual({});
    expect((await gw.request<WithMetadata>('GET', `/v1/users/${user.body.id}`, { token })).body.metadata).toEqual({ crm_id: 'U-5', segment: 'b2b' });
    expect(ids((await gw.request<{ data: WithMetadata[] }>('GET', '/v1/users?metadata[crm_id]=U-5&metadata[segment]=b2b', { token })).body)).toEqual([
      user.body.id,
    ]);
    expect(ids((await gw.request<{ data: WithMetadata[] }>('GET', '/v1/users?metadata[segment]=B2B', { token })).body)).toEqual([]);
    const stranger = await (await gw.client()).token();
    expect(ids((await gw.request<{ data: WithMetadata[] }>('GET', '/v1/users?metadata[crm_id]=U-5', { token: stranger })).body)).toEqual([]);

    // A checkout session's new user takes it as POST /v1/users does.
    const session = await gw.request<{ user_id: string }>('POST', '/v1/checkout/sessions', {
      token,
      body: { mode: 'enrollment', user: { name: 'Dani', email: 'dani@example.com', metadata: { crm_id: 'U-6' } } },
    });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    expect(ids((await gw.request<{ data: WithMetadata[] }>('GET', '/v1/users?metadata[crm_id]=U-6', { token })).body)).toEqual([session.body.user_id]);

    const before = (await gw.request<{ data: WithMetadata[] }>('GET', '/v1/users?limit=100', { token })).body.data.length;
    const bad = await gw.request<ErrorBody>('POST', '/v1/users', {
      token,
      body: { name: 'Caro', email: 'caro@example.com', metadata: { note: 'x'.repeat(501) } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toEqual([{ field: 'metadata.note', message: 'must NOT have more than 500 characters' }]);
    expect((await gw.request<{ data: WithMetadata[] }>('GET', '/v1/users?limit=100', { token })).body.data.length).toBe(before);
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
