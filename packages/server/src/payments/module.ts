import type { AlternativePaymentService } from '../apm/service.js';
import type { CheckoutSessionService } from '../checkout/service.js';
import type { RealClock } from '../clock/clock.js';
import type { CardNetworkConnector } from '../connectors/card-network/connector.js';
import type { Router } from '../connectors/routing.js';
import type { InboundNotifications } from '../connectors/notifications.js';
import { processorActionHandler } from './notified.js';
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
  router: Router;
  notifications: InboundNotifications;
}

/** `/v1/payments` and the core actions, and the payments' background work (jobs.ts). */
export const paymentsModule: GatewayModule<Needs> = {
  name: 'payments',
  reactions: [capturedFeesCopy],
  async register({ app, jobs, db, config, services }) {
    const { payments, apm, actions, checkout, network, lifecycle, refunds, router } = services;
    const processorOf = (organizationId: string, networkReference: string) => router.processorOf(organizationId, networkReference, config.connectors);
    await app.register(paymentRoutes, { payments, apm, actions, checkout, processorOf });
    registerPaymentJobs(jobs, { db, network, lifecycle, refunds, clock: services.clock });
    if (services.authentications) registerAuthenticationJobs(jobs, services.authentications);
    // The processor captured or cancelled a payment on its own (notified.ts).
    services.notifications.handle('payment.captured', processorActionHandler(lifecycle));
    services.notifications.handle('payment.cancelled', processorActionHandler(lifecycle));
  },
};
