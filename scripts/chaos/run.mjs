#!/usr/bin/env node
/**
 * npm run chaos: three gateway processes in production mode on a throwaway
 * PostgreSQL cluster, behind nginx (TLS 1.2/1.3, the shipped deploy/nginx.conf),
 * a careful merchant's workload, a seeded schedule of faults, and every
 * invariant of docs/reliability.md checked at the end, from the API's answers
 * and from the database, then again on a restored pg_dump. Exit code 1 on any
 * violation.
 *
 *   npm run chaos                 the full run (CHAOS_SECONDS, default 300)
 *   npm run chaos -- --short      the CI variant (about 2 minutes, fewer faults); or CHAOS_SHORT=1
 *   npm run chaos -- --soak       10 minutes at half the measured maximum rate on one process (soak.mjs)
 *   CHAOS_SEED=1234               replay a schedule; CHAOS_RATE flows per second (default 5)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as tlsConnect } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = new Set(process.argv.slice(2));
const SHORT = args.has('--short') || ['1', 'true'].includes(process.env.CHAOS_SHORT ?? '');

// The harness's own HTTPS client must trust the run's certificate: the certificate is made first,
// then this script runs again with NODE_EXTRA_CA_CERTS pointing at it (as the gateways do).
if (!process.env.CHAOS_RUN_DIR) {
  const { makeCertificate } = await import('./infra.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'pasarela-chaos-'));
  execFileSync('chmod', ['755', dir]);
  const { cert } = makeCertificate(dir);
  const entry = args.has('--soak') ? fileURLToPath(new URL('./soak.mjs', import.meta.url)) : fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, [entry, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, CHAOS_RUN_DIR: dir, NODE_EXTRA_CA_CERTS: cert },
  });
  if (!process.env.CHAOS_KEEP) rmSync(dir, { recursive: true, force: true });
  else console.log(`chaos: run directory kept: ${dir}`);
  process.exit(child.status ?? 1);
}

const { GatewayProcess, PostgresCluster, freePort, sleep, startNginx, startReceiver } = await import('./infra.mjs');
const { Merchant, drive, flows, prepareInstruments, withKind } = await import('./workload.mjs');
const replayContext = (fn) => withKind('replay (same Idempotency-Key, at the end)', fn);
const { databaseInvariants, effectInvariants, receiptInvariants, instructionInvariants, processorInvariants } = await import('./invariants.mjs');
const { FakeProcessor } = await import('./processor.mjs');
const { TerminalSimulator, prepareTerminals } = await import('./terminals.mjs');

const dir = process.env.CHAOS_RUN_DIR;
const cert = join(dir, 'cert.pem');
const key = join(dir, 'key.pem');
const seconds = Number(process.env.CHAOS_SECONDS || (SHORT ? 60 : 300));
const seed = Number(process.env.CHAOS_SEED || Math.floor(Math.random() * 2 ** 31));
const rate = Number(process.env.CHAOS_RATE || (SHORT ? 2 : 3));
const LEASE_SECONDS = 10;
const RATE_LIMIT = 500;
const RATE_WINDOW = 30;
const RATE_SYNC_MS = 200;
/** The processor connector's time limit per attempt; the slow fault holds every answer past it. */
const PROCESSOR_TIMEOUT_MS = 1500;

function mulberry32(a) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(seed);
const faultRandom = mulberry32(seed ^ 0x5f3759df);
const log = (...a) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1).padStart(6)}s]`, ...a);
const t0 = Date.now();

// ---------------------------------------------------------------- the schedule
function schedule() {
  const faults = [];
  const at = (fraction) => Math.round(seconds * 1000 * fraction);
  for (let t = 20_000 + faultRandom() * 20_000; t < seconds * 1000 - 10_000; t += 20_000 + faultRandom() * 20_000) {
    faults.push({ kind: 'kill -9 gateway', at: Math.round(t), target: Math.floor(faultRandom() * 3) });
  }
  faults.push({ kind: 'webhook receiver fails (500 then timeouts)', at: at(0.15), durationMs: SHORT ? 30_000 : 60_000 });
  faults.push({ kind: 'PostgreSQL restart (fast)', at: at(SHORT ? 0.5 : 0.35) });
  // The processor (the fake Mercado Pago the Mastercard payments are routed to): down, then slow past the connector's time limit.
  faults.push({ kind: 'processor down (connections refused)', at: at(SHORT ? 0.25 : 0.2), durationMs: SHORT ? 10_000 : 20_000 });
  faults.push({ kind: 'processor slow past the timeout', at: at(SHORT ? 0.6 : 0.5), durationMs: SHORT ? 10_000 : 20_000 });
  if (!SHORT) faults.push({ kind: 'PostgreSQL stopped', at: at(0.6), durationMs: 10_000 });
  faults.push({ kind: 'SIGSTOP past the job lease', at: at(SHORT ? 0.7 : 0.8), target: Math.floor(faultRandom() * 3), durationMs: (LEASE_SECONDS + 5) * 1000 });
  return faults.sort((a, b) => a.at - b.at);
}
const faults = schedule();

console.log(
  `chaos: ${SHORT ? 'short (CI) variant' : 'full run'}, ${seconds} s of workload at ${rate} flows/s, seed ${seed} (CHAOS_SEED=${seed} replays this schedule)`,
);
for (const f of faults)
  console.log(
    `  at ${(f.at / 1000).toFixed(1).padStart(6)} s  ${f.kind}${f.target !== undefined ? ` (gateway ${f.target + 1})` : ''}${f.durationMs ? ` for ${f.durationMs / 1000} s` : ''}`,
  );

// ---------------------------------------------------------------- start everything
const cleanups = [];
let exitCode = 1;
try {
  const pgCluster = new PostgresCluster(dir, { fsync: !SHORT });
  await pgCluster.init();
  cleanups.push(() => pgCluster.destroy());
  execFileSync(pgCluster.tool('createdb'), ['-h', '127.0.0.1', '-p', String(pgCluster.port), '-U', 'postgres', 'pasarela']);
  const databaseUrl = `postgres://postgres@127.0.0.1:${pgCluster.port}/pasarela`;
  log(`PostgreSQL on 127.0.0.1:${pgCluster.port} (fsync ${SHORT ? 'off' : 'on'})`);

  const healthy = await startReceiver('healthy receiver', { cert, key });
  const failing = await startReceiver('failing receiver', { cert, key });
  cleanups.push(
    () => healthy.close(),
    () => failing.close(),
  );

  // The processor the Mastercard payments are routed to (processor.mjs): every gateway sends there (MERCADOPAGO_API_URL).
  const processor = await new FakeProcessor().start();
  cleanups.push(() => processor.close().catch(() => undefined));

  const gatewayPorts = [await freePort(), await freePort(), await freePort()];
  const clientId = `chaos-${randomUUID()}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const baseEnv = (port, publicBaseUrl) => ({
    ENVIRONMENT: 'production',
    CONNECTORS: 'simulator',
    ALLOW_SIMULATED_CONNECTORS: 'true',
    SIMULATOR_AUTHORIZATION: 'remote',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    NODE_EXTRA_CA_CERTS: cert,
    DATABASE_URL: databaseUrl,
    MASTER_KEY: masterKey,
    PUBLIC_BASE_URL: publicBaseUrl,
    TRUST_PROXY: '1',
    HOST: '127.0.0.1',
    PORT: String(port),
    BOOTSTRAP_CLIENT_ID: clientId,
    BOOTSTRAP_CLIENT_SECRET: clientSecret,
    LOG_LEVEL: 'warn',
    JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    JOB_POLL_INTERVAL_MS: '200',
    CAPTURE_DELAY_SECONDS: '5',
    PENDING_CARD_DELAY_SECONDS: '3',
    RAIL_MOCK_DELAY_SECONDS: '2',
    WEBHOOK_RETRY_SCHEDULE: '0,1,2,4,8,15,30,30,60,60,60,60,60,60,60,60',
    WEBHOOK_TIMEOUT_MS: '5000',
    RATE_LIMIT_REQUESTS: String(RATE_LIMIT),
    RATE_LIMIT_WINDOW_SECONDS: String(RATE_WINDOW),
    RATE_LIMIT_SYNC_MS: String(RATE_SYNC_MS),
    DATABASE_POOL_SIZE: '8',
    REQUEST_TIMEOUT_MS: '12000',
    MERCADOPAGO_API_URL: processor.url,
    MERCADOPAGO_TIMEOUT_MS: String(PROCESSOR_TIMEOUT_MS),
    // No Stripe here: its time limit only bounds how long an interrupted authorization's recovery waits
    // for calls that may still run (payments/jobs.ts authorizationSeconds), as Mercado Pago's does.
    STRIPE_TIMEOUT_MS: String(PROCESSOR_TIMEOUT_MS),
  });
  const masterKey = randomBytes(32).toString('base64');
  // nginx first (its port is the public URL), then the gateways it balances across.
  const nginx = await startNginx(dir, { cert, key, upstreamPorts: gatewayPorts });
  cleanups.push(() => nginx.stop());
  const baseUrl = `https://localhost:${nginx.port}`;
  const gateways = gatewayPorts.map((port, i) => new GatewayProcess(`gateway-${i + 1}`, baseEnv(port, baseUrl), dir));
  cleanups.push(() => Promise.all(gateways.map((g) => g.stop())));
  // Started together: migrations, signing key and bootstrap client race, as in a real roll-out.
  // A fourth process, with its own TLS (TLS_CERT_FILE), only for the TLS check below; started with the others.
  const ownTlsPort = await freePort();
  const ownTls = new GatewayProcess(
    'gateway-own-tls',
    { ...baseEnv(ownTlsPort, `https://localhost:${ownTlsPort}`), TRUST_PROXY: 'false', TLS_CERT_FILE: cert, TLS_KEY_FILE: key, JOBS_ENABLED: 'false' },
    dir,
  );
  cleanups.push(() => ownTls.stop());
  await Promise.all([...gateways.map((g) => g.start()), ownTls.start()]);
  // As systemd's Restart=always (deploy/pasarela.service): a process that exits unasked is started
  // again, and each such exit is a violation (the harness's kill -9 is the only expected one).
  const unexpectedExits = [];
  let supervising = true;
  const supervisor = (async () => {
    while (supervising) {
      for (const g of gateways) {
        if (!g.expectExit && !g.restarting && g.child && (g.child.exitCode !== null || g.child.signalCode !== null)) {
          const tail = g.output
            .split('\n')
            .filter((l) => /error|Error/.test(l))
            .slice(0, 3)
            .join(' / ');
          unexpectedExits.push(`${g.name} exited unasked (${g.child.exitCode ?? g.child.signalCode}): ${tail.slice(0, 300)}`);
          log(`!! ${g.name} exited unasked; restarting it`);
          g.restarting = true;
          g.start()
            .catch((error) => log(`!! ${g.name} could not restart: ${error.message}`))
            .finally(() => (g.restarting = false));
        }
      }
      await sleep(500);
    }
  })();
  log(`3 gateways (ENVIRONMENT=production, ALLOW_SIMULATED_CONNECTORS=true) on ${gatewayPorts.join(', ')}; nginx TLS on ${baseUrl}`);

  // ------------------------------------------------------------ TLS: 1.0 and 1.1 refused by nginx and by the gateway's own TLS
  const tlsFindings = [];
  const handshake = (port, version) =>
    new Promise((resolveHandshake) => {
      const socket = tlsConnect(
        {
          host: '127.0.0.1',
          port,
          servername: 'localhost',
          minVersion: version,
          maxVersion: version,
          ciphers: 'DEFAULT@SECLEVEL=0',
          rejectUnauthorized: false,
        },
        () => {
          socket.end();
          resolveHandshake('accepted');
        },
      );
      socket.on('error', () => resolveHandshake('refused'));
      socket.setTimeout(5000, () => {
        socket.destroy();
        resolveHandshake('refused');
      });
    });
  for (const [name, port] of [
    ['nginx (deploy/nginx.conf)', nginx.port],
    ['gateway TLS_CERT_FILE', ownTlsPort],
  ]) {
    const results = {};
    for (const version of ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3']) results[version] = await handshake(port, version);
    tlsFindings.push({ name, ...results });
    if (results.TLSv1 !== 'refused' || results['TLSv1.1'] !== 'refused') tlsFindings.violation = `${name} accepted TLS 1.0 or 1.1`;
    if (results['TLSv1.2'] !== 'accepted' || results['TLSv1.3'] !== 'accepted') tlsFindings.violation = `${name} refused TLS 1.2 or 1.3`;
  }
  await ownTls.stop();
  log(`TLS: ${tlsFindings.map((f) => `${f.name}: 1.0 ${f.TLSv1}, 1.1 ${f['TLSv1.1']}, 1.2 ${f['TLSv1.2']}, 1.3 ${f['TLSv1.3']}`).join('; ')}`);

  // ------------------------------------------------------------ the merchant
  const attempts = [];
  const firstAnswers = new Map();
  const stats = { outerRetries: 0, flowErrors: [] };
  const merchant = new Merchant({ baseUrl, clientId, clientSecret, attempts, firstAnswers, random, stats });
  const c = merchant.client;
  const { default: pg } = await import('pg');
  const lookup = new pg.Client({ connectionString: databaseUrl });
  await lookup.connect();
  const organizationId = (await lookup.query('select organization_id from clients where client_id = $1', [clientId])).rows[0].organization_id;
  await lookup.end();
  const since = new Date(Date.now() - 1000).toISOString();
  await c.encryptionKeys.create().catch(() => undefined);
  const instruments = await prepareInstruments(merchant);
  // The organization's connector accounts: a simulator account (the oldest: the payments no rule matches go
  // to it) and the processor's; Mastercard payments are routed to the processor, then to the simulator
  // account when the processor cannot be reached.
  const account = async (connector, credentials) => {
    const created = await merchant.call('connector-account.create', (o) =>
      c.transport.request({ method: 'POST', path: '/v1/connector-accounts', body: { connector, credentials } }, o),
    );
    if (!created.ok) throw new Error(`could not create the ${connector} account: ${created.error}`);
    return created.result.id;
  };
  const simulatorAccountId = await account('simulator', { api_key: 'sim-chaos-account' });
  const processorAccountId = await account('mercadopago', {
    access_token: processor.accessToken,
    webhook_secret: randomBytes(16).toString('hex'),
    payer_email: 'chaos@pasarela.test',
  });
  const routed = await merchant.call('routing.put', (o) =>
    c.transport.request(
      {
        method: 'PUT',
        path: '/v1/routing',
        body: { rules: [{ method_family: 'card', card_brands: ['mastercard'], connector_accounts: [processorAccountId, simulatorAccountId] }] },
      },
      o,
    ),
  );
  if (!routed.ok) throw new Error(`could not route to the processor: ${routed.error}`);
  const processorKey = await (async () => {
    const lookupKey = new pg.Client({ connectionString: databaseUrl });
    await lookupKey.connect();
    try {
      return (await lookupKey.query('select reference_key from connector_accounts where id = $1', [processorAccountId])).rows[0].reference_key;
    } finally {
      await lookupKey.end();
    }
  })();
  log(
    `processor on ${processor.url}: account ${processorAccountId} (${processorKey}), Mastercard routed to it, then to the simulator account ${simulatorAccountId}`,
  );
  const endpointHealthy = await merchant.call('webhook.create', (o) =>
    c.webhooks.create({ url: `${healthy.url}/`, events: ['*'], description: 'chaos: healthy' }, o),
  );
  const endpointFailing = await merchant.call('webhook.create', (o) =>
    c.webhooks.create({ url: `${failing.url}/`, events: ['*'], description: 'chaos: fails on command' }, o),
  );
  if (!endpointHealthy.ok || !endpointFailing.ok) throw new Error(`could not register the receivers: ${endpointHealthy.error ?? endpointFailing.error}`);
  const runId = seed.toString(36);
  // The card-present side: two terminals, each driven by the terminal simulator through nginx.
  const terminals = await prepareTerminals(merchant, `${runId}-${Date.now().toString(36)}`);
  const simulators = terminals.map((terminal) => new TerminalSimulator({ terminal, baseUrl, clientId, clientSecret, logDir: dir }));
  for (const simulator of simulators) simulator.start();
  cleanups.push(() => Promise.all(simulators.map((s) => s.stop())));

  // ------------------------------------------------------------ probe: one read through nginx every 250 ms
  const probes = [];
  let probing = true;
  const probeLoop = (async () => {
    while (probing) {
      const started = Date.now();
      let ok = false;
      try {
        const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(3000) });
        ok = response.status === 200;
        await response.text();
      } catch {
        ok = false;
      }
      probes.push({ at: started, ok });
      await sleep(250);
    }
  })();

  // ------------------------------------------------------------ faults
  const runStart = Date.now();
  const windows = []; // { kind, start, end, recovered }
  // Each fault at its own time (they may overlap, as in life), on its own async path.
  const faultLoop = Promise.all(
    faults.map(async (fault) => {
      {
        const wait = runStart + fault.at - Date.now();
        if (wait > 0) await sleep(wait);
        const window = { kind: fault.kind, target: fault.target, start: Date.now() };
        windows.push(window);
        try {
          if (fault.kind === 'kill -9 gateway') {
            const g = gateways[fault.target];
            // One kill and restart of a process at a time: a kill due while the last one's restart is under way waits for it.
            await g.exclusive(async () => {
              window.start = Date.now();
              log(`fault: kill -9 ${g.name} (pid ${g.pid})`);
              g.expectExit = true;
              await g.kill9();
              // As systemd's Restart=always, RestartSec=1: a start that fails (the database restarting
              // at that moment, or the next kill of the same process) is tried again.
              for (let attempt = 1; ; attempt++) {
                try {
                  await g.start();
                  break;
                } catch (error) {
                  const reason = firstLine(error.message);
                  window.notes = [...(window.notes ?? []), `start ${attempt} failed: ${reason}`];
                  log(`      ${g.name} start ${attempt} failed (${reason}); again in 1 s`);
                  if (attempt >= 10) throw error;
                  await sleep(1000);
                }
              }
              g.expectExit = false;
            });
            log(`      ${g.name} restarted (pid ${g.pid}) after ${Date.now() - window.start} ms`);
          } else if (fault.kind.startsWith('webhook receiver')) {
            log('fault: the failing receiver answers 500');
            failing.state.mode = 'fail';
            await sleep(fault.durationMs / 2);
            log('      the failing receiver now never answers (timeouts)');
            failing.state.mode = 'hang';
            await sleep(fault.durationMs / 2);
            failing.state.mode = 'ok';
            log('      the failing receiver recovered');
          } else if (fault.kind === 'PostgreSQL restart (fast)') {
            log('fault: PostgreSQL restart (pg_ctl -m fast)');
            await pgCluster.restart();
            log(`      PostgreSQL back after ${Date.now() - window.start} ms`);
          } else if (fault.kind === 'PostgreSQL stopped') {
            log('fault: PostgreSQL stopped for 10 s (pg_ctl -m fast stop)');
            await pgCluster.stop('fast');
            await sleep(fault.durationMs);
            await pgCluster.start();
            log('      PostgreSQL started again');
          } else if (fault.kind === 'processor down (connections refused)') {
            log(`fault: the processor stops listening for ${fault.durationMs / 1000} s (connections refused)`);
            await processor.down(fault.durationMs);
            log('      the processor listens again');
          } else if (fault.kind === 'processor slow past the timeout') {
            log(
              `fault: the processor answers after ${PROCESSOR_TIMEOUT_MS + 1000} ms for ${fault.durationMs / 1000} s (time limit ${PROCESSOR_TIMEOUT_MS} ms)`,
            );
            await processor.slow(fault.durationMs, PROCESSOR_TIMEOUT_MS + 1000);
            log('      the processor answers at once again');
          } else if (fault.kind.startsWith('SIGSTOP')) {
            const g = gateways[fault.target];
            log(`fault: SIGSTOP ${g.name} for ${fault.durationMs / 1000} s (job lease ${LEASE_SECONDS} s)`);
            g.pause();
            await sleep(fault.durationMs);
            g.resume();
            log(`      ${g.name} resumed (SIGCONT)`);
          }
        } catch (error) {
          log(`fault ${fault.kind}: ${firstLine(error.message)}`);
          window.error = firstLine(error.message);
        }
        window.end = Date.now();
      }
    }),
  );

  log(`workload: ${seconds} s`);
  const flowCounts = await drive(flows(merchant, { instruments, receiverUrl: healthy.url, runId, terminals, instructionSeconds: SHORT ? 30 : 90 }), {
    rate,
    seconds,
    random,
    onError: (name, error) => stats.flowErrors.push(`${name}: ${error?.stack ?? error}`),
  });
  await faultLoop;
  const workloadEnd = Date.now();
  log(`workload done; ${attempts.length} HTTP attempts`);
  writeFileSync(join(dir, 'attempts.json'), JSON.stringify(attempts));

  // ------------------------------------------------------------ rate limit across the three processes
  const rateLimit = await checkRateLimit(gatewayPorts);
  log(
    `rate limit: ${rateLimit.admitted} of ${rateLimit.sent} admitted in ${rateLimit.elapsed} ms (limit ${RATE_LIMIT} per ${RATE_WINDOW} s, bound ${rateLimit.bound}); after the synchronisations ${rateLimit.admittedAfterSync} of ${rateLimit.sentAfterSync} admitted`,
  );

  // ------------------------------------------------------------ drain: jobs and deliveries
  const drain = await drainAll(databaseUrl, organizationId, since, SHORT ? 120_000 : 240_000);
  log(`drain: ${drain.ok ? 'done' : 'NOT done'} in ${(drain.ms / 1000).toFixed(1)} s`);
  await Promise.all(simulators.map((s) => s.stop()));
  // Every payment a terminal simulator was told of is an answer whose effect must exist.
  for (const simulator of simulators) for (const id of simulator.payments.keys()) merchant.effects.push({ kind: 'terminal payment', id });
  log(
    `terminal simulators: ${simulators.map((s) => `${s.terminal.behaviour} card: ${s.starts} starts, ${s.connections} connections, ${s.payments.size} payments`).join('; ')}`,
  );
  probing = false;
  await probeLoop;
  supervising = false;
  await supervisor;

  // ------------------------------------------------------------ invariants
  const violations = [];
  if (tlsFindings.violation) violations.push(`TLS: ${tlsFindings.violation}`);
  violations.push(...merchant.checks);
  violations.push(...unexpectedExits);
  for (const e of stats.flowErrors) violations.push(`workload error: ${e.split('\n')[0]}`);
  if (!drain.ok) violations.push(`the drain did not finish: ${drain.left}`);
  if (!rateLimit.conclusive) violations.push(`rate limit: the burst took ${rateLimit.elapsed} ms, longer than one window: not checked (machine too slow?)`);
  if (rateLimit.admitted > rateLimit.bound) violations.push(`rate limit: ${rateLimit.admitted} requests admitted in one window, bound ${rateLimit.bound}`);
  if (rateLimit.admittedAfterSync > 0)
    violations.push(
      `rate limit: ${rateLimit.admittedAfterSync} of ${rateLimit.sentAfterSync} requests admitted after every process had synchronised the spent window`,
    );
  // Replays of an Idempotency-Key answer the first body.
  const replay = await replayKeys(c, firstAnswers, random);
  violations.push(...replay.violations);
  const effects = await effectInvariants(databaseUrl, merchant.effects);
  violations.push(...effects);
  const endpoints = [endpointHealthy.result.id, endpointFailing.result.id];
  const database = await databaseInvariants(databaseUrl, { organizationId, endpoints, since, processorKey });
  violations.push(...database.violations);
  const processed = await processorInvariants(databaseUrl, { processor, processorKey, simulatorAccountId, since });
  violations.push(...processed.violations);
  log(
    `processor: ${processed.facts.processorPayments} payments and ${processed.facts.processorRefunds} refunds there, ${processed.facts.routedToProcessor} payments through it, ${processed.facts.fellBackToSimulator} Mastercard payments authorized by the simulator account instead; ${processed.violations.length} violations`,
  );
  await healthy.collect();
  await failing.collect();
  const receipts = await receiptInvariants(databaseUrl, { organizationId, since, receivers: [healthy, failing] });
  violations.push(...receipts.violations);
  const cardPresent = await instructionInvariants(databaseUrl, { organizationId, since, simulators });
  violations.push(...cardPresent.violations);

  // ------------------------------------------------------------ backup: pg_dump, restore into a fresh database, check again
  for (const g of gateways) {
    g.expectExit = true;
    await g.stop();
  }
  const dump = join(dir, 'pasarela.dump');
  const pgArgs = ['-h', '127.0.0.1', '-p', String(pgCluster.port), '-U', 'postgres'];
  execFileSync(pgCluster.tool('pg_dump'), [...pgArgs, '-Fc', '-f', dump, 'pasarela']);
  execFileSync(pgCluster.tool('createdb'), [...pgArgs, 'pasarela_restored']);
  execFileSync(pgCluster.tool('pg_restore'), [...pgArgs, '--no-owner', '-d', 'pasarela_restored', dump]);
  const restoredUrl = `postgres://postgres@127.0.0.1:${pgCluster.port}/pasarela_restored`;
  const restored = await databaseInvariants(restoredUrl, { organizationId, endpoints, since, processorKey });
  const restoredProcessor = await processorInvariants(restoredUrl, { processor, processorKey, simulatorAccountId, since });
  const restoredEffects = await effectInvariants(restoredUrl, merchant.effects);
  const restoredCardPresent = await instructionInvariants(restoredUrl, { organizationId, since, simulators });
  for (const v of [...restored.violations, ...restoredEffects, ...restoredCardPresent.violations, ...restoredProcessor.violations])
    violations.push(`restored dump: ${v}`);
  const sameFacts = ['payments', 'events', 'ledger', 'deliveries'].every((k) => restored.facts[k] === database.facts[k]);
  if (!sameFacts) violations.push(`restored dump: counts differ (${JSON.stringify(restored.facts)} vs ${JSON.stringify(database.facts)})`);
  log(
    `backup: pg_dump -Fc restored into a fresh database; ${restored.violations.length + restoredEffects.length} violations there; counts ${sameFacts ? 'equal' : 'DIFFER'}`,
  );

  // ------------------------------------------------------------ the table
  const table = report({
    attempts,
    windows,
    probes,
    workloadEnd,
    runStart,
    flowCounts,
    merchant,
    stats,
    receipts,
    replay,
    database,
    rateLimit,
    drain,
    tlsFindings,
    violations,
    cardPresent,
    simulators,
  });
  console.log(table);
  writeFileSync(join(dir, 'report.md'), table);
  if (process.env.CHAOS_REPORT) writeFileSync(process.env.CHAOS_REPORT, table);
  if (violations.length) {
    console.log(`\n${violations.length} violation(s):`);
    for (const v of violations.slice(0, 200)) console.log(`  - ${v}`);
  }
  exitCode = violations.length === 0 ? 0 : 1;
} catch (error) {
  console.error('chaos: the run failed:', error?.stack ?? error);
  exitCode = 1;
} finally {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch {
      // best effort
    }
  }
}
process.exit(exitCode);

// ---------------------------------------------------------------- helpers
/**
 * A burst of one client's requests spread over the three processes, faster than one window: together
 * they may admit the limit plus what each other process admitted before this one saw it, up to two
 * synchronisations later (the other's, then this one's): (processes - 1) x requests per process in
 * 2 x RATE_LIMIT_SYNC_MS (docs/configuration.md), plus the requests in flight. The client is an address
 * of its own (X-Forwarded-For, believed from the one trusted hop), on a public route, sent to the
 * processes directly so that nginx's own address is not the key.
 */
async function checkRateLimit(gatewayPorts) {
  const address = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const sent = RATE_LIMIT + 100;
  const concurrency = 24;
  let admitted = 0;
  let refused = 0;
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < sent) {
        const port = gatewayPorts[next++ % gatewayPorts.length];
        const response = await fetch(`http://127.0.0.1:${port}/l/chaos-rate-limit-probe`, {
          headers: { 'x-forwarded-for': address, 'x-forwarded-proto': 'https' },
        }).catch(() => undefined);
        // The probe's link does not exist: 404 is an admitted request, 429 a refused one.
        if (response?.status === 429) refused++;
        else if (response) admitted++;
        await response?.text();
      }
    }),
  );
  const elapsed = Date.now() - started;
  // Once every process has synchronised twice, each knows the window is spent: every process refuses
  // (docs/configuration.md). A fast burst makes the bound above loose; this part does not depend on it.
  await new Promise((resolve) => setTimeout(resolve, 3 * RATE_SYNC_MS));
  let admittedAfterSync = 0;
  await Promise.all(
    Array.from({ length: 10 * gatewayPorts.length }, async (_, i) => {
      const response = await fetch(`http://127.0.0.1:${gatewayPorts[i % gatewayPorts.length]}/l/chaos-rate-limit-probe`, {
        headers: { 'x-forwarded-for': address, 'x-forwarded-proto': 'https' },
      }).catch(() => undefined);
      if (response && response.status !== 429) admittedAfterSync++;
      await response?.text();
    }),
  );
  const afterSyncMs = Date.now() - started;
  const unseenPerProcess = Math.ceil(((sent / Math.max(1, elapsed)) * (2 * RATE_SYNC_MS)) / gatewayPorts.length);
  const bound = RATE_LIMIT + (gatewayPorts.length - 1) * unseenPerProcess + concurrency;
  // A burst longer than one window proves nothing about one window.
  const conclusive = afterSyncMs < RATE_WINDOW * 1000;
  return { sent, admitted, refused, elapsed, bound, conclusive, admittedAfterSync, sentAfterSync: 10 * gatewayPorts.length };
}

async function drainAll(databaseUrl, organizationId, since, timeoutMs) {
  const { default: pg } = await import('pg');
  const started = Date.now();
  let logged = started;
  let left = '';
  for (;;) {
    const client = new pg.Client({ connectionString: databaseUrl });
    try {
      await client.connect();
      // Jobs running or due within a minute (a webhook retry, a pending card's decision), except the
      // recovery jobs every payment and refund enqueues a minute ahead: they act only on work still in
      // flight, which the counts below wait for (waiting for them all took the short run 86 s).
      const jobs = (
        await client.query(
          `select count(*)::int n from jobs where status = 'running' or (status = 'pending' and (run_at <= $1 or (run_at <= $2 and type not in ('payment.recover_authorization', 'payment.recover_action', 'refund.recover'))))`,
          [new Date().toISOString(), new Date(Date.now() + 60_000).toISOString()],
        )
      ).rows[0].n;
      const deliveries = (
        await client.query(`select count(*)::int n from webhook_deliveries where status = 'pending' and organization_id = $1 and created_at >= $2`, [
          organizationId,
          since,
        ])
      ).rows[0].n;
      const inFlight = (await client.query(`select count(*)::int n from payments where pending_action is not null or status = 'PENDING'`)).rows[0].n;
      const instructions = (await client.query(`select count(*)::int n from payment_instructions where status not in ('COMPLETED', 'FAILED', 'EXPIRED')`))
        .rows[0].n;
      const refunds = (await client.query(`select count(*)::int n from refunds where status = 'PENDING'`)).rows[0].n;
      left = `${jobs} jobs due or running, ${deliveries} deliveries pending, ${inFlight} payments in flight, ${refunds} refunds pending, ${instructions} payment instructions open`;
      if (jobs === 0 && deliveries === 0 && inFlight === 0 && refunds === 0 && instructions === 0) return { ok: true, ms: Date.now() - started, left };
    } catch (error) {
      left = error.message;
    } finally {
      await client.end().catch(() => undefined);
    }
    if (Date.now() - started > timeoutMs) return { ok: false, ms: Date.now() - started, left };
    if (Date.now() - logged >= 20_000) {
      logged = Date.now();
      log(`drain: waiting for ${left}`);
    }
    await sleep(2000);
  }
}

/** Sends again a sample of the keyed writes that got a 2xx, same key, same body: the answer must be the first one. */
async function replayKeys(c, firstAnswers, rnd) {
  const violations = [];
  const entries = [...firstAnswers.entries()].filter(([, a]) => a.method === 'POST');
  const sample = entries.filter(() => rnd() < Math.min(1, 300 / Math.max(1, entries.length)));
  let replayed = 0;
  for (const [key, first] of sample) {
    const path = new URL(first.url).pathname + new URL(first.url).search;
    try {
      const body = await replayContext(() =>
        c.transport.request(
          { method: 'POST', path, body: first.body === undefined ? undefined : JSON.parse(first.body) },
          { idempotencyKey: key, maxRetries: 5 },
        ),
      );
      replayed++;
      const firstBody = JSON.parse(first.text || 'null');
      // Documented: the replay of a webhook endpoint's creation answers it without the signing secret (webhooks/routes.ts).
      if (path === '/v1/webhooks' && firstBody && body) {
        delete firstBody.secret;
        delete body.secret;
      }
      if (stable(body) !== stable(firstBody)) violations.push(`Idempotency-Key ${key} (${path}): the replay answered another body`);
    } catch (error) {
      violations.push(`Idempotency-Key ${key} (${path}): the replay failed: ${error.status ?? ''} ${error.code ?? error.message}`);
    }
  }
  return { violations, replayed };
}

/** The first meaningful line of an error message (a child's output may follow it). */
function firstLine(text) {
  const line =
    String(text)
      .split('\n')
      .map((l) => l.trim())
      .find((l) => /error|exited|refused|terminat/i.test(l)) ?? String(text).split('\n')[0];
  return line.replace(/\|/g, '/').slice(0, 160);
}

function stable(value) {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

function percentile(values, p) {
  if (values.length === 0) return '-';
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function report({
  attempts,
  windows,
  probes,
  workloadEnd,
  runStart,
  flowCounts,
  merchant,
  stats,
  receipts,
  replay,
  database,
  rateLimit,
  drain,
  tlsFindings,
  violations,
  cardPresent,
  simulators,
}) {
  const lastFaultEnd = Math.max(...windows.map((w) => w.end ?? 0));
  const phaseOf = (t) => {
    if (t >= lastFaultEnd) return 'after';
    if (windows.some((w) => t >= w.start && t <= (w.end ?? Infinity) + 5000)) return 'fault';
    return 'normal';
  };
  const lines = [];
  const row = (...cells) => lines.push(`| ${cells.join(' | ')} |`);
  const final = (a) => a.status >= 200 && a.status < 500 && a.status !== 429 && !(a.status === 409 && a.code === 'idempotency_conflict');
  const cutRequests = (w) => {
    if (w.kind !== 'kill -9 gateway') return '';
    const cut = attempts.filter((a) => a.key && a.started <= w.start && a.started + a.ms >= w.start && (a.status === 0 || a.status >= 500));
    const keys = [...new Set(cut.map((a) => a.key))];
    if (keys.length === 0) return '0';
    const after = keys.map((key) => attempts.find((a) => a.key === key && a.started >= w.start && final(a)));
    const answered = after.filter(Boolean).map((a) => a.started + a.ms - w.start);
    return `${keys.length}, ${answered.length ? (Math.max(...answered) / 1000).toFixed(1) : '-'}${answered.length < keys.length ? ` (${keys.length - answered.length} never)` : ''}`;
  };
  lines.push(`## Chaos run: ${SHORT ? 'short (CI) variant' : 'full run'}, seed ${seed}`, '');
  lines.push(
    `${new Date().toISOString().slice(0, 16)} UTC; ${seconds} s of workload at ${rate} flows/s; 3 gateway processes (ENVIRONMENT=production, SIMULATOR_AUTHORIZATION=remote) behind nginx (TLS), PostgreSQL (fsync ${SHORT ? 'off' : 'on'}); drain ${(drain.ms / 1000).toFixed(0)} s.`,
    '',
  );
  lines.push('### Requests by kind', '');
  row('kind', 'operations', 'ok (2xx)', 'refused (4xx, final)', 'gave up', 'HTTP attempts', 'retries');
  row('---', '---:', '---:', '---:', '---:', '---:', '---:');
  const kinds = [...new Set(attempts.map((a) => a.kind))].sort();
  for (const kind of kinds) {
    const o = merchant.outcomes.get(kind) ?? { ok: 0, refused: 0, gaveUp: 0 };
    const n = attempts.filter((a) => a.kind === kind).length;
    const operations = o.ok + o.refused + o.gaveUp;
    row(kind, operations, o.ok, o.refused, o.gaveUp, n, Math.max(0, n - operations));
  }
  lines.push('', `Flows started: ${[...flowCounts.entries()].map(([k, v]) => `${k} ${v}`).join('; ')}.`);
  lines.push(
    `Retries the client needed: ${attempts.length - [...merchant.outcomes.values()].reduce((s, o) => s + o.ok + o.refused + o.gaveUp, 0)} HTTP attempts beyond the first of each operation (${stats.outerRetries} of them after the typed client's own 5 retries were spent).`,
    '',
  );
  lines.push('### Card-present: payment instructions and the terminal simulators', '');
  lines.push(
    `Instructions by final state: ${
      Object.entries(cardPresent.facts.byStatus)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'none'
    }; card-present payments: ${cardPresent.facts.payments} (${
      Object.entries(cardPresent.facts.paymentsByStatus)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'none'
    }).`,
  );
  lines.push(
    `Terminal simulators (examples/terminal-simulator.mjs --wait, through nginx, started again whenever their connection ended): ${simulators.map((s) => `${s.terminal.behaviour} card ${s.starts} starts, ${s.connections} connections, told of ${s.payments.size} payments`).join('; ')}.`,
    '',
  );
  lines.push('### Errors and latency by phase', '');
  lines.push(
    '"fault": from a fault\'s start to 5 s after its end; "after": once the last fault ended. An error is an attempt answered 5xx, 429, 409 idempotency_conflict or not at all (a 409 of the business, such as a refund that no longer fits, is an answer, not an error).',
    '',
  );
  row('phase', 'attempts', 'errors', 'network', '5xx', '429', '409 idempotency_conflict', 'p50 ms', 'p99 ms');
  row('---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:');
  for (const phase of ['normal', 'fault', 'after']) {
    const list = attempts.filter((a) => phaseOf(a.started) === phase);
    const net = list.filter((a) => a.status === 0).length;
    const s5 = list.filter((a) => a.status >= 500).length;
    const s429 = list.filter((a) => a.status === 429).length;
    const s409 = list.filter((a) => a.status === 409 && a.code === 'idempotency_conflict').length;
    row(
      phase,
      list.length,
      net + s5 + s429 + s409,
      net,
      s5,
      s429,
      s409,
      percentile(
        list.map((a) => a.ms),
        50,
      ),
      percentile(
        list.map((a) => a.ms),
        99,
      ),
    );
  }
  lines.push('', '### Faults and recovery', '');
  lines.push(
    "Recovery: from the fault's start until the first successful `/readyz` through nginx after the last failed one, and until the workload's last failed attempt of that window (its own retries then succeeded).",
    '',
  );
  row(
    'at s',
    'fault',
    'lasted s',
    'failed probes',
    'probe recovery s',
    'workload errors',
    'last workload error +s',
    'keyed requests cut, answered after +s (max)',
  );
  row('---:', '---', '---:', '---:', '---:', '---:', '---:', '---');
  for (const w of windows) {
    const end = (w.end ?? workloadEnd) + 30_000;
    const failed = probes.filter((p) => p.at >= w.start && p.at <= end && !p.ok);
    const lastFail = failed.at(-1);
    const recovered = lastFail ? probes.find((p) => p.at > lastFail.at && p.ok) : undefined;
    const errs = attempts.filter(
      (a) =>
        a.started >= w.start &&
        a.started <= end &&
        (a.status === 0 || a.status >= 500 || a.status === 429 || (a.status === 409 && a.code === 'idempotency_conflict')),
    );
    const lastErr = errs.length ? Math.max(...errs.map((a) => a.started + a.ms)) : undefined;
    row(
      ((w.start - runStart) / 1000).toFixed(0),
      `${w.kind}${w.target !== undefined ? ` (gateway ${w.target + 1})` : ''}${w.notes ? ` (${w.notes.length} restart attempt${w.notes.length > 1 ? 's' : ''} failed first)` : ''}${w.error ? ` (${w.error})` : ''}`,
      (((w.end ?? w.start) - w.start) / 1000).toFixed(1),
      failed.length,
      lastFail ? (recovered ? ((recovered.at - w.start) / 1000).toFixed(1) : 'never') : '0 (none failed)',
      errs.length,
      lastErr ? ((lastErr - w.start) / 1000).toFixed(1) : '-',
      cutRequests(w),
    );
  }
  lines.push(
    '',
    '"Keyed requests cut" (kill -9 only): attempts with an Idempotency-Key in flight at the kill that got no answer or a 5xx, and when the first final answer (2xx, or a 4xx other than 409 idempotency_conflict) to that key came: the recovery a merchant sees for the requests the dead process held.',
  );
  lines.push('', '### Invariants', '');
  row('invariant', 'checked', 'result');
  row('---', '---', '---');
  const count = (pattern) => violations.filter((v) => pattern.test(v)).length;
  row(
    'no order_id charged twice (payments, network authorizations, order replays under a new key)',
    `${database.facts.payments} card payments`,
    count(/order |second create/) ? `${count(/order |second create/)} violations` : 'ok',
  );
  row("every 2xx answer's effect exists", `${merchant.effects.length} effects`, count(/answered 2xx/) ? `${count(/answered 2xx/)} violations` : 'ok');
  row(
    'a replayed Idempotency-Key answers the first body',
    `${replay.replayed} replays`,
    count(/Idempotency-Key/) ? `${count(/Idempotency-Key/)} violations` : 'ok',
  );
  row(
    'refunds succeeded ≤ captured ≤ authorized; columns = transactions',
    `${database.facts.payments} payments`,
    count(/refunded|amount_/) ? `${count(/refunded|amount_/)} violations` : 'ok',
  );
  row('states only move along the state diagram', `${database.facts.events} events`, count(/state diagram/) ? `${count(/state diagram/)} violations` : 'ok');
  row(
    "the network simulator's ledger = authorizations and captures (card and card-present payments)",
    `${database.facts.ledger} network operations`,
    count(/network/) ? `${count(/network/)} violations` : 'ok',
  );
  row(
    "each payment instruction ends in at most one payment, its state matching the payment's; every instruction and terminal answer exists",
    `${cardPresent.facts.instructions} instructions, ${cardPresent.facts.reported} payments the terminals were told of`,
    count(/instruction|terminal/) ? `${count(/instruction|terminal/)} violations` : 'ok',
  );
  row(
    "the ledger: every account of every currency sums to zero; each entry's postings move its net; balances = entries; settlements and payouts = their entries; every capture, approved rail payment and succeeded refund has its entry",
    `${database.facts.ledgerEntries} entries, ${database.facts.ledgerMovements} movements of the run`,
    count(/ledger:/) ? `${count(/ledger:/)} violations` : 'ok',
  );
  row(
    'every event delivered to every subscribed endpoint, webhook-id = event id',
    `${database.facts.deliveries} deliveries, ${receipts.received} received`,
    count(/delivery|webhook-id|never answered/) ? `${count(/delivery|webhook-id|never answered/)} violations` : 'ok',
  );
  row(
    "duplicates within one endpoint's successful deliveries (at-least-once allows them)",
    `${receipts.received} deliveries`,
    `${receipts.duplicates} duplicates`,
  );
  row(
    'every job terminal after the drain, none on a dead lease',
    (database.facts.jobs ?? []).map((j) => `${j.status} ${j.type} ${j.n}`).join(', '),
    count(/^job |drain/) ? `${count(/^job |drain/)} violations` : 'ok',
  );
  row(
    'rate limit held across the 3 processes',
    `${rateLimit.sent} requests of one client over the 3 processes in ${(rateLimit.elapsed / 1000).toFixed(1)} s: ${rateLimit.admitted} admitted, ${rateLimit.refused} refused (429); limit ${RATE_LIMIT} per ${RATE_WINDOW} s, bound ${rateLimit.bound}; then, after the synchronisations, ${rateLimit.admittedAfterSync} of ${rateLimit.sentAfterSync} admitted`,
    count(/rate limit/) ? 'violated' : 'ok',
  );
  row(
    "TLS 1.0 and 1.1 refused (nginx with deploy/nginx.conf; the gateway's own TLS)",
    tlsFindings.map((f) => `${f.name}: 1.0 ${f.TLSv1}, 1.1 ${f['TLSv1.1']}, 1.2 ${f['TLSv1.2']}, 1.3 ${f['TLSv1.3']}`).join('; '),
    tlsFindings.violation ? 'violated' : 'ok',
  );
  row(
    'the same invariants on a pg_dump restored into a fresh database',
    'pg_dump -Fc, pg_restore',
    count(/restored dump/) ? `${count(/restored dump/)} violations` : 'ok',
  );
  lines.push('', `**Invariant violations: ${violations.length}**`, '');
  return lines.join('\n');
}
