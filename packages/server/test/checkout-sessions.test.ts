/**
 * Checkout sessions (docs/fields.md "Checkout sessions"): the merchant's
 * backend creates one per checkout and hands only its token to the browser.
 * That token reads the public key, tokenizes, and makes exactly one payment
 * of the session's amount, currency and order (or saves one card for the
 * session's user); every other route answers it 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestClient, type TestGateway } from './support/gateway.js';
import { encrypt, encryptedCard, merchantKey, pay, tokenize } from './support/cards.js';
import { eventually } from './support/wait.js';
import { enqueueJob } from '../src/jobs/store.js';
import { MAINTENANCE_JOB } from '../src/jobs/maintenance.js';

interface Session {
  id: string;
  mode: string;
  status: string;
  amount: string | null;
  currency: string | null;
  order_id: string | null;
  description: string | null;
  user_id: string | null;
  allowed_origins: string[];
  instrument_id: string | null;
  payment_id: string | null;
  expires_at: string;
  completed_at: string | null;
  created_at: string;
  token?: string;
}
type ErrorBody = { error: { code: string; message: string; details: Array<{ field: string; message: string }> } };

describe.each(dialects)('checkout sessions on $name', (dialect) => {
  let gw: TestGateway;
  let merchant: TestClient;
  let token: string;

  beforeAll(async () => {
    gw = await startGateway(dialect, { TOKEN_REVOCATION_CACHE_MS: '0' });
    merchant = await gw.client();
    token = await merchant.token();
    await merchantKey(gw, token); // the organization's encryption key exists
  });
  afterAll(() => gw?.close());

  async function createSession(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    return gw.request<Session & ErrorBody>('POST', '/v1/checkout/sessions', { token, body, headers });
  }
  async function paymentSession(body: Record<string, unknown> = {}): Promise<Session & { token: string }> {
    const reply = await createSession({ mode: 'payment', amount: 150.5, currency: 'USD', ...body });
    expect(reply.status, reply.text).toBe(201);
    return reply.body as Session & { token: string };
  }
  /** What the embedded fields do with the session's token: encrypt with the key it reads, tokenize. */
  async function tokenizeWith(sessionToken: string, number = '4242424242424242'): Promise<string> {
    const key = await merchantKey(gw, sessionToken);
    const reply = await gw.request<{ id: string }>('POST', '/v1/instruments', { token: sessionToken, body: await encryptedCard(key, { number }) });
    expect(reply.status, reply.text).toBe(201);
    return reply.body.id;
  }
  async function payWith(sessionToken: string, body: Record<string, unknown>) {
    // The key read with the merchant's token: the session's may be refused by then.
    const key = await merchantKey(gw, token);
    return gw.request<Record<string, unknown> & ErrorBody>('POST', '/v1/payments', {
      token: sessionToken,
      body: { encrypted_cvv: await encrypt(key, '123'), ...body },
    });
  }
  const countPayments = async (orderId: string) =>
    (await gw.request<{ data: unknown[] }>('GET', `/v1/payments/search?order_id=${encodeURIComponent(orderId)}`, { token })).body.data.length;

  it('creates a session with a token, and reads it back without the token; another organization gets 404', async () => {
    const before = Date.now();
    const created = await paymentSession({
      order_id: `ord-${Math.random()}`,
      description: 'Pedido 42',
      allowed_origins: ['https://shop.example', 'http://localhost:4000'],
    });
    expect(created).toMatchObject({
      mode: 'payment',
      status: 'open',
      amount: '150.50',
      currency: 'USD',
      description: 'Pedido 42',
      user_id: null,
      allowed_origins: ['https://shop.example', 'http://localhost:4000'],
      payment_id: null,
      instrument_id: null,
    });
    expect(created.id).toMatch(/^cs-[0-9a-z]{26}$/);
    expect(created.token.split('.')).toHaveLength(3);
    // Default lifetime: 15 minutes.
    const lifetime = Date.parse(created.expires_at) - before;
    expect(lifetime).toBeGreaterThan(898_000);
    expect(lifetime).toBeLessThanOrEqual(901_000);

    const read = await gw.request<Session>('GET', `/v1/checkout/sessions/${created.id}`, { token });
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty('token');
    expect(read.text).not.toContain(created.token);
    const { token: _token, ...withoutToken } = created;
    expect(read.body).toEqual(withoutToken);

    const intruder = await (await gw.client()).token();
    const foreign = await gw.request<ErrorBody>('GET', `/v1/checkout/sessions/${created.id}`, { token: intruder });
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain(created.id);
    expect((await gw.request('POST', `/v1/checkout/sessions/${created.id}/expire`, { token: intruder })).status).toBe(404);
    expect((await gw.request('GET', '/v1/checkout/sessions/cs-01aaaaaaaaaaaaaaaaaaaaaaaa', { token })).status).toBe(404);
  });

  it('defaults order_id to the session id; an order that already has a payment is 409', async () => {
    const session = await paymentSession();
    expect(session.order_id).toBe(session.id);
    const orderId = `ord-paid-${Math.random()}`;
    expect((await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4242424242424242' }), orderId })).status).toBe(201);
    const taken = await createSession({ amount: 10, currency: 'USD', order_id: orderId });
    expect([taken.status, taken.body.error.code]).toEqual([409, 'order_id_conflict']);
  });

  it('422 names every problem of the body', async () => {
    const schema = await createSession({ mode: 'subscription', amount: '10,00', expires_in: 86_401, allowed_origins: 'https://shop.example' });
    expect(schema.status).toBe(422);
    expect(schema.body.error.code).toBe('validation_failed');
    expect(schema.body.error.details.map((d) => d.field).sort()).toEqual(['allowed_origins', 'amount', 'expires_in', 'mode']);

    const payment = await createSession({
      mode: 'payment',
      amount: 10.123,
      currency: 'USD',
      user_id: 'usr-x',
      allowed_origins: ['http://shop.example', 'https://shop.example/checkout', 'not a url', 'https://ok.example'],
    });
    expect(payment.status).toBe(422);
    expect(payment.body.error.details).toEqual([
      { field: 'amount', message: 'USD amounts have at most 2 decimal places' },
      { field: 'user_id', message: 'is only for mode enrollment' },
      { field: 'allowed_origins.0', message: expect.stringContaining('https') },
      { field: 'allowed_origins.1', message: expect.stringContaining('must be an origin') },
      { field: 'allowed_origins.2', message: expect.stringContaining('must be an origin') },
    ]);

    const missing = await createSession({});
    expect(missing.status).toBe(422);
    expect(missing.body.error.details.map((d) => d.field)).toEqual(['amount', 'currency']);

    const enrollment = await createSession({ mode: 'enrollment', amount: 10, currency: 'USD', order_id: 'x' });
    expect(enrollment.status).toBe(422);
    expect(enrollment.body.error.details.map((d) => d.field)).toEqual(['amount', 'currency', 'order_id', 'user_id']);

    const foreignUser = await gw.request<{ id: string }>('POST', '/v1/users', {
      token: await (await gw.client()).token(),
      body: { name: 'Otro', email: 'otro@example.com' },
    });
    const notOurs = await createSession({ mode: 'enrollment', user_id: foreignUser.body.id });
    expect(notOurs.status).toBe(422);
    expect(notOurs.body.error.details).toEqual([{ field: 'user_id', message: 'no user of your organization has this id' }]);
  });

  it('an idempotent replay returns the same session and token; the idempotency store keeps no token', async () => {
    const key = `cs-key-${Math.random()}`;
    const body = { amount: 20, currency: 'USD' };
    const first = await createSession(body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const again = await createSession(body, { 'idempotency-key': key });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.body.token).toBe(first.body.token);
    const stored = await gw.db.selectFrom('idempotency_keys').select('response_body').where('key', '=', key).executeTakeFirstOrThrow();
    expect(stored.response_body).toContain(first.body.id);
    expect(stored.response_body).not.toContain(first.body.token!);
    expect(stored.response_body).not.toContain('token');
  });

  it("the token reads the public key, tokenizes, and pays exactly once with the session's amount, currency and order", async () => {
    const session = await paymentSession({ order_id: `ord-once-${Math.random()}`, description: 'Pedido 7' });
    const key = await gw.request<{ public_key: string }>('GET', '/v1/encryption/keys', { token: session.token });
    expect(key.status).toBe(200);
    expect(key.body.public_key).toContain('BEGIN PUBLIC KEY');
    // It reads its own session (the fields learn the order from it), and no other.
    const own = await gw.request<Session>('GET', `/v1/checkout/sessions/${session.id}`, { token: session.token });
    expect([own.status, own.body.order_id]).toEqual([200, session.order_id]);
    const other = await paymentSession();
    expect((await gw.request('GET', `/v1/checkout/sessions/${other.id}`, { token: session.token })).status).toBe(403);

    const instrumentId = await tokenizeWith(session.token);
    const charge = { amount: 150.5, currency: 'USD', order_id: session.order_id, instrument_id: instrumentId };

    // Anything but the session's charge is refused, naming what differs.
    const wrong = await payWith(session.token, { ...charge, amount: 1, order_id: 'another-order', capture: false, description: 'mine' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe('forbidden');
    expect(wrong.body.error.details.map((d) => d.field)).toEqual(['amount', 'order_id', 'description', 'capture']);
    const otherCurrency = await payWith(session.token, { ...charge, currency: 'COP' });
    expect(otherCurrency.status).toBe(403);
    expect(otherCurrency.body.error.details.map((d) => d.field)).toEqual(['currency']);
    // A card this session did not tokenize (another customer's saved card, say).
    const saved = await tokenize(gw, token, { number: '5555555555554444' });
    const foreignCard = await payWith(session.token, { ...charge, instrument_id: saved });
    expect([foreignCard.status, foreignCard.body.error.details[0]?.field]).toEqual([403, 'instrument_id']);
    expect(await countPayments(session.order_id!)).toBe(0);

    const paid = await payWith(session.token, charge);
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body).toMatchObject({
      status: 'APPROVED',
      amount: '150.50',
      currency: 'USD',
      order_id: session.order_id,
      description: 'Pedido 7',
      capture: true,
    });

    const done = await gw.request<Session>('GET', `/v1/checkout/sessions/${session.id}`, { token });
    expect(done.body).toMatchObject({ status: 'complete', payment_id: paid.body.id, instrument_id: instrumentId });
    expect(done.body.completed_at).not.toBeNull();

    // A second payment, the same charge again or another amount: refused, still one payment.
    const second = await payWith(session.token, charge);
    expect([second.status, second.body.error.code]).toEqual([409, 'checkout_session_complete']);
    expect(second.body.error.message).toContain(String(paid.body.id));
    const secondOther = await payWith(session.token, { ...charge, amount: 99 });
    expect(secondOther.status).toBe(409);
    // Nor can it tokenize any more.
    const key2 = await merchantKey(gw, token);
    const late = await gw.request<ErrorBody>('POST', '/v1/instruments', {
      token: session.token,
      body: await encryptedCard(key2, { number: '4242424242424242' }),
    });
    expect([late.status, late.body.error.code]).toEqual([409, 'checkout_session_complete']);
    expect(await countPayments(session.order_id!)).toBe(1);
  });

  it('a declined payment completes the session too', async () => {
    const session = await paymentSession();
    const instrumentId = await tokenizeWith(session.token, '4000000000000002');
    const declined = await payWith(session.token, { amount: 150.5, currency: 'USD', order_id: session.order_id, instrument_id: instrumentId });
    expect([declined.status, declined.body.status], declined.text).toEqual([201, 'REJECTED']);
    // The browser's reply does not say why (51 would tell a card tester the card is real); the merchant's server reads it.
    expect(declined.body.response_code).toBeNull();
    expect((await gw.request<{ response_code: string }>('GET', `/v1/payments/${String(declined.body.id)}`, { token })).body.response_code).toBe('05');
    expect((await gw.request<Session>('GET', `/v1/checkout/sessions/${session.id}`, { token })).body.status).toBe('complete');
    const retry = await payWith(session.token, { amount: 150.5, currency: 'USD', order_id: session.order_id, instrument_id: instrumentId });
    expect(retry.status).toBe(409);
  });

  it('two racing payment requests make one payment', async () => {
    for (let round = 0; round < 3; round++) {
      const session = await paymentSession();
      const instrumentId = await tokenizeWith(session.token);
      const charge = { amount: 150.5, currency: 'USD', order_id: session.order_id, instrument_id: instrumentId };
      const replies = await Promise.all([payWith(session.token, charge), payWith(session.token, charge), payWith(session.token, charge)]);
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409, 409]);
      for (const r of replies.filter((r) => r.status === 409)) expect(r.body.error.code).toBe('checkout_session_complete');
      expect(await countPayments(session.order_id!)).toBe(1);
      const done = (await gw.request<Session>('GET', `/v1/checkout/sessions/${session.id}`, { token })).body;
      expect(done.payment_id).toBe(replies.find((r) => r.status === 201)!.body.id);
    }
  });

  it('every other route answers the session token 403: payment actions, key rotation, reads of payments, users and instruments', async () => {
    const session = await paymentSession();
    const existing = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4242424242424242' }), capture: false });
    const user = await gw.request<{ id: string }>('POST', '/v1/users', { token, body: { name: 'Ana', email: 'ana@example.com' } });
    const instrumentId = await tokenize(gw, token, { number: '5555555555554444' });
    const allowed = new Set([
      'GET /v1/encryption/keys',
      'GET /v1/bins/:bin',
      'POST /v1/instruments',
      'POST /v1/payments',
      'POST /v1/users/:id/instruments',
      'GET /v1/checkout/sessions/:id',
    ]);
    const routes = gw.gateway.routes.filter((r) => !r.public);
    expect(
      routes
        .filter((r) => r.checkoutSession)
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([...allowed].sort());
    const ids: Record<string, string> = { ':id': existing.body.id, ':payment_id': existing.body.id, ':instrument_id': instrumentId, ':user_id': user.body.id };
    const checked: string[] = [];
    for (const route of routes.filter((r) => !r.checkoutSession)) {
      let url = route.url.replace(/:\w+/g, (param) => ids[param] ?? 'some-id');
      if (url.startsWith('/v1/users/')) url = url.replace(existing.body.id, user.body.id);
      if (url.startsWith('/v1/instruments/')) url = url.replace(existing.body.id, instrumentId);
      const reply = await gw.request<ErrorBody>(route.method, url, { token: session.token, ...(route.method === 'GET' ? {} : { body: { amount: 1 } }) });
      expect(`${route.method} ${route.url} -> ${reply.status} ${reply.body?.error?.code}`).toBe(`${route.method} ${route.url} -> 403 forbidden`);
      checked.push(`${route.method} ${route.url}`);
    }
    for (const named of [
      'POST /v1/payments/:id/capture',
      'POST /v1/payments/:id/cancel',
      'POST /v1/payments/:id/refund',
      'POST /v1/payments/:id/reverse',
      'POST /v1/payments/:id/adjust',
      'POST /v1/refunds',
      'POST /v1/encryption/keys',
      'GET /v1/payments/:id',
      'GET /v1/payments',
      'POST /v1/payments/authorizations',
      'GET /v1/users/:id',
      'POST /v1/users',
      'GET /v1/instruments/:id',
      'GET /v1/instruments',
      'POST /v1/checkout/sessions',
    ]) {
      expect(checked).toContain(named);
    }
    // Nothing changed: the payment is still only authorized, and the key was not rotated.
    expect((await gw.request<{ status: string }>('GET', `/v1/payments/${existing.body.id}`, { token })).body.status).toBe('AUTHORIZED');
    // A mode payment session saves no card.
    const saving = await gw.request<ErrorBody>('POST', `/v1/users/${user.body.id}/instruments`, {
      token: session.token,
      body: { instrument_id: instrumentId },
    });
    expect([saving.status, saving.body.error.code]).toEqual([403, 'forbidden']);
  });

  it('an expired session token is 401, and so is one the merchant ended', async () => {
    const short = await paymentSession({ expires_in: 2 });
    expect((await gw.request('GET', '/v1/encryption/keys', { token: short.token })).status).toBe(200);
    const expired = await eventually(
      () => gw.request<ErrorBody>('GET', '/v1/encryption/keys', { token: short.token }),
      (r) => r.status !== 200,
      10_000,
    );
    expect([expired.status, expired.body.error.code]).toEqual([401, 'unauthorized']);
    expect((await gw.request<Session>('GET', `/v1/checkout/sessions/${short.id}`, { token })).body.status).toBe('expired');

    const ended = await paymentSession();
    const instrumentId = await tokenizeWith(ended.token);
    const expire = await gw.request<Session>('POST', `/v1/checkout/sessions/${ended.id}/expire`, { token });
    expect([expire.status, expire.body.status]).toEqual([200, 'expired']);
    const refused = await payWith(ended.token, { amount: 150.5, currency: 'USD', order_id: ended.order_id, instrument_id: instrumentId });
    expect([refused.status, refused.body.error.code]).toEqual([401, 'unauthorized']);
    expect(await countPayments(ended.order_id!)).toBe(0);

    // A complete session cannot be ended.
    const complete = await paymentSession();
    const card = await tokenizeWith(complete.token);
    expect((await payWith(complete.token, { amount: 150.5, currency: 'USD', order_id: complete.order_id, instrument_id: card })).status).toBe(201);
    const late = await gw.request<ErrorBody>('POST', `/v1/checkout/sessions/${complete.id}/expire`, { token });
    expect([late.status, late.body.error.code]).toEqual([409, 'checkout_session_complete']);
  });

  it('the maintenance job deletes sessions past their expiry by more than CHECKOUT_SESSION_RETENTION_DAYS (30), and nothing else', async () => {
    // A paid session, one the merchant ended, one left open; their expiry moved back as if days had passed.
    const paid = await paymentSession();
    const card = await tokenizeWith(paid.token);
    const payment = await payWith(paid.token, { amount: 150.5, currency: 'USD', order_id: paid.order_id, instrument_id: card });
    expect(payment.status, payment.text).toBe(201);
    const ended = await paymentSession();
    expect((await gw.request('POST', `/v1/checkout/sessions/${ended.id}/expire`, { token })).status).toBe(200);
    const open = await paymentSession();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const moveExpiry = (id: string, at: string) => gw.db.updateTable('checkout_sessions').set({ expires_at: at }).where('id', '=', id).execute();
    await moveExpiry(paid.id, daysAgo(31));
    await moveExpiry(ended.id, daysAgo(30.5));
    await moveExpiry(open.id, daysAgo(29));

    const job = (await enqueueJob(gw.db, { type: MAINTENANCE_JOB }, gw.gateway.clock))!;
    await eventually(
      () => gw.db.selectFrom('jobs').select('status').where('id', '=', job).executeTakeFirst(),
      (row) => row?.status === 'completed' || row === undefined,
    );

    const status = async (id: string) => (await gw.request('GET', `/v1/checkout/sessions/${id}`, { token })).status;
    expect([await status(paid.id), await status(ended.id), await status(open.id)]).toEqual([404, 404, 200]);
    // The session's payment and card are the merchant's records: untouched.
    expect((await gw.request('GET', `/v1/payments/${String(payment.body.id)}`, { token })).status).toBe(200);
    expect((await gw.request('GET', `/v1/instruments/${card}`, { token })).status).toBe(200);
  });

  it("enrollment mode saves the tokenized card for the session's user only, once, without charging", async () => {
    const created = await createSession({ mode: 'enrollment', user: { name: ' Ana María Gómez ', email: 'Ana@Example.com' } });
    expect(created.status, created.text).toBe(201);
    const session = created.body as Session & { token: string };
    expect(session).toMatchObject({ mode: 'enrollment', amount: null, currency: null, order_id: null });
    expect(session.user_id).toMatch(/^usr-/);
    const user = await gw.request<{ name: string; email: string; instruments: unknown[] }>('GET', `/v1/users/${session.user_id}`, { token });
    expect(user.body).toMatchObject({ name: 'Ana María Gómez', email: 'ana@example.com', instruments: [] });

    const other = await gw.request<{ id: string }>('POST', '/v1/users', { token, body: { name: 'Otro', email: 'otro@example.com' } });
    const instrumentId = await tokenizeWith(session.token, '5555555555554444');
    // Another user of the organization, or a card the session did not tokenize: 403.
    const elsewhere = await gw.request<ErrorBody>('POST', `/v1/users/${other.body.id}/instruments`, {
      token: session.token,
      body: { instrument_id: instrumentId },
    });
    expect([elsewhere.status, elsewhere.body.error.details.map((d) => d.field)]).toEqual([403, ['id']]);
    const saved = await tokenize(gw, token, { number: '4242424242424242' });
    const otherCard = await gw.request<ErrorBody>('POST', `/v1/users/${session.user_id}/instruments`, { token: session.token, body: { instrument_id: saved } });
    expect([otherCard.status, otherCard.body.error.details.map((d) => d.field)]).toEqual([403, ['instrument_id']]);
    // Creating a user, or paying, is not for this token.
    expect((await gw.request('POST', '/v1/users', { token: session.token, body: { name: 'X', email: 'x@example.com' } })).status).toBe(403);
    const payment = await payWith(session.token, { amount: 1, currency: 'USD', order_id: 'x', instrument_id: instrumentId });
    expect([payment.status, payment.body.error.code]).toEqual([403, 'forbidden']);

    const enrolled = await gw.request<{ id: string; instruments: Array<{ id: string }> }>('POST', `/v1/users/${session.user_id}/instruments`, {
      token: session.token,
      body: { instrument_id: instrumentId },
    });
    expect(enrolled.status, enrolled.text).toBe(201);
    expect(enrolled.body.instruments.map((i) => i.id)).toEqual([instrumentId]);
    const again = await gw.request<ErrorBody>('POST', `/v1/users/${session.user_id}/instruments`, {
      token: session.token,
      body: { instrument_id: instrumentId },
    });
    expect([again.status, again.body.error.code]).toEqual([409, 'checkout_session_complete']);
    expect((await gw.request<Session>('GET', `/v1/checkout/sessions/${session.id}`, { token })).body).toMatchObject({
      status: 'complete',
      payment_id: null,
      instrument_id: instrumentId,
    });
    expect((await gw.request<{ instruments: unknown[] }>('GET', `/v1/users/${other.body.id}`, { token })).body.instruments).toEqual([]);

    // An existing user by id.
    const byId = await createSession({ mode: 'enrollment', user_id: other.body.id });
    expect([byId.status, byId.body.user_id]).toEqual([201, other.body.id]);
  });

  it('clear card data is refused to a session token, and a revoked client ends its sessions', async () => {
    const session = await paymentSession();
    const direct = await gw.request<ErrorBody>('POST', '/v1/instruments', {
      token: session.token,
      body: { type: 'CARD', card: { number: '4242424242424242', expiration_month: '12', expiration_year: '2030', holder_name: 'Ana', cvv: '123' } },
    });
    expect(direct.status).toBe(403);

    const other = await gw.client();
    const otherToken = await other.token();
    const theirs = await gw.request<Session>('POST', '/v1/checkout/sessions', { token: otherToken, body: { amount: 10, currency: 'USD' } });
    expect((await gw.request('GET', '/v1/encryption/keys', { token: theirs.body.token! })).status).not.toBe(401);
    await gw.db.updateTable('clients').set({ revoked_at: new Date().toISOString() }).where('client_id', '=', other.clientId).execute();
    expect((await gw.request('GET', '/v1/encryption/keys', { token: theirs.body.token! })).status).toBe(401);
  });
});
