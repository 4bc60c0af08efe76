/**
 * The ledger's cost on the create-and-capture path (docs/benchmarks.md "The
 * ledger's cost"): two servers of the same build, one as it runs
 * everywhere and one started with LEDGER_POSTING=false (the ledger's
 * reactions not registered: no entry, no settlement queue row, no
 * settlement run), each on a database of its own. Card payments are
 * authorized (`POST /v1/payments/authorizations`) and captured
 * (`POST /v1/payments/{id}/capture`) by closed loops, the pair counted once
 * its capture answers 200; the runs alternate between the two servers in
 * both orders (on off, off on, on off, ...), so a machine busier in one
 * part of the run weighs on both alike. The result is the ratio of their
 * mean rates, ledger on over ledger off (target ≥ 0.90), with each pair of
 * runs' own ratio beside it.
 */
import { webcrypto } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import type { Server } from './types.js';

export interface LedgerCostOptions {
  /** Starts a server on a fresh database; `ledgerPosting: false` sets LEDGER_POSTING=false. */
  start: (ledgerPosting: boolean) => Promise<Server>;
  stop: (server: Server) => Promise<void>;
  /** The server's CPU time so far (ms), all its threads; undefined when unknown. */
  cpuMs: (pid: number | undefined) => number | undefined;
  clientId: string;
  clientSecret: string;
  /** Measured seconds of each run, after `warmupSeconds` unmeasured. */
  seconds: number;
  warmupSeconds: number;
  /** Runs per server (alternating; the order flips every pair). */
  rounds: number;
  /** Payments in flight (closed loops). */
  concurrency: number;
  progress: (text: string) => void;
}

export interface LedgerRun {
  ledger: boolean;
  /** Created-and-captured payments per second. */
  rate: number;
  pairs: number;
  failures: number;
  /** Server CPU per created-and-captured payment, µs. */
  cpuUs: number;
}

export interface LedgerCost {
  runs: LedgerRun[];
  on: number;
  off: number;
  ratio: number;
  /** Each pair of adjacent runs' ratio (on over off). */
  pairRatios: number[];
  cpuOn: number;
  cpuOff: number;
}

const CARDS = 32;

function luhnVisa(n: number): string {
  const body = `4${String(8_000_000_000_000 + n).padStart(14, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

/** One request on a keep-alive agent: status and parsed body. */
function send(
  agent: Agent,
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const req = httpRequest(
      {
        agent,
        method,
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: { ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
          } catch {
            // not JSON: the status says enough
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A server ready to pay: a token, the organization's key, cards and a pool of encrypted CVVs. */
async function prepare(server: Server, options: LedgerCostOptions) {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency + 2 });
  const json = { 'content-type': 'application/json' };
  const token = await send(
    agent,
    server.base,
    'POST',
    '/oauth/token',
    json,
    JSON.stringify({ grant_type: 'client_credentials', client_id: options.clientId, client_secret: options.clientSecret, audience: server.publicBaseUrl }),
  );
  if (token.status !== 200) throw new Error(`ledger-cost: POST /oauth/token -> ${token.status}`);
  const headers = { ...json, authorization: `Bearer ${String(token.json.access_token)}` };
  const key = await send(agent, server.base, 'POST', '/v1/encryption/keys', headers);
  if (key.status !== 201) throw new Error(`ledger-cost: POST /v1/encryption/keys -> ${key.status}`);
  const pem = String(key.json.public_key);
  const der = Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  const publicKey = await webcrypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const encrypt = async (value: string) => Buffer.from(await webcrypto.subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, Buffer.from(value))).toString('base64');
  const instruments = await Promise.all(
    Array.from({ length: CARDS }, async (_, i) => {
      const body = {
        type: 'CARD',
        encrypted_number: await encrypt(luhnVisa(i)),
        encrypted_expiration_month: await encrypt('12'),
        encrypted_expiration_year: await encrypt(String(new Date().getUTCFullYear() + 3)),
        encrypted_holder_name: await encrypt('Bench Ledger'),
        encrypted_cvv: await encrypt('123'),
      };
      const reply = await send(agent, server.base, 'POST', '/v1/instruments', headers, JSON.stringify(body));
      if (reply.status !== 201) throw new Error(`ledger-cost: POST /v1/instruments -> ${reply.status}`);
      return String(reply.json.id);
    }),
  );
  const cvvs = await Promise.all(Array.from({ length: 256 }, () => encrypt('123')));
  return { agent, headers, instruments, cvvs };
}

type Prepared = Awaited<ReturnType<typeof prepare>>;

/** Closed loops authorizing and capturing for `seconds`; counts the pairs whose capture answered 200 within them. */
async function drive(server: Server, prepared: Prepared, seconds: number, concurrency: number, tag: string) {
  const end = performance.now() + seconds * 1000;
  let pairs = 0;
  let failures = 0;
  let seq = 0;
  const loop = async () => {
    while (performance.now() < end) {
      const n = ++seq;
      const body = JSON.stringify({
        amount: 150,
        currency: 'USD',
        order_id: `${tag}-${n}`,
        instrument_id: prepared.instruments[n % prepared.instruments.length],
        encrypted_cvv: prepared.cvvs[n % prepared.cvvs.length],
      });
      const created = await send(prepared.agent, server.base, 'POST', '/v1/payments/authorizations', prepared.headers, body);
      if (created.status !== 201 || created.json.status !== 'AUTHORIZED') {
        failures++;
        continue;
      }
      const captured = await send(prepared.agent, server.base, 'POST', `/v1/payments/${String(created.json.id)}/capture`, prepared.headers, '{}');
      if (captured.status !== 200) failures++;
      else if (performance.now() <= end) pairs++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return { pairs, failures };
}

export async function ledgerCost(options: LedgerCostOptions): Promise<LedgerCost> {
  options.progress('bench: ledger cost: starting a server with the ledger and one without (LEDGER_POSTING=false) ...');
  const on = await options.start(true);
  let off: Server | undefined;
  try {
    off = await options.start(false);
    const servers = { on: { server: on, prepared: await prepare(on, options) }, off: { server: off, prepared: await prepare(off, options) } };
    const tag = `bench-ledger-${Date.now().toString(36)}`;
    // Each server's code compiled and its caches warm before the first measured run (a first run measured cold was 2-3 times slower).
    for (const [name, s] of Object.entries(servers)) await drive(s.server, s.prepared, options.warmupSeconds * 2, options.concurrency, `${tag}-first-${name}`);
    options.progress(' done\n');
    const runs: LedgerRun[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const order: boolean[] = round % 2 === 0 ? [true, false] : [false, true];
      for (const ledger of order) {
        const { server, prepared } = ledger ? servers.on : servers.off;
        options.progress(`bench: ledger cost: create and capture, ledger ${ledger ? 'on ' : 'off'} (run ${round + 1} of ${options.rounds}) ...`);
        if (options.warmupSeconds > 0) await drive(server, prepared, options.warmupSeconds, options.concurrency, `${tag}-w${round}${ledger ? 'a' : 'b'}`);
        const cpuBefore = options.cpuMs(server.child.pid);
        const t0 = performance.now();
        const { pairs, failures } = await drive(server, prepared, options.seconds, options.concurrency, `${tag}-${round}${ledger ? 'a' : 'b'}`);
        const elapsed = (performance.now() - t0) / 1000;
        const cpuAfter = options.cpuMs(server.child.pid);
        const run: LedgerRun = {
          ledger,
          rate: pairs / Math.min(elapsed, options.seconds),
          pairs,
          failures,
          cpuUs: cpuBefore !== undefined && cpuAfter !== undefined && pairs > 0 ? ((cpuAfter - cpuBefore) * 1000) / pairs : NaN,
        };
        runs.push(run);
        options.progress(` ${run.rate.toFixed(0)} payments/s, ${run.cpuUs.toFixed(0)} µs server CPU each${failures ? `, ${failures} failed` : ''}\n`);
      }
    }
    for (const s of [servers.on, servers.off]) s.prepared.agent.destroy();
    const mean = (ledger: boolean, pick: (r: LedgerRun) => number) => {
      const xs = runs.filter((r) => r.ledger === ledger).map(pick);
      return xs.reduce((a, b) => a + b, 0) / xs.length;
    };
    const pairRatios: number[] = [];
    for (let i = 0; i + 1 < runs.length; i += 2) {
      const [a, b] = [runs[i]!, runs[i + 1]!];
      const [x, y] = a.ledger ? [a, b] : [b, a];
      pairRatios.push(x.rate / y.rate);
    }
    const rateOn = mean(true, (r) => r.rate);
    const rateOff = mean(false, (r) => r.rate);
    return { runs, on: rateOn, off: rateOff, ratio: rateOn / rateOff, pairRatios, cpuOn: mean(true, (r) => r.cpuUs), cpuOff: mean(false, (r) => r.cpuUs) };
  } finally {
    await options.stop(on);
    if (off) await options.stop(off);
  }
}
