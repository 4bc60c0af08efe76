/**
 * The security cases written once and applied to every route: no token is 401,
 * a token without the route's permission is 403, another organization's object
 * is 404. A new route with an `{id}` parameter must add its fixture below.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '../src/http/permissions.js';
import { newId } from '../src/lib/ids.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestClient, type TestGateway } from './support/gateway.js';
import { merchantKey, pay, pendingWalletIntent, tokenize } from './support/cards.js';
import { cardRead, placeTerminal } from './support/terminal.js';

/**
 * Creates an object of `owner`'s organization that the route at this url
 * addresses; returns its path params (and a valid body for routes that need one,
 * so the answer is about tenancy, not validation).
 */
type Fixture = (gw: TestGateway, owner: TestClient) => Promise<{ id: string; body?: unknown }>;

const payment: Fixture = async (gw, owner) => {
  const token = await owner.token();
  const reply = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4242424242424242' }), capture: false });
  return { id: reply.body.id };
};

/**
 * One payment shared by the action routes: the intruder's calls are all 404 and
 * change nothing, so one payment (and its first transaction) serves them all.
 */
function shared(fixture: Fixture): Fixture {
  const made = new Map<TestClient, Promise<{ id: string; body?: unknown }>>();
  return (gw, owner) => {
    if (!made.has(owner)) made.set(owner, fixture(gw, owner));
    return made.get(owner)!;
  };
}
const actionPayment = shared(payment);

/** A payment's first transaction (its authorization). */
const transaction: Fixture = shared(async (gw, owner) => {
  const { id } = await actionPayment(gw, owner);
  const history = await gw.request<{ data: Array<{ id: string }> }>('GET', `/v1/payments/${id}/transactions`, { token: await owner.token() });
  return { id: history.body.data.at(-1)!.id };
});

/** One active Bre-B key per owner (an organization holds four at most): the intruder's calls change nothing. */
const brebKey: Fixture = shared(async (gw, owner) => {
  const token = await owner.token();
  const reply = await gw.request<{ id: string }>('POST', '/v1/bre-b/keys', {
    token,
    body: { type: 'alphanumeric', value: `@SEC${randomBytes(6).toString('hex')}` },
  });
  await gw.request('POST', `/v1/sandbox/bre-b/keys/${reply.body.id}/verify`, { token });
  return { id: reply.body.id };
});

const webhook: Fixture = async (gw, owner) => {
  const reply = await gw.request<{ id: string }>('POST', '/v1/webhooks', {
    token: await owner.token(),
    body: { url: 'http://127.0.0.1:9999/hook', events: ['*'] },
  });
  if (reply.status !== 201) throw new Error(`webhook fixture: ${reply.text}`);
  return { id: reply.body.id };
};

const event: Fixture = async (gw, owner) => {
  await payment(gw, owner);
  const events = await gw.request<{ data: Array<{ id: string }> }>('GET', '/v1/events?limit=1', { token: await owner.token() });
  return { id: events.body.data[0]!.id };
};

const intent: Fixture = async (gw, owner) => {
  const reply = await gw.request<{ payment_id: string }>('POST', '/v1/payments/intents', {
    token: await owner.token(),
    body: pendingWalletIntent('sec'),
  });
  return { id: reply.body.payment_id };
};

const user: Fixture = async (gw, owner) => {
  const reply = await gw.request<{ id: string }>('POST', '/v1/users', { token: await owner.token(), body: { name: 'Owner user', email: 'owner@example.com' } });
  return { id: reply.body.id };
};

const merchant: Fixture = async (gw, owner) => {
  const reply = await gw.request<{ id: string }>('POST', '/v1/merchants', { token: await owner.token(), body: { name: 'Owner merchant' } });
  return { id: reply.body.id };
};

const pointOfSale: Fixture = async (gw, owner) => {
  const token = await owner.token();
  const { id: merchantId } = await merchant(gw, owner);
  const reply = await gw.request<{ id: string }>('POST', '/v1/points-of-sale', { token, body: { merchant_id: merchantId, name: 'Owner point' } });
  return { id: reply.body.id };
};

const terminal: Fixture = async (gw, owner) => {
  const reply = await gw.request<{ id: string }>('POST', '/v1/terminals', { token: await owner.token(), body: { serial: `SEC-${Math.random()}` } });
  return { id: reply.body.id };
};

// One chargeback per owner serves every chargeback route (the intruder's calls change nothing).
const chargebacks = new Map<string, Promise<string>>();
const chargeback: Fixture = async (gw, owner) => {
  if (!chargebacks.has(owner.clientId)) {
    chargebacks.set(
      owner.clientId,
      (async () => {
        const token = await owner.token();
        const reply = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4000000000000259' }), capture: false });
        await gw.request('POST', `/v1/payments/${reply.body.id}/capture`, { token, body: {} });
        const list = await gw.request<{ data: Array<{ id: string }> }>('GET', `/v1/chargebacks?payment_id=${reply.body.id}`, { token });
        return list.body.data[0]!.id;
      })(),
    );
  }
  return { id: await chargebacks.get(owner.clientId)! };
};

/** One terminal per owner is enough for every card-present fixture. */
const places = new Map<string, ReturnType<typeof placeTerminal>>();
const ownerPlace = async (gw: TestGateway, owner: TestClient) => {
  if (!places.has(owner.clientId)) places.set(owner.clientId, placeTerminal(gw, await owner.token()));
  return places.get(owner.clientId)!;
};

const cardPresentPayment: Fixture = async (gw, owner) => {
  const token = await owner.token();
  const place = await ownerPlace(gw, owner);
  const reply = await gw.request<{ id: string }>('POST', '/v1/card-present/payments', {
    token,
    body: {
      amount: 10,
      currency: 'USD',
      order_id: `sec-${Math.random()}`,
      point_of_sale_id: place.pointOfSaleId,
      terminal_id: place.terminalId,
      entry_mode: 'chip',
      card: await cardRead(await merchantKey(gw, token), '4242424242424242'),
      capture: false,
    },
  });
  return { id: reply.body.id };
};

const checkoutSession: Fixture = async (gw, owner) => {
  const reply = await gw.request<{ id: string }>('POST', '/v1/checkout/sessions', { token: await owner.token(), body: { amount: 10, currency: 'USD' } });
  return { id: reply.body.id };
};

const connectorAccount: Fixture = async (gw, owner) => {
  const reply = await gw.request<{ id: string }>('POST', '/v1/connector-accounts', {
    token: await owner.token(),
    body: { connector: 'simulator', description: 'security', credentials: { api_key: 'sk_sim_security_fixture' } },
  });
  return { id: reply.body.id };
};

/** A balance transaction: the entry of a captured payment. */
const balanceTransaction: Fixture = async (gw, owner) => {
  const token = await owner.token();
  const { id } = await payment(gw, owner);
  await gw.request('POST', `/v1/payments/${id}/capture`, { token, body: {} });
  const entries = await gw.request<{ data: Array<{ id: string }> }>('GET', `/v1/balance/transactions?payment_id=${id}`, { token });
  return { id: entries.body.data[0]!.id };
};

/** A settlement of the owner's organization (written as the settlement run writes it). */
const settlement: Fixture = async (gw, owner) => {
  const id = newId('settlement');
  const now = new Date().toISOString();
  await gw.db
    .insertInto('settlements')
    .values({
      id,
      organization_id: owner.organizationId,
      currency: 'COP',
      method: 'rail',
      amount: 100,
      fee: 0,
      entry_count: 1,
      cutoff: now,
      simulated: 1,
      ledger_entry_id: null,
      payout_id: null,
      created_at: now,
    })
    .execute();
  return { id };
};

/** A payout of the owner's organization. */
const payout: Fixture = async (gw, owner) => {
  const id = newId('payout');
  const now = new Date().toISOString();
  await gw.db
    .insertInto('payouts')
    .values({
      id,
      organization_id: owner.organizationId,
      currency: 'COP',
      amount: 100,
      status: 'in_transit',
      automatic: 0,
      simulated: 1,
      bank_account_last4: '6789',
      bank_account_hash: 'x',
      arrival_date: now,
      failure_code: null,
      failure_message: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id };
};

/** A report of the owner's organization. */
const report: Fixture = async (gw, owner) => {
  const token = await owner.token();
  const reply = await gw.request<{ id: string }>('POST', '/v1/reports', {
    token,
    body: { type: 'balance_period', currency: 'COP', period_start: '2026-01-01T00:00:00Z', period_end: '2026-01-02T00:00:00Z' },
  });
  return { id: reply.body.id };
};

const fixtures: Record<string, Fixture | 'global'> = {
  '/v1/settlements/:id': settlement,
  '/v1/settlements/:id/entries': settlement,
  '/v1/payouts/:id': payout,
  '/v1/reports/:id': report,
  '/v1/reports/:id/download': report,
  '/v1/balance/transactions/:id': balanceTransaction,
  '/v1/connector-accounts/:id': connectorAccount,
  '/v1/checkout/sessions/:id': checkoutSession,
  '/v1/checkout/sessions/:id/expire': checkoutSession,
  '/v1/chargebacks/:id': chargeback,
  '/v1/chargebacks/:id/accept': chargeback,
  '/v1/chargebacks/:id/review': chargeback,
  '/v1/chargebacks/:id/dispute': async (gw, owner) => ({ ...(await chargeback(gw, owner)), body: { evidence: 'winning_evidence' } }),
  '/v1/chargebacks/:id/analysis': chargeback,
  '/v1/chargebacks/:id/comments': async (gw, owner) => ({ ...(await chargeback(gw, owner)), body: { text: 'taken over' } }),
  '/v1/chargebacks/:id/attachments': async (gw, owner) => ({
    ...(await chargeback(gw, owner)),
    body: { filename: 'a.txt', content_type: 'text/plain', content_base64: 'aGk=' },
  }),
  // The intruder's request names the chargeback (another organization's): 404 before the attachment is looked at.
  '/v1/chargebacks/:id/attachments/:att_id': chargeback,
  '/v1/payment-instructions/:id': async (gw, owner) => {
    const token = await owner.token();
    const place = await ownerPlace(gw, owner);
    const reply = await gw.request<{ id: string }>('POST', '/v1/payment-instructions', {
      token,
      body: { terminal_id: place.terminalId, amount: 10, currency: 'USD', order_id: `sec-${Math.random()}` },
    });
    return { id: reply.body.id };
  },
  '/v1/card-present/payments/:id': cardPresentPayment,
  '/v1/card-present/payments/:id/capture': async (gw, owner) => ({ ...(await cardPresentPayment(gw, owner)), body: {} }),
  '/v1/card-present/payments/:id/cancel': cardPresentPayment,
  '/v1/card-present/payments/:id/refund': async (gw, owner) => ({ ...(await cardPresentPayment(gw, owner)), body: { amount: 1 } }),
  '/v1/card-present/payments/:id/reverse': cardPresentPayment,
  '/v1/card-present/payments/:id/adjust': async (gw, owner) => ({ ...(await cardPresentPayment(gw, owner)), body: { amount: 5 } }),
  '/v1/card-present/payments/:id/authorize': cardPresentPayment,
  '/v1/card-present/payments/:id/cancel-or-refund': cardPresentPayment,
  '/v1/merchants/:id': merchant,
  '/v1/merchants/:id/sub-merchants': merchant,
  '/v1/points-of-sale/:id': pointOfSale,
  '/v1/points-of-sale/:id/terminals': async (gw, owner) => ({ ...(await pointOfSale(gw, owner)), body: { add: [], remove: [] } }),
  '/v1/terminals/:id': async (gw, owner) => ({ ...(await terminal(gw, owner)), body: { serial: 'TAKEN-OVER' } }),
  '/v1/terminals/:id/users': async (gw, owner) => ({ ...(await terminal(gw, owner)), body: { name: 'Intruder', role: 'cashier' } }),
  '/v1/terminals/:id/users/:user_id': terminal,
  '/v1/users/:id': user,
  '/v1/users/:id/instruments': async (gw, owner) => ({
    ...(await user(gw, owner)),
    body: { instrument_id: await tokenize(gw, await owner.token(), { number: '4242424242424242' }) },
  }),
  '/v1/users/:id/instruments/:instrument_id': user,
  '/v1/links/:id': async (gw, owner) => {
    const reply = await gw.request<{ id: string }>('POST', '/v1/links', {
      token: await owner.token(),
      body: { type: 'payment', data: { amount: { value: 10, currency: 'USD' } } },
    });
    return { id: reply.body.id };
  },
  '/v1/payments/intents/:payment_id/confirm': async (gw, owner) => ({ ...(await intent(gw, owner)), body: { otp: '123456' } }),
  '/v1/sandbox/payments/:payment_id/simulate': async (gw, owner) => ({ ...(await intent(gw, owner)), body: { outcome: 'approve' } }),
  '/v1/cashouts/:id': async (gw, owner) => {
    const token = await owner.token();
    const { id } = await intent(gw, owner);
    await gw.request('POST', `/v1/sandbox/payments/${id}/simulate`, { token, body: { outcome: 'approve' } });
    const cashout = await gw.request<{ id: string }>('POST', '/v1/cashouts', { token, body: { payment_id: id, amount: 1 } });
    return { id: cashout.body.id };
  },
  '/v1/organizations/:id': async (gw, owner) => {
    const reply = await gw.request<{ id: string }>('POST', '/v1/organizations', { token: await owner.token(), body: { name: 'child' } });
    return { id: reply.body.id };
  },
  '/v1/instruments/:id': async (gw, owner) => ({ id: await tokenize(gw, await owner.token(), { number: '5555555555554444' }) }),
  '/v1/payments/:id': payment,
  '/v1/payments/:id/capture': payment,
  '/v1/payments/:id/cancel': payment,
  '/v1/payments/:id/authorize': actionPayment,
  '/v1/payments/:id/reverse': actionPayment,
  '/v1/payments/:id/adjust': async (gw, owner) => ({ ...(await actionPayment(gw, owner)), body: { amount: 1 } }),
  '/v1/payments/:id/refund': async (gw, owner) => ({ ...(await actionPayment(gw, owner)), body: { amount: 1 } }),
  '/v1/payments/:id/cancel-or-refund': actionPayment,
  '/v1/payments/:id/transactions': actionPayment,
  '/v1/transactions/:id': transaction,
  '/v1/transactions/:id/authorize': transaction,
  '/v1/transactions/:id/capture': transaction,
  '/v1/transactions/:id/cancel': transaction,
  '/v1/transactions/:id/reverse': transaction,
  '/v1/transactions/:id/adjust': async (gw, owner) => ({ ...(await transaction(gw, owner)), body: { amount: 1 } }),
  '/v1/transactions/:id/refund': async (gw, owner) => ({ ...(await transaction(gw, owner)), body: { amount: 1 } }),
  '/v1/transactions/:id/cancel-or-refund': transaction,
  '/v1/refunds/:id': async (gw, owner) => {
    const token = await owner.token();
    const { id } = await payment(gw, owner);
    await gw.request('POST', `/v1/payments/${id}/capture`, { token, body: {} });
    const refund = await gw.request<{ id: string }>('POST', '/v1/refunds', { token, body: { payment_id: id, amount: 1, currency: 'USD' } });
    return { id: refund.body.id };
  },
  '/v1/webhooks/:id': async (gw, owner) => ({ ...(await webhook(gw, owner)), body: { url: 'https://example.com/hook', events: ['*'] } }),
  '/v1/webhooks/:id/secret': webhook,
  '/v1/webhooks/:id/secret/rotate': webhook,
  '/v1/webhooks/:id/deliveries': webhook,
  '/v1/webhooks/:id/test': webhook,
  '/v1/events/:id': event,
  '/v1/events/:id/redeliver': event,
  '/v1/fee-rules/:id': async (gw, owner) => {
    const reply = await gw.request<{ id: string }>('POST', '/v1/fee-rules', { token: await owner.token(), body: { type: 'mdr', percentage_bps: 250 } });
    return { id: reply.body.id, body: { type: 'mdr', percentage_bps: 1 } };
  },
  '/v1/payments/:id/fraud-evaluation': payment,
  '/v1/bre-b/keys/:id': brebKey,
  '/v1/bre-b/keys/:id/qr': brebKey,
  '/v1/sandbox/bre-b/keys/:id/verify': brebKey,
  // Reference data, the same for everyone: no tenant to cross.
  '/v1/bins/:bin': 'global',
};

/** Every route here has one path parameter: the object's id. */
function fill(url: string, id = 'missing-id'): string {
  return url.replace(/:\w+/g, id);
}

describe.each(dialects)('every route on $name', (dialect) => {
  let gw: TestGateway;
  let owner: TestClient;
  let intruder: TestClient;

  /** The same token for every fixture (each token request verifies the secret with scrypt). */
  const reusingToken = (client: TestClient): TestClient => {
    let token: Promise<string> | undefined;
    return { ...client, token: (scope?: string) => (scope ? client.token(scope) : (token ??= client.token())) };
  };

  beforeAll(async () => {
    gw = await startGateway(dialect);
    owner = reusingToken(await gw.client());
    intruder = reusingToken(await gw.client());
  });
  afterAll(() => gw.close());

  const privateRoutes = () => gw.gateway.routes.filter((r) => !r.public);

  it('has routes to check, each naming its permissions', () => {
    expect(privateRoutes().length).toBeGreaterThan(0);
    for (const route of privateRoutes())
      expect({ route: `${route.method} ${route.url}`, scopes: route.scopes.length > 0 }).toEqual({ route: `${route.method} ${route.url}`, scopes: true });
  });

  it('answers 401 without a token', async () => {
    for (const route of privateRoutes()) {
      const reply = await gw.request(route.method, fill(route.url), route.method === 'GET' ? {} : { body: {} });
      expect(`${route.method} ${route.url} -> ${reply.status}`).toBe(`${route.method} ${route.url} -> 401`);
    }
  });

  it("answers 403 to a token without the route's permission", async () => {
    // One client per set of permissions (most routes share theirs): a client costs a scrypt hash.
    const tokens = new Map<string, string>();
    for (const route of privateRoutes()) {
      const others = PERMISSIONS.filter((p) => !route.scopes.includes(p)) as Permission[];
      const key = others.join(' ');
      if (!tokens.has(key)) tokens.set(key, await (await gw.client({ scopes: others })).token());
      const reply = await gw.request(route.method, fill(route.url), { token: tokens.get(key)!, ...(route.method === 'GET' ? {} : { body: {} }) });
      expect(`${route.method} ${route.url} -> ${reply.status}`).toBe(`${route.method} ${route.url} -> 403`);
    }
  }, 120_000);

  it("answers 403 to a checkout session's token, except on the few routes marked for it", async () => {
    // The browser's credential (docs/fields.md "Checkout sessions"): the key, the BIN lookup (installments), tokenizing, its one payment or
    // enrollment, its own session.
    const marked = privateRoutes()
      .filter((r) => r.checkoutSession)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(marked).toEqual([
      'GET /v1/bins/:bin',
      'GET /v1/checkout/sessions/:id',
      'GET /v1/encryption/keys',
      'POST /v1/instruments',
      'POST /v1/payments',
      'POST /v1/users/:id/instruments',
    ]);
    const session = await gw.request<{ token: string }>('POST', '/v1/checkout/sessions', { token: await owner.token(), body: { amount: 10, currency: 'USD' } });
    for (const route of privateRoutes().filter((r) => !r.checkoutSession)) {
      const reply = await gw.request(route.method, fill(route.url), { token: session.body.token, ...(route.method === 'GET' ? {} : { body: {} }) });
      expect(`${route.method} ${route.url} -> ${reply.status}`).toBe(`${route.method} ${route.url} -> 403`);
    }
  });

  it("answers 404 for another organization's object, and never leaks it", async () => {
    const withParams = privateRoutes().filter((r) => r.url.includes(':'));
    const intruderToken = await intruder.token();
    // Fixtures ask for the owner's token often: one token (a token request costs a scrypt check).
    const ownerToken = owner.token();
    const cachedOwner: TestClient = { ...owner, token: () => ownerToken };
    // A body the route could accept (unknown fields are refused before the lookup): `name` only where it is a field.
    type Doc = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema?: { properties?: object } }> } }>> };
    const document = (await gw.request<Doc>('GET', '/openapi.json')).body;
    const takesName = (method: string, url: string) =>
      'name' in (document.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()]?.requestBody?.content['application/json']?.schema?.properties ?? {});
    for (const route of withParams) {
      const fixture = fixtures[route.url];
      expect(fixture, `a fixture for ${route.url}`).toBeDefined();
      if (fixture === 'global') continue;
      const { body, id } = await fixture!(gw, cachedOwner);
      const reply = await gw.request(route.method, fill(route.url, id), {
        token: intruderToken,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: body ?? (takesName(route.method, route.url) ? { name: 'taken over' } : {}) }),
      });
      expect(`${route.method} ${route.url} -> ${reply.status}`).toBe(`${route.method} ${route.url} -> 404`);
      expect(reply.text).not.toContain(id);
    }
  }, 120_000);
});
