/**
 * `npm start`: validates the configuration, opens (and migrates) the database,
 * provisions the bootstrap or first-run client, and listens.
 */
import { ConfigError, loadConfig, type Config } from './config/config.js';
import { createGateway } from './app.js';
import { ensureBootstrapClient, provisionFirstRunClient } from './auth/clients.service.js';

function fail(reason: string): never {
  process.stderr.write(`pasarela: ${reason}\n`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

const gateway = await createGateway(config).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
const { db } = gateway.database;

if (config.bootstrapClient) {
  const created = await ensureBootstrapClient(db, config.bootstrapClient.id, config.bootstrapClient.secret);
  if (created) gateway.app.log.info({ client_id: config.bootstrapClient.id }, 'bootstrap client provisioned');
} else if (config.environment === 'sandbox') {
  // First start of a sandbox: a client to try the API with, its secret shown this once.
  const client = await provisionFirstRunClient(db);
  if (client) process.stdout.write(
    [
      '',
      'A sandbox API client was provisioned. The secret is shown only this once:',
      `  client_id:     ${client.client_id}`,
      `  client_secret: ${client.client_secret.reveal()}`,
      `  organization:  ${client.organization_id}`,
      '',
    ].join('\n') + '\n',
  );
}

try {
  const address = await gateway.app.listen({ port: config.port, host: config.host });
  process.stdout.write(
    `Pasarela ${config.environment} listening on ${address} (public URL and token audience: ${config.publicBaseUrl}; database: ${config.database.kind})\n`,
  );
  if (gateway.metricsListener) process.stdout.write(`Metrics on ${gateway.metricsListener.url}/metrics (this machine only)\n`);
} catch (error) {
  fail(`cannot listen on ${config.host}:${config.port}: ${error instanceof Error ? error.message : String(error)}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    gateway.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
