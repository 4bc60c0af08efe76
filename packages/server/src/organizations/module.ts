import type { GatewayModule } from '../http/module.js';
import { organizationRoutes } from './routes.js';
import { OrganizationService } from './service.js';

export const organizationsModule: GatewayModule = {
  name: 'organizations',
  async register({ app, db }) {
    await app.register(organizationRoutes, { organizations: new OrganizationService(db) });
  },
};
