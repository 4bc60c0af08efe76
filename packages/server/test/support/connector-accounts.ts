/** Connector accounts in tests: an account of a registered connector, with the organization's card payments routed to it. */
import { expect } from 'vitest';
import type { TestGateway } from './gateway.js';

/** A `connector` account of the token's organization, with `credentials`, and every card payment routed to it: its id. */
export async function routeCardsTo(gw: TestGateway, token: string, connector: string, credentials: Record<string, unknown>): Promise<string> {
  const created = await gw.request<{ id: string }>('POST', '/v1/connector-accounts', { token, body: { connector, credentials } });
  expect(created.status, created.text).toBe(201);
  const routed = await gw.request('PUT', '/v1/routing', { token, body: { rules: [{ method_family: 'card', connector_accounts: [created.body.id] }] } });
  expect(routed.status, routed.text).toBe(200);
  return created.body.id;
}
