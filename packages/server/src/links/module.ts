import type { AlternativePaymentService } from '../apm/service.js';
import type { SandboxClock } from '../clock/clock.js';
import { deploymentSecret } from '../crypto/deployment-secrets.js';
import type { EncryptionKeyService } from '../encryption-keys/service.js';
import type { GatewayModule } from '../http/module.js';
import type { InstrumentService } from '../instruments/service.js';
import type { PaymentService } from '../payments/service.js';
import type { UrlPolicy } from '../webhooks/url-guard.js';
import { CardAttemptGuard, purgeCardAttempts } from './card-attempts.js';
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
}

/** Payment and enrollment links: the API, the hosted pages, the settlement of a link by its payment's event, the jobs. */
export const linksModule: GatewayModule<Needs> = {
  name: 'links',
  reactions: [linkSettlement],
  async register({ app, jobs, maintenance, db, keyring, config, services }) {
    const { encryptionKeys, instruments, payments, apm, webhookPolicy } = services;
    const links = new LinkService(db, keyring, { publicBaseUrl: config.publicBaseUrl, webhookPolicy, minAmount: config.links.minAmount }, services.clock);
    await app.register(linkRoutes, { links, keys: encryptionKeys });
    const cardAttempts = new CardAttemptGuard(db, await deploymentSecret(db, keyring, 'link_address_hash'), {
      perLink: config.links.cardDeclinesPerLink,
      perAddress: config.links.cardDeclinesPerAddress,
      windowSeconds: config.links.cardDeclineWindowSeconds,
    }, services.clock);
    await app.register(hostedPageRoutes, { links, keys: encryptionKeys, instruments, payments, apm, publicBaseUrl: config.publicBaseUrl, cardAttempts, clock: services.clock });
    registerLinkJobs(jobs, links, { policy: webhookPolicy, timeoutMs: config.webhooks.timeoutMs });
    // Checkout card attempts older than a day.
    maintenance.push((db) => purgeCardAttempts(db, services.clock));
  },
};
