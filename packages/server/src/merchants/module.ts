import type { RealClock } from '../clock/clock.js';
import type { GatewayModule } from '../http/module.js';
import { MerchantService } from './merchants.service.js';
import { merchantRoutes } from './routes.js';
import { TerminalService } from './terminals.service.js';

export const merchantsModule: GatewayModule<{ clock: RealClock }> = {
  name: 'merchants',
  async register({ app, db, services }) {
    const merchants = new MerchantService(db, services.clock);
    await app.register(merchantRoutes, { merchants, terminals: new TerminalService(db, merchants, services.clock) });
  },
};
