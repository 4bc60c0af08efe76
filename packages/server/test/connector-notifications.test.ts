/**
 * Inbound notifications of connectors (POST /v1/connector-accounts/{id}/notifications):
 * signed by the connector with the account's credentials, stored once (a replay
 * and concurrent duplicates change nothing), dispatched to the feature that owns
 * the state (chargebacks: a dispute opened, a dispute decided), scoped to the
 * account's organization. The simulator's own disputes take the same path.
 * Real gateway, real HTTP, real HMAC, both dialects.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';
import { advanceClock } from './support/clock.js';

const SECRET_BYTES = Buffer.from('a-notification-secret-of-32-bytes!');
const NOTIFICATION_SECRET = `whsec_${SECRET_BYTES.toString('base64')}`;
const API_KEY = 'sk_sim_inbound_5b7e1d';

interface Receipt {
  id: string;
  notification_id: string;
  kind: string;
  payment_id: string | null;
  status: string;
  replayed: boolean;
}
interface ErrorBody {
  error: { code: string; details: Array<{ field: string; message: string }> };
}
interface Chargeback {
  id: string;
  payment_id: string;
  status: string;
  amount: string;
  reason_code: string;
  respond_by: string;
  resolution: string | null;
}

/** Signs as the simulator does (Standard Webhooks), independently of the gateway's code. */
function signed(notification: Record<string, unknown>, options: { key?: Buffer; timestamp?: number; id?: string } = {}) {
  const body = JSON.stringify(notification);
  const id = options.id ?? String(notification.id);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', options.key ?? SECRET_BYTES)
    .update(`${id}.${timestamp}.${body}`)
    .digest('base64');
  return {
    body,
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` },
  };
}

describe.each(dialects)('connector notifications on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  let otherToken: string;
  let account: string;
  let otherAccount: string;
  const logs: string[] = [];

  beforeAll(async () => {
    gw = await startGateway(dialect, {}, { logStream: { write: (line) => void logs.push(line) } });
    token = await (await gw.client()).token();
    otherToken = await (await gw.client()).token();
    const created = await gw.request<{ id: string }>('POST', '/v1/connector-accounts', {
      token,
      body: { connector: 'simulator', credentials: { api_key: API_KEY, notification_secret: NOTIFICATION_SECRET } },
    });
    expect(created.status).toBe(201);
    account = created.body.id;
    const other = await gw.request<{ id: string }>('POST', '/v1/connector-accounts', {
      token: otherToken,
      body: { connector: 'simulator', credentials: { api_key: 'sk_sim_other_org_91', notification_secret: NOTIFICATION_SECRET } },
    });
    otherAccount = other.body.id;
  });
  afterAll(() => gw.close());

  const send = (accountId: string, notification: Record<string, unknown>, options: Parameters<typeof signed>[1] = {}) => {
    const { body, headers } = signed(notification, options);
    return gw.request<Receipt & ErrorBody>('POST', `/v1/connector-accounts/${accountId}/notifications`, { rawBody: body, headers });
  };

  /** A captured payment of `card` in the organization of `as` (routed to its account when it has one). */
  async function captured(as: string, card = '4242424242424242'): Promise<PaymentReply & { network_reference: string }> {
    const payment = await pay(gw, as, { instrumentId: await tokenize(gw, as, { number: card }), amount: 75.5, capture: false });
    expect(payment.status).toBe(201);
    const capture = await gw.request<PaymentReply>('POST', `/v1/payments/${payment.body.id}/capture`, { token: as, body: {} });
    expect(capture.status).toBe(200);
    const row = await gw.db.selectFrom('payments').select('network_reference').where('id', '=', payment.body.id).executeTakeFirstOrThrow();
    return { ...capture.body, network_reference: row.network_reference! };
  }

  const chargebacksOf = async (paymentId: string, as = token) =>
    (await gw.request<{ data: Chargeback[] }>('GET', `/v1/chargebacks?payment_id=${paymentId}`, { token: as })).body.data;
  const openedEvents = async (paymentId: string, as = token) =>
    (
      await gw.request<{ data: Array<{ data: { chargeback: { payment_id: string } } }> }>('GET', `/v1/events?type=chargeback.opened&limit=100`, { token: as })
    ).body.data.filter((e) => e.data.chargeback.payment_id === paymentId);
  const stored = (accountId: string) => gw.db.selectFrom('connector_notifications').selectAll().where('account_id', '=', accountId).execute();

  const dispute = (id: string, payment: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    id,
    kind: 'dispute.opened',
    payment,
    amount: 7550,
    currency: 'USD',
    reason_code: '13.1',
    reason: 'Merchandise not received',
    ...extra,
  });

  it("the simulator's dispute arrives as a verified notification of the account: one OPEN chargeback, stored once, a replay changes nothing", async () => {
    const payment = await captured(token, '4000000000000259');
    expect(payment.network_reference.startsWith('ca')).toBe(true);
    const [chargeback] = await chargebacksOf(payment.id);
    expect(chargeback).toMatchObject({ payment_id: payment.id, status: 'OPEN', amount: '75.50', reason_code: '10.4' });
    const rows = (await stored(account)).filter((r) => r.payment_id === payment.id);
    expect(rows).toHaveLength(1);
    // It arrived while the capture was being recorded, and was taken up by the capture's event.
    expect(rows[0]).toMatchObject({ kind: 'dispute.opened', status: 'processed' });
    expect(rows[0]!.notification).not.toContain('whsec_');

    // The same notification again (as a network retries): 200, replayed, nothing changes.
    const again = await send(account, { id: rows[0]!.notification_id, ...(JSON.parse(rows[0]!.notification) as object) });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: rows[0]!.id, replayed: true, status: 'processed' });
    expect(await chargebacksOf(payment.id)).toHaveLength(1);
    expect(await openedEvents(payment.id)).toHaveLength(1);
  });

  it("the simulator's decision on a disputed chargeback arrives as dispute.decided when the decision job asks for it", async () => {
    const payment = await captured(token, '4000000000000259');
    const [chargeback] = await chargebacksOf(payment.id);
    const disputed = await gw.request<Chargeback>('POST', `/v1/chargebacks/${chargeback!.id}/dispute`, { token, body: { evidence: 'winning_evidence' } });
    expect(disputed.body.status).toBe('DISPUTED');
    expect((await stored(account)).filter((r) => r.payment_id === payment.id && r.kind === 'dispute.decided')).toHaveLength(0);
    const advanced = await advanceClock(gw, token, 301);
    expect(advanced.ran.filter((r) => r.type === 'chargeback.decide')).toHaveLength(1);
    expect((await chargebacksOf(payment.id))[0]).toMatchObject({ status: 'WON' });
    const decided = (await stored(account)).filter((r) => r.payment_id === payment.id && r.kind === 'dispute.decided');
    expect(decided).toMatchObject([{ status: 'processed' }]);
    const updates = (
      await gw.request<{ data: Array<{ data: { chargeback: { id: string; status: string } } }> }>('GET', '/v1/events?type=chargeback.updated&limit=100', {
        token,
      })
    ).body.data.filter((e) => e.data.chargeback.id === chargeback!.id);
    expect(updates.map((e) => e.data.chargeback.status).sort()).toEqual(['DISPUTED', 'WON']);
  });

  it("a network's dispute of a captured payment opens its chargeback with the network's deadline; its decision closes it", async () => {
    const payment = await captured(token);
    const respondBy = '2031-01-15T12:00:00.000Z';
    const opened = await send(
      account,
      dispute('dp_1001', { network_reference: payment.network_reference.replace(/^ca[0-9a-z]{8}:/, '') }, { respond_by: respondBy }),
    );
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ notification_id: 'dp_1001', kind: 'dispute.opened', payment_id: payment.id, status: 'processed', replayed: false });
    const [chargeback] = await chargebacksOf(payment.id);
    expect(chargeback).toMatchObject({ status: 'OPEN', amount: '75.50', reason_code: '13.1', respond_by: respondBy });
    expect(await openedEvents(payment.id)).toHaveLength(1);

    // A decision before the merchant disputes changes nothing.
    const early = await send(account, { id: 'dp_1001_early', kind: 'dispute.decided', payment: { reference: payment.id }, outcome: 'won', reason: 'x' });
    expect(early.body.status).toBe('ignored');
    const disputed = await gw.request<Chargeback>('POST', `/v1/chargebacks/${chargeback!.id}/dispute`, { token, body: { evidence: 'delivery receipt' } });
    expect(disputed.body.status).toBe('DISPUTED');
    const decided = await send(account, {
      id: 'dp_1001_decided',
      kind: 'dispute.decided',
      payment: { reference: payment.id },
      outcome: 'won',
      reason: 'The issuer accepted the delivery receipt.',
    });
    expect(decided.status).toBe(200);
    expect(decided.body.status).toBe('processed');
    expect((await chargebacksOf(payment.id))[0]).toMatchObject({ status: 'WON', resolution: 'The issuer accepted the delivery receipt.' });
  });

  it('concurrent duplicates: every answer is 200, exactly one changes anything', async () => {
    const payment = await captured(token);
    const notification = dispute('dp_concurrent', { reference: payment.id });
    const replies = await Promise.all(Array.from({ length: 8 }, () => send(account, notification)));
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(replies.filter((r) => !r.body.replayed)).toHaveLength(1);
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
    expect(await chargebacksOf(payment.id)).toHaveLength(1);
    expect(await openedEvents(payment.id)).toHaveLength(1);
    expect((await stored(account)).filter((r) => r.notification_id === 'dp_concurrent')).toHaveLength(1);
  });

  it('a notification that is not authentic is 401 naming the problem, and nothing is stored', async () => {
    const payment = await captured(token);
    const before = (await stored(account)).length;
    const forged = await send(account, dispute('dp_forged', { reference: payment.id }), { key: Buffer.from('not-the-secret') });
    expect(forged.status).toBe(401);
    expect(forged.body.error.details.map((d) => d.field)).toEqual(['headers.webhook-signature']);
    const stale = await send(account, dispute('dp_stale', { reference: payment.id }), { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.status).toBe(401);
    expect(stale.body.error.details.map((d) => d.field)).toEqual(['headers.webhook-timestamp']);
    const bare = await gw.request<ErrorBody>('POST', `/v1/connector-accounts/${account}/notifications`, {
      rawBody: JSON.stringify(dispute('dp_bare', { reference: payment.id })),
      headers: { 'content-type': 'application/json' },
    });
    expect(bare.status).toBe(401);
    expect(bare.body.error.details.map((d) => d.field).sort()).toEqual(['headers.webhook-id', 'headers.webhook-signature', 'headers.webhook-timestamp']);
    // Signed with another account's credentials: not this account's.
    const { body, headers } = signed(dispute('dp_other_key', { reference: payment.id }), { key: Buffer.from(API_KEY) });
    const wrongAccountKey = await gw.request<ErrorBody>('POST', `/v1/connector-accounts/${account}/notifications`, { rawBody: body, headers });
    expect(wrongAccountKey.status).toBe(401);
    expect((await stored(account)).length).toBe(before);
    expect(await chargebacksOf(payment.id)).toHaveLength(0);
    // The secret appears in no log line.
    expect(logs.join('\n')).not.toContain(SECRET_BYTES.toString('base64'));
  });

  it('a body that cannot be read is 400 naming every problem; a dispute of an uncaptured payment is 400 and may be sent again', async () => {
    const payment = await captured(token);
    const bad = await send(account, { id: 'dp_bad', kind: 'dispute.opened', payment: { reference: payment.id }, amount: -5, currency: 'usd', reason: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d) => d.field).sort()).toEqual(['amount', 'currency', 'reason_code']);
    const kind = await send(account, { id: 'dp_kind', kind: 'payment.teleported', payment: { reference: payment.id } });
    expect(kind.status).toBe(400);
    expect(kind.body.error.details.map((d) => d.field)).toEqual(['kind']);
    const nothing = await send(account, dispute('dp_no_payment', {}));
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.details.map((d) => d.field)).toEqual(['payment']);
    const tooMuch = await send(account, dispute('dp_too_much', { reference: payment.id }, { amount: 999999 }));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.details.map((d) => d.field)).toEqual(['amount']);

    const held = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4242424242424242' }), amount: 75.5, capture: false });
    const early = await send(account, dispute('dp_uncaptured', { reference: held.body.id }));
    expect(early.status).toBe(400);
    expect(early.body.error.details.map((d) => d.field)).toEqual(['payment']);
    expect((await stored(account)).filter((r) => r.notification_id === 'dp_uncaptured')).toHaveLength(0);
    await gw.request('POST', `/v1/payments/${held.body.id}/capture`, { token, body: {} });
    const later = await send(account, dispute('dp_uncaptured', { reference: held.body.id }));
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ status: 'processed', replayed: false });
    expect(await chargebacksOf(held.body.id)).toHaveLength(1);
  });

  it("another organization's payment, an unknown account and a payment of the default account are 404", async () => {
    const mine = await captured(token);
    const intruder = await send(otherAccount, dispute('dp_intruder', { reference: mine.id }));
    expect(intruder.status).toBe(404);
    expect(intruder.body.error.details.map((d) => d.field)).toEqual(['payment']);
    const byNetwork = await send(otherAccount, dispute('dp_intruder_2', { network_reference: mine.network_reference.replace(/^ca[0-9a-z]{8}:/, '') }));
    expect(byNetwork.status).toBe(404);
    expect((await send('cna-00000000000000000000000000', dispute('dp_nowhere', { reference: mine.id }))).status).toBe(404);
    expect(await chargebacksOf(mine.id)).toHaveLength(0);
    expect(await stored(otherAccount)).toHaveLength(0);
  });

  it("the default account's simulator (an organization without accounts) sends its disputes the same way; no one else can", async () => {
    const plain = await (await gw.client()).token();
    const payment = await captured(plain, '4000000000000259');
    expect(payment.network_reference.startsWith('sim_')).toBe(true);
    expect(await chargebacksOf(payment.id, plain)).toEqual([expect.objectContaining({ status: 'OPEN', reason_code: '10.4' })]);
    const rows = (await stored('default')).filter((r) => r.payment_id === payment.id);
    expect(rows).toMatchObject([{ kind: 'dispute.opened', status: 'processed' }]);
    const forged = await send('default', dispute('dp_default_forged', { reference: payment.id }));
    expect(forged.status).toBe(401);
    // An account's notification cannot name a payment of the default account either.
    expect((await send(account, dispute('dp_cross', { reference: payment.id }))).status).toBe(404);
  });
});
