/**
 * What a browser credential (a checkout session's token, a hosted link page)
 * may do to the organization's stored cards: tokenize a card as an instrument
 * of its own, never change an instrument the merchant's server stored, nor
 * learn that the organization already holds the card (docs/security.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { encrypt, encryptedCard, importPublicKey, merchantKey, tokenize } from './support/cards.js';

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

  it('a hosted enrollment page saving a stored card gets a new instrument and leaves the stored one as it was', async () => {
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
    const { type: _type, ...encrypted } = await encryptedCard(await importPublicKey(config.publicKey), {
      number: '5105105105105100',
      holder: 'Mallory',
      month: '01',
      year: String(year + 1),
    });
    const saved = await gw.request<{ instrument_id: string }>('POST', `${path}/save`, { body: encrypted });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.instrument_id).not.toBe(stored);
    expect(await read(stored)).toEqual(before);
  });

  it('revoking the access token that created checkout sessions ends them at once; GET /v1/checkout/sessions lists them', async () => {
    const client = await gw.client();
    const first = await client.token('payments:write payments:read instruments:write');
    const open = async (bearer: string) => {
      const reply = await gw.request<{ id: string; token: string }>('POST', '/v1/checkout/sessions', {
        token: bearer,
        body: { mode: 'payment', amount: 10, currency: 'USD' },
      });
      expect(reply.status, reply.text).toBe(201);
      return reply.body;
    };
    const made = [await open(first), await open(first)];
    const revoke = await gw.request('POST', '/oauth/revoke', { body: { client_id: client.clientId, client_secret: client.secret, token: first } });
    expect(revoke.status).toBe(200);
    for (const session of made) {
      const refused = await gw.request('GET', `/v1/checkout/sessions/${session.id}`, { token: session.token });
      expect(refused.status).toBe(401);
    }

    const second = await client.token('payments:write payments:read');
    expect(second).not.toBe(first);
    const kept = await open(second);
    const all = await gw.request<{ data: Array<{ id: string; status: string }>; has_more: boolean }>('GET', '/v1/checkout/sessions', { token: second });
    expect(all.status, all.text).toBe(200);
    expect(all.body.data.map((s) => [s.id, s.status])).toEqual([
      [kept.id, 'open'],
      [made[1]!.id, 'expired'],
      [made[0]!.id, 'expired'],
    ]);
    expect(all.text).not.toContain(kept.token);
    const openOnly = await gw.request<{ data: Array<{ id: string }> }>('GET', '/v1/checkout/sessions?status=open', { token: second });
    expect(openOnly.body.data.map((s) => s.id)).toEqual([kept.id]);
    const page = await gw.request<{ data: Array<{ id: string }>; has_more: boolean }>('GET', '/v1/checkout/sessions?limit=1', { token: second });
    expect([page.body.data.map((s) => s.id), page.body.has_more]).toEqual([[kept.id], true]);
    const next = await gw.request<{ data: Array<{ id: string }>; has_more: boolean }>('GET', `/v1/checkout/sessions?limit=2&starting_after=${kept.id}`, {
      token: second,
    });
    expect([next.body.data.map((s) => s.id), next.body.has_more]).toEqual([[made[1]!.id, made[0]!.id], false]);
    // Another organization sees none of them; a session's own token cannot list.
    expect((await gw.request<{ data: unknown[] }>('GET', '/v1/checkout/sessions', { token })).body.data.map((s) => (s as { id: string }).id)).not.toContain(
      kept.id,
    );
    expect((await gw.request('GET', '/v1/checkout/sessions', { token: kept.token })).status).toBe(403);
  });

  it('allowed_origins takes only scheme://host[:port]: a quote or an encoded semicolon, which would add directives to the CSP, is 422', async () => {
    const bad = ['https://a.example"x', "https://a.example'x", 'https://a.example%3Bscript-src', 'https://a.example%20b', 'https://a.example%22'];
    const link = await gw.request<{ error: { details: Array<{ field: string }> } }>('POST', '/v1/instruments/enrollments', {
      token,
      body: {
        type: 'card_enrollment',
        expires_in: 3600,
        data: { webhook: 'https://merchant.example/hook', api_key: 'merchant-key-0123456789', allowed_origins: ['https://fine.example.com:8443', ...bad] },
      },
    });
    expect(link.status, link.text).toBe(422);
    expect(link.body.error.details.map((d) => d.field)).toEqual(bad.map((_, i) => `data.allowed_origins[${i + 1}]`));
    const session = await gw.request<{ error: { details: Array<{ field: string }> } }>('POST', '/v1/checkout/sessions', {
      token,
      body: { mode: 'payment', amount: 10, currency: 'USD', allowed_origins: ['https://fine.example.com:8443', ...bad] },
    });
    expect(session.status, session.text).toBe(422);
    expect(session.body.error.details.map((d) => d.field)).toEqual(bad.map((_, i) => `allowed_origins.${i + 1}`));
    // Punycode and IPv6 hosts are origins.
    const fine = await gw.request<{ allowed_origins: string[] }>('POST', '/v1/checkout/sessions', {
      token,
      body: { mode: 'payment', amount: 10, currency: 'USD', allowed_origins: ['https://tiénda.example', 'https://[::1]:8443'] },
    });
    expect(fine.status, fine.text).toBe(201);
    expect(fine.body.allowed_origins).toEqual(['https://xn--tinda-csa.example', 'https://[::1]:8443']);
  });

  it("the embedded fields have the hosted checkout's per-address decline cap: the 4th decline from one address in the window is 429", async () => {
    const own = await startGateway(dialect, { LINK_CARD_DECLINES_PER_ADDRESS: '3', LINK_CARD_DECLINES_PER_LINK: '3' });
    try {
      const merchant = await (await own.client()).token();
      const key = await merchantKey(own, merchant);
      const attempt = async (number: string) => {
        const session = await own.request<{ token: string; order_id: string }>('POST', '/v1/checkout/sessions', {
          token: merchant,
          body: { mode: 'payment', amount: 10, currency: 'USD' },
        });
        const instrument = await own.request<{ id: string }>('POST', '/v1/instruments', {
          token: session.body.token,
          body: await encryptedCard(key, { number }),
        });
        return own.request<{ status: string; error?: { code: string } }>('POST', '/v1/payments', {
          token: session.body.token,
          body: { amount: 10, currency: 'USD', order_id: session.body.order_id, instrument_id: instrument.body.id, encrypted_cvv: await encrypt(key, '123') },
        });
      };
      // An approval does not count.
      expect((await attempt('4242424242424242')).body.status).toBe('APPROVED');
      for (const number of ['4000000000000002', '4000000000009995', '4000000000000069']) {
        const declined = await attempt(number);
        expect([declined.status, declined.body.status]).toEqual([201, 'REJECTED']);
      }
      const refused = await attempt('4000000000000119');
      expect(refused.status).toBe(429);
      expect(refused.body.error?.code).toBe('rate_limited');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  }, 60_000);

  it('an approval after a 3-D Secure challenge does not count against that cap either', async () => {
    const own = await startGateway(dialect, { LINK_CARD_DECLINES_PER_ADDRESS: '2', LINK_CARD_DECLINES_PER_LINK: '2' });
    try {
      const merchant = await (await own.client()).token();
      const key = await merchantKey(own, merchant);
      // The merchant's fraud rule asks 3-D Secure of every payment above USD 1.
      const rules = await own.request('PUT', '/v1/fraud/rules', { token: merchant, body: { amount_thresholds: [{ currency: 'USD', three_ds_above: 1 }] } });
      expect(rules.status, rules.text).toBe(200);
      const challenged = async () => {
        const session = await own.request<{ token: string; order_id: string }>('POST', '/v1/checkout/sessions', {
          token: merchant,
          body: { mode: 'payment', amount: 10, currency: 'USD' },
        });
        const instrument = await own.request<{ id: string }>('POST', '/v1/instruments', {
          token: session.body.token,
          body: await encryptedCard(key, { number: '4000000000003220' }),
        });
        return own.request<{ id: string; status: string; next_action?: { redirect_to_url: { url: string } }; error?: { code: string } }>(
          'POST',
          '/v1/payments',
          {
            token: session.body.token,
            body: {
              amount: 10,
              currency: 'USD',
              order_id: session.body.order_id,
              instrument_id: instrument.body.id,
              encrypted_cvv: await encrypt(key, '123'),
            },
          },
        );
      };
      // Three payments, each waiting for the challenge, then approved when the cardholder types the code.
      for (let i = 0; i < 3; i++) {
        const waiting = await challenged();
        expect([waiting.status, waiting.body.status], waiting.text).toEqual([201, 'PENDING']);
        const page = new URL(waiting.body.next_action!.redirect_to_url.url).pathname;
        const done = await fetch(own.baseUrl + page, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ action: 'submit', code: '1234' }).toString(),
        });
        expect(done.status).toBeLessThan(400);
        expect((await own.request<{ status: string }>('GET', `/v1/payments/${waiting.body.id}`, { token: merchant })).body.status).toBe('APPROVED');
      }
      // The cap is two declines: three approvals counted as declines would refuse this one.
      const fourth = await challenged();
      expect([fourth.status, fourth.body.status], fourth.text).toEqual([201, 'PENDING']);
    } finally {
      await own.close();
    }
  }, 60_000);
});
