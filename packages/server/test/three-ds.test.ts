/**
 * 3-D Secure on card payments (docs/sandbox.md, "3-D Secure"): a payment that
 * asks for it, or that a fraud rule makes ask for it, is authenticated before
 * the network is asked. Each sandbox test card plays one outcome: frictionless,
 * not enrolled, a challenge passed with the code, a challenge the issuer fails,
 * a challenge nobody answers (abandoned when the test clock passes its
 * expiry). The challenge page is real HTML over real HTTP; the result is on the
 * payment and its events, and the order's one charge holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { encrypt, encryptedCard, importPublicKey, merchantKey, tokenize } from './support/cards.js';

interface ThreeDs {
  version: string | null;
  flow: string | null;
  outcome: string;
  eci: string | null;
  liability_shift: boolean;
}
interface Payment {
  id: string;
  status: string;
  response_code: string | null;
  three_ds: ThreeDs | null;
  next_action?: { type: string; redirect_to_url: { url: string; return_url: string | null }; expires_at: string };
  authorized_at: string | null;
}
interface EventList {
  data: Array<{ type: string; data: { payment: { id: string; three_ds?: ThreeDs } } }>;
}

const CARDS = {
  frictionless: '4000000000003238',
  challenge: '4000000000003220',
  fails: '4000000000003063',
  silent: '4000000000003279',
  notEnrolled: '4000000000003253',
  plain: '4242424242424242',
  mastercard: '5555555555554444',
  noThreeDs: '4111111111111111',
};
const RETURN_URL = 'https://shop.example/checkout/done?cart=7';

describe.each(dialects)('3-D Secure on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  const instruments: Record<string, string> = {};

  beforeAll(async () => {
    gw = await startGateway(dialect);
    token = await (await gw.client()).token();
    for (const [name, number] of Object.entries(CARDS)) instruments[name] = await tokenize(gw, token, { number });
  });
  afterAll(() => gw.close());

  async function pay(card: keyof typeof CARDS, extra: Record<string, unknown> = {}, as = token) {
    const key = await merchantKey(gw, as);
    return gw.request<Payment>('POST', '/v1/payments', {
      token: as,
      body: {
        amount: 150,
        currency: 'USD',
        order_id: `3ds-${Math.random().toString(36).slice(2)}`,
        instrument_id: instruments[card],
        encrypted_cvv: await encrypt(key, '123'),
        three_ds: { required: true, return_url: RETURN_URL },
        ...extra,
      },
    });
  }
  const get = async (id: string) => (await gw.request<Payment>('GET', `/v1/payments/${id}`, { token })).body;
  const eventsOf = async (id: string) => (await gw.request<EventList>('GET', `/v1/events?payment_id=${id}`, { token })).body.data;
  const transactionsOf = async (id: string) =>
    (await gw.request<{ data: Array<{ type: string; status: string }> }>('GET', `/v1/payments/${id}/transactions`, { token })).body.data;
  /** The challenge page's path, from next_action. */
  const pagePath = (p: Payment) => new URL(p.next_action!.redirect_to_url.url).pathname;
  const answer = (path: string, form: Record<string, string>, lang = 'en') =>
    fetch(gw.baseUrl + path, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang },
      body: new URLSearchParams(form).toString(),
    });

  it('frictionless: authenticated without a challenge, then approved; the result is on the payment and its event', async () => {
    const reply = await pay('frictionless');
    expect(reply.status).toBe(201);
    expect(reply.body.next_action).toBeUndefined();
    const expected = { version: '2.2.0', flow: 'frictionless', outcome: 'authenticated', eci: '05', liability_shift: true };
    expect(reply.body).toMatchObject({ status: 'APPROVED', response_code: '00', three_ds: expected });
    expect((await get(reply.body.id)).three_ds).toEqual(expected);
    const events = await eventsOf(reply.body.id);
    expect(events.map((e) => [e.type, e.data.payment.three_ds])).toContainEqual(['payment.card.approved', expected]);
  });

  it('a card not enrolled is authorized without 3-D Secure and without liability shift; a payment that does not ask shows null', async () => {
    const reply = await pay('notEnrolled');
    expect(reply.body).toMatchObject({
      status: 'APPROVED',
      three_ds: { version: null, flow: null, outcome: 'not_enrolled', eci: '07', liability_shift: false },
    });
    const plain = await pay('challenge', { three_ds: undefined });
    expect(plain.body).toMatchObject({ status: 'APPROVED', three_ds: null });
    expect(plain.body.next_action).toBeUndefined();
  });

  it('challenge: PENDING with next_action; the page takes the code, the payment is approved and the cardholder returns', async () => {
    const created = await pay('challenge');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'PENDING',
      authorized_at: null,
      three_ds: { version: '2.2.0', flow: 'challenge', outcome: 'challenge_pending', eci: null, liability_shift: false },
      next_action: { type: 'redirect_to_url', redirect_to_url: { return_url: RETURN_URL } },
    });
    const url = created.body.next_action!.redirect_to_url.url;
    // The gateway's PUBLIC_BASE_URL (https://pasarela.test in the tests), the token the only secret.
    expect(url).toMatch(/^https:\/\/pasarela\.test\/sandbox-3ds\/[A-Za-z0-9_-]{43}$/);
    expect(url).not.toContain(created.body.id);
    // GET gives the same next_action again; the network has not been asked.
    expect((await get(created.body.id)).next_action).toEqual(created.body.next_action);
    expect(await transactionsOf(created.body.id)).toEqual([]);

    const page = await fetch(gw.baseUrl + pagePath(created.body), { headers: { 'accept-language': 'es-CO' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' https://shop.example");
    const text = await page.text();
    expect(text).toContain('<html lang="es">');
    expect(text).toContain('Código de verificación');
    expect(text).toContain('•••• 3220');
    expect(text).toContain('USD 150,00');

    const done = await answer(pagePath(created.body), { action: 'submit', code: '1234' });
    expect(done.status).toBe(303);
    const back = new URL(done.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('https://shop.example/checkout/done');
    expect(Object.fromEntries(back.searchParams)).toEqual({ cart: '7', payment_id: created.body.id });

    const paid = await get(created.body.id);
    expect(paid).toMatchObject({
      status: 'APPROVED',
      response_code: '00',
      three_ds: { version: '2.2.0', flow: 'challenge', outcome: 'authenticated', eci: '05', liability_shift: true },
    });
    expect(paid.next_action).toBeUndefined();
    expect(await transactionsOf(created.body.id)).toMatchObject([{ type: 'authorization', status: 'SUCCEEDED' }]);
    const types = (await eventsOf(created.body.id)).map((e) => e.type);
    expect(types).toContain('payment.card.action_required');
    expect(types).toContain('payment.card.approved');

    // The token is used: another answer changes nothing, and the page shows the result.
    const again = await answer(pagePath(created.body), { action: 'cancel' });
    expect(again.status).toBe(303);
    expect((await get(created.body.id)).status).toBe('APPROVED');
    const finished = await (await fetch(gw.baseUrl + pagePath(created.body), { headers: { 'accept-language': 'en' } })).text();
    expect(finished).toContain('Verification complete');
    expect(finished).not.toContain('name="code"');
  });

  it('a wrong code, the fail button and cancel each decline without asking the network', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ action: 'submit', code: '9999' }, 'failed'],
      [{ action: 'fail' }, 'failed'],
      [{ action: 'cancel' }, 'cancelled'],
    ];
    for (const [form, outcome] of cases) {
      const created = await pay('challenge');
      const done = await answer(pagePath(created.body), form);
      expect(done.status, outcome).toBe(303);
      const payment = await get(created.body.id);
      expect(payment, outcome).toMatchObject({ status: 'REJECTED', response_code: '05', three_ds: { outcome, eci: '07', liability_shift: false } });
      expect(await transactionsOf(created.body.id)).toEqual([]);
      const rejected = (await eventsOf(created.body.id)).find((e) => e.type === 'payment.card.rejected');
      expect(rejected?.data.payment.three_ds?.outcome).toBe(outcome);
      // The card_declines rule counts the issuer's refusal, not the shopper's cancel.
      const counted = await gw.db.selectFrom('card_declines').select('payment_id').where('payment_id', '=', created.body.id).execute();
      expect(counted.length, outcome).toBe(outcome === 'failed' ? 1 : 0);
    }
  });

  it('any other card follows the BIN table: a 2.x BIN is challenged (Mastercard ECI 02), a BIN without 3-D Secure is not enrolled', async () => {
    const mastercard = await pay('mastercard');
    expect(mastercard.body).toMatchObject({ status: 'PENDING', three_ds: { outcome: 'challenge_pending' } });
    await answer(pagePath(mastercard.body), { action: 'submit', code: '1234' });
    expect(await get(mastercard.body.id)).toMatchObject({ status: 'APPROVED', three_ds: { outcome: 'authenticated', eci: '02', liability_shift: true } });
    const none = await pay('noThreeDs');
    expect(none.body).toMatchObject({ status: 'APPROVED', three_ds: { outcome: 'not_enrolled', version: null, eci: '07' } });
  });

  it("the failing issuer's card refuses even the right code", async () => {
    const created = await pay('fails');
    expect(created.body.status).toBe('PENDING');
    await answer(pagePath(created.body), { action: 'submit', code: '1234' });
    expect(await get(created.body.id)).toMatchObject({ status: 'REJECTED', three_ds: { outcome: 'failed' } });
  });

  it('an empty code is 422 on the page, naming what is missing; nothing changes', async () => {
    const created = await pay('challenge');
    const reply = await answer(pagePath(created.body), { action: 'submit', code: ' ' });
    expect(reply.status).toBe(422);
    expect(await reply.text()).toContain('Enter the code your bank sent you.');
    expect((await get(created.body.id)).status).toBe('PENDING');
  });

  it('abandoned: the silent issuer never answers; the test clock passes the expiry and the payment is REJECTED', async () => {
    const client = await gw.client();
    const own = await client.token();
    instruments.silentOwn = await tokenize(gw, own, { number: CARDS.silent });
    const key = await merchantKey(gw, own);
    const created = await gw.request<Payment>('POST', '/v1/payments', {
      token: own,
      body: {
        amount: 42,
        currency: 'USD',
        order_id: `3ds-silent-${Date.now()}`,
        instrument_id: instruments.silentOwn,
        encrypted_cvv: await encrypt(key, '123'),
        three_ds: { required: true },
      },
    });
    expect(created.body).toMatchObject({ status: 'PENDING', next_action: { redirect_to_url: { return_url: null } } });
    const waiting = await answer(pagePath(created.body), { action: 'submit', code: '1234' });
    expect(waiting.status).toBe(202);
    expect(await waiting.text()).toContain('Your bank is not answering');

    const early = await gw.request<{ ran: Array<{ type: string }> }>('POST', '/v1/sandbox/clock/advance', { token: own, body: { seconds: 590 } });
    expect(early.body.ran.map((r) => r.type)).not.toContain('payment.expire_authentication');
    const read = async () => (await gw.request<Payment>('GET', `/v1/payments/${created.body.id}`, { token: own })).body;
    expect((await read()).status).toBe('PENDING');
    const later = await gw.request<{ ran: Array<{ type: string; subject_id: string; outcome: string }> }>('POST', '/v1/sandbox/clock/advance', {
      token: own,
      body: { seconds: 20 },
    });
    expect(later.body.ran.map((r) => [r.type, r.subject_id, r.outcome])).toContainEqual(['payment.expire_authentication', created.body.id, 'completed']);
    expect(await read()).toMatchObject({ status: 'REJECTED', response_code: '05', three_ds: { outcome: 'abandoned', liability_shift: false } });
    // Without a return URL the page shows the result itself.
    const page = await fetch(gw.baseUrl + pagePath(created.body), { headers: { 'accept-language': 'en' } });
    expect(await page.text()).toContain('The verification expired');
  });

  it('one charge per order_id: a retry while the challenge is pending answers the same payment, with its next_action', async () => {
    const orderId = `3ds-retry-${Date.now()}`;
    const first = await pay('challenge', { order_id: orderId });
    const retry = await pay('challenge', { order_id: orderId });
    expect(retry.body.id).toBe(first.body.id);
    expect(retry.body.next_action).toEqual(first.body.next_action);
    const other = await pay('challenge', { order_id: orderId, amount: 151 });
    expect(other.status).toBe(409);
  });

  it('a fraud rule with three_ds_above makes a payment that did not ask go through the challenge', async () => {
    const client = await gw.client();
    const own = await client.token();
    const put = await gw.request('PUT', '/v1/fraud/rules', { token: own, body: { amount_thresholds: [{ currency: 'USD', three_ds_above: 100 }] } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ amount_thresholds: [{ currency: 'USD', review_above: null, decline_above: null, three_ds_above: '100.00' }] });
    const instrument = await tokenize(gw, own, { number: CARDS.challenge });
    const key = await merchantKey(gw, own);
    const body = (amount: number) => ({ amount, currency: 'USD', order_id: `3ds-rule-${Math.random()}`, instrument_id: instrument });
    const small = await gw.request<Payment>('POST', '/v1/payments', { token: own, body: { ...body(100), encrypted_cvv: await encrypt(key, '123') } });
    expect(small.body).toMatchObject({ status: 'APPROVED', three_ds: null });
    const large = await gw.request<Payment>('POST', '/v1/payments', { token: own, body: { ...body(100.01), encrypted_cvv: await encrypt(key, '123') } });
    expect(large.body).toMatchObject({ status: 'PENDING', three_ds: { outcome: 'challenge_pending' }, next_action: { type: 'redirect_to_url' } });
    const evaluation = await gw.request<{ decision: string; rules_hit: Array<{ rule: string; action: string }> }>(
      'GET',
      `/v1/payments/${large.body.id}/fraud-evaluation`,
      { token: own },
    );
    expect(evaluation.body).toMatchObject({ decision: 'review', rules_hit: [{ rule: 'amount_threshold', action: 'three_ds' }] });
  });

  it("the hosted checkout runs the challenge a fraud rule asks for: the issuer's page, then back to the payment's page", async () => {
    const own = await (await gw.client()).token();
    await gw.request('PUT', '/v1/fraud/rules', { token: own, body: { amount_thresholds: [{ currency: 'USD', three_ds_above: 100 }] } });
    const link = (
      await gw.request<{ id: string; url: string }>('POST', '/v1/links', {
        token: own,
        body: { type: 'payment', data: { amount: { value: 150, currency: 'USD' } } },
      })
    ).body;
    const path = new URL(link.url).pathname;
    const page = await gw.request('GET', path, { headers: { accept: 'text/html' } });
    const config = /<script type="application\/json" id="checkout-config">(.*?)<\/script>/s.exec(page.text)![1]!;
    const key = await importPublicKey((JSON.parse(config) as { publicKey: string }).publicKey);
    const { type: _type, ...encrypted } = await encryptedCard(key, { number: CARDS.challenge });
    const paid = await gw.request<{ payment_id: string; status: string; challenge_url?: string }>('POST', `${path}/card`, {
      body: { ...encrypted, cvv_for_payment: await encrypt(key, '123') },
    });
    expect(paid.body).toMatchObject({ status: 'PENDING', challenge_url: expect.stringMatching(/^https:\/\/pasarela\.test\/sandbox-3ds\//) });
    const done = await answer(new URL(paid.body.challenge_url!).pathname, { action: 'submit', code: '1234' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${link.url}?payment_id=${paid.body.payment_id}`);
    const payment = (await gw.request<Payment>('GET', `/v1/payments/${paid.body.payment_id}`, { token: own })).body;
    expect(payment).toMatchObject({ status: 'APPROVED', three_ds: { outcome: 'authenticated', liability_shift: true } });
    expect((await gw.request('GET', `/v1/links/${link.id}`, { token: own })).body).toMatchObject({ uses: 1 });
  });

  it('bad three_ds input is 422 naming every field; an unknown challenge token is 404', async () => {
    const reply = await pay('challenge', { three_ds: { required: 'yes', return_url: 'ftp://example.com/x' } });
    expect(reply.status).toBe(422);
    const fields = (reply.body as unknown as { error: { details: Array<{ field: string }> } }).error.details.map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['three_ds.required', 'three_ds.return_url']));
    const unknown = await fetch(`${gw.baseUrl}/sandbox-3ds/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
  });
});
