/**
 * `npm start`: validates the configuration, opens (and migrates) the database,
 * provisions the bootstrap or first-run client, and listens.
 *
 * With `WORKERS=N` (PostgreSQL only, docs/configuration.md) this process is
 * the primary of a node:cluster: it prepares what must happen once (the
 * master key file in a sandbox, migrations, the bootstrap or first-run
 * client), then starts N server processes that share the port, restarts one
 * that dies, and passes SIGINT/SIGTERM on to them.
 */
// First: V8 settings that must hold before the rest of the program is loaded.
import './v8-flags.js';
import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config/config.js';
import { createGateway } from './app.js';
import { ensureBootstrapClient, provisionFirstRunClient } from './auth/clients.service.js';
import { loadKeyring } from './crypto/keyring.js';
import { migrateToLatest, openDatabase, type Db } from './db/database.js';
import { DashboardService } from './dashboard/service.js';
import type { Keyring } from './crypto/keyring.js';
import { applySeed, loadSeed, SeedError, type Seed } from './seed/seed.js';
import { realClock } from './clock/clock.js';
import { recordPublicBaseUrl } from './db/public-base-url.js';

function fail(reason: string): never {
  process.stderr.write(`pasarela: ${reason}\n`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

// A production rehearsal against the simulators (config.ts): loud at every start, on stderr, before anything else.
if (config.simulatedRehearsal && !cluster.isWorker) {
  process.stderr.write(
    'pasarela: WARNING: ALLOW_SIMULATED_CONNECTORS=true: ENVIRONMENT=production with CONNECTORS=simulator; payments are approved by a simulator. For rehearsals and staging only, never with real money (docs/security.md).\n',
  );
}

// The seed file is read and checked whole before anything starts: every problem at once, nothing half-written.
let seed: Seed | undefined;
if (config.seedFile && !cluster.isWorker) {
  try {
    seed = loadSeed(config.seedFile, { requireHttps: false, allowPrivate: config.webhooks.allowPrivateUrls });
  } catch (error) {
    fail(error instanceof SeedError ? error.message : String(error));
  }
}

const message = (error: unknown) => (error instanceof ConfigError || error instanceof Error ? error.message : String(error));

/** The dashboard's one-time owner link of a sandbox, printed once per database. */
async function dashboardLinkLines(db: Db, keyring: Keyring, organizationId: string): Promise<string[]> {
  const link = await (await DashboardService.open(db, keyring, config, realClock())).firstRunLink(organizationId);
  return link ? ['', `Open the dashboard: this one-time link (valid until ${link.expires_at}) makes you its owner:`, `  ${link.url}`] : [];
}

/** The bootstrap client, the seed file's organizations, or a sandbox's first-run client (its secret shown this once). */
async function provision(db: Db, keyring: Keyring, log: (fields: object, text: string) => void): Promise<void> {
  if (config.bootstrapClient) {
    const created = await ensureBootstrapClient(db, config.bootstrapClient.id, config.bootstrapClient.secret, realClock());
    if (created) log({ client_id: config.bootstrapClient.id }, 'bootstrap client provisioned');
  }
  if (seed) {
    const organizations = await applySeed(db, keyring, seed, realClock());
    const lines = ['', `Seeded from ${config.seedFile} (client secrets as written in that file):`];
    for (const org of organizations) {
      lines.push(`  organization:  ${org.id} (${org.name})`);
      for (const c of org.clients) lines.push(`    client_id:   ${c.client_id}${c.created ? '' : ' (already present: secret and scopes updated)'}`);
      for (const w of org.webhook_endpoints) lines.push(`    webhook:     ${w.id} -> ${w.url}${w.created ? '' : ' (already present)'}`);
    }
    if (config.environment === 'sandbox' && organizations[0]) lines.push(...(await dashboardLinkLines(db, keyring, organizations[0].id)));
    process.stderr.write(`${lines.join('\n')}\n\n`);
  } else if (!config.bootstrapClient && config.environment === 'sandbox') {
    const client = await provisionFirstRunClient(db, realClock());
    if (!client) return;
    // Beside it, a one-time link that makes its visitor an owner of that organization in the dashboard.
    // On stderr, like every line for the operator: stdout carries the JSON log lines alone (a log
    // collector reading it must never receive the secret or the link).
    process.stderr.write(
      [
        '',
        'A sandbox API client was provisioned. The secret is shown only this once:',
        `  client_id:     ${client.client_id}`,
        `  client_secret: ${client.client_secret.reveal()}`,
        `  organization:  ${client.organization_id}`,
        ...(await dashboardLinkLines(db, keyring, client.organization_id)),
        '',
      ].join('\n') + '\n',
    );
  }
}

if (config.workers > 1 && cluster.isPrimary) {
  await runPrimary(config.workers);
} else {
  await runServer();
}

async function runServer(): Promise<void> {
  const gateway = await createGateway(config).catch((error: unknown) => fail(message(error)));
  // In a cluster the primary has provisioned already.
  if (!cluster.isWorker) await provision(gateway.database.db, gateway.keyring, (fields, text) => gateway.app.log.info(fields, text));
  try {
    const address = await gateway.app.listen({ port: config.port, host: config.host });
    // For the operator CLI on this database (db/public-base-url.ts): before "listening on", which a script may wait for.
    await recordPublicBaseUrl(gateway.database.db, config.publicBaseUrl, gateway.clock).catch((error: unknown) =>
      gateway.app.log.warn({ err: error }, 'could not record the public base URL for the operator CLI'),
    );
    if (cluster.isWorker) process.send?.({ pasarela: 'listening', address });
    else
      process.stderr.write(
        `Pasarela ${config.environment} listening on ${address} (public URL and token audience: ${config.publicBaseUrl}; database: ${config.database.kind})\n`,
      );
    if (gateway.metricsListener && !cluster.isWorker) process.stderr.write(`Metrics on ${gateway.metricsListener.url}/metrics (this machine only)\n`);
  } catch (error) {
    fail(`cannot listen on ${config.host}:${config.port}: ${message(error)}`);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      gateway.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

async function runPrimary(workers: number): Promise<void> {
  try {
    // Once, before the workers race for it: a sandbox's generated master key file.
    const keyring = loadKeyring(config);
    const database = openDatabase(config, { poolSize: 1 });
    try {
      await migrateToLatest(database.db, { now: () => realClock().realIso() });
      await provision(database.db, keyring, (fields, text) => process.stderr.write(`${text}: ${JSON.stringify(fields)}\n`));
    } finally {
      await database.close();
    }
  } catch (error) {
    fail(message(error));
  }

  let stopping = false;
  let listening = 0;
  const start = () => {
    const worker = cluster.fork();
    worker.on('message', (m: { pasarela?: string; address?: string }) => {
      if (m?.pasarela !== 'listening') return;
      listening++;
      if (listening === workers) {
        process.stderr.write(
          `Pasarela ${config.environment} listening on ${m.address} with ${workers} worker processes (public URL and token audience: ${config.publicBaseUrl}; database: ${config.database.kind})\n`,
        );
      }
    });
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    process.stderr.write(`pasarela: worker ${worker.process.pid} exited (${signal ?? code}); starting another\n`);
    // A worker that cannot start at all (port taken, bad database) would be restarted forever: give up on those.
    if (listening < workers) fail('a worker exited before all of them were listening');
    start();
  });
  for (let i = 0; i < workers; i++) start();

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      const running = Object.values(cluster.workers ?? {});
      if (running.length === 0) process.exit(0);
      for (const worker of running) worker?.process.kill('SIGTERM');
    });
  }
}
