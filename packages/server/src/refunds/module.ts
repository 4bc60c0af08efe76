import type { GatewayModule } from '../http/module.js';
import { refundRoutes } from './routes.js';
import type { RefundService } from './service.js';

export const refundsModule: GatewayModule<{ refunds: RefundService }> = {
  name: 'refunds',
  async register({ app, services }) {
    await app.register(refundRoutes, { refunds: services.refunds });
  },
};
