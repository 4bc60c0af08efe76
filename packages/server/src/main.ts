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
import { realClock } from './clock/clock.js';

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

const message = (error: unknown) => (error instanceof ConfigError || error instanceof Error ? error.message : String(error));

/** The bootstrap client, or a sandbox's first-run client (its secret shown this once). */
async function provision(db: Db, log: (fields: object, text: string) => void): Promise<void> {
  if (config.bootstrapClient) {
    const created = await ensureBootstrapClient(db, config.bootstrapClient.id, config.bootstrapClient.secret);
    if (created) log({ client_id: config.bootstrapClient.id }, 'bootstrap client provisioned');
  } else if (config.environment === 'sandbox') {
    const client = await provisionFirstRunClient(db);
    if (!client) return;
    // Beside it, a one-time link that makes its visitor an owner of that organization in the dashboard.
    const link = await (await DashboardService.open(db, loadKeyring(config), config, realClock())).firstRunLink(client.organization_id);
    process.stdout.write(
      [
        '',
        'A sandbox API client was provisioned. The secret is shown only this once:',
        `  client_id:     ${client.client_id}`,
        `  client_secret: ${client.client_secret.reveal()}`,
        `  organization:  ${client.organization_id}`,
        ...(link
          ? ['', `Open the dashboard: this one-time link (valid until ${link.expires_at}) makes you its owner:`, `  ${link.url}`]
          : []),
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
  if (!cluster.isWorker) await provision(gateway.database.db, (fields, text) => gateway.app.log.info(fields, text));
  try {
    const address = await gateway.app.listen({ port: config.port, host: config.host });
    if (cluster.isWorker) process.send?.({ pasarela: 'listening', address });
    else process.stdout.write(`Pasarela ${config.environment} listening on ${address} (public URL and token audience: ${config.publicBaseUrl}; database: ${config.database.kind})\n`);
    if (gateway.metricsListener && !cluster.isWorker) process.stdout.write(`Metrics on ${gateway.metricsListener.url}/metrics (this machine only)\n`);
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
    loadKeyring(config);
    const database = openDatabase(config, { poolSize: 1 });
    try {
      await migrateToLatest(database.db);
      await provision(database.db, (fields, text) => process.stdout.write(`${text}: ${JSON.stringify(fields)}\n`));
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
        process.stdout.write(
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
