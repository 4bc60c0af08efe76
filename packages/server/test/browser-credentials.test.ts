/**
 * What a browser credential (a checkout session's token, a hosted link page)
 * may do to the organization's stored cards: tokenize a card as an instrument
 * of its own, never change an instrument the merchant's server stored, nor
 * learn that the organization already holds the card (docs/security.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { encryptedCard, importPublicKey, merchantKey, tokenize } from './support/cards.js';

interface InstrumentView {
  id: string;
  created_at: string;
  card: { holder_name: string; expiration_month: number; expiration_year: number };
}

describe.each(dialects)('browser credentials and stored cards on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  const year = new Date().getUTCFullYear() + 3;

  beforeAll(async () => {
    gw = await startGateway(dialect, { TOKEN_REVOCATION_CACHE_MS: '0' });
    token = await (await gw.client()).token();
    await merchantKey(gw, token);
  });
  afterAll(() => gw?.close());

  const read = async (id: string) => (await gw.request<InstrumentView>('GET', `/v1/instruments/${id}`, { token })).body;

  it("a checkout session's token tokenizing a stored card gets a new instrument and leaves the stored one as it was", async () => {
    const stored = await tokenize(gw, token, { number: '4000056655665556', holder: 'Ana Gomez', month: '12', year: String(year) });
    const before = await read(stored);

    const session = await gw.request<{ token: string }>('POST', '/v1/checkout/sessions', { token, body: { mode: 'payment', amount: 10, currency: 'USD' } });
    expect(session.status, session.text).toBe(201);
    const key = await merchantKey(gw, session.body.token);
    const reply = await gw.request<InstrumentView>('POST', '/v1/instruments', {
      token: session.body.token,
      body: await encryptedCard(key, { number: '4000056655665556', holder: 'Mallory', month: '01', year: String(year + 1) }),
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.id).not.toBe(stored);
    expect(reply.body.card).toMatchObject({ holder_name: 'Mallory', expiration_month: 1, expiration_year: year + 1 });
    expect(await read(stored)).toEqual(before);

    // The merchant's server still finds its own instrument for the card.
    expect(await tokenize(gw, token, { number: '4000056655665556', holder: 'Ana Gomez', month: '12', year: String(year) })).toBe(stored);
  });

  it("a hosted enrollment page saving a stored card gets a new instrument and leaves the stored one as it was", async () => {
    const stored = await tokenize(gw, token, { number: '5105105105105100', holder: 'Ana Gomez', month: '12', year: String(year) });
    const before = await read(stored);
    const link = await gw.request<{ url: string }>('POST', '/v1/instruments/enrollments', {
      token,
      body: { type: 'card_enrollment', expires_in: 3600, data: { webhook: 'https://merchant.example/hook', api_key: 'merchant-key-0123456789' } },
    });
    expect(link.status, link.text).toBe(201);
    const path = new URL(link.body.url).pathname;
    const page = await gw.request('GET', path);
    const config = JSON.parse(/id="enroll-config">(.*?)<\/script>/s.exec(page.text)![1]!) as { publicKey: string };
    const { type: _type, ...encrypted } = await encryptedCard(await importPublicKey(config.publicKey), { number: '5105105105105100', holder: 'Mallory', month: '01', year: String(year + 1) });
    const saved = await gw.request<{ instrument_id: string }>('POST', `${path}/save`, { body: encrypted });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.instrument_id).not.toBe(stored);
    expect(await read(stored)).toEqual(before);
  });
});
