import type { GatewayModule } from '../http/module.js';
import { instrumentRoutes, type CheckoutTokenization } from './routes.js';
import type { InstrumentService } from './service.js';

export const instrumentsModule: GatewayModule<{ instruments: InstrumentService; checkout: CheckoutTokenization }> = {
  name: 'instruments',
  async register({ app, db, services }) {
    await app.register(instrumentRoutes, { instruments: services.instruments, db, checkout: services.checkout });
  },
};
