import type { GatewayModule } from '../http/module.js';
import { fraudRoutes } from './routes.js';
import { FraudService } from './service.js';

export const fraudModule: GatewayModule = {
  name: 'fraud',
  async register({ app, db }) {
    await app.register(fraudRoutes, { fraud: new FraudService(db) });
  },
};
