#!/usr/bin/env node
/**
 * npm run chaos -- --soak: one gateway process (production mode, its own TLS)
 * on a throwaway PostgreSQL cluster. First the maximum rate of a card-payment
 * flow (create, then read) is measured with a closed loop; then the flow runs
 * at half that rate for SOAK_SECONDS (default 600), and the process's resident
 * memory and open file descriptors are sampled every 10 s. After the warm-up
 * (the first fifth, at least 60 s), neither may grow by 10% or more (the mean of
 * the last three samples against the mean of the first three). Exit 1 otherwise.
 * Started by run.mjs (which makes the certificate first).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pasarela } from '@pasarela/client';
import { GatewayProcess, PostgresCluster, freePort, processUsage, sleep } from './infra.mjs';

const dir = process.env.CHAOS_RUN_DIR;
const cert = join(dir, 'cert.pem');
const key = join(dir, 'key.pem');
const seconds = Number(process.env.SOAK_SECONDS || 600);
const measureSeconds = Number(process.env.SOAK_MEASURE_SECONDS || 30);
const warmupSeconds = Math.max(60, Math.round(seconds / 5));
const log = (...a) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1).padStart(6)}s]`, ...a);
const t0 = Date.now();

let exitCode = 1;
const cleanups = [];
try {
  const pg = new PostgresCluster(dir, { fsync: true });
  await pg.init();
  cleanups.push(() => pg.destroy());
  const port = await freePort();
  const clientId = `soak-${randomUUID()}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const baseUrl = `https://localhost:${port}`;
  const gateway = new GatewayProcess(
    'soak-gateway',
    {
      ENVIRONMENT: 'production',
      CONNECTORS: 'simulator',
      ALLOW_SIMULATED_CONNECTORS: 'true',
      NODE_EXTRA_CA_CERTS: cert,
      DATABASE_URL: pg.url,
      MASTER_KEY: randomBytes(32).toString('base64'),
      PUBLIC_BASE_URL: baseUrl,
      TLS_CERT_FILE: cert,
      TLS_KEY_FILE: key,
      HOST: '127.0.0.1',
      PORT: String(port),
      BOOTSTRAP_CLIENT_ID: clientId,
      BOOTSTRAP_CLIENT_SECRET: clientSecret,
      LOG_LEVEL: 'warn',
      CAPTURE_DELAY_SECONDS: '2',
      RATE_LIMIT_REQUESTS: '1000000',
    },
    dir,
  );
  await gateway.start();
  cleanups.push(() => gateway.stop());
  log(`one gateway (production mode, TLS) on ${baseUrl}, pid ${gateway.pid}`);

  const client = new Pasarela({ baseUrl, clientId, clientSecret, maxRetries: 5 });
  await client.encryptionKeys.create();
  const card = await client.cards.encrypt({ number: '4242424242424242', expMonth: 12, expYear: 2031, holder: 'Ana Garcia', cvv: '123' });
  const instrument = await client.instruments.create(card);
  let orders = 0;
  let failures = 0;
  const flow = async () => {
    try {
      const payment = await client.payments.create({
        amount: 1000 + (orders % 90) * 100 + 37,
        currency: 'COP',
        order_id: `soak-${++orders}`,
        instrument_id: instrument.id,
        encrypted_cvv: await client.cards.encryptCvv('123'),
        capture: true,
      });
      await client.payments.retrieve(payment.id);
    } catch {
      failures++;
    }
  };

  // The maximum: a closed loop of 16 flows at a time.
  let done = 0;
  const measureEnd = Date.now() + measureSeconds * 1000;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (Date.now() < measureEnd) {
        await flow();
        done++;
      }
    }),
  );
  const maxRate = done / measureSeconds;
  const rate = Math.max(0.5, maxRate / 2);
  log(`maximum: ${maxRate.toFixed(1)} flows/s (2 requests each); soak at ${rate.toFixed(1)} flows/s for ${seconds} s`);

  const samples = [];
  const started = Date.now();
  const sampler = setInterval(() => {
    const usage = processUsage(gateway.pid);
    samples.push({ at: Math.round((Date.now() - started) / 1000), ...usage });
    log(`rss ${(usage.rssKb / 1024).toFixed(1)} MiB, fds ${usage.fds}`);
  }, 10_000);
  const running = new Set();
  let soaked = 0;
  while (Date.now() - started < seconds * 1000) {
    const p = flow().finally(() => running.delete(p));
    running.add(p);
    soaked++;
    await sleep(1000 / rate);
  }
  await Promise.all(running);
  clearInterval(sampler);

  const after = samples.filter((s) => s.at >= warmupSeconds);
  const mean = (list, field) => list.reduce((sum, s) => sum + s[field], 0) / list.length;
  const first = after.slice(0, 3);
  const last = after.slice(-3);
  const growth = (field) => (mean(last, field) - mean(first, field)) / mean(first, field);
  const rssGrowth = growth('rssKb');
  const fdGrowth = growth('fds');
  const ok = after.length >= 6 && rssGrowth < 0.1 && fdGrowth < 0.1 && failures === 0;
  const table = [
    `## Soak: ${seconds} s on one process, ${new Date().toISOString().slice(0, 16)} UTC`,
    '',
    `Maximum measured: ${maxRate.toFixed(1)} flows/s (card payment create + read, 16 at a time, ${measureSeconds} s); soak at ${rate.toFixed(1)} flows/s, ${soaked} flows, ${failures} failed. Warm-up: the first ${warmupSeconds} s.`,
    '',
    '| after warm-up | resident memory | open file descriptors |',
    '| --- | ---: | ---: |',
    `| first 3 samples (mean) | ${(mean(first, 'rssKb') / 1024).toFixed(1)} MiB | ${mean(first, 'fds').toFixed(1)} |`,
    `| last 3 samples (mean) | ${(mean(last, 'rssKb') / 1024).toFixed(1)} MiB | ${mean(last, 'fds').toFixed(1)} |`,
    `| growth (must be < 10%) | ${(rssGrowth * 100).toFixed(1)}% | ${(fdGrowth * 100).toFixed(1)}% |`,
    '',
    `Samples (s: MiB/fds): ${samples.map((s) => `${s.at}: ${(s.rssKb / 1024).toFixed(0)}/${s.fds}`).join(', ')}`,
    '',
    `**Soak ${ok ? 'passed' : 'FAILED'}**`,
    '',
  ].join('\n');
  console.log(table);
  if (process.env.CHAOS_REPORT) writeFileSync(process.env.CHAOS_REPORT, table);
  exitCode = ok ? 0 : 1;
} catch (error) {
  console.error('soak: the run failed:', error?.stack ?? error);
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
