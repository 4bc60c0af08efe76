import type { GatewayModule } from '../http/module.js';
import type { PaymentAuthentications } from '../payments/authentication.js';
import { challengeRoutes } from './challenge-page.js';
import { threeDsRoutes } from './routes.js';

/** The 3-D Secure version check, and in the sandbox the issuer's challenge page (challenge-page.ts). */
export const threeDsModule: GatewayModule<{ authentications: PaymentAuthentications | undefined }> = {
  name: 'threeds',
  async register({ app, db, services }) {
    await app.register(threeDsRoutes, { db });
    if (services.authentications) await app.register(challengeRoutes, { authentications: services.authentications });
  },
};
