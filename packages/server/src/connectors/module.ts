import type { GatewayModule } from '../http/module.js';
import type { ConnectorAccounts } from './accounts.js';
import { notificationRoutes } from './notification-routes.js';
import type { InboundNotifications } from './notifications.js';
import { connectorRoutes } from './routes.js';
import type { Router } from './routing.js';

interface Needs {
  connectorAccounts: ConnectorAccounts;
  router: Router;
  notifications: InboundNotifications;
}

/** `/v1/connector-accounts`, `/v1/routing` and the connectors' notifications (docs/internals.md "Connectors", "Inbound notifications"). */
export const connectorsModule: GatewayModule<Needs> = {
  name: 'connectors',
  async register({ app, services }) {
    await app.register(connectorRoutes, { accounts: services.connectorAccounts, router: services.router });
    await app.register(notificationRoutes, { notifications: services.notifications });
    // A processor's report of a state the gateway does not act on: stored once, nothing changes.
    services.notifications.handle('payment.reported', () => Promise.resolve('ignored'));
  },
};
