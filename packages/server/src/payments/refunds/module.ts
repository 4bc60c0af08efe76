import type { RealClock } from '../../clock/clock.js';
import type { InboundNotifications } from '../../connectors/notifications.js';
import type { GatewayModule } from '../../http/module.js';
import { confirmLater } from './confirm.js';
import { refundNotificationHandler } from './notified.js';
import { refundRoutes } from './routes.js';
import type { RefundService } from './service.js';

export const refundsModule: GatewayModule<{ refunds: RefundService; notifications: InboundNotifications; clock: RealClock }> = {
  name: 'refunds',
  // The later looks at a SUCCEEDED refund, in case its failure's notification is lost (confirm.ts).
  reactions: [confirmLater],
  async register({ app, services }) {
    await app.register(refundRoutes, { refunds: services.refunds });
    // The processor's word on a refund: an asynchronous refund's end, or a refund made in its dashboard (notified.ts).
    services.notifications.handle('refund.updated', refundNotificationHandler(services.clock));
  },
};
