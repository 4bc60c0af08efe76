import type { GatewayModule } from '../http/module.js';
import { threeDsRoutes } from './routes.js';

export const threeDsModule: GatewayModule = {
  name: 'threeds',
  async register({ app, db }) {
    await app.register(threeDsRoutes, { db });
  },
};
