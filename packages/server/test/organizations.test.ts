import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestClient, type TestGateway } from './support/gateway.js';

interface Org {
  id: string;
  name: string;
  parent_id: string | null;
  created_at: string;
  updated_at: string;
}

describe.each(dialects)('organizations on $name', (dialect) => {
  let gw: TestGateway;
  let client: TestClient;
  let token: string;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    client = await gw.client();
    token = await client.token();
  });
  afterAll(() => gw.close());

  it('every provisioned client has a default organization', async () => {
    const own = await gw.request<Org>('GET', `/v1/organizations/${client.organizationId}`, { token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: client.organizationId, parent_id: null });
    expect(own.body.id).toMatch(/^org-[0-9a-z]{26}$/);
  });

  it('creates (201), reads, lists and updates an organization', async () => {
    const created = await gw.request<Org>('POST', '/v1/organizations', { token, body: { name: '  Tienda Norte ' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Tienda Norte', parent_id: client.organizationId });
    expect(created.body.id).toMatch(/^org-/);
    expect(new Date(created.body.created_at).toISOString()).toBe(created.body.created_at);

    const read = await gw.request<Org>('GET', `/v1/organizations/${created.body.id}`, { token });
    expect(read.body).toEqual(created.body);

    const updated = await gw.request<Org>('PUT', `/v1/organizations/${created.body.id}`, { token, body: { name: 'Tienda Sur' } });
    expect(updated.status).toBe(200);
    expect(updated.body.name).toBe('Tienda Sur');
    expect(updated.body.updated_at >= created.body.updated_at).toBe(true);
    expect((await gw.request<Org>('GET', `/v1/organizations/${created.body.id}`, { token })).body.name).toBe('Tienda Sur');
  });

  it('refuses an empty or blank name with 422 and writes nothing', async () => {
    const before = await gw.request<{ data: Org[] }>('GET', '/v1/organizations?limit=100', { token });
    for (const name of ['', '   ']) {
      const reply = await gw.request('POST', '/v1/organizations', { token, body: { name } });
      expect(reply.status).toBe(422);
      expect((reply.body as { error: { details: Array<{ field: string }> } }).error.details[0]!.field).toBe('name');
    }
    const after = await gw.request<{ data: Org[] }>('GET', '/v1/organizations?limit=100', { token });
    expect(after.body.data.length).toBe(before.body.data.length);
  });

  it('pages newest first with limit, starting_after and ending_before', async () => {
    const c = await gw.client();
    const t = await c.token();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await gw.request<Org>('POST', '/v1/organizations', { token: t, body: { name: `org ${i}` } })).body.id);
    }
    const all = [...ids].reverse().concat(c.organizationId); // newest first; the default organization is the oldest
    const page1 = await gw.request<{ data: Org[]; has_more: boolean }>('GET', '/v1/organizations?limit=2', { token: t });
    expect(page1.body.data.map((o) => o.id)).toEqual(all.slice(0, 2));
    expect(page1.body.has_more).toBe(true);
    const page2 = await gw.request<{ data: Org[]; has_more: boolean }>('GET', `/v1/organizations?limit=2&starting_after=${all[1]}`, { token: t });
    expect(page2.body.data.map((o) => o.id)).toEqual(all.slice(2, 4));
    const last = await gw.request<{ data: Org[]; has_more: boolean }>('GET', `/v1/organizations?limit=2&starting_after=${all[3]}`, { token: t });
    expect(last.body).toMatchObject({ has_more: false });
    expect(last.body.data.map((o) => o.id)).toEqual(all.slice(4));
    const back = await gw.request<{ data: Org[]; has_more: boolean }>('GET', `/v1/organizations?limit=2&ending_before=${all[4]}`, { token: t });
    expect(back.body.data.map((o) => o.id)).toEqual(all.slice(2, 4));
    expect(back.body.has_more).toBe(true);
    const defaults = await gw.request<{ data: Org[] }>('GET', '/v1/organizations', { token: t });
    expect(defaults.body.data.length).toBe(6);

    for (const bad of ['limit=0', 'limit=101', 'limit=abc', `starting_after=${all[0]}&ending_before=${all[1]}`]) {
      expect((await gw.request('GET', `/v1/organizations?${bad}`, { token: t })).status, bad).toBe(422);
    }
  });

  it('keeps organizations apart: another client sees neither the list nor the object', async () => {
    const other = await gw.client();
    const otherToken = await other.token();
    const mine = await gw.request<Org>('POST', '/v1/organizations', { token, body: { name: 'private' } });
    const list = await gw.request<{ data: Org[] }>('GET', '/v1/organizations?limit=100', { token: otherToken });
    expect(list.body.data.map((o) => o.id)).toEqual([other.organizationId]);
    expect((await gw.request('GET', `/v1/organizations/${mine.body.id}`, { token: otherToken })).status).toBe(404);
    expect((await gw.request('PUT', `/v1/organizations/${client.organizationId}`, { token: otherToken, body: { name: 'x' } })).status).toBe(404);
    expect((await gw.request<Org>('GET', `/v1/organizations/${client.organizationId}`, { token })).body.name).not.toBe('x');
  });

  it('organizations:create alone is enough to register one', async () => {
    const creator = await gw.client({ scopes: ['organizations:create'] });
    const reply = await gw.request('POST', '/v1/organizations', { token: await creator.token(), body: { name: 'via create' } });
    expect(reply.status).toBe(201);
  });
});
