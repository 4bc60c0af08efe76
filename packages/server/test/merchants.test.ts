import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type Reply, type TestGateway } from './support/gateway.js';

type Body = Record<string, unknown> & { id: string };
type ErrorBody = { error: { code: string; details: Array<{ field: string }> } };
type List = { data: Body[]; has_more: boolean };

describe.each(dialects)('merchants, points of sale and terminals on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    token = await (await gw.client()).token();
    otherToken = await (await gw.client()).token();
  });
  afterAll(() => gw.close());

  const call = <T = Body>(method: string, path: string, body?: unknown, as = token) =>
    gw.request<T>(method, path, { token: as, ...(body === undefined ? {} : { body }) });
  const fields = (reply: Reply<unknown>) => (reply.body as ErrorBody).error?.details.map((d) => d.field);
  const code = (reply: Reply<unknown>) => (reply.body as ErrorBody).error?.code;
  const merchant = async (body: Record<string, unknown> = {}) => (await call('POST', '/v1/merchants', { name: 'Tienda', ...body })).body;
  const point = async (merchantId: string) => (await call('POST', '/v1/points-of-sale', { merchant_id: merchantId, name: 'Caja 1' })).body;
  let serials = 0;
  const terminal = async (as = token) => (await call('POST', '/v1/terminals', { serial: `SN-${++serials}` }, as)).body;

  describe('merchants', () => {
    it('creates, gets, lists, replaces and deletes a merchant', async () => {
      const created = await call('POST', '/v1/merchants', {
        name: ' Tienda Uno ',
        legal_name: 'Tienda Uno SAS',
        tax_id: '900.123.456-8',
        tax_id_type: 'NIT',
        mcc: '5411',
      });
      expect(created.status).toBe(201);
      expect(created.body.id).toMatch(/^mer-/);
      expect(created.body).toMatchObject({
        name: 'Tienda Uno',
        legal_name: 'Tienda Uno SAS',
        tax_id_type: 'NIT',
        mcc: '5411',
        country: 'COL',
        parent_id: null,
        status: 'active',
      });
      expect((await call('GET', `/v1/merchants/${created.body.id}`)).body).toEqual(created.body);
      const list = await call<List>('GET', '/v1/merchants?limit=100');
      expect(list.body.data.map((m) => m.id)).toContain(created.body.id);

      const replaced = await call('PUT', `/v1/merchants/${created.body.id}`, { name: 'Tienda Dos', country: 'USA' });
      expect(replaced.status).toBe(200);
      expect(replaced.body).toMatchObject({ name: 'Tienda Dos', country: 'USA', legal_name: null, tax_id: null, mcc: null });

      const deleted = await call('DELETE', `/v1/merchants/${created.body.id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ id: created.body.id, deleted: true });
      expect((await call('GET', `/v1/merchants/${created.body.id}`)).status).toBe(404);
    });

    it('422 for a bad merchant, naming the field', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{}, 'name'],
        [{ name: '   ' }, 'name'],
        [{ name: 'x', mcc: '54' }, 'mcc'],
        [{ name: 'x', country: 'CO' }, 'country'],
        [{ name: 'x', tax_id: '900123456-7', tax_id_type: 'NIT' }, 'tax_id'],
        [{ name: 'x', tax_id: '12', tax_id_type: 'NIT' }, 'tax_id'],
        [{ name: 'x', tax_id_type: 'NIT' }, 'tax_id'],
        [{ name: 'x', tax_id_type: 'RUT', tax_id: '1' }, 'tax_id_type'],
        [{ name: 'x', parent_id: 'mer-missing' }, 'parent_id'],
      ];
      for (const [body, field] of cases) {
        const reply = await call('POST', '/v1/merchants', body);
        expect({ body, status: reply.status, fields: fields(reply) }).toEqual({ body, status: 422, fields: expect.arrayContaining([field]) });
      }
    });

    it('sub-merchants: listed under the parent; the parent must be of the same organization; no cycles', async () => {
      const parent = await merchant();
      const child = await merchant({ name: 'Sucursal', parent_id: parent.id });
      expect(child.parent_id).toBe(parent.id);
      const subs = await call<List>('GET', `/v1/merchants/${parent.id}/sub-merchants`);
      expect(subs.body.data.map((m) => m.id)).toEqual([child.id]);

      const foreign = (await call('POST', '/v1/merchants', { name: 'Ajeno' }, otherToken)).body;
      const reply = await call('POST', '/v1/merchants', { name: 'x', parent_id: foreign.id });
      expect(reply.status).toBe(422);
      expect(fields(reply)).toEqual(['parent_id']);
      expect(fields(await call('PUT', `/v1/merchants/${parent.id}`, { name: 'x', parent_id: child.id }))).toEqual(['parent_id']);
      expect(fields(await call('PUT', `/v1/merchants/${parent.id}`, { name: 'x', parent_id: parent.id }))).toEqual(['parent_id']);
    });

    it('409 merchant_in_use while a merchant has sub-merchants or points of sale', async () => {
      const parent = await merchant();
      const child = await merchant({ parent_id: parent.id });
      let reply = await call('DELETE', `/v1/merchants/${parent.id}`);
      expect([reply.status, code(reply)]).toEqual([409, 'merchant_in_use']);
      const pos = await point(child.id);
      reply = await call('DELETE', `/v1/merchants/${child.id}`);
      expect([reply.status, code(reply)]).toEqual([409, 'merchant_in_use']);
      expect((await call('DELETE', `/v1/points-of-sale/${pos.id}`)).status).toBe(200);
      expect((await call('DELETE', `/v1/merchants/${child.id}`)).status).toBe(200);
      expect((await call('DELETE', `/v1/merchants/${parent.id}`)).status).toBe(200);
    });

    it("404 for another organization's merchant on every route", async () => {
      const mine = await merchant();
      for (const [method, path, body] of [
        ['GET', `/v1/merchants/${mine.id}`],
        ['PUT', `/v1/merchants/${mine.id}`, { name: 'x' }],
        ['DELETE', `/v1/merchants/${mine.id}`],
        ['GET', `/v1/merchants/${mine.id}/sub-merchants`],
      ] as Array<[string, string, unknown?]>) {
        expect(`${method} ${path} -> ${(await call(method, path, body, otherToken)).status}`).toBe(`${method} ${path} -> 404`);
      }
      expect((await call<List>('GET', '/v1/merchants?limit=100', undefined, otherToken)).body.data.map((m) => m.id)).not.toContain(mine.id);
    });
  });

  describe('points of sale', () => {
    it('creates, gets, replaces and deletes a point of sale', async () => {
      const m = await merchant();
      const created = await call('POST', '/v1/points-of-sale', { merchant_id: m.id, name: 'Caja', address: 'Calle 1 # 2-3' });
      expect(created.status).toBe(201);
      expect(created.body.id).toMatch(/^pos-/);
      expect(created.body).toMatchObject({ merchant_id: m.id, name: 'Caja', address: 'Calle 1 # 2-3' });
      expect((await call('GET', `/v1/points-of-sale/${created.body.id}`)).body).toEqual(created.body);
      const replaced = await call('PUT', `/v1/points-of-sale/${created.body.id}`, { name: 'Caja 2' });
      expect(replaced.body).toMatchObject({ name: 'Caja 2', address: null, merchant_id: m.id });
      expect((await call('DELETE', `/v1/points-of-sale/${created.body.id}`)).body).toEqual({ id: created.body.id, deleted: true });
      expect((await call('GET', `/v1/points-of-sale/${created.body.id}`)).status).toBe(404);
    });

    it('422 for a bad point of sale: missing name, unknown or foreign merchant', async () => {
      const m = await merchant();
      const foreign = (await call('POST', '/v1/merchants', { name: 'Ajeno' }, otherToken)).body;
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ merchant_id: m.id }, 'name'],
        [{ name: 'x' }, 'merchant_id'],
        [{ merchant_id: 'mer-missing', name: 'x' }, 'merchant_id'],
        [{ merchant_id: foreign.id, name: 'x' }, 'merchant_id'],
      ];
      for (const [body, field] of cases) {
        const reply = await call('POST', '/v1/points-of-sale', body);
        expect({ body, status: reply.status, fields: fields(reply) }).toEqual({ body, status: 422, fields: expect.arrayContaining([field]) });
      }
      const pos = await point(m.id);
      expect(fields(await call('PUT', `/v1/points-of-sale/${pos.id}`, { name: ' ' }))).toEqual(['name']);
    });

    it('attaches, moves and detaches terminals; 409 point_of_sale_in_use while it has terminals', async () => {
      const m = await merchant();
      const [a, b] = [await point(m.id), await point(m.id)];
      const [t1, t2] = [await terminal(), await terminal()];
      let reply = await call<List>('PATCH', `/v1/points-of-sale/${a.id}/terminals`, { add: [t1.id, t2.id] });
      expect(reply.status).toBe(200);
      expect(reply.body.data.map((t) => t.id).sort()).toEqual([t1.id, t2.id].sort());
      expect((await call('GET', `/v1/terminals/${t1.id}`)).body.point_of_sale_id).toBe(a.id);

      // Adding a terminal attached elsewhere moves it.
      await call('PATCH', `/v1/points-of-sale/${b.id}/terminals`, { add: [t1.id] });
      expect((await call<List>('GET', `/v1/points-of-sale/${a.id}/terminals`)).body.data.map((t) => t.id)).toEqual([t2.id]);
      expect((await call<List>('GET', `/v1/points-of-sale/${b.id}/terminals`)).body.data.map((t) => t.id)).toEqual([t1.id]);

      reply = await call<List>('DELETE', `/v1/points-of-sale/${a.id}`);
      expect([reply.status, code(reply)]).toEqual([409, 'point_of_sale_in_use']);
      reply = await call<List>('PATCH', `/v1/points-of-sale/${a.id}/terminals`, { remove: [t2.id] });
      expect(reply.body.data).toEqual([]);
      expect((await call('GET', `/v1/terminals/${t2.id}`)).body.point_of_sale_id).toBeNull();
      expect((await call('DELETE', `/v1/points-of-sale/${a.id}`)).status).toBe(200);
    });

    it('422 naming add.N / remove.N for unknown or foreign terminals, and changes nothing', async () => {
      const pos = await point((await merchant()).id);
      const mine = await terminal();
      const foreign = await terminal(otherToken);
      const reply = await call('PATCH', `/v1/points-of-sale/${pos.id}/terminals`, { add: [mine.id, foreign.id], remove: ['ter-missing'] });
      expect(reply.status).toBe(422);
      expect(fields(reply)).toEqual(['add.1', 'remove.0']);
      expect((await call('GET', `/v1/terminals/${mine.id}`)).body.point_of_sale_id).toBeNull();
      expect((await call('GET', `/v1/terminals/${foreign.id}`, undefined, otherToken)).body.point_of_sale_id).toBeNull();
      expect((await call('PATCH', `/v1/points-of-sale/${pos.id}/terminals`, { add: 'x' })).status).toBe(422);
    });

    it("404 for another organization's point of sale on every route", async () => {
      const pos = await point((await merchant()).id);
      for (const [method, path, body] of [
        ['GET', `/v1/points-of-sale/${pos.id}`],
        ['PUT', `/v1/points-of-sale/${pos.id}`, { name: 'x' }],
        ['DELETE', `/v1/points-of-sale/${pos.id}`],
        ['GET', `/v1/points-of-sale/${pos.id}/terminals`],
        ['PATCH', `/v1/points-of-sale/${pos.id}/terminals`, { add: [] }],
      ] as Array<[string, string, unknown?]>) {
        expect(`${method} ${path} -> ${(await call(method, path, body, otherToken)).status}`).toBe(`${method} ${path} -> 404`);
      }
    });
  });

  describe('terminals and terminal users', () => {
    it('creates, gets, lists, replaces and deletes a terminal', async () => {
      const created = await call('POST', '/v1/terminals', { serial: 'PAX-001', model: 'A920' });
      expect(created.status).toBe(201);
      expect(created.body.id).toMatch(/^ter-/);
      expect(created.body).toMatchObject({ serial: 'PAX-001', model: 'A920', status: 'active', point_of_sale_id: null });
      expect((await call('GET', `/v1/terminals/${created.body.id}`)).body).toEqual(created.body);
      expect((await call<List>('GET', '/v1/terminals?limit=100')).body.data.map((t) => t.id)).toContain(created.body.id);
      const replaced = await call('PUT', `/v1/terminals/${created.body.id}`, { serial: 'PAX-002', status: 'inactive' });
      expect(replaced.body).toMatchObject({ serial: 'PAX-002', model: null, status: 'inactive' });
      await call('POST', `/v1/terminals/${created.body.id}/users`, { name: 'Ana', role: 'cashier' });
      expect((await call('DELETE', `/v1/terminals/${created.body.id}`)).body).toEqual({ id: created.body.id, deleted: true });
      expect((await call('GET', `/v1/terminals/${created.body.id}`)).status).toBe(404);
    });

    it('409 terminal_serial_taken for a duplicate serial in the organization, on create and update; another organization may reuse it', async () => {
      await call('POST', '/v1/terminals', { serial: 'DUP-1' });
      let reply = await call('POST', '/v1/terminals', { serial: 'DUP-1' });
      expect([reply.status, code(reply)]).toEqual([409, 'terminal_serial_taken']);
      const other = await terminal();
      reply = await call('PUT', `/v1/terminals/${other.id}`, { serial: 'DUP-1' });
      expect([reply.status, code(reply)]).toEqual([409, 'terminal_serial_taken']);
      expect((await call('POST', '/v1/terminals', { serial: 'DUP-1' }, otherToken)).status).toBe(201);
    });

    it('422 for a bad terminal or terminal user', async () => {
      for (const [body, field] of [
        [{}, 'serial'],
        [{ serial: ' ' }, 'serial'],
        [{ serial: 'x', status: 'broken' }, 'status'],
      ] as Array<[Record<string, unknown>, string]>) {
        const reply = await call('POST', '/v1/terminals', body);
        expect({ body, status: reply.status, fields: fields(reply) }).toEqual({ body, status: 422, fields: expect.arrayContaining([field]) });
      }
      const t = await terminal();
      for (const [body, field] of [
        [{ role: 'cashier' }, 'name'],
        [{ name: 'Ana', role: 'admin' }, 'role'],
      ] as Array<[Record<string, unknown>, string]>) {
        const reply = await call('POST', `/v1/terminals/${t.id}/users`, body);
        expect({ body, status: reply.status, fields: fields(reply) }).toEqual({ body, status: 422, fields: expect.arrayContaining([field]) });
      }
    });

    it('adds, lists and removes terminal users', async () => {
      const t = await terminal();
      const ana = await call('POST', `/v1/terminals/${t.id}/users`, { name: 'Ana', role: 'cashier' });
      expect(ana.status).toBe(201);
      expect(ana.body.id).toMatch(/^tus-/);
      expect(ana.body).toMatchObject({ terminal_id: t.id, name: 'Ana', role: 'cashier' });
      const luis = (await call('POST', `/v1/terminals/${t.id}/users`, { name: 'Luis', role: 'supervisor' })).body;
      expect((await call<List>('GET', `/v1/terminals/${t.id}/users`)).body.data.map((u) => u.id)).toEqual([luis.id, ana.body.id]);
      expect((await call('DELETE', `/v1/terminals/${t.id}/users/${ana.body.id}`)).body).toEqual({ id: ana.body.id, deleted: true });
      expect((await call('DELETE', `/v1/terminals/${t.id}/users/${ana.body.id}`)).status).toBe(404);
      // A user of another terminal is not this terminal's.
      const other = await terminal();
      expect((await call('DELETE', `/v1/terminals/${other.id}/users/${luis.id}`)).status).toBe(404);
    });

    it("404 for another organization's terminal on every route", async () => {
      const t = await terminal();
      const user = (await call('POST', `/v1/terminals/${t.id}/users`, { name: 'Ana', role: 'cashier' })).body;
      for (const [method, path, body] of [
        ['GET', `/v1/terminals/${t.id}`],
        ['PUT', `/v1/terminals/${t.id}`, { serial: 'x' }],
        ['DELETE', `/v1/terminals/${t.id}`],
        ['GET', `/v1/terminals/${t.id}/users`],
        ['POST', `/v1/terminals/${t.id}/users`, { name: 'x', role: 'cashier' }],
        ['DELETE', `/v1/terminals/${t.id}/users/${user.id}`],
      ] as Array<[string, string, unknown?]>) {
        expect(`${method} ${path} -> ${(await call(method, path, body, otherToken)).status}`).toBe(`${method} ${path} -> 404`);
      }
      expect((await call<List>('GET', '/v1/terminals?limit=100', undefined, otherToken)).body.data.map((x) => x.id)).not.toContain(t.id);
    });
  });
});
