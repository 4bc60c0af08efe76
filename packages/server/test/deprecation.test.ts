/**
 * Deprecated and experimental operations (docs/api-conventions.md): a test
 * build of the gateway gets two extra operations through createGateway's
 * `plugins` option, so they run through the production hooks and reference.
 */
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerDeprecation } from '../src/http/deprecation.js';
import '../src/http/route-config.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';

const NOTE = 'https://pasarela.test/docs/migrations/legacy-thing';
const Ok = Type.Object({ ok: Type.Boolean() });

const testOperations: FastifyPluginAsync = async (app) => {
  app.get(
    '/v1/legacy-thing',
    {
      config: { scopes: ['payments:read'], deprecatedSince: '2026-01-15', sunset: '2026-07-15', deprecationLink: NOTE },
      schema: { deprecated: true, tags: ['Test'], summary: 'A deprecated read', description: 'Reads a thing.', response: { 200: Ok } },
    },
    async () => ({ ok: true }),
  );
  app.get(
    '/v1/preview-thing',
    {
      config: { scopes: ['payments:read'], experimental: true },
      schema: { tags: ['Test'], summary: 'A preview', description: 'Previews a thing.', response: { 200: Ok } },
    },
    async () => ({ ok: true }),
  );
};

interface Operation {
  deprecated?: boolean;
  description?: string;
  'x-experimental'?: boolean;
}

describe.each(dialects)('deprecation on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;

  beforeAll(async () => {
    gw = await startGateway(dialect, {}, { plugins: [testOperations] });
    token = await (await gw.client()).token();
  });
  afterAll(() => gw.close());

  it('a deprecated operation answers with Deprecation (RFC 9745), Sunset (RFC 8594) and a Link to its migration note, errors too', async () => {
    const reply = await gw.request('GET', '/v1/legacy-thing', { token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ok: true });
    expect(reply.headers.get('deprecation')).toBe(`@${Date.UTC(2026, 0, 15) / 1000}`);
    expect(reply.headers.get('sunset')).toBe('Wed, 15 Jul 2026 00:00:00 GMT');
    expect(reply.headers.get('link')).toBe(`<${NOTE}>; rel="deprecation"`);
    const refused = await gw.request('GET', '/v1/legacy-thing');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('deprecation')).toBe(`@${Date.UTC(2026, 0, 15) / 1000}`);
    expect(refused.headers.get('sunset')).toBe('Wed, 15 Jul 2026 00:00:00 GMT');
    // Other operations carry none of it.
    const other = await gw.request('GET', '/v1/preview-thing', { token });
    expect(other.status).toBe(200);
    for (const header of ['deprecation', 'sunset', 'link']) expect(other.headers.get(header)).toBeNull();
  });

  it('/openapi.json marks the deprecated operation and labels the experimental one', async () => {
    const doc = (await gw.request<{ paths: Record<string, Record<string, Operation>> }>('GET', '/openapi.json')).body;
    const legacy = doc.paths['/v1/legacy-thing']!.get!;
    expect(legacy.deprecated).toBe(true);
    expect(legacy.description).toBe(`**DEPRECATED** since 2026-01-15; removed on 2026-07-15. Migration: ${NOTE}\n\nReads a thing.`);
    const preview = doc.paths['/v1/preview-thing']!.get!;
    expect(preview['x-experimental']).toBe(true);
    expect(preview.deprecated).toBeUndefined();
    expect(preview.description).toMatch(/^\*\*EXPERIMENTAL\*\*: may change or disappear without the deprecation process.*\n\nPreviews a thing\.$/s);
    const payments = doc.paths['/v1/payments']!.get!;
    expect(payments.deprecated).toBeUndefined();
    expect(payments['x-experimental']).toBeUndefined();
  });
});

describe('a deprecated operation without its dates or note', () => {
  const declare =
    (config: Record<string, unknown>, deprecated = true) =>
    async () => {
      const app = Fastify();
      registerDeprecation(app);
      await app.register(async (scope) => {
        scope.get('/v1/old', { config, schema: { deprecated } }, async () => ({}));
      });
      try {
        await app.ready();
      } finally {
        await app.close();
      }
    };
  const full = { deprecatedSince: '2026-01-15', sunset: '2026-07-15', deprecationLink: NOTE };

  it('stops the build, naming what is missing or wrong', async () => {
    await expect(declare({ ...full, sunset: undefined })()).rejects.toThrow(/config\.sunset must be an ISO 8601 date/);
    await expect(declare({ ...full, deprecatedSince: 'last week' })()).rejects.toThrow(/config\.deprecatedSince must be an ISO 8601 date/);
    await expect(declare({ ...full, sunset: '2025-12-31' })()).rejects.toThrow(/sunset is before/);
    await expect(declare({ ...full, deprecationLink: 'javascript:alert(1)' })()).rejects.toThrow(/deprecationLink must be an http\(s\) URL or a path/);
    await expect(declare({ ...full, deprecationLink: undefined })()).rejects.toThrow(/deprecationLink/);
    await expect(declare(full, false)()).rejects.toThrow(/its schema is not deprecated: true/);
    await expect(declare({ ...full, deprecationLink: '/docs#migrations' })()).resolves.toBeUndefined();
  });
});
