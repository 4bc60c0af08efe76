import type { GatewayModule } from '../http/module.js';
import { fieldsRoutes } from './routes.js';

/** The SDK bundle of packages/fields. */
export const fieldsModule: GatewayModule = {
  name: 'fields',
  async register({ app }) {
    await app.register(fieldsRoutes);
  },
};
