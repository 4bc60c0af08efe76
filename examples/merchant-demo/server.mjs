/**
 * A merchant's checkout using Pasarela's embedded fields, with no
 * dependencies: this backend keeps the client secret, mints a narrow token
 * for each checkout, and confirms payments server-side; the page
 * (public/) mounts PasarelaFields and never sees a card number.
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

/** What the browser may do with its token: tokenize, charge, save cards. Nothing else (no refunds, no reads). */
const BROWSER_SCOPE = 'instruments:write payments:write users:write';

async function gatewayJson(path, init = {}) {
  const response = await fetch(`${gateway}${path}`, init);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw Object.assign(new Error(`${init.method || 'GET'} ${path}: HTTP ${response.status} ${JSON.stringify(body)}`), { status: response.status });
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

/** The organization's encryption public key; created once if the organization has none yet. */
async function publicKey(token) {
  const auth = { authorization: `Bearer ${token}` };
  try {
    return (await gatewayJson('/v1/encryption/keys', { headers: auth })).public_key;
  } catch (error) {
    if (error.status !== 404) throw error;
    return (await gatewayJson('/v1/encryption/keys', { method: 'POST', headers: auth })).public_key;
  }
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
    if (request.method === 'GET' && url.pathname === '/checkout.js') return void response.writeHead(200, { 'content-type': 'application/javascript' }).end(script);
    if (request.method === 'POST' && url.pathname === '/session') {
      // A real shop would check its own session and cart here.
      const token = await mintToken(BROWSER_SCOPE);
      return json(response, 200, { apiBase: gateway, token, encryptionPublicKey: await publicKey(token), amount, currency });
    }
    const order = /^\/payments\/(pay-[A-Za-z0-9]+)$/.exec(url.pathname);
    if (request.method === 'GET' && order) {
      // Never trust the browser's result: ask the gateway with a server-side token.
      const payment = await gatewayJson(`/v1/payments/${order[1]}`, { headers: { authorization: `Bearer ${await mintToken('payments:read')}` } });
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
