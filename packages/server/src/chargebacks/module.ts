import type { SandboxClock } from '../clock/clock.js';
import type { CardNetworkConnector } from '../connectors/card-network/connector.js';
import type { GatewayModule } from '../http/module.js';
import { registerChargebackJobs } from './jobs.js';
import { chargebackRoutes } from './routes.js';
import { ChargebackService } from './service.js';

export const chargebacksModule: GatewayModule<{ network: CardNetworkConnector; clock: SandboxClock }> = {
  name: 'chargebacks',
  async register({ app, jobs, db, config, services }) {
    const chargebacks = new ChargebackService(db, services.network, { decisionDelaySeconds: config.cards.chargebackDecisionDelaySeconds }, services.clock);
    await app.register(chargebackRoutes, { chargebacks });
    registerChargebackJobs(jobs, chargebacks);
  },
};
