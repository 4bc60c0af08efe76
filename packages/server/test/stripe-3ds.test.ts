/**
 * 3-D Secure that Stripe asks for (payments/processor-authentication.ts,
 * connectors/stripe/): a PaymentIntent answering `requires_action` with
 * `redirect_to_url` makes our payment PENDING with `next_action` at Stripe's
 * page; the cardholder's return to the gateway's page (`/payment-returns/...`,
 * which asks Stripe and sends the cardholder on to the merchant's
 * `three_ds.return_url`), Stripe's notification, or the expiry on the test
 * clock decides it, whichever comes first; the rest change nothing.
 * `use_stripe_sdk` (Stripe.js on the merchant's page) cannot be run: REJECTED
 * `1A`. Against the fake Stripe (support/fake-stripe.ts) and its 3-D Secure
 * page, real gateway, real HTTP, both dialects.
 */
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectorHttpClient } from '../src/connectors/http.js';
import { ConnectorRegistry } from '../src/connectors/registry.js';
import { STRIPE_API, stripeAuthenticationOrigins, stripeConnector, stripeEndpointAt } from '../src/connectors/stripe/index.js';
import { Secret } from '../src/crypto/secret.js';
import { advanceClock } from './support/clock.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';
import { dialects } from './support/dialects.js';
import { FakeStripe, routeCardsToStripe } from './support/fake-stripe.js';
import { startGateway, type TestGateway } from './support/gateway.js';

const WEBHOOK_SECRET = 'whsec_test0123456789abcdefABCDEF';
const AUTHENTICATION_CARD = '4000002500003155';
const SHOP = 'https://shop.example/checkout/done';

interface WaitingPayment extends PaymentReply {
  next_action?: { type: string; redirect_to_url: { url: string; return_url: string | null }; expires_at: string };
  three_ds: { version: string | null; flow: string | null; outcome: string; eci: string | null; liability_shift: boolean } | null;
}

describe.each(dialects)('3-D Secure at Stripe on $name', (dialect) => {
  let fake: FakeStripe;
  let gw: TestGateway;
  let token: string;
  let account: string;

  beforeAll(async () => {
    fake = await FakeStripe.start();
    gw = await startGateway(dialect, {}, { connectors: [stripeConnector(fake.endpoint())] });
    token = await (await gw.client()).token();
    account = await routeCardsToStripe(gw, token, fake, WEBHOOK_SECRET);
  });
  afterAll(async () => {
    await gw.close();
    await fake.close();
  });

  const get = async (id: string) => (await gw.request<WaitingPayment>('GET', `/v1/payments/${id}`, { token })).body;
  const intentOf = (paymentId: string) => [...fake.intents.values()].find((i) => i.metadata['pasarela_reference'] === paymentId)!;
  const events = async (paymentId: string) =>
    (await gw.db.selectFrom('events').select(['type', 'data']).where('organization_id', 'is not', null).orderBy('id').execute())
      .filter((e) => String(e.data).includes(paymentId))
      .map((e) => e.type);

  async function waiting(returnUrl: string | null = SHOP) {
    const instrumentId = await tokenize(gw, token, { number: AUTHENTICATION_CARD });
    const more = returnUrl ? { three_ds: { required: false, return_url: returnUrl } } : {};
    const reply = await pay(gw, token, { instrumentId, amount: 80, capture: false, more });
    expect(reply.status, reply.text).toBe(201);
    return reply.body as WaitingPayment;
  }

  /** The cardholder at Stripe's page, then back at the gateway's: where the gateway sends them. */
  async function cardholder(payment: WaitingPayment, result: 'succeed' | 'fail') {
    const atStripe = await fetch(`${payment.next_action!.redirect_to_url.url}?result=${result}`, { redirect: 'manual' });
    expect(atStripe.status).toBe(302);
    const back = new URL(atStripe.headers.get('location')!);
    const atGateway = await fetch(`${gw.baseUrl}${back.pathname}${back.search}`, { redirect: 'manual' });
    return atGateway;
  }

  const notify = async (id: string, type: string, object: unknown) => {
    const signed = FakeStripe.signed({ id, type, data: { object } }, WEBHOOK_SECRET);
    return gw.request<{ kind: string; status: string; replayed: boolean }>('POST', `/v1/connector-accounts/${account}/notifications`, {
      rawBody: signed.body.toString('utf8'),
      headers: signed.headers,
    });
  };

  it("requires_action with redirect_to_url makes the payment PENDING with next_action at Stripe's page; the cardholder's return authorizes it and goes on to the merchant", async () => {
    const payment = await waiting();
    expect(payment).toMatchObject({ status: 'PENDING', three_ds: { flow: 'challenge', outcome: 'challenge_pending', liability_shift: false } });
    const intent = intentOf(payment.id);
    expect(payment.next_action).toMatchObject({ type: 'redirect_to_url', redirect_to_url: { url: `${fake.origin}/3ds/${intent.id}`, return_url: SHOP } });
    // Stripe was given the gateway's return page, not the merchant's, and was not asked to fail instead of waiting.
    const sent = fake.requests.find((r) => r.idempotencyKey === `pasarela:authorize:${payment.id}`)!;
    expect(String(sent.form['return_url'])).toMatch(new RegExp(`/payment-returns/${payment.id}/[A-Za-z0-9_-]{43}$`));
    expect(sent.form['error_on_requires_action']).toBeUndefined();
    expect(await events(payment.id)).toEqual(['payment.card.action_required']);
    // GET gives next_action again.
    expect((await get(payment.id)).next_action?.redirect_to_url.url).toBe(payment.next_action!.redirect_to_url.url);

    const back = await cardholder(payment, 'succeed');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${SHOP}?payment_id=${payment.id}`);
    const after = await get(payment.id);
    expect(after).toMatchObject({ status: 'AUTHORIZED', response_code: '00', three_ds: { outcome: 'authenticated', liability_shift: true } });
    expect(after.next_action).toBeUndefined();
    expect(await events(payment.id)).toEqual(['payment.card.action_required', 'payment.card.authorized']);
    // Stripe's own notification of the same authorization arrives second: nothing changes.
    const echo = await notify(`evt_capturable_${payment.id}`, 'payment_intent.amount_capturable_updated', fake.intents.get(intent.id));
    expect(echo.status, echo.text).toBe(200);
    expect(echo.body).toMatchObject({ kind: 'payment.authorization_decided', status: 'ignored' });
    // A second return changes nothing either, and the authorization captures as any other.
    expect((await fetch(`${gw.baseUrl}${new URL(String(sent.form['return_url'])).pathname}`, { redirect: 'manual' })).status).toBe(303);
    const captured = await gw.request<PaymentReply>('POST', `/v1/payments/${payment.id}/capture`, { token, body: {} });
    expect(captured.status, captured.text).toBe(200);
    expect(fake.intents.get(intent.id)).toMatchObject({ status: 'succeeded', amount_received: 8000 });
    expect(await events(payment.id)).toEqual(['payment.card.action_required', 'payment.card.authorized', 'payment.card.captured']);
  });

  it('a failed authentication is REJECTED; without a merchant return_url the gateway shows the result itself, which any page may frame', async () => {
    const payment = await waiting(null);
    expect(payment.next_action?.redirect_to_url.return_url).toBeNull();
    const back = await cardholder(payment, 'fail');
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await back.text()).toContain('El pago fue rechazado.');
    // The embedded fields' frame shows Stripe's page inside itself, on the merchant's page: Stripe sends that frame here.
    expect(back.headers.get('content-security-policy')).toContain('; frame-ancestors *;');
    expect(back.headers.get('x-frame-options')).toBeNull();
    expect(await get(payment.id)).toMatchObject({ status: 'REJECTED', response_code: '05', three_ds: { outcome: 'failed', liability_shift: false } });
    expect(await events(payment.id)).toEqual(['payment.card.action_required', 'payment.card.rejected']);
  });

  it("Stripe's notification decides first; the cardholder's return afterwards changes nothing; a replay answers replayed", async () => {
    const payment = await waiting();
    const intent = intentOf(payment.id);
    fake.authenticate(intent.id, 'succeed');
    const first = await notify(`evt_first_${payment.id}`, 'payment_intent.amount_capturable_updated', fake.intents.get(intent.id));
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ kind: 'payment.authorization_decided', status: 'processed', replayed: false });
    expect(await get(payment.id)).toMatchObject({ status: 'AUTHORIZED', three_ds: { outcome: 'authenticated' } });
    expect((await notify(`evt_first_${payment.id}`, 'payment_intent.amount_capturable_updated', fake.intents.get(intent.id))).body).toMatchObject({
      replayed: true,
    });
    const sent = fake.requests.find((r) => r.idempotencyKey === `pasarela:authorize:${payment.id}`)!;
    const back = await fetch(String(sent.form['return_url']).replace(/^https?:\/\/[^/]+/, gw.baseUrl), { redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(await events(payment.id)).toEqual(['payment.card.action_required', 'payment.card.authorized']);

    // payment_intent.payment_failed declines another; payment_intent.canceled a third (the cardholder cancelled).
    const failing = await waiting();
    fake.authenticate(intentOf(failing.id).id, 'fail');
    const failed = await notify(`evt_failed_${failing.id}`, 'payment_intent.payment_failed', fake.intents.get(intentOf(failing.id).id));
    expect(failed.body).toMatchObject({ kind: 'payment.authorization_decided', status: 'processed' });
    expect(await get(failing.id)).toMatchObject({ status: 'REJECTED', response_code: '05', three_ds: { outcome: 'failed' } });
    const cancelling = await waiting();
    const canceled = { ...intentOf(cancelling.id), status: 'canceled', cancellation_reason: 'abandoned' };
    expect((await notify(`evt_canceled_${cancelling.id}`, 'payment_intent.canceled', canceled)).body).toMatchObject({ status: 'processed' });
    expect(await get(cancelling.id)).toMatchObject({ status: 'REJECTED', response_code: '05', three_ds: { outcome: 'cancelled' } });
  });

  it('abandoned, it expires with the test clock: the PaymentIntent is cancelled at Stripe and the payment REJECTED', async () => {
    const payment = await waiting();
    const intent = intentOf(payment.id);
    await advanceClock(gw, token, 599);
    expect((await get(payment.id)).status).toBe('PENDING');
    await advanceClock(gw, token, 2);
    expect(await get(payment.id)).toMatchObject({ status: 'REJECTED', response_code: '05', three_ds: { outcome: 'abandoned' } });
    expect(fake.intents.get(intent.id)!.status).toBe('canceled');
    expect(fake.requests.filter((r) => r.idempotencyKey === `pasarela:void:${payment.id}:abandon`)).toHaveLength(1);
    // The cardholder coming back late finds the payment decided.
    const late = await fetch(`${payment.next_action!.redirect_to_url.url}?result=succeed`, { redirect: 'manual' });
    expect(late.status).toBe(404);
  });

  it('use_stripe_sdk (Stripe.js on the merchant page) cannot be carried: REJECTED 1A at once', async () => {
    fake.authenticationAction = 'use_stripe_sdk';
    try {
      const payment = await waiting();
      expect(payment).toMatchObject({ status: 'REJECTED', response_code: '1A' });
      expect(payment.next_action).toBeUndefined();
    } finally {
      fake.authenticationAction = 'redirect_to_url';
    }
  });

  it("an answer lost on the way: Stripe's 3-D Secure page, found by the lookup, makes the PENDING payment wait for the cardholder with next_action (the job's lookup as POST .../authorize)", async () => {
    for (const ask of ['authorize', 'job'] as const) {
      const instrumentId = await tokenize(gw, token, { number: AUTHENTICATION_CARD });
      fake.dropNextAuthorization = true;
      const lost = await pay(gw, token, { instrumentId, amount: 80, capture: false, more: { three_ds: { required: false, return_url: SHOP } } });
      expect(lost.body, lost.text).toMatchObject({ status: 'PENDING', response_code: '09' });
      expect(intentOf(lost.body.id).status).toBe('requires_action');
      if (ask === 'authorize') {
        const asked = await gw.request<WaitingPayment>('POST', `/v1/payments/${lost.body.id}/authorize`, { token, body: {} });
        expect(asked.status, asked.text).toBe(200);
      } else {
        await advanceClock(gw, token, 11);
      }
      const waiting = await get(lost.body.id);
      expect(waiting).toMatchObject({ status: 'PENDING', three_ds: { flow: 'challenge', outcome: 'challenge_pending' } });
      expect(waiting.next_action?.redirect_to_url.url).toBe(`${fake.origin}/3ds/${intentOf(lost.body.id).id}`);
      expect(await events(lost.body.id)).toContain('payment.card.action_required');
      const back = await cardholder(waiting, 'succeed');
      expect(back.status).toBe(303);
      expect(await get(lost.body.id)).toMatchObject({ status: 'AUTHORIZED', three_ds: { outcome: 'authenticated' } });
    }
  });

  it('a forged return page token is 404 and moves nothing', async () => {
    const payment = await waiting();
    const forged = await fetch(`${gw.baseUrl}/payment-returns/${payment.id}/${'A'.repeat(43)}`, { redirect: 'manual' });
    expect(forged.status).toBe(404);
    expect((await get(payment.id)).status).toBe('PENDING');
  });
});

describe('who Stripe may send to its 3-D Secure page', () => {
  it('only an e-commerce cardholder: a card-present authorization asks Stripe to decline instead (error_on_requires_action), 1A', async () => {
    const fake = await FakeStripe.start();
    try {
      const card = stripeConnector(fake.endpoint()).card!(
        { secret_key: fake.secretKey, webhook_secret: WEBHOOK_SECRET },
        {
          db: undefined as never,
          clock: undefined as never,
          http: new ConnectorHttpClient(new Registry()),
          accountId: 'cna-test',
          returnUrl: (r) => `https://gw.example/payment-returns/${r}/t`,
        },
      );
      const request = (reference: string, channel: 'ecommerce' | 'card_present') => ({
        reference,
        organizationId: 'org-test',
        amount: 1000,
        currency: 'USD',
        card: { number: new Secret(AUTHENTICATION_CARD), expMonth: 12, expYear: 2040, holderName: 'Ana' },
        channel,
      });
      const present = await card.authorize(request('pay-present', 'card_present'));
      expect(present).toMatchObject({ outcome: 'declined', responseCode: '1A' });
      expect(present.action).toBeUndefined();
      const sentPresent = fake.requests.find((r) => r.idempotencyKey === 'pasarela:authorize:pay-present')!;
      expect(sentPresent.form).toMatchObject({ error_on_requires_action: 'true' });
      expect(sentPresent.form['return_url']).toBeUndefined();
      const online = await card.authorize(request('pay-online', 'ecommerce'));
      expect(online).toMatchObject({ outcome: 'pending', responseCode: '1A', action: { redirectUrl: expect.stringContaining('/3ds/pi_') } });
      const sentOnline = fake.requests.find((r) => r.idempotencyKey === 'pasarela:authorize:pay-online')!;
      expect(sentOnline.form['return_url']).toBe('https://gw.example/payment-returns/pay-online/t');
    } finally {
      await fake.close();
    }
  });
});

describe("the origins of Stripe's 3-D Secure pages (the embedded fields' frame-src)", () => {
  it("are Stripe's, and the endpoint's own when STRIPE_API_URL is not Stripe's; the registry takes only origins, each once", () => {
    const stripe = ['https://hooks.stripe.com', 'https://js.stripe.com'];
    expect(stripeAuthenticationOrigins(STRIPE_API)).toEqual(stripe);
    expect(stripeAuthenticationOrigins(stripeEndpointAt('https://api.stripe.com', 1000))).toEqual(stripe);
    expect(stripeAuthenticationOrigins(stripeEndpointAt('https://stripe-proxy.example:8443', 1000))).toEqual([...stripe, 'https://stripe-proxy.example:8443']);
    expect(stripeAuthenticationOrigins(stripeEndpointAt('http://127.0.0.1:4010', 1000))).toEqual([...stripe, 'http://127.0.0.1:4010']);

    const registry = new ConnectorRegistry().register(stripeConnector());
    const other = { ...stripeConnector(), id: 'other', authenticationOrigins: ['https://hooks.stripe.com', 'https://acs.example'] };
    expect(registry.register(other).authenticationOrigins()).toEqual([...stripe, 'https://acs.example']);
    // Only a plain origin (lib/origins.ts): the URL parser lets a quote through in a host, which in the header would end a source.
    for (const origin of ['https:', 'https://acs.example/3ds', 'https://acs.example; script-src *', "https://acs'x.example", 'javascript:alert(1)', '*'])
      expect(() => new ConnectorRegistry().register({ ...other, authenticationOrigins: [origin] }), origin).toThrow(/must be an http\(s\) origin/);
  });
});
