/**
 * A card terminal for the sandbox: it connects to Pasarela's payment
 * instruction WebSocket, receives instructions, acknowledges them, "reads" a
 * test card (encrypted with the organization's public key, as a real
 * terminal's secure reader would), reports it, and prints the payment.
 *
 *   npm start                          # in one shell (prints CLIENT_ID and CLIENT_SECRET on first start)
 *   CLIENT_ID=cli-... CLIENT_SECRET=... npm run -s terminal    # in another
 *
 * By default it sets itself up (a merchant, a point of sale and a terminal
 * attached to it), connects, then plays the merchant's till too: it sends
 * itself one instruction with POST /v1/payment-instructions, runs the loop
 * once, and exits. With --wait it stays connected and pays every instruction
 * sent to its terminal (e.g. with curl, see docs/sandbox.md) until Ctrl-C or
 * until the connection ends (run it again, or under a supervisor, to
 * reconnect: the gateway then sends every instruction still open again,
 * each once per connection). A message the gateway
 * could not handle (`internal_error`, e.g. its database was away) is sent
 * again after a second, up to five times.
 *
 * Environment: PASARELA_URL (default http://localhost:8080), PASARELA_AUDIENCE
 * (the gateway's PUBLIC_BASE_URL, default PASARELA_URL), CLIENT_ID and
 * CLIENT_SECRET (required), TERMINAL_ID (an existing terminal attached to a
 * point of sale; default: create one), CARD (default 4242424242424242; try
 * 4000000000000002 for a decline), ENTRY_MODE (chip, contactless or swipe;
 * default chip), AMOUNT (default 15000) and CURRENCY (default COP).
 * Needs only Node.js and the `ws` package (installed with the repository).
 */
import { webcrypto } from 'node:crypto';
import WebSocket from 'ws';

const env = process.env;
const gateway = (env.PASARELA_URL || 'http://localhost:8080').replace(/\/+$/, '');
const audience = (env.PASARELA_AUDIENCE || gateway).replace(/\/+$/, '');
const wait = process.argv.includes('--wait');
const card = env.CARD || '4242424242424242';
const entryMode = env.ENTRY_MODE || 'chip';
const amount = Number(env.AMOUNT || 15000);
const currency = env.CURRENCY || 'COP';
if (!env.CLIENT_ID || !env.CLIENT_SECRET) {
  console.error('Set CLIENT_ID and CLIENT_SECRET (the sandbox prints them on first start; or: npm run -s cli -- clients create --name terminal).');
  process.exit(1);
}

const log = (...args) => console.log(`[${new Date().toISOString().slice(11, 23)}]`, ...args);

async function api(method, path, token, body) {
  const response = await fetch(`${gateway}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json().catch(() => ({}));
  return { status: response.status, body: json };
}

async function must(method, path, token, body) {
  const reply = await api(method, path, token, body);
  if (reply.status >= 300) throw new Error(`${method} ${path}: HTTP ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** The organization's public key (created on first use), for RSA-OAEP with SHA-256. */
async function publicKey(token) {
  let reply = await api('GET', '/v1/encryption/keys', token);
  if (reply.status === 404) reply = await api('POST', '/v1/encryption/keys', token);
  if (reply.status >= 300) throw new Error(`encryption key: HTTP ${reply.status} ${JSON.stringify(reply.body)}`);
  const der = Buffer.from(reply.body.public_key.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  return webcrypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
}

const encrypt = async (key, value) => Buffer.from(await webcrypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, Buffer.from(value))).toString('base64');

/** What the card reader produces: each field encrypted on its own; no CVV on a chip, contactless or swipe read. */
async function readCard(key) {
  return {
    encrypted_number: await encrypt(key, card),
    encrypted_expiration_month: await encrypt(key, '12'),
    encrypted_expiration_year: await encrypt(key, String(new Date().getUTCFullYear() + 3)),
    encrypted_holder_name: await encrypt(key, 'Cliente de prueba'),
  };
}

/** A merchant, a point of sale and a terminal attached to it. */
async function setUp(token) {
  const merchant = await must('POST', '/v1/merchants', token, { name: 'Terminal simulator merchant' });
  const point = await must('POST', '/v1/points-of-sale', token, { merchant_id: merchant.id, name: 'Caja simulada' });
  const terminal = await must('POST', '/v1/terminals', token, { serial: `SIM-${Date.now().toString(36).toUpperCase()}`, model: 'Pasarela terminal simulator' });
  await must('PATCH', `/v1/points-of-sale/${point.id}/terminals`, token, { add: [terminal.id] });
  log(`set up merchant ${merchant.id}, point of sale ${point.id}, terminal ${terminal.id}`);
  return terminal.id;
}

async function main() {
  const { access_token: token } = await must('POST', '/oauth/token', undefined, {
    grant_type: 'client_credentials',
    client_id: env.CLIENT_ID,
    client_secret: env.CLIENT_SECRET,
    audience,
  });
  const key = await publicKey(token);
  const terminalId = env.TERMINAL_ID || (await setUp(token));

  const url = `${gateway.replace(/^http/, 'ws')}/v1/payment-instructions/ws?terminal_id=${encodeURIComponent(terminalId)}`;
  const socket = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } });
  const sent = new Map(); // instruction id -> { message, tries }: what to send again after an internal_error
  const send = (message) => {
    log('terminal ->', JSON.stringify(message).slice(0, 160));
    if (message.instruction_id)
      sent.set(message.instruction_id, { message, tries: sent.get(message.instruction_id)?.message === message ? sent.get(message.instruction_id).tries : 0 });
    socket.send(JSON.stringify(message));
  };
  const finish = (code) => {
    socket.close(1000, 'done');
    process.exitCode = code;
  };

  socket.on('unexpected-response', (_request, response) => {
    let text = '';
    response.on('data', (chunk) => (text += chunk));
    response.on('end', () => {
      console.error(`The gateway refused the connection: HTTP ${response.statusCode} ${text}`);
      process.exit(1);
    });
  });
  socket.on('error', (error) => {
    console.error(`WebSocket error: ${error.message}`);
    process.exit(1);
  });
  socket.on('close', (code, reason) => log(`connection closed (${code}${reason.length ? ` ${reason}` : ''})`));

  socket.on('message', async (data) => {
    const message = JSON.parse(data.toString());
    log(
      'gateway ->',
      message.type,
      message.instruction ? `${message.instruction.id} ${message.instruction.status}` : '',
      message.error ? JSON.stringify(message.error) : '',
    );
    try {
      if (message.type === 'ready') {
        log(`connected as terminal ${message.terminal_id}`);
        if (!wait) {
          // The merchant's till: ask this terminal to take a payment.
          const instruction = await must('POST', '/v1/payment-instructions', token, {
            terminal_id: terminalId,
            amount,
            currency,
            order_id: `sim-${Date.now().toString(36)}`,
            description: 'Terminal simulator',
          });
          log(`till: created instruction ${instruction.id} for ${instruction.amount} ${instruction.currency} (${instruction.status})`);
        } else log('waiting for instructions (Ctrl-C to stop)');
      } else if (message.type === 'instruction') {
        log(`display: please pay ${message.instruction.amount} ${message.instruction.currency} (order ${message.instruction.order_id})`);
        send({ type: 'ack', instruction_id: message.instruction.id });
      } else if (message.type === 'acknowledged') {
        log(`reading card ${card.slice(0, 4)} **** **** ${card.slice(-4)} (${entryMode})`);
        send({ type: 'result', instruction_id: message.instruction.id, entry_mode: entryMode, card: await readCard(key) });
      } else if (message.type === 'payment') {
        const p = message.payment;
        log(`payment ${p.id}: ${p.status} (response code ${p.response_code}${p.approval_code ? `, approval ${p.approval_code}` : ''})`);
        const instruction = await must('GET', `/v1/payment-instructions/${message.instruction.id}`, token);
        log(
          `instruction ${instruction.id}: ${instruction.status}${instruction.failure ? ` (${instruction.failure.code}: ${instruction.failure.message})` : ''}, payment ${instruction.payment_id}`,
        );
        if (!wait) finish(0);
      } else if (message.type === 'error') {
        const last = message.instruction_id ? sent.get(message.instruction_id) : undefined;
        if (wait && message.error?.code === 'internal_error' && last && last.tries < 5) {
          last.tries++;
          setTimeout(() => {
            if (socket.readyState === WebSocket.OPEN) send(last.message);
          }, 1000);
        } else if (!wait) finish(1);
      }
    } catch (error) {
      console.error(error.message);
      finish(1);
    }
  });
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
