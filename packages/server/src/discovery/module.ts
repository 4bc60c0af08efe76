import type { SigningKeys } from '../auth/signing-keys.js';
import type { GatewayModule } from '../http/module.js';
import type { Metrics } from '../observability/metrics.js';
import { discoveryRoutes } from './routes.js';

/** `/openapi.json` and `/docs` (registered by app.ts, see openapi.ts) aside: the well-known documents, health, readiness, metrics. */
export const discoveryModule: GatewayModule<{ signingKeys: SigningKeys; metrics: Metrics }> = {
  name: 'discovery',
  async register({ app, config, db, services }) {
    // /metrics on this listener: with METRICS_TOKEN, behind it; else open in a sandbox without METRICS_PORT; else off.
    const metricsAccess = config.metricsToken
      ? { token: config.metricsToken }
      : config.environment === 'sandbox' && config.metricsPort === undefined
        ? 'open'
        : 'off';
    await app.register(discoveryRoutes, { db, issuer: config.publicBaseUrl, signingKeys: services.signingKeys, metrics: services.metrics, metricsAccess });
  },
};
