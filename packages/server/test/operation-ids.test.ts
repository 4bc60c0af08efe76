import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { addOperationIds } from '../src/discovery/operation-ids.js';

type Document = { paths: Record<string, Record<string, { operationId?: string }>> };

describe.each(dialects)('operationId on every operation ($name)', (dialect) => {
  let gw: TestGateway;
  let operations: Array<{ method: string; path: string; operationId: string | undefined }>;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    const doc = (await gw.request<Document>('GET', '/openapi.json')).body;
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, operationId: op.operationId })),
    );
  });
  afterAll(() => gw?.close());

  it('names every operation, each name once, in dotted camelCase', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter((o) => !o.operationId)).toEqual([]);
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const o of operations) {
      const where = `${o.method} ${o.path}`;
      if (seen.has(o.operationId!)) duplicates.push(`${o.operationId} (${seen.get(o.operationId!)} and ${where})`);
      seen.set(o.operationId!, where);
      expect(o.operationId, where).toMatch(/^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/);
    }
    expect(duplicates).toEqual([]);
  });

  it('derives readable names from the method and path', () => {
    const id = (method: string, path: string) => operations.find((o) => o.method === method && o.path === path)?.operationId;
    expect(id('POST', '/v1/payments')).toBe('payments.create');
    expect(id('GET', '/v1/payments')).toBe('payments.list');
    expect(id('GET', '/v1/payments/{id}')).toBe('payments.retrieve');
    expect(id('POST', '/v1/payments/{id}/capture')).toBe('payments.capture');
    expect(id('POST', '/v1/payments/{id}/cancel-or-refund')).toBe('payments.cancelOrRefund');
    expect(id('POST', '/v1/payments/intents')).toBe('payments.intents.create');
    expect(id('POST', '/v1/chargebacks/{id}/comments')).toBe('chargebacks.comments.create');
    expect(id('GET', '/v1/chargebacks/{id}/analysis')).toBe('chargebacks.analysis.retrieve');
    expect(id('PATCH', '/v1/points-of-sale/{id}/terminals')).toBe('pointsOfSale.terminals.update');
    expect(id('DELETE', '/v1/terminals/{id}/users/{user_id}')).toBe('terminals.users.delete');
    expect(id('POST', '/v1/webhooks/{id}/secret/rotate')).toBe('webhooks.secret.rotate');
    expect(id('POST', '/oauth/token')).toBe('oauth.token');
  });
});

describe('addOperationIds', () => {
  it('keeps the operationId a route schema gives', () => {
    const doc: Document = { paths: { '/v1/things': { post: { operationId: 'things.make' }, get: {} } } };
    addOperationIds(doc);
    expect(doc.paths['/v1/things']!.post!.operationId).toBe('things.make');
    expect(doc.paths['/v1/things']!.get!.operationId).toBe('things.retrieve');
  });
});
