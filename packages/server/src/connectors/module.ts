import type { GatewayModule } from '../http/module.js';
import type { ConnectorAccounts } from './accounts.js';
import { connectorRoutes } from './routes.js';
import type { Router } from './routing.js';

interface Needs {
  connectorAccounts: ConnectorAccounts;
  router: Router;
}

/** `/v1/connector-accounts` and `/v1/routing` (docs/architecture.md "Connectors"). */
export const connectorsModule: GatewayModule<Needs> = {
  name: 'connectors',
  async register({ app, services }) {
    await app.register(connectorRoutes, { accounts: services.connectorAccounts, router: services.router });
  },
};
