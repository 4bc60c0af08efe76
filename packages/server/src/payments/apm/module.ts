import type { InboundNotifications } from '../../connectors/notifications.js';
import type { GatewayModule } from '../../http/module.js';
import { bankPageRoutes } from './bank-page.js';
import { cashPageRoutes } from './cash.js';
import { registerApmJobs } from './jobs.js';
import { railSettledHandler } from './remote-rails.js';
import { apmRoutes } from './routes.js';
import type { AlternativePaymentService } from './service.js';

/** The Colombian rails: intents and their sandbox controls, the simulator's bank pages, the intents' jobs. */
export const apmModule: GatewayModule<{ apm: AlternativePaymentService; notifications: InboundNotifications }> = {
  name: 'apm',
  async register({ app, jobs, config, services }) {
    const { apm } = services;
    await app.register(apmRoutes, { apm, sandbox: config.environment === 'sandbox' });
    // The simulated rails' bank pages exist only where the simulator is the connector; the cash
    // voucher's page and barcode serve a processor's voucher (a connector account's cash rail) too.
    if (config.connectors === 'simulator') await app.register(bankPageRoutes, { apm });
    await app.register(cashPageRoutes, { apm, sandbox: config.environment === 'sandbox' });
    registerApmJobs(jobs, apm);
    // A processor's notification of how a rail payment it served ended (connectors/notifications.ts).
    services.notifications.handle('rail.settled', railSettledHandler(apm));
  },
};
