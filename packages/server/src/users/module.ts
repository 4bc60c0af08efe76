import type { CheckoutSessionService } from '../checkout/service.js';
import type { GatewayModule } from '../http/module.js';
import { userRoutes } from './routes.js';
import type { UserService } from './service.js';

export const usersModule: GatewayModule<{ users: UserService; checkout: CheckoutSessionService }> = {
  name: 'users',
  async register({ app, services }) {
    await app.register(userRoutes, { users: services.users, checkout: services.checkout });
  },
};
