/**
 * A merchant's checkout using Pasarela's embedded fields, with no
 * dependencies: this backend keeps the client secret and its own access
 * token, creates a checkout session for each checkout (docs/fields.md
 * "Checkout sessions") and hands the page only the session's token, and
 * confirms payments server-side; the page (public/) mounts PasarelaFields and
 * never sees a card number or an access token.
 *
 *   PASARELA_URL=http://localhost:8080 CLIENT_ID=cli-... CLIENT_SECRET=... npm run demo
 *
 * Environment: PASARELA_URL (the gateway, default http://localhost:8080),
 * PASARELA_AUDIENCE (the gateway's PUBLIC_BASE_URL, default PASARELA_URL),
 * CLIENT_ID and CLIENT_SECRET (required), PORT (default 4000), HOST
 * (default 127.0.0.1), AMOUNT (default 15000) and CURRENCY (default COP).
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';

const env = process.env;
const gateway = (env.PASARELA_URL || 'http://localhost:8080').replace(/\/+$/, '');
const audience = (env.PASARELA_AUDIENCE || gateway).replace(/\/+$/, '');
const port = Number(env.PORT || 4000);
const host = env.HOST || '127.0.0.1';
const amount = Number(env.AMOUNT || 15000);
const currency = env.CURRENCY || 'COP';
if (!env.CLIENT_ID || !env.CLIENT_SECRET) {
  console.error('Set CLIENT_ID and CLIENT_SECRET (the sandbox prints them on first start; or: npm run -s cli -- clients create --name demo).');
  process.exit(1);
}

/** This server's own token: create checkout sessions, read the key and payments. It never goes to the browser. */
const SERVER_SCOPE = 'payments:read payments:write instruments:read';

async function gatewayJson(path, init = {}) {
  const response = await fetch(`${gateway}${path}`, init);
  const body = await response.json().catch(() => ({}));
  if (!response.ok)
    throw Object.assign(new Error(`${init.method || 'GET'} ${path}: HTTP ${response.status} ${JSON.stringify(body)}`), { status: response.status });
  return body;
}

/** client_credentials with `scope`: the gateway returns the same token while it is valid, so no cache is needed here. */
async function mintToken(scope) {
  const body = await gatewayJson('/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: env.CLIENT_ID, client_secret: env.CLIENT_SECRET, audience, scope }),
  });
  return body.access_token;
}

/** The organization's encryption public key (created once, on first start: POST /v1/encryption/keys, which needs compliance:write). */
async function publicKey(token) {
  try {
    return (await gatewayJson('/v1/encryption/keys', { headers: { authorization: `Bearer ${token}` } })).public_key;
  } catch (error) {
    if (error.status !== 404) throw error;
    const admin = await mintToken('compliance:write');
    return (await gatewayJson('/v1/encryption/keys', { method: 'POST', headers: { authorization: `Bearer ${admin}` } })).public_key;
  }
}

/**
 * A checkout session for this page: the browser's token can make this one
 * payment (or save one card for this user) and nothing else. The page's
 * origin is the only one allowed to mount the fields with it.
 */
async function checkoutSession(body, origin) {
  const token = await mintToken(SERVER_SCOPE);
  const session = await gatewayJson('/v1/checkout/sessions', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ ...body, ...(origin ? { allowed_origins: [origin] } : {}) }),
  });
  return { apiBase: gateway, token: session.token, encryptionPublicKey: await publicKey(token), mode: session.mode, amount, currency };
}

function readJson(request) {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      try {
        resolve(text ? JSON.parse(text) : {});
      } catch {
        resolve({});
      }
    });
  });
}

const page = readFileSync(new URL('./public/index.html', import.meta.url), 'utf8').replaceAll('{{PASARELA_URL}}', gateway);
const script = readFileSync(new URL('./public/checkout.js', import.meta.url));
const pageHeaders = {
  'content-type': 'text/html; charset=utf-8',
  // The merchant's own policy: our scripts and the SDK; the gateway's iframe; calls to our backend only.
  'content-security-policy': `default-src 'self'; script-src 'self' ${gateway}; frame-src ${gateway}; connect-src 'self'; style-src 'self' 'unsafe-inline'`,
};

function json(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://demo.invalid');
  try {
    if (request.method === 'GET' && url.pathname === '/') return void response.writeHead(200, pageHeaders).end(page);
    if (url.pathname === '/favicon.ico') return void response.writeHead(204).end();
    if (request.method === 'GET' && url.pathname === '/checkout.js')
      return void response.writeHead(200, { 'content-type': 'application/javascript' }).end(script);
    // Only this page may mount the fields with the session. A real shop names its https origin;
    // over plain http the sandbox accepts http://localhost only (elsewhere: no restriction).
    const hostHeader = request.headers.host ?? '';
    const origin = /^localhost(:\d+)?$/.test(hostHeader) ? `http://${hostHeader}` : undefined;
    if (request.method === 'POST' && url.pathname === '/session') {
      // A real shop would check its own session and cart here, and use its order id.
      return json(response, 200, await checkoutSession({ mode: 'payment', amount, currency, description: 'Pedido de la tienda demo' }, origin));
    }
    if (request.method === 'POST' && url.pathname === '/enrollment-session') {
      // A real shop would use its logged-in customer (user_id) here.
      const { name, email } = await readJson(request);
      return json(response, 200, await checkoutSession({ mode: 'enrollment', user: { name, email } }, origin));
    }
    const order = /^\/payments\/(pay-[A-Za-z0-9]+)$/.exec(url.pathname);
    if (request.method === 'GET' && order) {
      // Never trust the browser's result: ask the gateway with a server-side token.
      const payment = await gatewayJson(`/v1/payments/${order[1]}`, { headers: { authorization: `Bearer ${await mintToken(SERVER_SCOPE)}` } });
      return json(response, 200, { id: payment.id, status: payment.status, amount: payment.amount });
    }
    json(response, 404, { error: 'not found' });
  } catch (error) {
    console.error(error.message);
    json(response, 502, { error: 'the payment gateway call failed; see the demo server log' });
  }
});

server.listen(port, host, () => {
  console.log(`Merchant demo on http://${host === '127.0.0.1' ? 'localhost' : host}:${port} (gateway ${gateway})`);
});
