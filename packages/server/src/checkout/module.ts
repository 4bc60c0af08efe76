import type { GatewayModule } from '../http/module.js';
import { isoPlusSeconds } from '../lib/time.js';
import { purgeSessions } from './store.js';
import { checkoutSessionRoutes } from './routes.js';
import type { CheckoutSessionService } from './service.js';

/** `/v1/checkout/sessions`: the browser's only credential (docs/fields.md). */
export const checkoutModule: GatewayModule<{ checkout: CheckoutSessionService }> = {
  name: 'checkout',
  async register({ app, maintenance, config, services }) {
    await app.register(checkoutSessionRoutes, { checkout: services.checkout });
    // Sessions past their expiry by more than CHECKOUT_SESSION_RETENTION_DAYS (docs/configuration.md).
    maintenance.push((db, now) => purgeSessions(db, isoPlusSeconds(now, -config.checkoutSessionRetentionSeconds)));
  },
};
