import type { SandboxClock } from '../clock/clock.js';
import type { CardNetworkConnector } from '../connectors/card-network/connector.js';
import type { InboundNotifications } from '../connectors/notifications.js';
import type { GatewayModule } from '../http/module.js';
import { decidedDisputeHandler, disputeResumption, openDisputeHandler } from './inbound.js';
import { registerChargebackJobs } from './jobs.js';
import { chargebackRoutes } from './routes.js';
import { ChargebackEvidence } from './evidence.js';
import { ChargebackService } from './service.js';

/** `/v1/chargebacks`, their jobs, and the network's disputes and decisions (inbound.ts). */
export const chargebacksModule: GatewayModule<{ network: CardNetworkConnector; clock: SandboxClock; notifications: InboundNotifications }> = {
  name: 'chargebacks',
  reactions: [disputeResumption],
  async register({ app, jobs, db, config, services }) {
    const chargebacks = new ChargebackService(db, services.network, { decisionDelaySeconds: config.cards.chargebackDecisionDelaySeconds }, services.clock);
    const evidence = new ChargebackEvidence(db, chargebacks, services.clock);
    await app.register(chargebackRoutes, { chargebacks, evidence });
    registerChargebackJobs(jobs, chargebacks);
    services.notifications.handle('dispute.opened', openDisputeHandler(config.cards.chargebackResponseSeconds));
    services.notifications.handle('dispute.decided', decidedDisputeHandler(chargebacks));
  },
};
