import type { AlternativePaymentService } from '../apm/service.js';
import type { CheckoutSessionService } from '../checkout/service.js';
import type { RealClock } from '../clock/clock.js';
import type { CardNetworkConnector } from '../connectors/card-network/connector.js';
import type { GatewayModule } from '../http/module.js';
import type { RefundService } from '../refunds/service.js';
import type { PaymentActions } from './actions.js';
import { registerPaymentJobs } from './jobs.js';
import { registerAuthenticationJobs, type PaymentAuthentications } from './authentication.js';
import { capturedFeesCopy } from './reactions.js';
import type { PaymentLifecycle } from './lifecycle.js';
import { paymentRoutes } from './routes.js';
import type { PaymentService } from './service.js';

interface Needs {
  payments: PaymentService;
  apm: AlternativePaymentService;
  actions: PaymentActions;
  checkout: CheckoutSessionService;
  network: CardNetworkConnector;
  lifecycle: PaymentLifecycle;
  authentications: PaymentAuthentications | undefined;
  refunds: RefundService;
  clock: RealClock;
}

/** `/v1/payments` and the core actions, and the payments' background work (jobs.ts). */
export const paymentsModule: GatewayModule<Needs> = {
  name: 'payments',
  reactions: [capturedFeesCopy],
  async register({ app, jobs, db, services }) {
    const { payments, apm, actions, checkout, network, lifecycle, refunds } = services;
    await app.register(paymentRoutes, { payments, apm, actions, checkout });
    registerPaymentJobs(jobs, { db, network, lifecycle, refunds, clock: services.clock });
    if (services.authentications) registerAuthenticationJobs(jobs, services.authentications);
  },
};
