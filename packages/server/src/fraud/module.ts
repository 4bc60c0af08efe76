import type { RealClock } from '../clock/clock.js';
import type { GatewayModule } from '../http/module.js';
import { networkDeclines } from './declines.js';
import { fraudRoutes } from './routes.js';
import { FraudService } from './service.js';

export const fraudModule: GatewayModule<{ clock: RealClock }> = {
  name: 'fraud',
  reactions: [networkDeclines],
  async register({ app, db, services }) {
    await app.register(fraudRoutes, { fraud: new FraudService(db, services.clock) });
  },
};
