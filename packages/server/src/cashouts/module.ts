import type { RailConnector } from '../connectors/rails/connector.js';
import type { GatewayModule } from '../http/module.js';
import type { RealClock } from '../clock/clock.js';
import { cashoutRoutes } from './routes.js';
import { CashoutService } from './service.js';

export const cashoutsModule: GatewayModule<{ rails: RailConnector | undefined; clock: RealClock }> = {
  name: 'cashouts',
  async register({ app, db, services }) {
    await app.register(cashoutRoutes, { cashouts: new CashoutService(db, services.rails, services.clock) });
  },
};
