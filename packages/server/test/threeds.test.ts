/**
 * The 3-D Secure version check (POST /v1/3ds/version) and the BIN lookup
 * (GET /v1/bins/{bin}) with 6- and 8-digit BINs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type Reply, type TestGateway } from './support/gateway.js';
import { tokenize } from './support/cards.js';

type ErrorBody = { error: { code: string; details: Array<{ field: string; message: string }> } };

describe.each(dialects)('3-D Secure version and BIN lookup on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    token = await (await gw.client()).token();
  });
  afterAll(() => gw.close());

  const check = (body: unknown, as = token) => gw.request<Record<string, unknown>>('POST', '/v1/3ds/version', { token: as, body });
  const fields = (reply: Reply<unknown>) => (reply.body as ErrorBody).error?.details.map((d) => d.field).sort();

  it('answers the version of a BIN, 6 or 8 digits, the longest known prefix first', async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['424242', { bin: '424242', three_ds_version: '2.2.0', supported: true, card_brand: 'visa', card_type: 'credit' }],
      ['42424299', { bin: '424242', three_ds_version: '2.2.0', supported: true }],
      ['400005', { bin: '400005', three_ds_version: '2.2.0', card_type: 'debit' }],
      ['40000566', { bin: '40000566', three_ds_version: '2.1.0', supported: true, card_type: 'debit' }],
      ['410000', { bin: '410000', three_ds_version: '1.0.2', supported: true, country: 'COL' }],
      ['378282', { bin: '378282', three_ds_version: '1.0.2', card_brand: 'amex' }],
      ['555555', { bin: '555555', three_ds_version: '2.2.0', card_brand: 'mastercard' }],
      ['411111', { bin: '411111', three_ds_version: null, supported: false, card_brand: 'visa', issuer: 'Banco de Pruebas' }],
      ['457562', { three_ds_version: null, supported: false, card_type: 'prepaid' }],
      ['510510', { bin: '510510', three_ds_version: null, supported: false, card_brand: 'mastercard', card_type: 'unknown', issuer: null, country: null }],
      ['999999', { bin: '999999', three_ds_version: null, supported: false, card_brand: 'unknown' }],
    ];
    for (const [bin, expected] of cases) {
      const reply = await check({ bin });
      expect({ bin, status: reply.status, body: reply.body }).toEqual({ bin, status: 200, body: expect.objectContaining(expected) });
      expect(reply.body.instrument_id).toBeUndefined();
    }
  });

  it("answers the version of an instrument's card", async () => {
    const debit = await tokenize(gw, token, { number: '4000056655665556' });
    expect((await check({ instrument_id: debit })).body).toEqual({
      three_ds_version: '2.1.0',
      supported: true,
      bin: '40000566',
      card_brand: 'visa',
      card_type: 'debit',
      issuer: 'Pasarela Test Bank',
      country: 'USA',
      instrument_id: debit,
    });
    const amex = await tokenize(gw, token, { number: '378282246310005' });
    expect((await check({ instrument_id: amex })).body).toMatchObject({ three_ds_version: '1.0.2', supported: true, bin: '378282', instrument_id: amex });
  });

  it('422: exactly one of bin and instrument_id; a BIN of 6 or 8 digits; an instrument of the organization', async () => {
    const instrument = await tokenize(gw, token, { number: '4242424242424242' });
    const cases: Array<[unknown, string[]]> = [
      [{}, ['bin']],
      [{ bin: '424242', instrument_id: instrument }, ['instrument_id']],
      [{ bin: '42424' }, ['bin']],
      [{ bin: '4242424' }, ['bin']],
      [{ bin: '424242424' }, ['bin']],
      [{ bin: '42424a' }, ['bin']],
      [{ bin: 424242 }, ['bin']],
      [{ instrument_id: '' }, ['instrument_id']],
      [{ instrument_id: 'ins-missing' }, ['instrument_id']],
    ];
    for (const [body, expected] of cases) {
      const reply = await check(body);
      expect({ body, status: reply.status, fields: fields(reply) }).toEqual({ body, status: 422, fields: expected });
    }
    const other = await (await gw.client()).token();
    const foreign = await check({ instrument_id: instrument }, other);
    expect(foreign.status).toBe(422);
    expect(fields(foreign)).toEqual(['instrument_id']);

    const deleted = await tokenize(gw, token, { number: '5555555555554444' });
    expect((await gw.request('DELETE', `/v1/instruments/${deleted}`, { token })).status).toBe(200);
    expect(fields(await check({ instrument_id: deleted }))).toEqual(['instrument_id']);
  });

  it('needs 3ds:write', async () => {
    const reader = await (await gw.client({ scopes: ['instruments:read', 'payments:read', 'payments:write'] })).token();
    expect((await check({ bin: '424242' }, reader)).status).toBe(403);
    const writer = await (await gw.client({ scopes: ['3ds:write'] })).token();
    expect((await check({ bin: '424242' }, writer)).status).toBe(200);
  });

  it('the OpenAPI reference documents fee rules, fraud and the 3-D Secure check', async () => {
    const doc = await gw.request<{ paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>> }>(
      'GET',
      '/openapi.json',
    );
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths['/v1/fee-rules/{id}']!).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(doc.body.paths['/v1/fraud/rules']!).sort()).toEqual(['get', 'put']);
    expect(doc.body.paths['/v1/payments/{id}/fraud-evaluation']!.get).toBeDefined();
    expect(JSON.stringify(doc.body.paths['/v1/fraud/rules']!.put!.requestBody)).toContain('"null"');
    expect(Object.keys(doc.body.paths['/v1/3ds/version']!.post!.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '422']));
  });

  it('GET /v1/bins/{bin}: 6 or 8 digits with the 3-D Secure version; other lengths 422; unknown 404', async () => {
    const six = await gw.request('GET', '/v1/bins/400005', { token });
    expect(six.body).toEqual({
      bin: '400005',
      card_brand: 'visa',
      card_type: 'debit',
      issuer: 'Pasarela Test Bank',
      country: 'USA',
      three_ds_version: '2.2.0',
      installments: { allowed: false, min: 1, max: 1 },
    });
    const eight = await gw.request('GET', '/v1/bins/40000566', { token });
    expect(eight.body).toMatchObject({ bin: '40000566', card_type: 'debit', three_ds_version: '2.1.0' });
    expect((await gw.request('GET', '/v1/bins/41111199', { token })).body).toMatchObject({ bin: '411111', three_ds_version: null });
    for (const bin of ['42424', '4242424', '424242424', 'abcdef']) {
      const reply = await gw.request('GET', `/v1/bins/${bin}`, { token });
      expect({ bin, status: reply.status, fields: fields(reply) }).toEqual({ bin, status: 422, fields: ['bin'] });
    }
    expect((await gw.request('GET', '/v1/bins/999999', { token })).status).toBe(404);
  });
});
