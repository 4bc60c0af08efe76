// A merchant's payment tests against a Pasarela sandbox (docs/testing-your-integration.md):
// test cards, the test clock, and webhooks, both delivered to the seeded endpoint (signed with
// the secret the seed file fixes) and forwarded by `pasarela cli listen --forward-to`.
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { Pasarela } from '@pasarela/client';

const pasarela = new Pasarela({
  baseUrl: process.env.PASARELA_BASE_URL,
  clientId: process.env.PASARELA_CLIENT_ID,
  clientSecret: process.env.PASARELA_CLIENT_SECRET,
});
const seed = JSON.parse(readFileSync(new URL('../pasarela-seed.json', import.meta.url), 'utf8'));
const endpoint = seed.organizations[0].webhook_endpoints[0];

/** Standard Webhooks: v1,base64(HMAC-SHA256(key, "id.timestamp.body")). */
function signedBySeed(headers, body) {
  const key = Buffer.from(endpoint.secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest();
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some(
      (s) =>
        s.startsWith('v1,') && Buffer.from(s.slice(3), 'base64').length === expected.length && timingSafeEqual(Buffer.from(s.slice(3), 'base64'), expected),
    );
}

// The app's webhook receiver: /webhooks (the seeded endpoint), /forwarded (listen --forward-to).
const received = { webhooks: [], forwarded: [] };
const app = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const path = new URL(req.url, 'http://app').pathname.slice(1);
    if (path === 'webhooks' && !signedBySeed(req.headers, body)) {
      res.writeHead(400).end();
      return;
    }
    received[path]?.push(JSON.parse(body));
    app.emit('received');
    res.writeHead(204).end();
  });
});
before(() => new Promise((resolve) => app.listen(new URL(endpoint.url).port, '127.0.0.1', resolve)));
after(() => new Promise((resolve) => app.close(resolve)));

async function cardPayment(number, options = {}) {
  const instrument = await pasarela.instruments.create(await pasarela.cards.encrypt({ number, expMonth: 12, expYear: 2030, holder: 'Ana Garcia', cvv: '123' }));
  return pasarela.payments.create({
    amount: 150000,
    currency: 'COP',
    order_id: `order-${number}-${Date.now()}`,
    instrument_id: instrument.id,
    encrypted_cvv: await pasarela.cards.encryptCvv('123'),
    ...options,
  });
}

/** Resolves when `check()` holds: looked at again each time the app receives a request, never on a timer's tick. */
function eventually(check, what) {
  if (check()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onRequest = () => {
      if (!check()) return;
      clearTimeout(timer);
      app.off('received', onRequest);
      resolve();
    };
    const timer = setTimeout(() => {
      app.off('received', onRequest);
      reject(new Error(`timed out waiting for ${what}`));
    }, 20_000);
    app.on('received', onRequest);
  });
}

test('an approved card is captured when the test clock passes the capture delay, then refunded', async () => {
  const payment = await cardPayment('4242424242424242');
  assert.equal(payment.status, 'APPROVED');
  assert.equal(payment.captured_at, null);

  // No waiting for the automatic capture (180 s): move this organization's time forward.
  await pasarela.sandbox.clock.advance({ seconds: 180 });
  const captured = await pasarela.payments.retrieve(payment.id);
  assert.notEqual(captured.captured_at, null);

  const refund = await pasarela.refunds.create({ payment_id: payment.id, amount: 50000, currency: 'COP' });
  assert.equal(refund.status, 'SUCCEEDED');

  const captureOf = (list) => list.some((e) => e.type === 'payment.card.captured' && JSON.stringify(e.data).includes(payment.id));
  await eventually(() => captureOf(received.webhooks), 'the signed webhook of the capture');
  await eventually(() => captureOf(received.forwarded), 'the capture forwarded by listen');
});

test('a declined test card is rejected with its response code', async () => {
  const payment = await cardPayment('4000000000000002');
  assert.equal(payment.status, 'REJECTED');
  assert.equal(payment.response_code, '05');
});
