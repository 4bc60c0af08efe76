import type { GatewayModule } from '../http/module.js';
import { checkoutSessionRoutes } from './routes.js';
import type { CheckoutSessionService } from './service.js';

/** `/v1/checkout/sessions`: the browser's only credential (docs/fields.md). */
export const checkoutModule: GatewayModule<{ checkout: CheckoutSessionService }> = {
  name: 'checkout',
  async register({ app, services }) {
    await app.register(checkoutSessionRoutes, { checkout: services.checkout });
  },
};
