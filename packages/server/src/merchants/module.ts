import type { GatewayModule } from '../http/module.js';
import { MerchantService } from './merchants.service.js';
import { merchantRoutes } from './routes.js';
import { TerminalService } from './terminals.service.js';

export const merchantsModule: GatewayModule = {
  name: 'merchants',
  async register({ app, db }) {
    const merchants = new MerchantService(db);
    await app.register(merchantRoutes, { merchants, terminals: new TerminalService(db, merchants) });
  },
};
