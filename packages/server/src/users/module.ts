import type { GatewayModule } from '../http/module.js';
import { userRoutes, type CheckoutEnrollment } from './routes.js';
import type { UserService } from './service.js';

export const usersModule: GatewayModule<{ users: UserService; checkout: CheckoutEnrollment }> = {
  name: 'users',
  async register({ app, services }) {
    await app.register(userRoutes, { users: services.users, checkout: services.checkout });
  },
};
