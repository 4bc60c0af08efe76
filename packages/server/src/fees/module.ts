import type { RealClock } from '../clock/clock.js';
import type { GatewayModule } from '../http/module.js';
import { captureFees } from './reactions.js';
import { feeRuleRoutes } from './routes.js';
import { FeeRuleService } from './service.js';

export const feesModule: GatewayModule<{ clock: RealClock }> = {
  name: 'fees',
  reactions: [captureFees],
  async register({ app, db, services }) {
    await app.register(feeRuleRoutes, { feeRules: new FeeRuleService(db, services.clock) });
  },
};
