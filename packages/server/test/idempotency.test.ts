import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomUUID } from 'node:crypto';
import { dialects } from './support/dialects.js';
import { MovableTime } from './support/clock.js';
import { startGateway, type TestClient, type TestGateway } from './support/gateway.js';
import { encrypt, merchantKey, tokenize } from './support/cards.js';

interface Org {
  id: string;
  name: string;
}

describe.each(dialects)('Idempotency-Key on $name', (dialect) => {
  let gw: TestGateway;
  let client: TestClient;
  let token: string;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    client = await gw.client();
    token = await client.token();
  });
  afterAll(() => gw.close());

  const count = async (t = token) => (await gw.request<{ data: Org[] }>('GET', '/v1/organizations?limit=100', { token: t })).body.data.length;

  it('replays the stored answer with Idempotent-Replayed: true and does the work once', async () => {
    const key = randomUUID();
    const before = await count();
    const first = await gw.request<Org>('POST', '/v1/organizations', { token, body: { name: 'once' }, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await gw.request<Org>('POST', '/v1/organizations', { token, body: { name: 'once' }, headers: { 'idempotency-key': key } });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await count()).toBe(before + 1);
    // The stored request hash is keyed: it cannot be recomputed from a guessed body (card data).
    const row = await gw.db.selectFrom('idempotency_keys').select('request_hash').where('key', '=', key).executeTakeFirstOrThrow();
    const plain = createHash('sha256').update(`POST /v1/organizations\n{"name":"once"}`).digest('hex');
    expect(row.request_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.request_hash).not.toBe(plain);
  });

  it('the same body in another key order is the same request', async () => {
    const key = randomUUID();
    const headers = { 'idempotency-key': key, 'content-type': 'application/json' };
    const a = await gw.request('POST', '/v1/links', {
      token,
      rawBody: '{"type":"payment","data":{"description":"x","amount":{"currency":"COP","value":1500}}}',
      headers,
    });
    const b = await gw.request('POST', '/v1/links', {
      token,
      rawBody: '{"data":{"amount":{"value":1500,"currency":"COP"},"description":"x"},"type":"payment"}',
      headers,
    });
    expect(a.status).toBe(201);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
  });

  it('unknown properties are ignored: a retry that adds one is the same request; under Prefer: handling=strict it is a 422 and the original still replays', async () => {
    const key = randomUUID();
    const first = await gw.request('POST', '/v1/organizations', { token, body: { name: 'extra' }, headers: { 'idempotency-key': key } });
    const retry = await gw.request('POST', '/v1/organizations', {
      token,
      body: { name: 'extra', client_note: 'ignored' },
      headers: { 'idempotency-key': key },
    });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const strict = await gw.request<{ error: { details: unknown[] } }>('POST', '/v1/organizations', {
      token,
      body: { name: 'extra', client_note: 'x' },
      headers: { 'idempotency-key': key, prefer: 'handling=strict' },
    });
    expect(strict.status).toBe(422);
    expect(strict.body.error.details).toEqual([{ field: 'client_note', message: 'is not a known field' }]);
    const again = await gw.request('POST', '/v1/organizations', { token, body: { name: 'extra' }, headers: { 'idempotency-key': key } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('an amount is one value however the API accepts it: "150.00", 150 and "0150.0" replay; another amount or another order_id is a mismatch', async () => {
    const instrumentId = await tokenize(gw, token, { number: '4242424242424242' });
    const key = await merchantKey(gw, token);
    // One encrypted CVV for every attempt, as a retry resends the same body.
    const body = {
      currency: 'USD',
      order_id: `idem-amount-${randomUUID()}`,
      instrument_id: instrumentId,
      encrypted_cvv: await encrypt(key, '123'),
      capture: false,
    };
    const idem = { 'idempotency-key': randomUUID() };
    const first = await gw.request<{ id: string; amount: string }>('POST', '/v1/payments', { token, body: { ...body, amount: '150.00' }, headers: idem });
    expect(first.status, first.text).toBe(201);
    expect(first.body.amount).toBe('150.00');
    for (const rawAmount of ['150', '150.0', '"150"', '"0150.0"', '1.5e2']) {
      const raw = JSON.stringify({ ...body, amount: 0 }).replace('"amount":0', `"amount":${rawAmount}`);
      const again = await gw.request<{ id: string }>('POST', '/v1/payments', { token, rawBody: raw, headers: { ...idem, 'content-type': 'application/json' } });
      expect([rawAmount, again.status, again.headers.get('idempotent-replayed'), again.body.id]).toEqual([rawAmount, 201, 'true', first.body.id]);
    }
    for (const different of [
      { ...body, amount: '150.01' },
      { ...body, amount: 150, order_id: `0${body.order_id}` },
    ]) {
      const mismatch = await gw.request('POST', '/v1/payments', { token, body: different, headers: idem });
      expect([mismatch.status, mismatch.body]).toMatchObject([409, { error: { code: 'idempotency_key_mismatch' } }]);
    }
  });

  it('nested amounts too: a payment link with data.amount.value "25000.00", then 25000', async () => {
    const idem = { 'idempotency-key': randomUUID() };
    const link = (value: unknown) => ({ type: 'payment', data: { amount: { value, currency: 'COP' }, description: 'Amount forms' } });
    const first = await gw.request<{ id: string }>('POST', '/v1/links', { token, body: link('25000.00'), headers: idem });
    expect(first.status, first.text).toBe(201);
    const again = await gw.request<{ id: string }>('POST', '/v1/links', { token, body: link(25000), headers: idem });
    expect([again.status, again.headers.get('idempotent-replayed'), again.body.id]).toEqual([201, 'true', first.body.id]);
    const other = await gw.request('POST', '/v1/links', { token, body: link(25000.5), headers: idem });
    expect(other.status).toBe(409);
  });

  it('400 invalid_idempotency_key outside 8..64 characters, and nothing is written', async () => {
    const before = await count();
    for (const key of ['short', 'x'.repeat(65)]) {
      const reply = await gw.request('POST', '/v1/organizations', { token, body: { name: 'bad key' }, headers: { 'idempotency-key': key } });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ error: { code: 'invalid_idempotency_key' } });
    }
    expect(await count()).toBe(before);
    for (const key of ['x'.repeat(8), 'y'.repeat(64)]) {
      expect((await gw.request('POST', '/v1/organizations', { token, body: { name: 'ok key' }, headers: { 'idempotency-key': key } })).status).toBe(201);
    }
  });

  it('409 idempotency_key_mismatch for the same key with another body or another route', async () => {
    const key = randomUUID();
    await gw.request('POST', '/v1/organizations', { token, body: { name: 'first' }, headers: { 'idempotency-key': key } });
    const other = await gw.request('POST', '/v1/organizations', { token, body: { name: 'second' }, headers: { 'idempotency-key': key } });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ error: { code: 'idempotency_key_mismatch' } });
    const otherRoute = await gw.request('PUT', `/v1/organizations/${client.organizationId}`, {
      token,
      body: { name: 'first' },
      headers: { 'idempotency-key': key },
    });
    expect(otherRoute.status).toBe(409);
  });

  it('stores only successes: after an error the same key runs again', async () => {
    const key = randomUUID();
    const invalid = await gw.request('POST', '/v1/organizations', { token, body: { name: '' }, headers: { 'idempotency-key': key } });
    expect(invalid.status).toBe(422);
    const corrected = await gw.request('POST', '/v1/organizations', { token, body: { name: 'fixed' }, headers: { 'idempotency-key': key } });
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();

    const missingKey = randomUUID();
    const notFound = await gw.request('PUT', '/v1/organizations/org-nope', { token, body: { name: 'x' }, headers: { 'idempotency-key': missingKey } });
    expect(notFound.status).toBe(404);
    const rows = await gw.db.selectFrom('idempotency_keys').selectAll().where('key', '=', missingKey).execute();
    expect(rows).toEqual([]);
  });

  it('racing requests with one key create one object; the others conflict (409) or replay', async () => {
    const key = randomUUID();
    const before = await count();
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => gw.request<Org>('POST', '/v1/organizations', { token, body: { name: 'race' }, headers: { 'idempotency-key': key } })),
    );
    const created = replies.filter((r) => r.status === 201 && !r.headers.get('idempotent-replayed'));
    const replayed = replies.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === 'true');
    const conflicts = replies.filter((r) => r.status === 409);
    expect(created.length).toBe(1);
    expect(created.length + replayed.length + conflicts.length).toBe(12);
    for (const c of conflicts) expect(c.body).toMatchObject({ error: { code: 'idempotency_conflict' } });
    for (const r of replayed) expect(r.body.id).toBe(created[0]!.body.id);
    expect(await count()).toBe(before + 1);
  });

  it('keys belong to one client: another client with the same key runs its own request', async () => {
    const key = randomUUID();
    const other = await gw.client();
    const otherToken = await other.token();
    const a = await gw.request<Org>('POST', '/v1/organizations', { token, body: { name: 'shared key' }, headers: { 'idempotency-key': key } });
    const b = await gw.request<Org>('POST', '/v1/organizations', { token: otherToken, body: { name: 'shared key' }, headers: { 'idempotency-key': key } });
    expect(b.status).toBe(201);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.body.id).not.toBe(a.body.id);
  });

  it('a key expires after its time to live (24 hours by default) and is new again', async () => {
    const time = new MovableTime();
    const short = await startGateway(dialect, { IDEMPOTENCY_TTL_SECONDS: '60' }, { time });
    try {
      const c = await short.client();
      const t = await c.token();
      const key = randomUUID();
      expect((await short.request('POST', '/v1/organizations', { token: t, body: { name: 'a' }, headers: { 'idempotency-key': key } })).status).toBe(201);
      expect((await short.request('POST', '/v1/organizations', { token: t, body: { name: 'b' }, headers: { 'idempotency-key': key } })).status).toBe(409);
      time.advance(61);
      const later = await short.request('POST', '/v1/organizations', { token: t, body: { name: 'b' }, headers: { 'idempotency-key': key } });
      expect(later.status).toBe(201);
      expect(later.headers.get('idempotent-replayed')).toBeNull();
    } finally {
      await short.close();
    }
  });
});
