import type { RailConnector } from '../connectors/rails/connector.js';
import type { GatewayModule } from '../http/module.js';
import type { RealClock } from '../clock/clock.js';
import { cashoutRoutes } from './routes.js';
import { CashoutService } from './service.js';
import { BrebKeyService } from '../bre-b/service.js';

export const cashoutsModule: GatewayModule<{ rails: RailConnector | undefined; clock: RealClock }> = {
  name: 'cashouts',
  async register({ app, db, services }) {
    const keys = new BrebKeyService(db, services.clock);
    const lookupKey = async (key: string) => {
      const found = await keys.resolve(key);
      return found && { breb_key: found.key, holder_name: found.holder_name, institution: found.institution };
    };
    await app.register(cashoutRoutes, { cashouts: new CashoutService(db, services.rails, services.clock, lookupKey) });
  },
};
