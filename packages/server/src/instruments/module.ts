import type { CheckoutSessionService } from '../checkout/service.js';
import type { GatewayModule } from '../http/module.js';
import { instrumentRoutes } from './routes.js';
import type { InstrumentService } from './service.js';

export const instrumentsModule: GatewayModule<{ instruments: InstrumentService; checkout: CheckoutSessionService }> = {
  name: 'instruments',
  async register({ app, db, services }) {
    await app.register(instrumentRoutes, { instruments: services.instruments, db, checkout: services.checkout });
  },
};
