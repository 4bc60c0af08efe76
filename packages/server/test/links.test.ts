import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestClient, type TestGateway } from './support/gateway.js';
import { encrypt, encryptedCard, importPublicKey, merchantKey, type TestCardInput } from './support/cards.js';
import { Receiver } from './support/receiver.js';
import { eventually } from './support/wait.js';
import { advanceClock } from './support/clock.js';

interface LinkView {
  id: string;
  url: string;
  type: string;
  status: string;
  expires_at: string;
  payment_id?: string;
  uses: number;
  max_uses: number;
  payments: Array<{ payment_id: string; status: string }>;
  data: Record<string, unknown>;
  created_at: string;
}

describe.each(dialects)('payment links and enrollment links on $name', (dialect) => {
  let gw: TestGateway;
  let client: TestClient;
  let token: string;
  let receiver: Receiver;

  beforeAll(async () => {
    gw = await startGateway(dialect, { RAIL_MOCK_DELAY_SECONDS: '0' });
    client = await gw.client();
    token = await client.token();
    receiver = await new Receiver().start();
  });
  afterAll(async () => {
    await gw.close();
    await receiver.close();
  });

  const createLink = (body: Record<string, unknown>) => gw.request<LinkView>('POST', '/v1/links', { token, body: { type: 'payment', ...body } });
  const getLink = async (id: string) => (await gw.request<LinkView>('GET', `/v1/links/${id}`, { token })).body;
  const pagePath = (link: LinkView) => new URL(link.url).pathname;

  /** What the checkout page's script does: encrypt the card with the organization's key (the page's), post it. */
  async function payByCard(link: LinkView, number = '4242424242424242', amount?: number) {
    const page = await gw.request('GET', pagePath(link), { headers: { accept: 'text/html' } });
    const fromPage = /<script type="application\/json" id="checkout-config">(.*?)<\/script>/s.exec(page.text)?.[1];
    const key = fromPage ? await importPublicKey((JSON.parse(fromPage) as { publicKey: string }).publicKey) : await merchantKey(gw, token);
    const fields = await encryptedCard(key, { number });
    const { type: _type, ...encrypted } = fields;
    return gw.request<{ payment_id: string; status: string; redirect_url: string | null }>('POST', `${pagePath(link)}/card`, {
      body: { ...encrypted, cvv_for_payment: await encrypt(key, '123'), ...(amount === undefined ? {} : { amount }) },
    });
  }

  it('creates a payment link: 201 with id, url, status created, expires_at 12 hours later by default', async () => {
    const reply = await createLink({ data: { amount: { value: 150, currency: 'USD' }, description: 'Camiseta', redirect_url: 'https://shop.example/ok' } });
    expect(reply.status).toBe(201);
    expect(reply.body.id).toMatch(/^lnk-/);
    expect(reply.body).toMatchObject({
      type: 'payment',
      status: 'created',
      uses: 0,
      max_uses: 1,
      data: { amount: 150, currency: 'USD', description: 'Camiseta' },
    });
    expect(reply.body.url).toMatch(/^https:\/\/pasarela\.test\/l\/[A-Za-z0-9_-]{20,}$/);
    expect(Date.parse(reply.body.expires_at) - Date.parse(reply.body.created_at)).toBeGreaterThanOrEqual(43200 * 1000 - 1000);
    expect(Date.parse(reply.body.expires_at) - Date.parse(reply.body.created_at)).toBeLessThanOrEqual(43200 * 1000 + 1000);
    const list = await gw.request<{ data: LinkView[] }>('GET', '/v1/links', { token });
    expect(list.body.data.map((l) => l.id)).toContain(reply.body.id);
  });

  it('422 for a bad link: expiry over 24 h, missing amounts, bounds reversed, unknown currency', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ expires_in: 86401, data: { amount: { value: 10, currency: 'USD' } } }, 'expires_in'],
      [{ data: { amount: { currency: 'USD' } } }, 'data.amount.value'],
      [{ data: { amount: { value: 10.001, currency: 'USD' } } }, 'data.amount.value'],
      [{ data: { amount: { type: 'custom', currency: 'USD', min_amount: 10 } } }, 'data.amount.max_amount'],
      [{ data: { amount: { type: 'custom', currency: 'USD', min_amount: 50, max_amount: 10 } } }, 'data.amount.min_amount'],
      [{ data: { amount: { value: 10, currency: 'XYZ' } } }, 'data.amount.currency'],
      [{ data: { amount: { value: 10, currency: 'USD' }, redirect_url: 'nope' } }, 'data.redirect_url'],
      [{ max_uses: 3, data: { amount: { value: 10, currency: 'USD' } } }, 'max_uses'],
    ];
    for (const [body, field] of cases) {
      const reply = await createLink(body);
      const fields = (reply.body as unknown as { error?: { details: Array<{ field: string }> } }).error?.details.map((d) => d.field);
      expect({ body, status: reply.status, fields }).toEqual({ body, status: 422, fields: expect.arrayContaining([field]) });
    }
  });

  it('opening the checkout makes the link opened; paying by card makes it used, with payment_id and link.paid', async () => {
    const link = (await createLink({ data: { amount: { value: 150, currency: 'USD' }, description: 'Camiseta', redirect_url: 'https://shop.example/ok' } }))
      .body;
    const page = await gw.request('GET', pagePath(link), { headers: { 'accept-language': 'en' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('Camiseta');
    expect(page.text).toContain('USD 150.00');
    expect((await getLink(link.id)).status).toBe('opened');

    const paid = await payByCard(link);
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('APPROVED');
    expect(paid.body.redirect_url).toBe(`https://shop.example/ok?payment_id=${paid.body.payment_id}`);
    const after = await getLink(link.id);
    expect(after).toMatchObject({ status: 'used', payment_id: paid.body.payment_id, uses: 1 });
    const events = await gw.db.selectFrom('events').select('type').where('type', 'like', 'link.%').where('data', 'like', `%${link.id}%`).execute();
    expect(events.map((e) => e.type)).toEqual(['link.paid']);

    const again = await payByCard(link);
    expect(again.status).toBe(409);
    const closed = await gw.request('GET', pagePath(link));
    expect(closed.status).toBe(410);
    expect(closed.text).not.toContain('card-form');
  });

  it('a declined card gives the use back; a custom amount out of bounds is refused', async () => {
    const link = (await createLink({ data: { amount: { type: 'custom', currency: 'USD', min_amount: 5, max_amount: 50 } } })).body;
    expect((await payByCard(link, '4242424242424242', 60)).status).toBe(422);
    expect((await payByCard(link, '4242424242424242', 4.99)).status).toBe(422);
    const declined = await payByCard(link, '4000000000000002', 20);
    expect(declined.body.status).toBe('REJECTED');
    // The shopper is told the card was declined, never the issuer's code (GET /v1/payments/{id} has it).
    expect(declined.body).toMatchObject({ message: 'La tarjeta fue rechazada. Intente con otra tarjeta.' });
    expect(declined.body).not.toHaveProperty('response_code');
    expect(await getLink(link.id)).toMatchObject({ status: 'opened', uses: 0 });
    const ok = await payByCard(link, '4242424242424242', 20);
    expect(ok.body.status).toBe('APPROVED');
    const payment = await gw.request<{ amount: string }>('GET', `/v1/payments/${ok.body.payment_id}`, { token });
    expect(payment.body.amount).toBe('20.00');
  });

  it("a card the server refuses is told in the page's language, on the checkout and on the enrollment form", async () => {
    const link = (await createLink({ data: { amount: { value: 20, currency: 'USD' } } })).body;
    const page = await gw.request('GET', pagePath(link), { headers: { accept: 'text/html' } });
    const key = await importPublicKey((JSON.parse(/id="checkout-config">(.*?)<\/script>/s.exec(page.text)![1]!) as { publicKey: string }).publicKey);
    const send = async (path: string, card: TestCardInput, lang: string, extra: Record<string, unknown> = {}) => {
      const { type: _type, ...encrypted } = await encryptedCard(key, card);
      return gw.request<{ error: { code: string; message: string; details: Array<{ field: string; message: string }> } }>('POST', path, {
        headers: { 'accept-language': lang },
        body: { ...encrypted, ...extra },
      });
    };
    const cvv = { cvv_for_payment: await encrypt(key, '123') };
    const expired = await send(`${pagePath(link)}/card`, { number: '4242424242424242', year: '2020' }, 'es-CO', cvv);
    expect(expired.status).toBe(422);
    expect(expired.body.error).toMatchObject({
      code: 'validation_failed',
      message: 'La tarjeta está vencida o su fecha de vencimiento no es válida.',
      details: [{ field: 'encrypted_expiration_year', message: 'La tarjeta está vencida o su fecha de vencimiento no es válida.' }],
    });
    const luhn = await send(`${pagePath(link)}/card`, { number: '4242424242424241' }, 'en', cvv);
    expect(luhn.body.error).toMatchObject({ message: 'The card number is not valid.', details: [{ field: 'encrypted_number' }] });
    // Nothing was taken: the link still takes its payment.
    expect((await payByCard(link)).body.status).toBe('APPROVED');

    const form = await gw.request<LinkView>('POST', '/v1/instruments/enrollments', {
      token,
      body: { type: 'card_enrollment', expires_in: 3600, data: { webhook: receiver.url, api_key: 'merchant-key-0123456789' } },
    });
    expect(form.status, form.text).toBe(201);
    const refused = await send(`${pagePath(form.body)}/save`, { number: '4242424242424241' }, 'es');
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe('El número de la tarjeta no es válido.');
  });

  it('a multi-use link takes max_uses payments, then is used; racing shoppers never pay a single-use link twice', async () => {
    const multi = (await createLink({ multi_use: true, max_uses: 2, data: { amount: { value: 10, currency: 'USD' } } })).body;
    expect((await payByCard(multi)).body.status).toBe('APPROVED');
    expect((await getLink(multi.id)).status).toBe('opened');
    expect((await payByCard(multi)).body.status).toBe('APPROVED');
    const exhausted = await getLink(multi.id);
    expect(exhausted).toMatchObject({ status: 'used', uses: 2 });
    expect(exhausted.payments).toHaveLength(2);
    expect((await payByCard(multi)).status).toBe(409);

    const single = (await createLink({ data: { amount: { value: 10, currency: 'USD' } } })).body;
    const replies = await Promise.all(Array.from({ length: 6 }, () => payByCard(single)));
    expect(replies.filter((r) => r.status === 200 && r.body.status === 'APPROVED')).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(5);
    const rows = await gw.db.selectFrom('link_payments').select('payment_id').where('link_id', '=', single.id).execute();
    expect(rows).toHaveLength(1);

    // Racing declined cards: the shoppers refused meanwhile are told a payment is in flight, never that the link
    // takes no more payments, and the link still takes one afterwards.
    const declining = (await createLink({ data: { amount: { value: 10, currency: 'USD' } } })).body;
    const declined = await Promise.all(Array.from({ length: 6 }, () => payByCard(declining, '4000000000000002')));
    expect(declined.filter((r) => r.status === 200).map((r) => r.body.status)).toContain('REJECTED');
    for (const refused of declined.filter((r) => r.status === 409))
      expect((refused.body as unknown as { error: { message: string } }).error.message).toBe(
        'Ya hay un pago en curso con este enlace. Espere su resultado e intente de nuevo.',
      );
    expect((await payByCard(declining)).body.status).toBe('APPROVED');
  });

  it('an expired link shows a clear page and refuses payment; link.expired is emitted', async () => {
    const link = (await createLink({ expires_in: 60, data: { amount: { value: 10, currency: 'USD' } } })).body;
    // The test clock passes expires_at; the expiry job runs before the advance answers.
    expect((await advanceClock(gw, token, 61)).ran.map((r) => [r.type, r.subject_id])).toContainEqual(['link.expire', link.id]);
    const page = await gw.request('GET', pagePath(link), { headers: { 'accept-language': 'es' } });
    expect(page.status).toBe(410);
    expect(page.text).toContain('expiró');
    expect((await getLink(link.id)).status).toBe('expired');
    expect((await payByCard(link)).status).toBe(409);
    const events = await gw.db.selectFrom('events').select('type').where('type', 'like', 'link.%').where('data', 'like', `%${link.id}%`).execute();
    expect(events.map((e) => e.type)).toEqual(['link.expired']);
  });

  it('a link whose expiry comes while a cash payment through it is in flight stays open for it: paid, the link is used (no link.expired); never paid, it expires when the reference does', async () => {
    const linkEvents = async (id: string) =>
      (await gw.db.selectFrom('events').select('type').where('type', 'like', 'link.%').where('data', 'like', `%${id}%`).orderBy('id').execute()).map(
        (e) => e.type,
      );
    const cash = async (link: LinkView) => {
      const intent = await gw.request<{ payment_id: string; rail: { payment_link: string } }>('POST', `${pagePath(link)}/intent`, {
        body: { rail_id: 'CASH' },
      });
      expect(intent.status, intent.text).toBe(200);
      return intent.body;
    };
    const paidLink = (await createLink({ expires_in: 60, data: { amount: { value: 5050, currency: 'COP' } } })).body;
    const paying = await cash(paidLink);
    await advanceClock(gw, token, 120);
    // Past its expiry: no new payment, but the link is not expired under the shopper's reference.
    expect(await getLink(paidLink.id)).toMatchObject({ status: 'created', uses: 1 });
    expect((await payByCard(paidLink)).status).toBe(409);
    const atStore = await fetch(gw.baseUrl + new URL(paying.rail.payment_link).pathname, { method: 'POST', redirect: 'manual' });
    expect(atStore.status).toBeLessThan(400);
    await gw.gateway.jobs.runDue();
    expect((await gw.request<{ status: string }>('GET', `/v1/payments/${paying.payment_id}`, { token })).body.status).toBe('APPROVED');
    expect(await getLink(paidLink.id)).toMatchObject({ status: 'used', payment_id: paying.payment_id });
    expect(await linkEvents(paidLink.id)).toEqual(['link.paid']);

    const unpaidLink = (await createLink({ expires_in: 60, data: { amount: { value: 5050, currency: 'COP' } } })).body;
    const unpaid = await cash(unpaidLink);
    await advanceClock(gw, token, 120);
    expect((await getLink(unpaidLink.id)).status).toBe('created');
    // The reference expires (72 hours): the payment is not paid, the link expires with it.
    await advanceClock(gw, token, 73 * 3600);
    expect((await gw.request<{ status: string }>('GET', `/v1/payments/${unpaid.payment_id}`, { token })).body.status).not.toBe('APPROVED');
    expect((await getLink(unpaidLink.id)).status).toBe('expired');
    expect(await linkEvents(unpaidLink.id)).toEqual(['link.expired']);
  });

  it('a COP link is paid on an alternative rail too', async () => {
    const link = (await createLink({ data: { amount: { value: 25000, currency: 'COP' } } })).body;
    await gw.request('GET', pagePath(link));
    const intent = await gw.request<{ payment_id: string; rail: { qr?: { content: string } } }>('POST', `${pagePath(link)}/intent`, {
      body: { rail_id: 'QR_INTEROP' },
    });
    expect(intent.status).toBe(200);
    expect(intent.body.rail.qr?.content).toContain('5303170');
    const done = await eventually(
      () => gw.request<{ status: string }>('GET', `${pagePath(link)}/status?payment_id=${intent.body.payment_id}`),
      (r) => r.body.status === 'APPROVED',
    );
    expect(done.body.status).toBe('APPROVED');
    expect(
      await eventually(
        () => getLink(link.id),
        (l) => l.status === 'used',
      ),
    ).toMatchObject({ status: 'used', payment_id: intent.body.payment_id });
  });

  it('enrollment link: a form framable by its allowed origins that saves the card, calls the webhook with Api-Key, and is then used', async () => {
    const created = await gw.request<{ id: string; url: string; type: string; status: string }>('POST', '/v1/instruments/enrollments', {
      token,
      body: {
        type: 'card_enrollment',
        expires_in: 3600,
        data: {
          webhook: receiver.url,
          api_key: 'merchant-key-0123456789',
          allowed_origins: ['https://Shop.Example.com/', 'http://localhost:3000', 'https://shop.example.com:443'],
        },
        metadata: { styleConfig: { text: { headerTitle: 'Guarda tu tarjeta', buttonText: 'Guardar' }, colors: { primary: '#ff5500' } } },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'card_enrollment', status: 'created' });
    expect(created.body.id).toMatch(/^lnk-/);
    const path = new URL(created.body.url).pathname;
    const page = await gw.request('GET', path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Guarda tu tarjeta');
    expect(page.text).toContain('#ff5500');
    expect(page.headers.get('x-frame-options')).toBeNull();
    // Origins as a browser compares them (lowercase, default port dropped), each once.
    expect(page.headers.get('content-security-policy')).toMatch(/; frame-ancestors https:\/\/shop\.example\.com http:\/\/localhost:3000$/);
    expect(page.text).toContain('"parentOrigins":["https://shop.example.com","http://localhost:3000"]');
    expect((await getLink(created.body.id)).status).toBe('opened');
    expect((await getLink(created.body.id)).data).toMatchObject({ allowed_origins: ['https://shop.example.com', 'http://localhost:3000'] });
    // Other pages stay unframeable.
    expect((await gw.request('GET', '/v1/organizations', { token })).headers.get('x-frame-options')).toBe('DENY');

    const config = JSON.parse(/id="enroll-config">(.*?)<\/script>/s.exec(page.text)![1]!) as { publicKey: string };
    const { type: _type, ...encrypted } = await encryptedCard(await importPublicKey(config.publicKey), { number: '5555555555554444' });
    const saved = await gw.request<{ instrument_id: string }>('POST', `${path}/save`, { body: encrypted });
    expect(saved.status).toBe(200);
    expect(saved.body.instrument_id).toMatch(/^ins-/);
    await eventually(
      async () => receiver.received.filter((r) => r.body.includes(saved.body.instrument_id)).length,
      (n) => n > 0,
    );
    const callback = receiver.received.find((r) => r.body.includes(saved.body.instrument_id))!;
    expect(JSON.parse(callback.body)).toEqual({ instrument_id: saved.body.instrument_id });
    expect(callback.headers['api-key']).toBe('merchant-key-0123456789');
    expect(await getLink(created.body.id)).toMatchObject({ status: 'used', instrument_id: saved.body.instrument_id });
    const after = await gw.request('GET', path);
    expect(after.status).toBe(410);
    expect(after.headers.get('content-security-policy')).toMatch(/frame-ancestors https:\/\/shop\.example\.com http:\/\/localhost:3000$/);
    expect(after.text).not.toContain('card-form');
    expect((await gw.request('POST', `${path}/save`, { body: encrypted })).status).toBe(409);
    const row = await gw.db.selectFrom('links').select(['api_key_sealed', 'data']).where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(row.api_key_sealed).not.toContain('merchant-key');
    expect(row.data).not.toContain('merchant-key');
  });

  it('enrollment link without allowed_origins: the form cannot be framed and its script posts the result to no window', async () => {
    const created = await gw.request<{ id: string; url: string }>('POST', '/v1/instruments/enrollments', {
      token,
      body: { type: 'card_enrollment', expires_in: 3600, data: { webhook: receiver.url, api_key: 'merchant-key-0123456789' } },
    });
    expect(created.status).toBe(201);
    const page = await gw.request('GET', new URL(created.body.url).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toMatch(/; frame-ancestors 'none'$/);
    expect(page.text).toContain('"parentOrigins":[]');
    const script = await gw.request('GET', '/fields/v1/hosted/enrollment.js');
    expect(script.status).toBe(200);
    expect(page.text).toContain('<script src="/fields/v1/hosted/enrollment.js"></script>');
    expect(script.text).toContain('postMessage');
    expect(script.text).not.toMatch(/postMessage\([^)]*["'`]\*["'`]\)/);
    expect(script.text).toContain('.parentOrigins');
  });

  it("a hosted page never makes the encryption key: a link's creator with compliance:write does, once; without it the card form is unavailable", async () => {
    // A new organization with no key, and a client that may make links but not keys.
    const linker = await gw.client({ scopes: ['links:write', 'links-api:read', 'instruments:write', 'instruments:read'] });
    const linkerToken = await linker.token();
    const keyOf = async () => gw.db.selectFrom('encryption_keys').select(['kid', 'status']).where('organization_id', '=', linker.organizationId).execute();
    const configOf = (text: string) =>
      JSON.parse(/<script type="application\/json" id="checkout-config">(.*?)<\/script>/s.exec(text)![1]!) as { publicKey: string | null; payable: boolean };

    const usd = await gw.request<LinkView>('POST', '/v1/links', {
      token: linkerToken,
      body: { type: 'payment', data: { amount: { value: 20, currency: 'USD' } } },
    });
    expect(usd.status, usd.text).toBe(201);
    const enrollment = await gw.request<{ url: string }>('POST', '/v1/instruments/enrollments', {
      token: linkerToken,
      body: { type: 'card_enrollment', expires_in: 3600, data: { webhook: receiver.url, api_key: 'merchant-key-0123456789' } },
    });
    expect(enrollment.status, enrollment.text).toBe(201);
    // Any shopper opening the pages: still no key, the card form says it is unavailable, the enrollment form is 503.
    const page = await gw.request('GET', pagePath(usd.body), { headers: { 'accept-language': 'en' } });
    expect(page.status).toBe(200);
    expect(configOf(page.text)).toMatchObject({ publicKey: null, payable: true });
    expect(page.text).toContain('This merchant does not take card payments through this link yet.');
    const form = await gw.request('GET', new URL(enrollment.body.url).pathname, { headers: { 'accept-language': 'en' } });
    expect(form.status).toBe(503);
    expect(form.text).toContain('This form is not available yet.');
    expect(await keyOf()).toEqual([]);

    // A client of the same organization that may make keys makes the first one by creating a link; later links keep it.
    const keeper = await (await gw.client({ organizationId: linker.organizationId, scopes: ['links:write', 'compliance:write'] })).token();
    expect((await gw.request('POST', '/v1/links', { token: keeper, body: { type: 'payment', data: { amount: { value: 20, currency: 'USD' } } } })).status).toBe(
      201,
    );
    const made = await keyOf();
    expect(made).toMatchObject([{ status: 'active' }]);
    expect((await gw.request('POST', '/v1/links', { token: keeper, body: { type: 'payment', data: { amount: { value: 30, currency: 'USD' } } } })).status).toBe(
      201,
    );
    expect(await keyOf()).toEqual(made);
    // The first link's page now encrypts with it.
    const now = await gw.request('GET', pagePath(usd.body));
    expect(configOf(now.text).publicKey).toBe(
      (await gw.db.selectFrom('encryption_keys').select('public_key').where('kid', '=', made[0]!.kid).executeTakeFirstOrThrow()).public_key,
    );
    expect((await gw.request('GET', new URL(enrollment.body.url).pathname)).status).toBe(200);
  });

  it('refuses allowed_origins that are not bare origins, naming each one (422)', async () => {
    const bad = [
      '*',
      'https://*.example.com',
      'https://shop.example.com/checkout',
      'https://shop.example.com?x=1',
      'ftp://shop.example.com',
      'shop.example.com',
      'https://user:pw@shop.example.com',
      'https://a.example.com; script-src *',
    ];
    const reply = await gw.request<{ error: { code: string; details: Array<{ field: string; message: string }> } }>('POST', '/v1/instruments/enrollments', {
      token,
      body: {
        type: 'card_enrollment',
        expires_in: 3600,
        data: { webhook: receiver.url, api_key: 'merchant-key-0123456789', allowed_origins: ['https://fine.example.com', ...bad] },
      },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.error.code).toBe('validation_failed');
    expect(reply.body.error.details.map((d) => d.field)).toEqual(bad.map((_, i) => `data.allowed_origins[${i + 1}]`));
    const tooMany = await gw.request('POST', '/v1/instruments/enrollments', {
      token,
      body: {
        type: 'card_enrollment',
        expires_in: 3600,
        data: { webhook: receiver.url, api_key: 'merchant-key-0123456789', allowed_origins: Array.from({ length: 11 }, (_, i) => `https://s${i}.example.com`) },
      },
    });
    expect(tooMany.status).toBe(422);
    // With the schema's own problems (a short api_key), the rules' ones in the same 422.
    const both = await gw.request<{ error: { details: Array<{ field: string }> } }>('POST', '/v1/instruments/enrollments', {
      token,
      body: { type: 'card_enrollment', expires_in: 30, data: { webhook: 'not a url', api_key: 'short', allowed_origins: ['*'] } },
    });
    expect([both.status, both.body.error.details.map((d) => d.field).sort()]).toEqual([
      422,
      ['data.allowed_origins[0]', 'data.api_key', 'data.webhook', 'expires_in'],
    ]);
  });
});

describe.each(dialects)('users on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    token = await (await gw.client()).token();
  });
  afterAll(() => gw.close());

  it('creates users, saves and removes their instruments, and keeps them per organization', async () => {
    const user = await gw.request<{ id: string; instruments: Array<{ id: string }> }>('POST', '/v1/users', {
      token,
      body: { name: 'Ana Gómez', email: 'Ana@Example.com' },
    });
    expect(user.status).toBe(201);
    expect(user.body.id).toMatch(/^usr-/);
    expect(user.body).toMatchObject({ email: 'ana@example.com', instruments: [] });
    expect((await gw.request('POST', '/v1/users', { token, body: { name: '', email: 'x' } })).status).toBe(422);

    const { tokenize } = await import('./support/cards.js');
    const instrument = await tokenize(gw, token, { number: '4242424242424242' });
    const added = await gw.request<{ instruments: Array<{ id: string }> }>('POST', `/v1/users/${user.body.id}/instruments`, {
      token,
      body: { instrument_id: instrument },
    });
    expect(added.status).toBe(201);
    expect(added.body.instruments.map((i) => i.id)).toEqual([instrument]);
    const read = await gw.request<{ instruments: Array<{ id: string }> }>('GET', `/v1/users/${user.body.id}`, { token });
    expect(read.body.instruments.map((i) => i.id)).toEqual([instrument]);
    expect((await gw.request('POST', `/v1/users/${user.body.id}/instruments`, { token, body: { instrument_id: 'ins-nope' } })).status).toBe(422);
    const removed = await gw.request<{ instruments: unknown[] }>('DELETE', `/v1/users/${user.body.id}/instruments/${instrument}`, { token });
    expect(removed.body.instruments).toEqual([]);
    expect((await gw.request('DELETE', `/v1/users/${user.body.id}/instruments/${instrument}`, { token })).status).toBe(404);

    const list = await gw.request<{ data: Array<{ id: string }> }>('GET', '/v1/users', { token });
    expect(list.body.data.map((u) => u.id)).toContain(user.body.id);
    const other = await (await gw.client()).token();
    expect((await gw.request('GET', `/v1/users/${user.body.id}`, { token: other })).status).toBe(404);
  });
});
