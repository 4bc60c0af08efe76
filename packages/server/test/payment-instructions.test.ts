/**
 * Payment instructions end to end: a terminal simulator (a real WebSocket
 * client) connected to a real gateway receives instructions, acknowledges
 * them and reports card reads, which become card-present payments at the
 * card-network simulator. On SQLite and PostgreSQL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { webcrypto } from 'node:crypto';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dialects } from './support/dialects.js';
import { AUDIENCE, startGateway, type TestClient, type TestGateway } from './support/gateway.js';
import { merchantKey, pay, tokenize } from './support/cards.js';
import { eventually } from './support/wait.js';
import { advanceClock } from './support/clock.js';
import { cardRead, placeTerminal, TestTerminal } from './support/terminal.js';

interface Instruction {
  id: string;
  status: string;
  terminal_id: string;
  point_of_sale_id: string;
  merchant_id: string;
  order_id: string;
  amount: string;
  currency: string;
  capture: boolean;
  entry_mode: string | null;
  payment_id: string | null;
  failure: { code: string; message: string } | null;
  expires_at: string;
  delivered_at: string | null;
  acknowledged_at: string | null;
  completed_at: string | null;
  created_at: string;
}

const orderId = () => `pos-order-${Math.random().toString(36).slice(2)}`;

describe.each(dialects)('payment instructions on $name', (dialect) => {
  let gw: TestGateway;
  let merchant: TestClient;
  let token: string;
  let key: webcrypto.CryptoKey;
  let place: Awaited<ReturnType<typeof placeTerminal>>;
  const open: TestTerminal[] = [];

  const connect = async (terminalId = place.terminalId, t = token) => {
    const terminal = await TestTerminal.connect(gw.baseUrl, t, terminalId);
    open.push(terminal);
    return terminal;
  };
  const instruct = (body: Record<string, unknown>, t = token) =>
    gw.request<Instruction>('POST', '/v1/payment-instructions', {
      token: t,
      body: { terminal_id: place.terminalId, amount: 150, currency: 'USD', order_id: orderId(), ...body },
    });
  const getInstruction = (id: string) => gw.request<Instruction>('GET', `/v1/payment-instructions/${id}`, { token });

  beforeAll(async () => {
    // The poll is slow here, so an instruction that arrives at once was pushed, not polled.
    gw = await startGateway(dialect, {
      PAYMENT_INSTRUCTION_POLL_MS: '60000',
      PAYMENT_INSTRUCTION_TTL_SECONDS: '120',
      CAPTURE_DELAY_SECONDS: '3600',
      PENDING_CARD_DELAY_SECONDS: '1',
    });
    merchant = await gw.client();
    token = await merchant.token();
    key = await merchantKey(gw, token);
    place = await placeTerminal(gw, token);
  });
  afterEach(async () => {
    for (const terminal of open.splice(0)) await terminal.close();
  });
  afterAll(() => gw.close());

  it('runs the loop: pushed at once to the connected terminal, acknowledged, paid with the card read, COMPLETED', async () => {
    const terminal = await connect();
    const order = orderId();
    const created = await instruct({ amount: 150.5, order_id: order, description: 'Mesa 4' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'PENDING',
      terminal_id: place.terminalId,
      point_of_sale_id: place.pointOfSaleId,
      merchant_id: place.merchantId,
      amount: '150.50',
      currency: 'USD',
      order_id: order,
      capture: true,
      payment_id: null,
    });
    expect(created.body.id).toMatch(/^pin-[0-9a-z]{26}$/);
    expect(Date.parse(created.body.expires_at) - Date.parse(created.body.created_at)).toBe(120_000);

    const delivered = await terminal.next('instruction', (m) => m.instruction.id === created.body.id);
    expect(delivered.instruction).toMatchObject({ status: 'DELIVERED', amount: '150.50', order_id: order, description: 'Mesa 4' });

    terminal.send({ type: 'ack', instruction_id: created.body.id });
    const acknowledged = await terminal.next('acknowledged');
    expect(acknowledged.instruction).toMatchObject({ id: created.body.id, status: 'ACKNOWLEDGED' });
    expect((await getInstruction(created.body.id)).body).toMatchObject({ status: 'ACKNOWLEDGED' });

    terminal.send({ type: 'result', instruction_id: created.body.id, entry_mode: 'chip', card: await cardRead(key, '4242424242424242') });
    const paid = await terminal.next('payment');
    expect(paid.payment).toMatchObject({
      status: 'APPROVED',
      response_code: '00',
      amount: '150.50',
      order_id: order,
      channel: 'card_present',
      entry_mode: 'chip',
      terminal_id: place.terminalId,
      point_of_sale_id: place.pointOfSaleId,
      merchant_id: place.merchantId,
      instrument: { card_brand: 'visa', last_four_digits: '4242' },
    });
    expect(paid.payment.approval_code).toMatch(/^[A-Z0-9]{6}$/);
    expect(paid.instruction).toMatchObject({ status: 'COMPLETED', payment_id: paid.payment.id, entry_mode: 'chip' });

    const final = await getInstruction(created.body.id);
    expect(final.body).toMatchObject({ status: 'COMPLETED', payment_id: paid.payment.id, failure: null });
    expect(final.body.delivered_at && final.body.acknowledged_at && final.body.completed_at).toBeTruthy();
    expect((await gw.request('GET', `/v1/card-present/payments/${paid.payment.id}`, { token })).body).toMatchObject({
      id: paid.payment.id,
      status: 'APPROVED',
    });
    expect((await gw.request('GET', `/v1/payments/${paid.payment.id}`, { token })).body).toMatchObject({ channel: 'card_present' });

    // The same result again is the same payment, not a second charge.
    terminal.send({ type: 'result', instruction_id: created.body.id, entry_mode: 'chip', card: await cardRead(key, '4242424242424242') });
    expect((await terminal.next('payment')).payment.id).toBe(paid.payment.id);

    const events = await gw.request<{ data: Array<{ type: string; data: Record<string, { id: string }> }> }>('GET', '/v1/events?limit=100', { token });
    const mine = events.body.data
      .filter((e) => e.data.payment_instruction?.id === created.body.id || e.data.payment?.id === paid.payment.id)
      .map((e) => e.type);
    expect(mine.sort()).toEqual(['payment.card.approved', 'payment_instruction.completed', 'payment_instruction.created']);
  });

  it('keeps an instruction for an offline terminal until it connects', async () => {
    const offline = await placeTerminal(gw, token);
    const created = await instruct({ terminal_id: offline.terminalId });
    expect(created.status).toBe(201);
    // Nobody is connected for this terminal: it waits.
    expect((await getInstruction(created.body.id)).body.status).toBe('PENDING');

    const terminal = await connect(offline.terminalId);
    const delivered = await terminal.next('instruction', (m) => m.instruction.id === created.body.id);
    expect(delivered.instruction.status).toBe('DELIVERED');
    expect((await getInstruction(created.body.id)).body.status).toBe('DELIVERED');

    // A delivered instruction is sent again to a new connection (the first one may have dropped before the ack).
    await terminal.close();
    const again = await connect(offline.terminalId);
    expect((await again.next('instruction', (m) => m.instruction.id === created.body.id)).instruction.status).toBe('DELIVERED');
    again.send({ type: 'result', instruction_id: created.body.id, entry_mode: 'contactless', card: await cardRead(key, '5555555555554444') });
    expect((await again.next('payment')).instruction.status).toBe('COMPLETED');
  });

  it('expires an instruction nobody paid, tells the connected terminal, and refuses its result', async () => {
    const terminal = await connect();
    const created = await instruct({ expires_in: 60 });
    await terminal.next('instruction', (m) => m.instruction.id === created.body.id);
    // The test clock passes expires_at; the expiry job runs before the advance answers.
    await advanceClock(gw, token, 61);
    const expired = await getInstruction(created.body.id);
    expect(expired.body).toMatchObject({ status: 'EXPIRED', payment_id: null });
    expect(expired.body.completed_at).not.toBeNull();
    expect((await terminal.next('expired')).instruction).toMatchObject({ id: created.body.id, status: 'EXPIRED' });

    terminal.send({ type: 'result', instruction_id: created.body.id, entry_mode: 'chip', card: await cardRead(key, '4242424242424242') });
    const refused = await terminal.next('error');
    expect(refused).toMatchObject({ instruction_id: created.body.id, error: { code: 'conflict' } });
    expect(refused.error.message).toMatch(/expired/);
    const list = await gw.request<{ data: Array<{ order_id: string }> }>('GET', '/v1/card-present/payments?limit=100', { token });
    expect(list.body.data.map((p) => p.order_id)).not.toContain(created.body.order_id);
    const events = await gw.request<{ data: Array<{ type: string; data: { payment_instruction?: { id: string } } }> }>('GET', '/v1/events?limit=20', { token });
    expect(events.body.data.some((e) => e.type === 'payment_instruction.expired' && e.data.payment_instruction?.id === created.body.id)).toBe(true);
  });

  it("sends a new connection only what is unexpired in the organization's sandbox time, not the real time", async () => {
    // An organization of its own: its clock moves an hour.
    const own = await gw.client();
    const ownToken = await own.token();
    const ownPlace = await placeTerminal(gw, ownToken);
    const create = (expiresIn: number) =>
      gw.request<Instruction>('POST', '/v1/payment-instructions', {
        token: ownToken,
        body: { terminal_id: ownPlace.terminalId, amount: 150, currency: 'USD', order_id: orderId(), expires_in: expiresIn },
      });
    const stale = (await create(60)).body;
    const fresh = (await create(7200)).body;
    // The stale one's expiry job has not run yet (a runner behind, or holding it elsewhere): only its deadline says it is over.
    await gw.db.deleteFrom('jobs').where('type', '=', 'payment_instruction.expire').where('payload', 'like', `%${stale.id}%`).execute();
    await advanceClock(gw, ownToken, 3600);

    const terminal = await connect(ownPlace.terminalId, ownToken);
    // Delivered in id order: once the fresh one has arrived, the stale one would have come first.
    expect((await terminal.next('instruction', (m) => m.instruction.id === fresh.id)).instruction.status).toBe('DELIVERED');
    expect(
      terminal
        .pending()
        .filter((m) => m.type === 'instruction')
        .map((m) => m.instruction.id),
    ).toEqual([]);
    const row = await gw.db.selectFrom('payment_instructions').select('status').where('id', '=', stale.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('PENDING');
  });

  it('makes one payment when two connections of the terminal report the same instruction at once', async () => {
    const own = await placeTerminal(gw, token);
    const first = await connect(own.terminalId);
    const second = await connect(own.terminalId);
    const created = await instruct({ terminal_id: own.terminalId });
    await first.next('instruction', (m) => m.instruction.id === created.body.id);
    await second.next('instruction', (m) => m.instruction.id === created.body.id);
    const result = { type: 'result', instruction_id: created.body.id, entry_mode: 'chip', card: await cardRead(key, '4242424242424242') };
    first.send(result);
    second.send(result);
    const [a, b] = await Promise.all([first.next('payment'), second.next('payment')]);
    expect(a.payment.id).toBe(b.payment.id);
    // The winner answers once the network decided; the other may see the payment while it is still being authorized.
    expect([a.payment.status, b.payment.status]).toContain('APPROVED');
    const listed = await gw.request<{ data: Array<{ id: string }> }>('GET', `/v1/card-present/payments?terminal_id=${own.terminalId}`, { token });
    expect(listed.body.data.map((p) => p.id)).toEqual([a.payment.id]);
    expect((await getInstruction(created.body.id)).body).toMatchObject({ status: 'COMPLETED', payment_id: a.payment.id });
  });

  it('sends each connection an instruction once: a second connection of the terminal gets the open ones, the first is not sent them again', async () => {
    const own = await placeTerminal(gw, token);
    const first = await connect(own.terminalId);
    const created = await instruct({ terminal_id: own.terminalId });
    await first.next('instruction', (m) => m.instruction.id === created.body.id);
    // A new connection is sent what is open, delivered before it connected.
    const second = await connect(own.terminalId);
    expect((await second.next('instruction', (m) => m.instruction.id === created.body.id)).instruction.status).toBe('DELIVERED');
    // The first connection's messages come in order: an instruction sent again when the second connected comes before this answer.
    first.send({ type: 'ack', instruction_id: created.body.id });
    expect((await first.next('acknowledged')).instruction.status).toBe('ACKNOWLEDGED');
    expect(first.pending().filter((m) => m.type === 'instruction')).toEqual([]);
    // A connection that was not sent it, the third, still is.
    const third = await connect(own.terminalId);
    expect((await third.next('instruction', (m) => m.instruction.id === created.body.id)).instruction.status).toBe('ACKNOWLEDGED');
    second.send({ type: 'ack', instruction_id: created.body.id });
    await second.next('acknowledged');
    expect(second.pending().filter((m) => m.type === 'instruction')).toEqual([]);
  });

  it('fails the instruction when the card is declined', async () => {
    const terminal = await connect();
    const created = await instruct({});
    await terminal.next('instruction', (m) => m.instruction.id === created.body.id);
    terminal.send({ type: 'result', instruction_id: created.body.id, entry_mode: 'swipe', card: await cardRead(key, '4000000000000002') });
    const paid = await terminal.next('payment');
    expect(paid.payment).toMatchObject({ status: 'REJECTED', response_code: '05', channel: 'card_present', entry_mode: 'swipe' });
    expect(paid.instruction).toMatchObject({ status: 'FAILED', payment_id: paid.payment.id, failure: { code: 'card_declined' } });
    expect((await getInstruction(created.body.id)).body.failure?.message).toMatch(/05/);
  });

  it("screens the card read with the fraud rules for the terminal's client: a decline fails the instruction without calling the network", async () => {
    // An organization of its own (its rules touch no other test): one client creates the instruction, another connects the terminal.
    const creator = await gw.client();
    const creatorToken = await creator.token();
    const device = await gw.client({ organizationId: creator.organizationId });
    const orgKey = await merchantKey(gw, creatorToken);
    const own = await placeTerminal(gw, creatorToken);
    const rules = await gw.request('PUT', '/v1/fraud/rules', { token: creatorToken, body: { amount_thresholds: [{ currency: 'USD', decline_above: 1000 }] } });
    expect(rules.status, rules.text).toBe(200);
    const terminal = await connect(own.terminalId, await device.token());
    const created = await instruct({ terminal_id: own.terminalId, amount: 1500 }, creatorToken);
    expect(created.status, created.text).toBe(201);
    await terminal.next('instruction', (m) => m.instruction.id === created.body.id);
    terminal.send({ type: 'result', instruction_id: created.body.id, entry_mode: 'chip', card: await cardRead(orgKey, '4242424242424242') });
    const paid = await terminal.next('payment');
    expect(paid.payment).toMatchObject({ status: 'REJECTED', response_code: '59', channel: 'card_present' });
    expect(paid.instruction).toMatchObject({ status: 'FAILED', payment_id: paid.payment.id, failure: { code: 'card_declined' } });
    const fetched = await gw.request<Instruction>('GET', `/v1/payment-instructions/${created.body.id}`, { token: creatorToken });
    expect(fetched.body).toMatchObject({ status: 'FAILED' });
    expect(fetched.body.failure?.message).toMatch(/59/);
    const evaluation = await gw.request<{ decision: string; rules_hit: Array<{ rule: string }> }>('GET', `/v1/payments/${paid.payment.id}/fraud-evaluation`, {
      token: creatorToken,
    });
    expect(evaluation.body).toMatchObject({ decision: 'decline', rules_hit: [{ rule: 'amount_threshold' }] });
    const stored = await gw.db.selectFrom('fraud_evaluations').select('client_id').where('payment_id', '=', paid.payment.id).executeTakeFirstOrThrow();
    expect(stored.client_id).toBe(device.clientId);
    expect(await gw.db.selectFrom('simulator_operations').select('reference').where('reference', 'like', `%${paid.payment.id}%`).execute()).toEqual([]);
    expect(await gw.db.selectFrom('jobs').select('type').where('payload', 'like', `%${paid.payment.id}%`).execute()).toEqual([]);
    const events = await gw.db
      .selectFrom('events')
      .select('type')
      .where('organization_id', '=', creator.organizationId)
      .where('data', 'like', `%${paid.payment.id}%`)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.type).sort()).toEqual(['payment.card.rejected', 'payment_instruction.failed']);
  });

  it('authorizes only with capture: false, and completes an instruction whose authorization is decided later', async () => {
    const terminal = await connect();
    const authorizeOnly = await instruct({ capture: false });
    await terminal.next('instruction', (m) => m.instruction.id === authorizeOnly.body.id);
    terminal.send({ type: 'result', instruction_id: authorizeOnly.body.id, entry_mode: 'chip', card: await cardRead(key, '4242424242424242') });
    const authorized = await terminal.next('payment');
    expect(authorized.payment).toMatchObject({ status: 'AUTHORIZED', capture: false });
    expect(authorized.instruction.status).toBe('COMPLETED');

    // This test card's authorization is PENDING; the payment's job decides it, and its event completes the instruction.
    const later = await instruct({});
    await terminal.next('instruction', (m) => m.instruction.id === later.body.id);
    terminal.send({ type: 'result', instruction_id: later.body.id, entry_mode: 'chip', card: await cardRead(key, '4000000000003303') });
    const pending = await terminal.next('payment');
    expect(pending.payment.status).toBe('PENDING');
    expect(pending.instruction.status).toBe('PROCESSING');
    const done = await eventually(
      () => getInstruction(later.body.id),
      (r) => r.body.status === 'COMPLETED',
    );
    expect(done.body).toMatchObject({ status: 'COMPLETED', payment_id: pending.payment.id });
  });

  it('answers bad terminal messages with an error naming each problem, and changes nothing', async () => {
    const terminal = await connect();
    terminal.send('not json');
    expect((await terminal.next('error')).error.code).toBe('invalid_request');
    terminal.send({ type: 'dance' });
    expect((await terminal.next('error')).error).toMatchObject({ code: 'validation_failed', details: [{ field: 'type' }] });
    terminal.send({ type: 'result', instruction_id: '', card: { encrypted_number: 'x' } });
    const invalid = await terminal.next('error');
    expect(invalid.error.code).toBe('validation_failed');
    expect(invalid.error.details.map((d: { field: string }) => d.field).sort()).toEqual(
      ['card.encrypted_expiration_month', 'card.encrypted_expiration_year', 'card.encrypted_holder_name', 'entry_mode', 'instruction_id'].sort(),
    );
    terminal.send({ type: 'ack', instruction_id: 'pin-01nosuchinstruction00000000' });
    expect((await terminal.next('error')).error.code).toBe('not_found');

    // A card read that does not decrypt, or a bad card number: 422-like details under card., the instruction stays open.
    const created = await instruct({});
    await terminal.next('instruction', (m) => m.instruction.id === created.body.id);
    const read = await cardRead(key, '4242424242424241');
    terminal.send({ type: 'result', instruction_id: created.body.id, entry_mode: 'chip', card: { ...read, encrypted_holder_name: 'bm90IGVuY3J5cHRlZA==' } });
    expect((await terminal.next('error')).error).toMatchObject({ code: 'validation_failed', details: [{ field: 'card.encrypted_holder_name' }] });
    terminal.send({ type: 'result', instruction_id: created.body.id, entry_mode: 'chip', card: read });
    expect((await terminal.next('error')).error).toMatchObject({ code: 'validation_failed', details: [{ field: 'card.encrypted_number' }] });
    expect((await getInstruction(created.body.id)).body).toMatchObject({ status: 'DELIVERED', payment_id: null });

    // Another terminal's instruction is not this terminal's business.
    const other = await placeTerminal(gw, token);
    const theirs = await instruct({ terminal_id: other.terminalId });
    terminal.send({ type: 'ack', instruction_id: theirs.body.id });
    expect((await terminal.next('error')).error.code).toBe('not_found');
    expect((await getInstruction(theirs.body.id)).body.status).toBe('PENDING');
  });

  it("refuses the upgrade before the socket opens: no token, a bad token, no scope, another organization's terminal, an unusable terminal", async () => {
    const refusal = (headers: Record<string, string>, terminalId: string | null = place.terminalId) =>
      TestTerminal.refusal(gw.baseUrl, headers, terminalId ?? undefined);
    const noToken = await refusal({});
    expect(noToken.status).toBe(401);
    expect(noToken.body.error.code).toBe('unauthorized');
    expect((await refusal({ authorization: 'Bearer not-a-token' })).status).toBe(401);

    const withoutScope = await gw.client({ scopes: ['card-present:read', 'card-present:write'], organizationId: merchant.organizationId });
    const forbidden = await refusal({ authorization: `Bearer ${await withoutScope.token()}` });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('forbidden');

    const stranger = await gw.client();
    const strangerToken = await stranger.token();
    expect((await refusal({ authorization: `Bearer ${strangerToken}` })).status).toBe(404);
    const strangerPlace = await placeTerminal(gw, strangerToken);
    expect((await refusal({ authorization: `Bearer ${token}` }, strangerPlace.terminalId)).status).toBe(404);

    const missing = await refusal({ authorization: `Bearer ${token}` }, null);
    expect(missing.status).toBe(422);
    expect(missing.body.error.details).toEqual([expect.objectContaining({ field: 'terminal_id' })]);
    const detached = await placeTerminal(gw, token, { attach: false });
    expect((await refusal({ authorization: `Bearer ${token}` }, detached.terminalId)).body.error).toMatchObject({
      code: 'validation_failed',
      details: [{ field: 'terminal_id' }],
    });
    const inactive = await placeTerminal(gw, token, { status: 'inactive' });
    expect((await refusal({ authorization: `Bearer ${token}` }, inactive.terminalId)).status).toBe(422);

    // A plain GET is not a connection.
    const plain = await gw.request<{ error: { code: string } }>('GET', `/v1/payment-instructions/ws?terminal_id=${place.terminalId}`, { token });
    expect(plain.status).toBe(400);
    expect(plain.body.error.code).toBe('invalid_request');

    // A terminal's own credentials need only payment-instructions:ws.
    const terminalClient = await gw.client({ scopes: ['payment-instructions:ws'], organizationId: merchant.organizationId });
    const terminal = await connect(place.terminalId, await terminalClient.token());
    expect(terminal.closed).toBeUndefined();
    // And with only that scope, nothing else.
    expect((await gw.request('GET', '/v1/payment-instructions', { token: await terminalClient.token() })).status).toBe(403);
  });

  it('closes a connection whose token was revoked (code 4001) at the next heartbeat', async () => {
    const quick = await startGateway(dialect, {
      DATABASE_URL: gw.gateway.config.database.url,
      PAYMENT_INSTRUCTION_HEARTBEAT_SECONDS: '1',
      TOKEN_REVOCATION_CACHE_MS: '0',
      JOBS_ENABLED: 'false',
    });
    try {
      const terminalClient = await gw.client({ scopes: ['payment-instructions:ws'], organizationId: merchant.organizationId });
      const terminal = await TestTerminal.connect(quick.baseUrl, await terminalClient.token(), place.terminalId);
      open.push(terminal);
      // Pings are answered: the connection lives across heartbeats.
      await eventually(
        async () => terminal.pings,
        (pings) => pings >= 2,
      );
      expect(terminal.closed).toBeUndefined();
      const revoked = await quick.request('POST', '/oauth/revoke', {
        body: { grant_type: 'client_credentials', client_id: terminalClient.clientId, client_secret: terminalClient.secret, audience: AUDIENCE },
      });
      expect(revoked.status).toBe(200);
      await eventually(
        async () => terminal.closed,
        (closed) => closed !== undefined,
        5000,
      );
      expect(terminal.closed).toEqual({ code: 4001, reason: 'token expired or revoked' });
    } finally {
      await quick.close();
    }
  });

  it('checks the token before each terminal message: a token revoked through another process stops at its next message (4001), before the heartbeat', async () => {
    // The heartbeat is an hour away; tokens are checked against the database on every use here.
    const quick = await startGateway(dialect, {
      DATABASE_URL: gw.gateway.config.database.url,
      PAYMENT_INSTRUCTION_HEARTBEAT_SECONDS: '3600',
      TOKEN_REVOCATION_CACHE_MS: '0',
      JOBS_ENABLED: 'false',
    });
    try {
      // A terminal of its own: the instructions left open here reach no other test's connection.
      const own = await placeTerminal(gw, token);
      const terminalClient = await gw.client({ scopes: ['payment-instructions:ws'], organizationId: merchant.organizationId });
      const terminal = await TestTerminal.connect(quick.baseUrl, await terminalClient.token(), own.terminalId);
      open.push(terminal);
      const first = await quick.request<Instruction>('POST', '/v1/payment-instructions', {
        token,
        body: { terminal_id: own.terminalId, amount: 150, currency: 'USD', order_id: orderId() },
      });
      await terminal.next('instruction', (m) => m.instruction.id === first.body.id);
      terminal.send({ type: 'ack', instruction_id: first.body.id });
      expect((await terminal.next('acknowledged')).instruction.id).toBe(first.body.id);

      const second = await quick.request<Instruction>('POST', '/v1/payment-instructions', {
        token,
        body: { terminal_id: own.terminalId, amount: 150, currency: 'USD', order_id: orderId() },
      });
      await terminal.next('instruction', (m) => m.instruction.id === second.body.id);
      // Revoked through the other process: this one learns it from the database at the next message.
      const revoked = await gw.request('POST', '/oauth/revoke', {
        body: { grant_type: 'client_credentials', client_id: terminalClient.clientId, client_secret: terminalClient.secret, audience: AUDIENCE },
      });
      expect(revoked.status).toBe(200);
      terminal.send({ type: 'ack', instruction_id: second.body.id });
      await eventually(
        async () => terminal.closed,
        (closed) => closed !== undefined,
        5000,
      );
      expect(terminal.closed).toEqual({ code: 4001, reason: 'token expired or revoked' });
      expect((await getInstruction(second.body.id)).body).toMatchObject({ status: 'DELIVERED', acknowledged_at: null });
    } finally {
      await quick.close();
    }
  });

  it('validates instructions (every problem named, nothing written) and keeps one instruction per order_id', async () => {
    const empty = await gw.request<{ error: { code: string; details: Array<{ field: string }> } }>('POST', '/v1/payment-instructions', { token, body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.error.details.map((d) => d.field).sort()).toEqual(['amount', 'currency', 'order_id', 'terminal_id']);

    expect((await instruct({ expires_in: 0 })).status).toBe(422);
    const bad2 = await instruct({ amount: 1.001, terminal_id: 'ter-01nosuchterminal0000000000' });
    expect((bad2.body as unknown as { error: { details: Array<{ field: string }> } }).error.details.map((d) => d.field).sort()).toEqual([
      'amount',
      'terminal_id',
    ]);
    const detached = await placeTerminal(gw, token, { attach: false });
    const notAttached = await instruct({ terminal_id: detached.terminalId });
    expect(notAttached.status).toBe(422);
    expect(JSON.stringify(notAttached.body)).toMatch(/not attached/);
    const stranger = await gw.client();
    const theirs = await placeTerminal(gw, await stranger.token());
    expect((await instruct({ terminal_id: theirs.terminalId })).status).toBe(422);
    const listed = await gw.request<{ data: Instruction[] }>('GET', `/v1/payment-instructions?terminal_id=${detached.terminalId}`, { token });
    expect(listed.body.data).toEqual([]);

    const order = orderId();
    const first = await instruct({ order_id: order });
    const again = await instruct({ order_id: order });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const conflict = await instruct({ order_id: order, amount: 151 });
    expect(conflict.status).toBe(409);
    expect((conflict.body as unknown as { error: { code: string } }).error.code).toBe('order_id_conflict');
    // An order already paid online is not paid again at the terminal.
    const paidOnline = orderId();
    await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4242424242424242' }), orderId: paidOnline });
    expect((await instruct({ order_id: paidOnline })).status).toBe(409);
  });

  it('lists instructions newest first, filtered and paginated; another organization sees none of them', async () => {
    const mine = await placeTerminal(gw, token);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await instruct({ terminal_id: mine.terminalId })).body.id);
    const page1 = await gw.request<{ data: Instruction[]; has_more: boolean }>('GET', `/v1/payment-instructions?terminal_id=${mine.terminalId}&limit=2`, {
      token,
    });
    expect(page1.body.data.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    expect(page1.body.has_more).toBe(true);
    const page2 = await gw.request<{ data: Instruction[]; has_more: boolean }>(
      'GET',
      `/v1/payment-instructions?terminal_id=${mine.terminalId}&limit=2&starting_after=${ids[1]}`,
      { token },
    );
    expect(page2.body).toEqual({ data: [expect.objectContaining({ id: ids[0] })], has_more: false });
    const pending = await gw.request<{ data: Instruction[] }>('GET', '/v1/payment-instructions?status=PENDING&limit=100', { token });
    expect(pending.body.data.every((i) => i.status === 'PENDING')).toBe(true);
    expect((await gw.request('GET', '/v1/payment-instructions?limit=0', { token })).status).toBe(422);

    const stranger = await gw.client();
    const strangerToken = await stranger.token();
    expect((await gw.request('GET', `/v1/payment-instructions/${ids[0]}`, { token: strangerToken })).status).toBe(404);
    expect((await gw.request<{ data: unknown[] }>('GET', '/v1/payment-instructions', { token: strangerToken })).body.data).toEqual([]);
  });

  it('runs the example terminal simulator of docs/sandbox.md (examples/terminal-simulator.mjs) through the whole loop', async () => {
    const client = await gw.client();
    const script = fileURLToPath(new URL('../../../examples/terminal-simulator.mjs', import.meta.url));
    const run = (extra: Record<string, string>) =>
      new Promise<{ code: number; output: string }>((resolve) => {
        execFile(
          process.execPath,
          [script],
          {
            env: {
              PATH: process.env.PATH ?? '',
              PASARELA_URL: gw.baseUrl,
              PASARELA_AUDIENCE: AUDIENCE,
              CLIENT_ID: client.clientId,
              CLIENT_SECRET: client.secret,
              ...extra,
            },
            timeout: 30_000,
          },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
        );
      });
    const approved = await run({});
    expect(approved.output).toMatch(/payment pay-\S+: APPROVED/);
    expect(approved.output).toMatch(/instruction pin-\S+: COMPLETED/);
    expect(approved.code, approved.output).toBe(0);
    const declined = await run({ CARD: '4000000000000002', ENTRY_MODE: 'contactless', AMOUNT: '99.5', CURRENCY: 'USD' });
    expect(declined.output).toMatch(/payment pay-\S+: REJECTED \(response code 05\)/);
    expect(declined.output).toMatch(/instruction pin-\S+: FAILED \(card_declined/);
    expect(declined.code, declined.output).toBe(0);
  });

  it('delivers an instruction created through another process to the terminal connected here (NOTIFY on PostgreSQL, the poll on SQLite)', async () => {
    // Two gateways over one database, as production runs several processes: A holds the socket, B takes the request.
    const url = gw.gateway.config.database.url;
    // On PostgreSQL A hears of it by LISTEN/NOTIFY (its poll is too slow to matter here); on SQLite, by its poll.
    const a = await startGateway(dialect, {
      DATABASE_URL: url,
      PAYMENT_INSTRUCTION_POLL_MS: dialect.name === 'postgres' ? '60000' : '100',
      JOBS_ENABLED: 'false',
    });
    const b = await startGateway(dialect, { DATABASE_URL: url, PAYMENT_INSTRUCTION_POLL_MS: '100', JOBS_ENABLED: 'false' });
    try {
      const terminal = await TestTerminal.connect(a.baseUrl, token, place.terminalId);
      open.push(terminal);
      const created = await b.request<Instruction>('POST', '/v1/payment-instructions', {
        token,
        body: { terminal_id: place.terminalId, amount: 20, currency: 'USD', order_id: orderId() },
      });
      expect(created.status).toBe(201);
      const delivered = await terminal.next('instruction', (m) => m.instruction.id === created.body.id, 5000);
      expect(delivered.instruction.status).toBe('DELIVERED');
      terminal.send({ type: 'result', instruction_id: created.body.id, entry_mode: 'chip', card: await cardRead(key, '4242424242424242') });
      expect((await terminal.next('payment')).instruction.status).toBe('COMPLETED');
      expect((await b.request<Instruction>('GET', `/v1/payment-instructions/${created.body.id}`, { token })).body.status).toBe('COMPLETED');
      await terminal.close();
    } finally {
      await a.close();
      await b.close();
    }
  });
});
