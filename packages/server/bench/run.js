#!/usr/bin/env node
/**
 * `npm run bench`: starts the built server (packages/server/dist/main.js) as a
 * child process on a free port with a fresh data directory, gets an access
 * token, and measures a few requests with autocannon. Prints a Markdown table
 * (see docs/benchmarks.md for what each case measures).
 *
 * Environment:
 *   BENCH_SECONDS          measured seconds per case (default 5)
 *   BENCH_WARMUP_SECONDS   unmeasured warm-up per case (default 1; 0 disables)
 *   BENCH_DATABASE_URL     postgres://... to bench on PostgreSQL (default: SQLite in the temp dir)
 *   BENCH_PG_SCRATCH       with BENCH_DATABASE_URL: "1" (default) creates a throwaway database
 *                          on that server for the run and drops it afterwards; "0" uses the URL as is
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = dirname(fileURLToPath(import.meta.url));
const MAIN = resolve(here, '../dist/main.js');

const SECONDS = positiveNumber('BENCH_SECONDS', 5);
const WARMUP_SECONDS = positiveNumber('BENCH_WARMUP_SECONDS', 1, true);
const CONNECTIONS = 10;
const TOKEN_CONNECTIONS = 4;
const CLIENT_ID = 'bench-client';
const CLIENT_SECRET = 'bench-secret-0123456789abcdef';
// The server accepts at most 1 000 000 (config.ts); per the default 10 s window
// that is 100 000 requests per second per client, far above what this bench reaches.
const RATE_LIMIT_REQUESTS = '1000000';

function positiveNumber(name, fallback, zeroOk = false) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!zeroOk && value === 0)) {
    throw new Error(`${name} must be a ${zeroOk ? 'non-negative' : 'positive'} number of seconds, got "${raw}"`);
  }
  return value;
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * CPU time (user + system, all threads) the server process has used so far, in
 * ms, from /proc (Linux; clock ticks assumed 100 per second). undefined elsewhere.
 */
function serverCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** The checkout being measured (best effort: "unknown" without git). */
function gitRevision() {
  try {
    return execFileSync('git', ['-C', here, 'describe', '--always', '--dirty'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Keeps the last `limit` characters a stream wrote, for error reports. */
function tail(stream, limit = 8000) {
  const box = { text: '' };
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    box.text = (box.text + chunk).slice(-limit);
  });
  return box;
}

/** PostgreSQL: a throwaway database on the same server, so every run starts empty and leaves nothing behind. */
async function scratchDatabase(url) {
  if (process.env.BENCH_PG_SCRATCH === '0') return { url, drop: async () => {} };
  const { default: pg } = await import('pg');
  const name = `pasarela_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`cannot connect to BENCH_DATABASE_URL ${redact(url)}: ${error.message}`);
  }
  try {
    await admin.query(`create database ${name}`);
  } catch (error) {
    await admin.end().catch(() => {});
    console.warn(`bench: cannot create a scratch database (${error.message}); using ${redact(url)} as is`);
    return { url, drop: async () => {} };
  }
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

async function startServer({ port, dataDir, databaseUrl }) {
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    BOOTSTRAP_CLIENT_ID: CLIENT_ID,
    BOOTSTRAP_CLIENT_SECRET: CLIENT_SECRET,
    RATE_LIMIT_REQUESTS,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = tail(child.stdout);
  const err = tail(child.stderr);
  const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
  let exitInfo = null;
  exited.then((info) => {
    exitInfo = info;
  });

  const deadline = Date.now() + 30_000;
  let last = 'no answer yet';
  for (;;) {
    if (exitInfo) {
      throw new Error(
        `server exited before it was healthy (code ${exitInfo.code}, signal ${exitInfo.signal})\n` +
          `command: ${process.execPath} ${MAIN}\nstdout:\n${out.text}\nstderr:\n${err.text}`,
      );
    }
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.status === 200) break;
      last = `GET /healthz -> ${res.status} ${await res.text()}`;
    } catch (error) {
      last = `GET /healthz -> ${error.cause?.code ?? error.message}`;
    }
    if (Date.now() > deadline) {
      throw new Error(`server not healthy after 30 s (${last})\nstdout:\n${out.text}\nstderr:\n${err.text}`);
    }
    await sleep(100);
  }
  return { child, base, publicBaseUrl: env.PUBLIC_BASE_URL, exited, logs: { out, err } };
}

async function stopServer(server) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 5000);
  await server.exited;
  clearTimeout(timer);
}

/** One request with fetch; returns status, headers and parsed (or raw) body. */
async function call(base, method, path, { headers = {}, body } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

function jwtClaims(token) {
  const part = token.split('.')[1];
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

function cases({ token, orgId, tokenBody }) {
  const auth = { authorization: `Bearer ${token}` };
  const json = { 'content-type': 'application/json' };
  const keyPrefix = `bench-${randomBytes(4).toString('hex')}-`;
  let counter = 0;
  return [
    { name: 'GET /healthz (ceiling A: HTTP stack, no auth, no DB)', method: 'GET', path: '/healthz' },
    { name: 'GET /readyz (ceiling B: one `select 1`)', method: 'GET', path: '/readyz' },
    { name: 'GET /v1/organizations/{id}', method: 'GET', path: `/v1/organizations/${orgId}`, headers: auth },
    { name: 'GET /v1/organizations?limit=10', method: 'GET', path: '/v1/organizations?limit=10', headers: auth },
    {
      name: 'POST /v1/organizations',
      method: 'POST',
      path: '/v1/organizations',
      headers: { ...auth, ...json },
      body: JSON.stringify({ name: 'bench' }),
    },
    {
      name: 'POST /v1/organizations + Idempotency-Key',
      method: 'POST',
      path: '/v1/organizations',
      headers: { ...auth, ...json },
      body: JSON.stringify({ name: 'bench' }),
      // A new key for every request: each one reserves and completes a key (no replays).
      setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': `${keyPrefix}${++counter}` } }),
    },
    {
      name: `POST /oauth/token (scrypt; ${TOKEN_CONNECTIONS} connections)`,
      method: 'POST',
      path: '/oauth/token',
      headers: json,
      body: JSON.stringify(tokenBody),
      connections: TOKEN_CONNECTIONS,
    },
  ];
}

/**
 * Runs one case. autocannon's own latency histogram keeps whole milliseconds,
 * too coarse here, so the 2xx response times (hrtime, fractional ms) are also
 * collected from its 'response' events for the percentiles.
 */
async function cannon(base, c, seconds) {
  const request = { method: c.method, path: c.path, headers: c.headers ?? {}, body: c.body };
  if (c.setupRequest) request.setupRequest = c.setupRequest;
  const times = [];
  const instance = autocannon({
    url: base,
    connections: c.connections ?? CONNECTIONS,
    duration: seconds,
    requests: [request],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode <= 299) times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const pct = (p) => (times.length ? times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] : NaN);
  return { result, p50: pct(50), p99: pct(99) };
}

/** One plain request per case before measuring, so a broken endpoint is reported with its status and body. */
async function smokeTest(base, list) {
  const problems = [];
  for (const c of list) {
    const headers = { ...(c.headers ?? {}) };
    if (c.setupRequest) Object.assign(headers, c.setupRequest({ headers: {} }).headers);
    const res = await fetch(base + c.path, { method: c.method, headers, body: c.body });
    const text = await res.text();
    if (res.status < 200 || res.status > 299) problems.push(`${c.method} ${c.path} -> ${res.status} ${text.slice(0, 500)}`);
  }
  return problems;
}

function fmt(n, digits = 1) {
  return Number.isFinite(n) ? n.toFixed(digits) : 'n/a';
}

async function main() {
  const dataDir = await mkdtemp(join(os.tmpdir(), 'pasarela-bench-'));
  let server;
  let scratch;
  let interrupted = false;
  const onSignal = (signal) => {
    interrupted = true;
    console.error(`bench: ${signal}, stopping`);
    cleanup().finally(() => process.exit(130));
  };
  let cleaned = false;
  async function cleanup() {
    if (cleaned) return;
    cleaned = true;
    await stopServer(server).catch((e) => console.error(`bench: stopping the server failed: ${e.message}`));
    if (scratch) await scratch.drop().catch((e) => console.error(`bench: dropping ${scratch.name} failed: ${e.message}`));
    await rm(dataDir, { recursive: true, force: true }).catch(() => {});
  }
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const pgUrl = process.env.BENCH_DATABASE_URL || '';
    if (pgUrl && !/^postgres(ql)?:\/\//.test(pgUrl)) throw new Error('BENCH_DATABASE_URL must be a postgres:// URL');
    if (pgUrl) scratch = await scratchDatabase(pgUrl);
    const dbKind = pgUrl
      ? `PostgreSQL (${redact(pgUrl)}${scratch?.name ? `, scratch database ${scratch.name}` : ''})`
      : 'SQLite (file in a fresh temp DATA_DIR)';

    const port = await freePort();
    server = await startServer({ port, dataDir, databaseUrl: scratch?.url });
    const { base, publicBaseUrl } = server;

    const tokenBody = { grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: CLIENT_SECRET, audience: publicBaseUrl };
    const tokenRes = await call(base, 'POST', '/oauth/token', { body: tokenBody });
    if (tokenRes.status !== 200 || !tokenRes.json?.access_token) {
      throw new Error(`POST /oauth/token -> ${tokenRes.status} ${tokenRes.text}`);
    }
    const token = tokenRes.json.access_token;
    const orgId = jwtClaims(token).org_id;
    if (!orgId) throw new Error(`the access token has no org_id claim: ${JSON.stringify(jwtClaims(token))}`);

    // Idempotency sanity check: the same key twice must replay the first answer.
    const key = `bench-check-${randomBytes(6).toString('hex')}`;
    const headers = { authorization: `Bearer ${token}`, 'idempotency-key': key };
    const first = await call(base, 'POST', '/v1/organizations', { headers, body: { name: 'bench' } });
    const again = await call(base, 'POST', '/v1/organizations', { headers, body: { name: 'bench' } });
    const replayOk = first.status === 201 && again.status === 201 && again.headers.get('idempotent-replayed') === 'true' && again.text === first.text;
    if (!replayOk) {
      console.warn(
        `bench: idempotency replay check failed: first ${first.status} ${first.text.slice(0, 300)}; ` +
          `again ${again.status} idempotent-replayed=${again.headers.get('idempotent-replayed')} ${again.text.slice(0, 300)}`,
      );
    }

    // A full page for the list case: 11 more organizations (with the one above, 12 children besides the caller's own).
    for (let i = 0; i < 11; i++) {
      const res = await call(base, 'POST', '/v1/organizations', { headers: { authorization: `Bearer ${token}` }, body: { name: `bench seed ${i}` } });
      if (res.status !== 201) throw new Error(`POST /v1/organizations (seeding) -> ${res.status} ${res.text}`);
    }

    const list = cases({ token, orgId, tokenBody });
    const problems = await smokeTest(base, list);
    for (const p of problems) console.warn(`bench: smoke test: ${p}`);

    const cpus = os.cpus();
    console.log('# Pasarela benchmark\n');
    console.log(`- date: ${new Date().toISOString()}`);
    console.log(`- node: ${process.version} (${process.platform} ${process.arch})`);
    console.log(`- CPU: ${cpus[0]?.model ?? 'unknown'}, ${cpus.length} cores`);
    console.log(`- database: ${dbKind}`);
    console.log(`- code: git ${gitRevision()} (dist/ as built before the run)`);
    console.log(
      `- ${SECONDS} s per case after ${WARMUP_SECONDS} s warm-up, ${CONNECTIONS} connections ` +
        `(${TOKEN_CONNECTIONS} for /oauth/token); autocannon runs in this process, on the same machine as the server`,
    );
    console.log(
      '- server CPU µs/req: user + system time of the server process (all its threads) during the measured run, ' +
        'divided by the requests answered; a PostgreSQL server\'s own CPU is not included\n',
    );

    const rows = [];
    for (const c of list) {
      if (interrupted) return;
      process.stderr.write(`bench: ${c.name} ...`);
      if (WARMUP_SECONDS > 0) await cannon(base, c, WARMUP_SECONDS);
      const cpuBefore = serverCpuMs(server.child.pid);
      const { result: r, p50, p99 } = await cannon(base, c, SECONDS);
      const cpuAfter = serverCpuMs(server.child.pid);
      const codes = Object.entries(r.statusCodeStats ?? {})
        .filter(([code]) => Number(code) < 200 || Number(code) > 299)
        .map(([code, { count }]) => `${code}x${count}`);
      rows.push({
        name: c.name,
        rps: r.requests.average,
        p50,
        p99,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
        codes,
        total: r.requests.total,
        cpuUsPerRequest: cpuBefore !== undefined && cpuAfter !== undefined && r.requests.total > 0 ? ((cpuAfter - cpuBefore) * 1000) / r.requests.total : NaN,
      });
      process.stderr.write(` ${fmt(r.requests.average, 0)} req/s\n`);
      if (server.child.exitCode !== null || server.child.signalCode !== null) {
        throw new Error(`the server exited during "${c.name}"\nstderr:\n${server.logs.err.text}`);
      }
    }

    const ceiling = rows[0].rps;
    console.log('| case | req/s (average) | p50 ms | p99 ms | non-2xx | ratio to ceiling A | server CPU µs/req |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) {
      const non2xx = `${row.non2xx}${row.codes.length ? ` (${row.codes.join(', ')})` : ''}${row.errors ? `, ${row.errors} errors/timeouts` : ''}`;
      console.log(`| ${row.name} | ${fmt(row.rps, 0)} | ${fmt(row.p50, 2)} | ${fmt(row.p99, 2)} | ${non2xx} | ${fmt(row.rps / ceiling, 3)} | ${fmt(row.cpuUsPerRequest, 0)} |`);
    }
    console.log('');
    if (!replayOk) console.log('Warning: the idempotency replay check failed (see stderr).');
    if (problems.length) console.log(`Warning: ${problems.length} case(s) failed the smoke test (see stderr).`);
    const serverErr = server.logs.err.text.trim();
    if (serverErr) console.log(`Server stderr (last lines):\n\n\`\`\`\n${serverErr.split('\n').slice(-20).join('\n')}\n\`\`\``);
  } finally {
    await cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

main().catch((error) => {
  console.error(`bench: ${error.stack ?? error.message}`);
  process.exitCode = 1;
});
