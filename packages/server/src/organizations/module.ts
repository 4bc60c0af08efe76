import type { RealClock } from '../lib/time.js';
import type { GatewayModule } from '../http/module.js';
import { organizationRoutes } from './routes.js';
import { OrganizationService } from './service.js';

export const organizationsModule: GatewayModule<{ clock: RealClock }> = {
  name: 'organizations',
  async register({ app, db, services }) {
    await app.register(organizationRoutes, { organizations: new OrganizationService(db, services.clock) });
  },
};
