import type { GatewayModule } from '../http/module.js';
import { feeRuleRoutes } from './routes.js';
import { FeeRuleService } from './service.js';

export const feesModule: GatewayModule = {
  name: 'fees',
  async register({ app, db }) {
    await app.register(feeRuleRoutes, { feeRules: new FeeRuleService(db) });
  },
};
