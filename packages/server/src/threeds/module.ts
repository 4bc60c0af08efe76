import type { GatewayModule } from '../http/module.js';
import type { PaymentAuthentications } from '../payments/authentication.js';
import type { ProcessorAuthentications } from '../payments/processor-authentication.js';
import { processorReturnRoutes } from './processor-return.js';
import { challengeRoutes } from './challenge-page.js';
import { threeDsRoutes } from './routes.js';

/**
 * The 3-D Secure version check, the page a processor's 3-D Secure sends the cardholder back to
 * (processor-return.ts), and in the sandbox the issuer's challenge page (challenge-page.ts).
 */
export const threeDsModule: GatewayModule<{ authentications: PaymentAuthentications | undefined; processorAuthentications: ProcessorAuthentications }> = {
  name: 'threeds',
  async register({ app, db, services }) {
    await app.register(threeDsRoutes, { db });
    await app.register(processorReturnRoutes, { authentications: services.processorAuthentications });
    if (services.authentications) await app.register(challengeRoutes, { authentications: services.authentications });
  },
};
