/**
 * The public checkout is not a card-testing oracle (docs/security.md):
 * card declines are capped per payment link and per client address, counted in
 * the database before the network is called (so racing attempts, through two
 * gateway instances on PostgreSQL, never pass the cap); the shopper never sees
 * the issuer's response code; custom amounts have a floor; and the default
 * fraud rule declines a card the network has declined too often.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { addressSubject } from '../src/links/card-attempts.js';
import { dialects } from './support/dialects.js';
import { HttpClient, TestGateway, testEnv } from './support/gateway.js';
import { encrypt, encryptedCard, importPublicKey, pay, tokenize, type PaymentReply } from './support/cards.js';

interface LinkView {
  id: string;
  url: string;
  uses: number;
  data: Record<string, unknown>;
}
type CardReply = { payment_id: string; status: string; redirect_url: string | null; message?: string; response_code?: string };
type ErrorBody = { error: { code: string; message: string; details: Array<{ field: string; message: string }> } };

/** The sandbox's declining test cards (05, 51, 54, 96, 59): five cards, so the per-card fraud rule stays out of the way. */
const DECLINING = ['4000000000000002', '4000000000009995', '4000000000000069', '4000000000000119', '4100000000000019'];
const ES_BLOCKED = 'Los pagos con tarjeta no están disponibles por un tiempo. Intente más tarde o use otro medio de pago.';
const EN_BLOCKED = 'Card payments are unavailable for a while. Try again later or use another payment method.';
const ES_DECLINED = 'La tarjeta fue rechazada. Intente con otra tarjeta.';

describe('client addresses are counted per subscriber', () => {
  it('an IPv4 address as is (also IPv4-mapped IPv6); an IPv6 address by its /64', () => {
    expect(addressSubject('203.0.113.7')).toBe('203.0.113.7');
    expect(addressSubject('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressSubject('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(addressSubject('2001:db8:0:1:ffff:ffff:ffff:2')).toBe('2001:db8:0:1::/64');
    expect(addressSubject('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressSubject('::1')).toBe('0:0:0:0::/64');
  });
});

describe.each(dialects)('card-testing defences of the hosted checkout on $name', (dialect) => {
  let gw: TestGateway;
  /** A second gateway on the same database (PostgreSQL: as a second process would be; SQLite: the same gateway). */
  let peer: HttpClient;
  let closePeer = async () => {};

  beforeAll(async () => {
    const env = await testEnv(dialect, { TRUST_PROXY: 'true', LINK_MIN_AMOUNT: 'USD:1.00', JOBS_ENABLED: 'false' });
    const gateway = await createGateway(loadConfig(env));
    gw = new TestGateway(gateway, await gateway.app.listen({ port: 0, host: '127.0.0.1' }));
    if (dialect.name === 'postgres') {
      const second = await createGateway(loadConfig(env));
      peer = new HttpClient(await second.app.listen({ port: 0, host: '127.0.0.1' }));
      closePeer = () => second.close();
    } else peer = gw;
  });
  afterAll(async () => {
    await closePeer();
    await gw.close();
  });

  async function merchant() {
    const client = await gw.client();
    const token = await client.token();
    const createLink = async (body: Record<string, unknown>) => {
      const reply = await gw.request<LinkView>('POST', '/v1/links', { token, body: { type: 'payment', ...body } });
      expect(reply.status, reply.text).toBe(201);
      return reply.body;
    };
    const multiUse = (value = 10) => createLink({ multi_use: true, max_uses: 100, data: { amount: { value, currency: 'USD' } } });
    return { client, token, createLink, multiUse };
  }

  const pathOf = (link: LinkView) => new URL(link.url).pathname;
  const keys = new Map<string, Awaited<ReturnType<typeof importPublicKey>>>();

  /** What the checkout page's script does, from one client address (X-Forwarded-For behind TRUST_PROXY). */
  async function payByCard(link: LinkView, options: { number: string; ip: string; amount?: number; lang?: string; via?: HttpClient }) {
    const headers = { 'x-forwarded-for': options.ip, ...(options.lang ? { 'accept-language': options.lang } : {}) };
    let key = keys.get(link.id);
    if (!key) {
      const page = await gw.request('GET', pathOf(link), { headers });
      key = await importPublicKey((JSON.parse(/id="checkout-config">(.*?)<\/script>/s.exec(page.text)![1]!) as { publicKey: string }).publicKey);
      keys.set(link.id, key);
    }
    const { type: _type, ...encrypted } = await encryptedCard(key, { number: options.number });
    return (options.via ?? gw).request<CardReply>('POST', `${pathOf(link)}/card`, {
      headers,
      body: { ...encrypted, cvv_for_payment: await encrypt(key, '123'), ...(options.amount === undefined ? {} : { amount: options.amount }) },
    });
  }

  const blockedEvents = async (linkId: string) =>
    (
      await gw.db.selectFrom('events').select(['type', 'data']).where('type', '=', 'link.card_attempts_blocked').where('data', 'like', `%${linkId}%`).execute()
    ).map((e) => JSON.parse(e.data) as { link: { id: string }; scope: string; until: string });

  it('the 6th decline on one link is refused with 429, Retry-After and a translated message, whatever the address; the event is recorded once; the page says so', async () => {
    const { token, multiUse } = await merchant();
    const link = await multiUse();
    const declined: CardReply[] = [];
    for (let i = 0; i < 5; i++) {
      const reply = await payByCard(link, { number: DECLINING[i]!, ip: `198.51.100.${i + 1}` });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body).toMatchObject({ status: 'REJECTED', message: ES_DECLINED });
      declined.push(reply.body);
    }
    const sixth = await payByCard(link, { number: '4000000000000002', ip: '198.51.100.99' });
    expect(sixth.status).toBe(429);
    expect((sixth.body as unknown as ErrorBody).error).toMatchObject({ code: 'rate_limited', message: ES_BLOCKED });
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // A good card is refused as well while the link is blocked (it reserved nothing, no payment was made).
    const english = await payByCard(link, { number: '4242424242424242', ip: '198.51.100.100', lang: 'en' });
    expect(english.status).toBe(429);
    expect((english.body as unknown as ErrorBody).error.message).toBe(EN_BLOCKED);
    expect(await gw.db.selectFrom('link_payments').select('payment_id').where('link_id', '=', link.id).execute()).toHaveLength(5);
    expect((await gw.request<LinkView>('GET', `/v1/links/${link.id}`, { token })).body.uses).toBe(0);

    const events = await blockedEvents(link.id);
    expect(events).toEqual([{ link: { id: link.id }, scope: 'link', until: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    expect(Date.parse(events[0]!.until)).toBeGreaterThan(Date.now());

    const page = await gw.request('GET', pathOf(link), { headers: { 'x-forwarded-for': '198.51.100.200' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain(ES_BLOCKED);
    // The merchant still reads each decline's exact code.
    const codes = await Promise.all(
      declined.map(async (d) => (await gw.request<PaymentReply>('GET', `/v1/payments/${d.payment_id}`, { token })).body.response_code),
    );
    expect(codes).toEqual(['05', '51', '54', '96', '59']);
  });

  it('the 11th decline from one address across links is refused (scope address); approved payments are not counted; another address is unaffected', async () => {
    const { multiUse } = await merchant();
    const ip = '203.0.113.10';
    const links = [await multiUse(), await multiUse(), await multiUse(), await multiUse(), await multiUse()];
    // Approved payments first: were they counted, the cap would be reached three declines early.
    for (const link of links.slice(0, 3)) expect((await payByCard(link, { number: '4242424242424242', ip })).body.status).toBe('APPROVED');
    expect(
      await gw.db
        .selectFrom('link_card_attempts')
        .select('id')
        .where(
          'link_id',
          'in',
          links.map((l) => l.id),
        )
        .execute(),
    ).toEqual([]);
    for (let i = 0; i < 10; i++) {
      const reply = await payByCard(links[i % 5]!, { number: DECLINING[i % 5]!, ip });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body.status).toBe('REJECTED');
    }
    const fresh = await multiUse();
    const eleventh = await payByCard(fresh, { number: '4000000000000002', ip });
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get('retry-after')).toMatch(/^\d+$/);
    // Once per block: the 12th refusal records nothing more.
    expect((await payByCard(links[0]!, { number: '4242424242424242', ip })).status).toBe(429);
    const events = [...(await blockedEvents(fresh.id)), ...(await blockedEvents(links[0]!.id))];
    expect(events).toEqual([{ link: { id: fresh.id }, scope: 'address', until: expect.any(String) }]);
    expect((await payByCard(fresh, { number: '4242424242424242', ip: '203.0.113.11' })).body.status).toBe('APPROVED');
    // The address is stored only as a keyed hash.
    const stored = await gw.db
      .selectFrom('link_card_attempts')
      .select('address_key')
      .where(
        'link_id',
        'in',
        links.map((l) => l.id),
      )
      .execute();
    expect(stored).toHaveLength(10);
    expect(new Set(stored.map((s) => s.address_key)).size).toBe(1);
    expect(stored[0]!.address_key).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain('203.0.113');
  });

  it('20 racing declines (through two gateway instances on PostgreSQL) never pass the cap of 5', async () => {
    const { multiUse } = await merchant();
    const link = await multiUse();
    await payByCard(link, { number: '4242424242424242', ip: '192.0.2.1' }); // loads the page's key once
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => payByCard(link, { number: DECLINING[i % 5]!, ip: `192.0.2.${i + 2}`, via: i % 2 === 0 ? gw : peer })),
    );
    expect(replies.filter((r) => r.status === 200 && r.body.status === 'REJECTED')).toHaveLength(5);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(15);
    expect(await blockedEvents(link.id)).toHaveLength(1);
    const rejected = await gw.db.selectFrom('link_payments').select('payment_id').where('link_id', '=', link.id).where('status', '=', 'released').execute();
    expect(rejected).toHaveLength(5);
  });

  it('the checkout replies never carry the issuer code or message; GET /v1/payments/{id} and the event do', async () => {
    const { client, token, multiUse } = await merchant();
    const link = await multiUse();
    const reply = await payByCard(link, { number: '4000000000009995', ip: '198.51.100.150', lang: 'en' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      payment_id: expect.stringMatching(/^pay-/),
      status: 'REJECTED',
      redirect_url: null,
      message: 'The card was declined. Try another card.',
    });
    expect(reply.text).not.toContain('"51"');
    expect(reply.text).not.toMatch(/response_code|insufficient|fund/i);
    const status = await gw.request('GET', `${pathOf(link)}/status?payment_id=${reply.body.payment_id}`);
    expect(status.status).toBe(200);
    expect(status.text).not.toContain('"51"');
    expect(status.text).not.toMatch(/response_code/);
    const payment = await gw.request<PaymentReply>('GET', `/v1/payments/${reply.body.payment_id}`, { token });
    expect(payment.body).toMatchObject({ status: 'REJECTED', response_code: '51' });
    const [event] = await gw.db
      .selectFrom('events')
      .select('data')
      .where('organization_id', '=', client.organizationId)
      .where('type', '=', 'payment.card.rejected')
      .execute();
    expect(JSON.parse(event!.data)).toMatchObject({ payment: { id: reply.body.payment_id, response_code: '51' } });
  });

  it('a custom amount has a floor per currency (LINK_MIN_AMOUNT): at creation and when the shopper pays', async () => {
    const { token, createLink } = await merchant();
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ type: 'custom', currency: 'USD', min_amount: 0.5, max_amount: 50 }, ['data.amount.min_amount']],
      [{ type: 'custom', currency: 'USD', max_amount: 0.99 }, ['data.amount.max_amount']],
      [{ type: 'custom', currency: 'USD', min_amount: 0.01, max_amount: 0.5 }, ['data.amount.max_amount', 'data.amount.min_amount']],
      [{ type: 'custom', currency: 'COP', min_amount: 999.99, max_amount: 50000 }, ['data.amount.min_amount']],
    ];
    for (const [amount, fields] of cases) {
      const reply = await gw.request<ErrorBody>('POST', '/v1/links', { token, body: { type: 'payment', data: { amount } } });
      const got = reply.body.error?.details.map((d) => d.field).sort();
      expect({ amount, status: reply.status, got }).toEqual({ amount, status: 422, got: fields });
    }
    const detail = await gw.request<ErrorBody>('POST', '/v1/links', {
      token,
      body: { type: 'payment', data: { amount: { type: 'custom', currency: 'COP', min_amount: 1, max_amount: 5 } } },
    });
    expect(detail.body.error.details).toEqual(
      expect.arrayContaining([{ field: 'data.amount.min_amount', message: 'must be at least 1000.00 COP (the minimum of a custom amount)' }]),
    );

    // No min_amount: the floor. The shopper's amount below it is 422, naming the field.
    const link = await createLink({ data: { amount: { type: 'custom', currency: 'USD', max_amount: 50 } } });
    expect(link.data.min_amount).toBe(1);
    const low = await payByCard(link, { number: '4242424242424242', ip: '198.51.100.160', amount: 0.99 });
    expect(low.status).toBe(422);
    expect((low.body as unknown as ErrorBody).error.details).toEqual([{ field: 'amount', message: 'El valor debe estar entre USD 1,00 y USD 50,00.' }]);
    expect((await payByCard(link, { number: '4242424242424242', ip: '198.51.100.160', amount: 1 })).body.status).toBe('APPROVED');

    // A link stored with a lower minimum (made before the floor) is held to the floor too.
    const older = await createLink({ multi_use: true, max_uses: 5, data: { amount: { type: 'custom', currency: 'USD', min_amount: 2, max_amount: 50 } } });
    const row = await gw.db.selectFrom('links').select('data').where('id', '=', older.id).executeTakeFirstOrThrow();
    await gw.db
      .updateTable('links')
      .set({ data: JSON.stringify({ ...JSON.parse(row.data), min_amount: 1 }) })
      .where('id', '=', older.id)
      .execute();
    const page = await gw.request('GET', pathOf(older));
    expect(page.text).toContain('Entre USD 1,00 y USD 50,00');
    expect((await payByCard(older, { number: '4242424242424242', ip: '198.51.100.161', amount: 0.01 })).status).toBe(422);
    expect((await payByCard(older, { number: '4242424242424242', ip: '198.51.100.161', amount: 1 })).body.status).toBe('APPROVED');
  });

  it("a fixed amount has the same floor: a link for 0.01 COP is 422 naming data.amount.value, with the schema's problems in one 422", async () => {
    const { token } = await merchant();
    const link = (value: string, currency: string) =>
      gw.request<ErrorBody>('POST', '/v1/links', { token, body: { type: 'payment', data: { amount: { value, currency } } } });
    const cents = await link('0.01', 'COP');
    expect([cents.status, cents.body.error.details]).toEqual([
      422,
      [{ field: 'data.amount.value', message: 'must be at least 1000.00 COP (the minimum of a payment link)' }],
    ]);
    expect((await link('999.99', 'COP')).status).toBe(422);
    expect((await link('1000', 'COP')).status).toBe(201);
    expect((await link('0.99', 'USD')).body.error.details.map((d) => d.field)).toEqual(['data.amount.value']);
    expect((await link('1.00', 'USD')).status).toBe(201);
    // With a problem of the schema's (a wrong type, an unknown field), every problem in one 422.
    const both = await gw.request<ErrorBody>('POST', '/v1/links', {
      token,
      body: { type: 'payment', expires_in: 'soon', max_uses: 3, data: { amount: { value: '0.01', currency: 'COP' }, redirect_url: 'not a url' } },
    });
    expect([both.status, both.body.error.details.map((d) => d.field).sort()]).toEqual([
      422,
      ['data.amount.value', 'data.redirect_url', 'expires_in', 'max_uses'],
    ]);
  });

  it('the default fraud rule card_declines: after 5 network declines of one card, its next payment is REJECTED 59 without the network', async () => {
    const { token } = await merchant();
    const rules = await gw.request<Record<string, unknown>>('GET', '/v1/fraud/rules', { token });
    expect(rules.body).toMatchObject({ configured: false, card_declines: { max_declines: 5, window_seconds: 3600, action: 'decline' } });
    const card = await tokenize(gw, token, { number: '4000000000000002' });
    for (let i = 0; i < 5; i++) expect((await pay(gw, token, { instrumentId: card })).body).toMatchObject({ status: 'REJECTED', response_code: '05' });
    const sixth = (await pay(gw, token, { instrumentId: card })).body;
    expect(sixth).toMatchObject({ status: 'REJECTED', response_code: '59' });
    expect(await gw.db.selectFrom('simulator_operations').select('reference').where('reference', 'like', `%${sixth.id}%`).execute()).toEqual([]);
    const evaluation = await gw.request<{ decision: string; rules_hit: unknown[] }>('GET', `/v1/payments/${sixth.id}/fraud-evaluation`, { token });
    expect(evaluation.body).toMatchObject({
      decision: 'decline',
      rules_hit: [{ rule: 'card_declines', action: 'decline', observed: 5, limit: 5, window_seconds: 3600 }],
    });
    // The rule's own declines are not network declines: the count stays at 5.
    const seventh = (await pay(gw, token, { instrumentId: card })).body;
    expect((await gw.request<{ rules_hit: unknown[] }>('GET', `/v1/payments/${seventh.id}/fraud-evaluation`, { token })).body.rules_hit).toEqual([
      expect.objectContaining({ rule: 'card_declines', observed: 5 }),
    ]);
    // By fingerprint: the same card tokenized again (a new instrument after deleting the old one) is still blocked.
    expect((await gw.request('DELETE', `/v1/instruments/${card}`, { token })).status).toBeLessThan(300);
    const again = await tokenize(gw, token, { number: '4000000000000002' });
    expect(again).not.toBe(card);
    expect((await pay(gw, token, { instrumentId: again })).body).toMatchObject({ status: 'REJECTED', response_code: '59' });
    // Other cards, and other organizations, are unaffected; null switches the rule off.
    expect((await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4242424242424242' }) })).body.status).toBe('APPROVED');
    const other = await merchant();
    expect((await pay(gw, other.token, { instrumentId: await tokenize(gw, other.token, { number: '4000000000000002' }) })).body.response_code).toBe('05');
    expect((await gw.request('PUT', '/v1/fraud/rules', { token, body: { card_declines: null } })).status).toBe(200);
    expect((await pay(gw, token, { instrumentId: again })).body.response_code).toBe('05');
  });
});
