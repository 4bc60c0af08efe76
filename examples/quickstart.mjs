#!/usr/bin/env node
/**
 * The first card payment, end to end, with the typed client (@pasarela/client):
 * a token, an encrypted card, a payment, the sandbox clock advanced past the
 * automatic capture, a refund, and every event received by a local webhook
 * receiver through `npm run cli -- listen --forward-to` (README "First payment").
 *
 *   PASARELA_CLIENT_ID=... PASARELA_CLIENT_SECRET=... node examples/quickstart.mjs
 *
 * PASARELA_BASE_URL (default http://localhost:8080) is the gateway; set
 * PASARELA_AUDIENCE when its PUBLIC_BASE_URL differs from that address. The
 * client needs payments:*, instruments:write, refunds:write, compliance:read
 * and webhooks:read (a client made by `npm run -s cli -- clients create` has
 * them all). Exits 0 once every event has arrived, 1 otherwise.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pasarela } from '@pasarela/client';

const baseUrl = process.env.PASARELA_BASE_URL ?? 'http://localhost:8080';
const audience = process.env.PASARELA_AUDIENCE;
const clientId = process.env.PASARELA_CLIENT_ID;
const clientSecret = process.env.PASARELA_CLIENT_SECRET;
if (!clientId || !clientSecret) {
  console.error('Set PASARELA_CLIENT_ID and PASARELA_CLIENT_SECRET (npm run -s cli -- clients create).');
  process.exit(2);
}
const EXPECTED = ['payment.card.approved', 'payment.card.captured', 'refund.succeeded'];
const root = dirname(dirname(fileURLToPath(import.meta.url)));

// 1. A local webhook receiver: verifies each delivery with the session secret `listen` prints.
let secret;
const received = [];
let arrived = () => {};
const receiver = createServer((request, response) => {
  const chunks = [];
  request.on('data', (c) => chunks.push(c));
  request.on('end', async () => {
    try {
      const event = await Pasarela.webhooks.verify(Buffer.concat(chunks).toString('utf8'), request.headers, secret);
      received.push(event);
      console.log(`received   ${event.type}  ${event.id}`);
      arrived();
      response.writeHead(200).end();
    } catch (error) {
      console.error(`refused a delivery: ${error.message}`);
      response.writeHead(400).end();
    }
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const forwardTo = `http://127.0.0.1:${receiver.address().port}/webhooks`;

// 2. `npm run cli -- listen --forward-to ...`: follows the event stream and forwards each event, signed.
const listen = spawn(
  process.execPath,
  [
    join(root, 'scripts', 'cli.mjs'),
    'listen',
    '--forward-to',
    forwardTo,
    '--base-url',
    baseUrl,
    ...(audience ? ['--audience', audience] : []),
    '--events',
    EXPECTED.join(','),
  ],
  { env: { ...process.env, PASARELA_CLIENT_ID: clientId, PASARELA_CLIENT_SECRET: clientSecret }, stdio: ['ignore', 'pipe', 'inherit'] },
);
secret = await new Promise((resolve, reject) => {
  let out = '';
  listen.stdout.on('data', (d) => {
    out += d.toString();
    const ready = /Ready! Your webhook signing secret is (whsec_\S+)/.exec(out);
    if (ready) resolve(ready[1]);
  });
  listen.once('exit', (code) => reject(new Error(`listen exited (${code}) before it was ready:\n${out}`)));
});
console.log(`listening  forwarding to ${forwardTo}`);

let failed = false;
try {
  // 3. The client: a token on first use, the card encrypted with the organization's key, a payment.
  const pasarela = new Pasarela({ baseUrl, clientId, clientSecret, ...(audience ? { audience } : {}) });
  const card = await pasarela.cards.encrypt({
    number: '4242424242424242',
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    holder: 'Ana Garcia',
    cvv: '123',
  });
  const instrument = await pasarela.instruments.create(card);
  const payment = await pasarela.payments.create({
    amount: 150000,
    currency: 'COP',
    order_id: `quickstart-${Date.now()}`,
    instrument_id: instrument.id,
    encrypted_cvv: await pasarela.cards.encryptCvv('123'),
  });
  console.log(`payment    ${payment.id}  ${payment.status}`);

  // 4. The automatic capture comes CAPTURE_DELAY_SECONDS (180 s) later: move the sandbox clock past it.
  const advanced = await pasarela.sandbox.clock.advance({ seconds: 181 });
  console.log(`advanced   ${advanced.offset_seconds} s: ${advanced.ran.map((job) => job.type).join(', ')}`);
  const captured = await pasarela.payments.retrieve(payment.id);
  console.log(`payment    ${captured.id}  ${captured.status}  captured ${captured.amount_captured}`);

  // 5. A refund of part of it.
  const refund = await pasarela.refunds.create({ payment_id: payment.id, amount: 50000, currency: 'COP' });
  console.log(`refund     ${refund.id}  ${refund.status}`);

  // 6. Every event, through listen, into the receiver.
  const deadline = Date.now() + 30_000;
  const missing = () => EXPECTED.filter((type) => !received.some((e) => e.type === type && JSON.stringify(e.data).includes(payment.id)));
  while (missing().length > 0 && Date.now() < deadline) await new Promise((resolve) => ((arrived = resolve), setTimeout(resolve, 500)));
  if (missing().length > 0) {
    failed = true;
    console.error(`missing    ${missing().join(', ')}`);
  } else {
    console.log(`done       ${EXPECTED.join(', ')} received`);
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  listen.kill('SIGINT');
  receiver.close();
}
process.exit(failed ? 1 : 0);
