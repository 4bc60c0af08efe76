import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { createDashboardUser, signIn } from './support/dashboard.js';

describe.each(dialects)('dashboard on $name', (dialect) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway(dialect);
  });
  afterAll(() => gw.close());

  it('signs in, reads the session and signs out', async () => {
    const user = await createDashboardUser(gw, { email: 'Owner@Example.com', password: 'correct horse battery', role: 'owner' });
    const session = await signIn(gw, 'owner@example.com', user.password);
    const read = await session.request('GET', '/dashboard/api/session');
    expect(read.status).toBe(200);
    const payments = await session.request('GET', '/dashboard/api/v1/payments');
    expect(payments.status).toBe(200);
    expect(payments.body).toMatchObject({ data: [] });
    const out = await session.request('DELETE', '/dashboard/api/session');
    expect(out.status).toBe(204);
    expect((await session.request('GET', '/dashboard/api/session')).status).toBe(401);
  });
});
