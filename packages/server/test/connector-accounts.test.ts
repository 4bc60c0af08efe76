/**
 * Connector accounts (/v1/connector-accounts): credentials checked against
 * the connector's schema, sealed with the master key and never returned,
 * rotatable, scoped to the organization. Real gateway, real HTTP, both dialects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { testProcessor } from './support/test-connector.js';

interface Account {
  id: string;
  connector: string;
  families: string[];
  description: string | null;
  status: string;
  credentials: { fields_set: string[]; rotated_at: string };
}
interface ErrorBody {
  error: { code: string; details: Array<{ field: string; message: string }> };
}

const API_KEY = 'sk_sim_plaintext_4f1c2a';
const NOTIFICATION_SECRET = 'whsec_' + Buffer.from('a-notification-secret-of-32-bytes!').toString('base64');

describe.each(dialects)('connector accounts on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;

  beforeAll(async () => {
    gw = await startGateway(dialect, {}, { connectors: [testProcessor] });
    token = await (await gw.client()).token();
  });
  afterAll(() => gw.close());

  const create = (body: unknown, as = token) => gw.request<Account & ErrorBody>('POST', '/v1/connector-accounts', { token: as, body });

  it('creates an account whose credentials are never returned and are sealed at rest', async () => {
    const reply = await create({ connector: 'simulator', description: 'main', credentials: { api_key: API_KEY, notification_secret: NOTIFICATION_SECRET } });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      connector: 'simulator',
      families: ['card'],
      rails: [],
      description: 'main',
      status: 'enabled',
      credentials: { fields_set: ['api_key', 'notification_secret'] },
    });
    expect(reply.text).not.toContain(API_KEY);
    expect(reply.text).not.toContain(NOTIFICATION_SECRET);
    const read = await gw.request<Account>('GET', `/v1/connector-accounts/${reply.body.id}`, { token });
    expect(read.status).toBe(200);
    expect(read.text).not.toContain(API_KEY);
    const listed = await gw.request<{ data: Account[] }>('GET', '/v1/connector-accounts', { token });
    expect(listed.body.data.map((a) => a.id)).toContain(reply.body.id);
    expect(listed.text).not.toContain(API_KEY);
    const row = await gw.db.selectFrom('connector_accounts').selectAll().where('id', '=', reply.body.id).executeTakeFirstOrThrow();
    expect(row.credentials_sealed.startsWith('mk1.')).toBe(true);
    expect(JSON.stringify(row)).not.toContain(API_KEY);
    expect(JSON.stringify(row)).not.toContain('a-notification-secret');
  });

  it('answers 422 naming every problem of the credentials, and an unknown connector', async () => {
    const bad = await create({ connector: 'simulator', credentials: { api_key: 'short', extra: 1, notification_secret: 'plain' } });
    expect(bad.status).toBe(422);
    const fields = bad.body.error.details.map((d) => d.field).sort();
    expect(fields).toEqual(['credentials.api_key', 'credentials.extra', 'credentials.notification_secret']);
    const missing = await create({ connector: 'test-processor', credentials: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details.map((d) => d.field).sort()).toEqual(['credentials.api_key', 'credentials.base_url']);
    const unknown = await create({ connector: 'nope', credentials: {} });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details.map((d) => d.field)).toEqual(['connector']);
    const count = await gw.db
      .selectFrom('connector_accounts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('rotates the credentials with PATCH: rotated_at moves, the new value is sealed, the old is gone', async () => {
    const made = (await create({ connector: 'simulator', credentials: { api_key: 'old-key-123456' } })).body;
    const before = await gw.db.selectFrom('connector_accounts').select('credentials_sealed').where('id', '=', made.id).executeTakeFirstOrThrow();
    const patched = await gw.request<Account>('PATCH', `/v1/connector-accounts/${made.id}`, {
      token,
      body: { credentials: { api_key: 'new-key-654321', notification_secret: NOTIFICATION_SECRET }, status: 'disabled' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.status).toBe('disabled');
    expect(patched.body.credentials.fields_set).toEqual(['api_key', 'notification_secret']);
    expect(patched.body.credentials.rotated_at >= made.credentials.rotated_at).toBe(true);
    const after = await gw.db.selectFrom('connector_accounts').select('credentials_sealed').where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(after.credentials_sealed).not.toBe(before.credentials_sealed);
    expect(after.credentials_sealed).not.toContain('new-key');
    const invalid = await gw.request<ErrorBody>('PATCH', `/v1/connector-accounts/${made.id}`, { token, body: { credentials: { api_key: 'x' } } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.details.map((d) => d.field)).toEqual(['credentials.api_key']);
  });

  it("answers 404 for another organization's account, and after a delete", async () => {
    const made = (await create({ connector: 'simulator', credentials: { api_key: 'mine-12345678' } })).body;
    const other = await (await gw.client()).token();
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { status: 'disabled' }],
      ['DELETE', undefined],
    ] as const) {
      const reply = await gw.request('' + method, `/v1/connector-accounts/${made.id}`, { token: other, ...(body ? { body } : {}) });
      expect(reply.status).toBe(404);
    }
    expect((await gw.request<{ data: Account[] }>('GET', '/v1/connector-accounts', { token: other })).body.data).toEqual([]);
    expect((await gw.request('DELETE', `/v1/connector-accounts/${made.id}`, { token })).status).toBe(200);
    expect((await gw.request('GET', `/v1/connector-accounts/${made.id}`, { token })).status).toBe(404);
  });

  it('needs the connector-accounts scopes', async () => {
    const client = await gw.client({ scopes: ['payments:read'] });
    const reply = await gw.request('GET', '/v1/connector-accounts', { token: await client.token() });
    expect(reply.status).toBe(403);
  });
});
