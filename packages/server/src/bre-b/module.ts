import type { RealClock } from '../clock/clock.js';
import type { GatewayModule } from '../http/module.js';
import { brebRoutes } from './routes.js';
import { BrebKeyService } from './service.js';

/** Bre-B: the organization's keys, the key look-up, the sandbox's verification. */
export const brebModule: GatewayModule<{ clock: RealClock }> = {
  name: 'bre-b',
  async register({ app, db, config, services }) {
    await app.register(brebRoutes, { keys: new BrebKeyService(db, services.clock), sandbox: config.environment === 'sandbox' });
  },
};
