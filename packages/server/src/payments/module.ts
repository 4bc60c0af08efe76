import type { AlternativePaymentService } from './apm/service.js';
import type { RealClock } from '../clock/clock.js';
import type { CardNetworkConnector } from '../connectors/card-network/connector.js';
import type { Router } from '../connectors/routing.js';
import type { InboundNotifications } from '../connectors/notifications.js';
import { authorizationDecidedHandler, processorActionHandler } from './notified.js';
import { registerProcessorAuthenticationJobs, type ProcessorAuthentications } from './processor-authentication.js';
import type { GatewayModule } from '../http/module.js';
import type { RefundService } from './refunds/service.js';
import type { PaymentActions } from './actions.js';
import { authorizationSeconds, registerPaymentJobs } from './jobs.js';
import { registerAuthenticationJobs, type PaymentAuthentications } from './authentication.js';
import { capturedFeesCopy, disputeHolds } from './reactions.js';
import type { PaymentLifecycle } from './lifecycle.js';
import { paymentRoutes, type CheckoutPayment } from './routes.js';
import type { PaymentService } from './service.js';

interface Needs {
  payments: PaymentService;
  apm: AlternativePaymentService;
  actions: PaymentActions;
  checkout: CheckoutPayment;
  network: CardNetworkConnector;
  lifecycle: PaymentLifecycle;
  authentications: PaymentAuthentications | undefined;
  processorAuthentications: ProcessorAuthentications;
  refunds: RefundService;
  clock: RealClock;
  router: Router;
  notifications: InboundNotifications;
}

/** `/v1/payments` and the core actions, and the payments' background work (jobs.ts). */
export const paymentsModule: GatewayModule<Needs> = {
  name: 'payments',
  reactions: [capturedFeesCopy, disputeHolds],
  async register({ app, jobs, db, config, services }) {
    const { payments, apm, actions, checkout, network, lifecycle, refunds, router } = services;
    const processorOf = (organizationId: string, networkReference: string) => router.processorOf(organizationId, networkReference, config.connectors);
    await app.register(paymentRoutes, { payments, apm, actions, checkout, processorOf });
    registerPaymentJobs(jobs, {
      db,
      network,
      lifecycle,
      refunds,
      clock: services.clock,
      authorizationSeconds: authorizationSeconds([config.stripe.timeoutMs, config.mercadopago.timeoutMs]),
    });
    if (services.authentications) registerAuthenticationJobs(jobs, services.authentications);
    registerProcessorAuthenticationJobs(jobs, services.processorAuthentications);
    // The processor captured or cancelled a payment on its own, or decided one that waited for its 3-D Secure (notified.ts).
    const byProcessor = processorActionHandler(lifecycle, services.processorAuthentications);
    services.notifications.handle('payment.captured', byProcessor);
    services.notifications.handle('payment.cancelled', byProcessor);
    services.notifications.handle('payment.authorization_decided', authorizationDecidedHandler(services.processorAuthentications));
  },
};
