import type { RailConnector } from '../connectors/rails/connector.js';
import type { GatewayModule } from '../http/module.js';
import { cashoutRoutes } from './routes.js';
import { CashoutService } from './service.js';

export const cashoutsModule: GatewayModule<{ rails: RailConnector | undefined }> = {
  name: 'cashouts',
  async register({ app, db, services }) {
    await app.register(cashoutRoutes, { cashouts: new CashoutService(db, services.rails) });
  },
};
