import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { classifyKey, maskName, normalizeKey } from '../src/bre-b/keys.js';

interface Key {
  id: string;
  type: string;
  value: string;
  status: string;
  verified_at: string | null;
}

describe('Bre-B key forms', () => {
  it('normalizes each type to one written form and refuses what is not of its form', () => {
    expect(normalizeKey('mobile', '+57 300 111 2233')).toBe('3001112233');
    expect(normalizeKey('mobile', '6011234567')).toBeUndefined();
    expect(normalizeKey('id_number', '1.020.304.050')).toBe('1020304050');
    expect(normalizeKey('id_number', '0123456')).toBeUndefined();
    expect(normalizeKey('email', 'Pagos@Tienda.Example')).toBe('pagos@tienda.example');
    expect(normalizeKey('email', 'no-at-sign')).toBeUndefined();
    expect(normalizeKey('alphanumeric', '@tienda7')).toBe('@TIENDA7');
    expect(normalizeKey('alphanumeric', 'TIENDA7')).toBeUndefined();
    expect(normalizeKey('merchant_code', '0012345678')).toBe('0012345678');
    expect(normalizeKey('merchant_code', '1012345678')).toBeUndefined();
  });

  it('reads a bare key by its form, and masks names', () => {
    expect(classifyKey('3001112233')).toEqual({ type: 'mobile', value: '3001112233' });
    expect(classifyKey('0012345678')).toEqual({ type: 'merchant_code', value: '0012345678' });
    expect(classifyKey('1020304050')).toEqual({ type: 'id_number', value: '1020304050' });
    expect(classifyKey('@pruebas1')).toEqual({ type: 'alphanumeric', value: '@PRUEBAS1' });
    expect(classifyKey('x')).toBeUndefined();
    expect(maskName('Ana María Gómez')).toBe('A** Ma*** Gó***');
  });
});

describe.each(dialects)('Bre-B keys on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    token = await (await gw.client()).token();
    otherToken = await (await gw.client()).token();
  });
  afterAll(async () => {
    await gw.close();
  });

  let n = 0;
  /** A key value nobody else in this gateway uses. */
  const unique = () => `@K${Date.now().toString(36).toUpperCase()}${n++}`;
  const register = (body: Record<string, unknown>, as = token) => gw.request<Key>('POST', '/v1/bre-b/keys', { token: as, body });
  const verify = (id: string, as = token) => gw.request<Key>('POST', `/v1/sandbox/bre-b/keys/${id}/verify`, { token: as });
  const list = async (as = token) => (await gw.request<{ data: Key[] }>('GET', '/v1/bre-b/keys', { token: as })).body.data;

  it('registers a key pending verification, verifies it in the sandbox, lists and removes it', async () => {
    const created = await register({ type: 'mobile', value: '+57 310 555 0001' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'mobile', value: '3105550001', status: 'pending_verification', verified_at: null });
    expect(created.body.id).toMatch(/^bbk-/);
    const verified = await verify(created.body.id);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ status: 'active' });
    expect(verified.body.verified_at).not.toBeNull();
    expect((await list()).map((k) => k.id)).toContain(created.body.id);
    // Another organization sees none of it.
    expect((await gw.request('GET', `/v1/bre-b/keys/${created.body.id}`, { token: otherToken })).status).toBe(404);
    expect((await gw.request('DELETE', `/v1/bre-b/keys/${created.body.id}`, { token: otherToken })).status).toBe(404);
    const removed = await gw.request('DELETE', `/v1/bre-b/keys/${created.body.id}`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: created.body.id, deleted: true });
    expect((await list()).map((k) => k.id)).not.toContain(created.body.id);
  });

  it('422 names the field of a wrong key type or form, and keeps nothing', async () => {
    const before = (await list()).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: 'iban', value: 'CO12' }, 'type'],
      [{ type: 'mobile', value: '6011234567' }, 'value'],
      [{ type: 'email', value: 'not-an-email' }, 'value'],
      [{ type: 'alphanumeric', value: 'NOAT' }, 'value'],
      [{ type: 'id_number', value: '12ab' }, 'value'],
      [{ type: 'merchant_code', value: '123' }, 'value'],
    ];
    for (const [body, field] of cases) {
      const reply = await register(body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(reply.body).toMatchObject({ error: { code: 'validation_failed', details: [{ field }] } });
    }
    expect(await list()).toHaveLength(before);
  });

  it('at most four keys per organization: a fifth is 409 breb_key_limit_reached, also under racing registrations', async () => {
    const own = await (await gw.client()).token();
    const replies = await Promise.all(Array.from({ length: 7 }, () => register({ type: 'alphanumeric', value: unique() }, own)));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(4);
    for (const r of replies.filter((reply) => reply.status !== 201)) expect(r.body).toMatchObject({ error: { code: 'breb_key_limit_reached' } });
    expect(await list(own)).toHaveLength(4);
    // Removing one frees a place.
    const first = (await list(own))[0]!;
    await gw.request('DELETE', `/v1/bre-b/keys/${first.id}`, { token: own });
    expect((await register({ type: 'alphanumeric', value: unique() }, own)).status).toBe(201);
  });

  it('the same value twice in one organization is 409 breb_key_already_registered', async () => {
    const value = unique();
    expect((await register({ type: 'alphanumeric', value })).status).toBe(201);
    const again = await register({ type: 'alphanumeric', value: value.toLowerCase() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: 'breb_key_already_registered' } });
  });

  it('a key points to one account: verifying it elsewhere moves it, and the former holder sees it moved', async () => {
    const value = unique();
    const mine = await register({ type: 'alphanumeric', value });
    await verify(mine.body.id);
    const theirs = await register({ type: 'alphanumeric', value }, otherToken);
    expect(theirs.status).toBe(201);
    expect(theirs.body.status).toBe('pending_verification');
    // Until verified, it stays with the first holder.
    expect((await gw.request<Key>('GET', `/v1/bre-b/keys/${mine.body.id}`, { token })).body.status).toBe('active');
    expect((await verify(theirs.body.id, otherToken)).body.status).toBe('active');
    const former = await gw.request<Key>('GET', `/v1/bre-b/keys/${mine.body.id}`, { token });
    expect(former.body.status).toBe('moved');
    const again = await verify(mine.body.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: 'breb_key_moved' } });
    // The move gave the place back: the former holder may register it again.
    expect((await register({ type: 'alphanumeric', value })).status).toBe(201);
  });

  it('racing verifications of one key leave exactly one active holder', async () => {
    const value = unique();
    const tokens = [token, otherToken, await (await gw.client()).token()];
    const keys = await Promise.all(tokens.map((t) => register({ type: 'alphanumeric', value }, t)));
    const verified = await Promise.all(keys.map((k, i) => verify(k.body.id, tokens[i])));
    for (const v of verified) expect(v.status).toBe(200);
    const statuses = await Promise.all(
      keys.map(async (k, i) => (await gw.request<Key>('GET', `/v1/bre-b/keys/${k.body.id}`, { token: tokens[i] })).body.status),
    );
    expect(statuses.filter((s) => s === 'active')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'moved')).toHaveLength(2);
  });

  it('looks a key up: the masked holder and institution of a test key, or of a key active here; 404 unknown; 422 no key', async () => {
    const look = (key: string) => gw.request<Record<string, unknown>>('GET', `/v1/bre-b/keys/lookup?key=${encodeURIComponent(key)}`, { token });
    expect((await look('3001112233')).body).toEqual({
      key: '3001112233',
      type: 'mobile',
      holder_name: 'A** Ma*** Gó*** Ru**',
      institution: { id: '9103', name: 'Billetera de Pruebas' },
    });
    expect((await look('@pruebas1')).body).toMatchObject({ key: '@PRUEBAS1', type: 'alphanumeric', institution: { name: 'Banco de Pruebas Andino' } });
    const value = unique();
    const own = await register({ type: 'alphanumeric', value }, otherToken);
    expect((await look(value)).status).toBe(404);
    await verify(own.body.id, otherToken);
    expect((await look(value)).body).toMatchObject({ key: value, institution: { id: '9100' } });
    expect((await look('3001110000')).status).toBe(404);
    const bad = await look('no key');
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ error: { details: [{ field: 'key' }] } });
  });
});
