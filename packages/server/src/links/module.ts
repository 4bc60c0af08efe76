import type { AlternativePaymentService } from '../payments/apm/service.js';
import type { SandboxClock } from '../clock/clock.js';
import type { EncryptionKeyService } from '../encryption-keys/service.js';
import type { GatewayModule } from '../http/module.js';
import type { InstrumentService } from '../instruments/service.js';
import type { PaymentService } from '../payments/service.js';
import type { UrlPolicy } from '../webhooks/url-guard.js';
import { purgeCardAttempts, type CardAttemptGuard } from './card-attempts.js';
import { registerLinkJobs } from './jobs.js';
import { linkSettlement } from './outcomes.js';
import { hostedPageRoutes } from './pages.js';
import { linkRoutes } from './routes.js';
import { LinkService } from './service.js';

interface Needs {
  clock: SandboxClock;
  encryptionKeys: EncryptionKeyService;
  instruments: InstrumentService;
  payments: PaymentService;
  apm: AlternativePaymentService;
  webhookPolicy: UrlPolicy;
  cardAttempts: CardAttemptGuard;
}

/** Payment and enrollment links: the API, the hosted pages, the settlement of a link by its payment's event, the jobs. */
export const linksModule: GatewayModule<Needs> = {
  name: 'links',
  reactions: [linkSettlement],
  async register({ app, jobs, maintenance, db, keyring, config, services }) {
    const { encryptionKeys, instruments, payments, apm, webhookPolicy } = services;
    const links = new LinkService(db, keyring, { publicBaseUrl: config.publicBaseUrl, webhookPolicy, minAmount: config.links.minAmount }, services.clock);
    await app.register(linkRoutes, { links, keys: encryptionKeys });
    const { cardAttempts } = services;
    await app.register(hostedPageRoutes, {
      links,
      keys: encryptionKeys,
      instruments,
      payments,
      apm,
      publicBaseUrl: config.publicBaseUrl,
      cardAttempts,
      clock: services.clock,
      otpMaxAttempts: config.rails.otpMaxAttempts,
    });
    registerLinkJobs(jobs, links, { policy: webhookPolicy, timeoutMs: config.webhooks.timeoutMs });
    // Checkout card attempts older than a day.
    maintenance.push((db) => purgeCardAttempts(db, services.clock));
  },
};
