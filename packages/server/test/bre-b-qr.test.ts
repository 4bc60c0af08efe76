import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { advanceClock } from './support/clock.js';
import { parseTlv, verifyCrc } from '../src/payments/apm/qr.js';

interface Intent {
  payment_id: string;
  transaction: { status: string; status_detail: string };
  rail: { payment_link?: string; qr?: { image: string; content: string }; alias?: string };
}
interface Event {
  type: string;
  data: { payment: { id: string; transaction: { status: string } }; reversal?: { amount: number; reason: string } };
}

describe.each(dialects)('Bre-B on the QR rail on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  let organizationName: string;
  const key = `@QR${Date.now().toString(36).toUpperCase()}`;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    const client = await gw.client();
    token = await client.token();
    organizationName = (await gw.db.selectFrom('organizations').select('name').where('id', '=', client.organizationId).executeTakeFirstOrThrow()).name;
    const made = await gw.request<{ id: string }>('POST', '/v1/bre-b/keys', { token, body: { type: 'alphanumeric', value: key } });
    // A pending key has no QR and is not what intents are paid to.
    expect((await gw.request('GET', `/v1/bre-b/keys/${made.body.id}/qr`, { token })).body).toMatchObject({ error: { code: 'breb_key_not_active' } });
    await gw.request('POST', `/v1/sandbox/bre-b/keys/${made.body.id}/verify`, { token });
  });
  afterAll(async () => {
    await gw.close();
  });

  let order = 0;
  const intent = async (amount: number) =>
    (
      await gw.request<Intent>('POST', '/v1/payments/intents', {
        token,
        body: { order_id: `breb-${Date.now()}-${order++}`, amount, currency: 'COP', rail_id: 'QR_INTEROP', rail_type: 'BANK_TRANSFER' },
      })
    ).body;
  const transfer = (id: string, amount: number) =>
    gw.request<Intent>('POST', `/v1/sandbox/payments/${id}/simulate`, { token, body: { outcome: 'approve', amount } });
  const events = async (id: string) =>
    (await gw.request<{ data: Event[] }>('GET', `/v1/events?payment_id=${id}&limit=100`, { token })).body.data.map((e) => ({
      type: e.type,
      reversal: e.data.reversal,
    }));

  it("the intent's QR is a dynamic single-use EMVCo payload paid to the merchant's active key", async () => {
    const reply = await intent(15050.5);
    expect(reply.rail.alias).toBe(key);
    const content = reply.rail.qr!.content;
    expect(verifyCrc(content)).toBe(true);
    const fields = parseTlv(content);
    expect(fields.get('01')).toBe('12');
    expect(fields.get('54')).toBe('15050.50');
    expect([fields.get('53'), fields.get('58')]).toEqual(['170', 'CO']);
    expect(parseTlv(fields.get('26')!).get('01')).toBe(key);
    expect(fields.get('59')).toBe(organizationName.slice(0, 25));
    expect(parseTlv(fields.get('80')!).get('01')).toBe('ECOMM');
    // The single-use reference: in the reference label and the transaction id, and the page's address.
    const reference = parseTlv(fields.get('62')!).get('05')!;
    expect(parseTlv(fields.get('90')!).get('01')).toBe(reference);
    expect(reply.rail.payment_link).toMatch(new RegExp(`/sandbox-bank/qr/${reference}$`));
    const other = await intent(15050.5);
    expect(parseTlv(parseTlv(other.rail.qr!.content).get('62')!).get('05')).not.toBe(reference);
  });

  it('a static QR per active key: no amount, point of initiation 11, transaction id 000000, a valid CRC', async () => {
    const keys = (await gw.request<{ data: Array<{ id: string; value: string }> }>('GET', '/v1/bre-b/keys', { token })).body.data;
    const reply = await gw.request<{ key: string; content: string; image: string }>('GET', `/v1/bre-b/keys/${keys[0]!.id}/qr`, { token });
    expect(reply.status).toBe(200);
    expect(reply.body.key).toBe(key);
    expect(reply.body.image).toMatch(/^data:image\/png;base64,/);
    expect(verifyCrc(reply.body.content)).toBe(true);
    const fields = parseTlv(reply.body.content);
    expect(fields.get('01')).toBe('11');
    expect(fields.has('54')).toBe(false);
    expect(parseTlv(fields.get('26')!).get('01')).toBe(key);
    expect(parseTlv(fields.get('90')!).get('01')).toBe('000000');
  });

  it('a transfer of another amount is reversed and the intent keeps waiting; the right amount pays it; a second transfer is reversed', async () => {
    const reply = await intent(15050);
    const wrong = await transfer(reply.payment_id, 15000);
    expect(wrong.status).toBe(200);
    expect(wrong.body.transaction).toMatchObject({ status: 'IN_PROGRESS', status_detail: 'PENDING' });
    const right = await transfer(reply.payment_id, 15050);
    expect(right.body.transaction).toMatchObject({ status: 'APPROVED', status_detail: 'SUCCESS' });
    const again = await transfer(reply.payment_id, 15050);
    expect(again.body.transaction.status).toBe('APPROVED');
    const recorded = (await events(reply.payment_id)).reverse();
    expect(recorded).toEqual([
      { type: 'payment.purchase.pending', reversal: undefined },
      { type: 'payment.purchase.reversed', reversal: { amount: 15000, reason: 'amount_mismatch' } },
      { type: 'payment.purchase.succeeded', reversal: undefined },
      { type: 'payment.purchase.reversed', reversal: { amount: 15050, reason: 'already_paid' } },
    ]);
  });

  it('a transfer after expiry (the test clock moved past it) is reversed', async () => {
    const reply = await intent(15050);
    await advanceClock(gw, token, 15 * 60 + 1);
    const late = await transfer(reply.payment_id, 15050);
    expect(late.status).toBe(200);
    expect(late.body.transaction).toMatchObject({ status: 'DECLINED', status_detail: 'REJECTED' });
    const recorded = await events(reply.payment_id);
    expect(recorded[0]).toEqual({ type: 'payment.purchase.reversed', reversal: { amount: 15050, reason: 'expired' } });
    expect(recorded.map((e) => e.type)).not.toContain('payment.purchase.succeeded');
  });

  it('422 for an amount on another rail or with another outcome; nothing changes', async () => {
    const reply = await intent(15050);
    const rejected = await gw.request('POST', `/v1/sandbox/payments/${reply.payment_id}/simulate`, { token, body: { outcome: 'reject', amount: 15050 } });
    expect(rejected.status).toBe(422);
    expect(rejected.body).toMatchObject({ error: { details: [{ field: 'amount' }] } });
    const wallet = await gw.request<Intent>('POST', '/v1/payments/intents', {
      token,
      body: {
        order_id: `breb-w-${order++}`,
        amount: 15050,
        currency: 'COP',
        rail_id: 'WALLET_PUSH',
        rail_type: 'WALLET',
        customer: { phone_number: '3001234567' },
      },
    });
    const other = await transfer(wallet.body.payment_id, 15050);
    expect(other.status).toBe(422);
    expect((await events(reply.payment_id)).map((e) => e.type)).toEqual(['payment.purchase.pending']);
  });

  it('a cashout can go to a Bre-B key: looked up first, kept on the cashout; a key nobody holds is 422 and pays nothing', async () => {
    const paid = await intent(30050);
    await transfer(paid.payment_id, 30050);
    const unknown = await gw.request('POST', '/v1/cashouts', { token, body: { payment_id: paid.payment_id, amount: 100, breb_key: '3001110000' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ error: { details: [{ field: 'breb_key' }] } });
    const reply = await gw.request<{ id: string; status: string; destination: unknown }>('POST', '/v1/cashouts', {
      token,
      body: { payment_id: paid.payment_id, amount: 100, breb_key: '+57 300 111 2233' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.status).toBe('SUCCEEDED');
    const destination = { breb_key: '3001112233', holder_name: 'A** Ma*** Gó*** Ru**', institution: { id: '9103', name: 'Billetera de Pruebas' } };
    expect(reply.body.destination).toEqual(destination);
    expect((await gw.request<{ destination: unknown }>('GET', `/v1/cashouts/${reply.body.id}`, { token })).body.destination).toEqual(destination);
    const list = await gw.request<{ data: Array<{ id: string }> }>('GET', `/v1/cashouts?payment_id=${paid.payment_id}`, { token });
    expect(list.body.data.map((c) => c.id)).toEqual([reply.body.id]);
  });

  it("the payer's bank-app page: the merchant's name from the QR, the key, a bank to pick; another amount comes back, the right one pays", async () => {
    const reply = await intent(15050);
    const path = new URL(reply.rail.payment_link!).pathname;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const shown = await gw.request('GET', path, { headers: { 'accept-language': 'en' } });
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(`<dd id="key">${key}</dd>`);
    expect(shown.text).toContain(`<dd id="merchant">${organizationName.slice(0, 25)}</dd>`);
    expect(shown.text).toMatch(/<select id="bank" name="bank"><option value="\w+">/);
    expect(shown.text).toContain('value="15050"');
    const bad = await gw.request('POST', path, { rawBody: 'decision=approve&amount=quince', headers: { ...form, 'accept-language': 'en' } });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('role="alert"');
    const wrong = await fetch(gw.baseUrl + path, { method: 'POST', body: 'decision=approve&bank=1007&amount=15000', headers: form, redirect: 'manual' });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('location')).toBe(`${path}?returned=amount_mismatch`);
    const notice = await gw.request('GET', `${path}?returned=amount_mismatch`, { headers: { 'accept-language': 'en' } });
    expect(notice.text).toContain('your money was returned');
    expect((await gw.request<Intent>('GET', `/v1/payments/${reply.payment_id}`, { token })).body.transaction.status).toBe('IN_PROGRESS');
    const right = await fetch(gw.baseUrl + path, { method: 'POST', body: 'decision=approve&bank=1007&amount=15050', headers: form, redirect: 'manual' });
    expect(right.headers.get('location')).toBe(path);
    expect((await gw.request<Intent>('GET', `/v1/payments/${reply.payment_id}`, { token })).body.transaction.status).toBe('APPROVED');
    expect((await events(reply.payment_id)).map((e) => e.type)).toEqual([
      'payment.purchase.succeeded',
      'payment.purchase.reversed',
      'payment.purchase.pending',
    ]);
  });
});
