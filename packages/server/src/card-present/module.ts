import type { GatewayModule } from '../http/module.js';
import type { PaymentActions } from '../payments/actions.js';
import { cardPresentRoutes } from './routes.js';
import type { CardPresentService } from './service.js';

export const cardPresentModule: GatewayModule<{ cardPresent: CardPresentService; actions: PaymentActions }> = {
  name: 'card-present',
  async register({ app, services }) {
    await app.register(cardPresentRoutes, { cardPresent: services.cardPresent, actions: services.actions });
  },
};
