import type { SandboxClock } from '../clock/clock.js';
import type { TokenService } from '../auth/tokens.js';
import type { GatewayModule } from '../http/module.js';
import { isoPlusSeconds } from '../lib/time.js';
import { clearAttemptBodies, deleteOldDeliveries, WebhookDeliverer } from './delivery.js';
import { DELIVER_JOB, webhookFanOut } from './outbox.js';
import { webhookRoutes } from './routes.js';
import { WebhookService } from './service.js';
import { eventStreamRoutes, type EventStreamHub } from './stream.js';
import type { UrlPolicy } from './url-guard.js';

interface Needs {
  clock: SandboxClock;
  tokens: TokenService;
  webhookPolicy: UrlPolicy;
  /** One poller per process, also handed to the tests (Gateway.eventStreams). */
  eventStreams: EventStreamHub;
}

/** `/v1/webhooks`, `/v1/events` and `GET /v1/events/stream`; the fan-out of every event to deliveries, and their delivery job. */
export const webhooksModule: GatewayModule<Needs> = {
  name: 'webhooks',
  reactions: [webhookFanOut],
  async register({ app, jobs, maintenance, db, keyring, config, services }) {
    const { tokens, webhookPolicy, eventStreams } = services;
    const deliverer = new WebhookDeliverer(db, keyring, config.webhooks, webhookPolicy, services.clock);
    await app.register(webhookRoutes, {
      webhooks: new WebhookService(db, keyring, deliverer, { policy: webhookPolicy, secretGraceSeconds: config.webhooks.secretGraceSeconds }, services.clock),
    });
    // GET /v1/events/stream: Server-Sent Events, fed by one poller per process (stream.ts).
    await app.register(eventStreamRoutes, { hub: eventStreams, tokens, heartbeatMs: config.eventStream.heartbeatMs });
    // The request and response kept with each attempt, after WEBHOOK_ATTEMPT_BODY_RETENTION_DAYS (docs/configuration.md).
    maintenance.push((database, now) => clearAttemptBodies(database, isoPlusSeconds(now, -config.webhooks.attemptBodyRetentionSeconds)));
    // Finished deliveries and their attempts, after WEBHOOK_DELIVERY_RETENTION_DAYS.
    maintenance.push((database, now) => deleteOldDeliveries(database, isoPlusSeconds(now, -config.webhooks.deliveryRetentionSeconds)));
    jobs.register(DELIVER_JOB, ({ payload }) => deliverer.deliver(String((payload as { delivery_id: unknown }).delivery_id)));
  },
};
