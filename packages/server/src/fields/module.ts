import type { ConnectorRegistry } from '../connectors/registry.js';
import type { GatewayModule } from '../http/module.js';
import { fieldsRoutes } from './routes.js';

/** The SDK bundle of packages/fields; its frame may show the gateway's and the registered connectors' 3-D Secure pages. */
export const fieldsModule: GatewayModule<{ connectorRegistry: ConnectorRegistry }> = {
  name: 'fields',
  async register({ app, config, services }) {
    await app.register(fieldsRoutes, {
      gatewayOrigin: new URL(config.publicBaseUrl).origin,
      authenticationOrigins: services.connectorRegistry.authenticationOrigins(),
    });
  },
};
