/**
 * The features of the gateway, one module each (`<feature>/module.ts`), in the
 * order `createGateway` (app.ts) registers them. The order is the order of the
 * routes, and so of the operations in /openapi.json and the typed client.
 *
 * The list is typed with the gateway's services: a module that needs a
 * service `buildServices` does not provide does not compile here.
 */
import { apmModule } from '../payments/apm/module.js';
import { authModule } from '../auth/module.js';
import { cardPresentModule } from '../card-present/module.js';
import { brebModule } from '../bre-b/module.js';
import { cashoutsModule } from '../cashouts/module.js';
import { chargebacksModule } from '../chargebacks/module.js';
import { clockModule } from '../test-clocks/module.js';
import { connectorsModule } from '../connectors/module.js';
import { dashboardModule } from '../dashboard/module.js';
import { checkoutModule } from '../checkout/module.js';
import { discoveryModule } from '../discovery/module.js';
import { encryptionKeysModule } from '../encryption-keys/module.js';
import { feesModule } from '../fees/module.js';
import { fieldsModule } from '../fields/module.js';
import { fraudModule } from '../fraud/module.js';
import type { GatewayModule } from '../http/module.js';
import { instrumentsModule } from '../instruments/module.js';
import { ledgerModule } from '../ledger/module.js';
import { payoutsModule } from '../payouts/module.js';
import { linksModule } from '../links/module.js';
import { merchantsModule } from '../merchants/module.js';
import { organizationsModule } from '../organizations/module.js';
import { paymentInstructionsModule } from '../payment-instructions/module.js';
import { paymentsModule } from '../payments/module.js';
import { refundsModule } from '../payments/refunds/module.js';
import { threeDsModule } from '../threeds/module.js';
import { transactionsModule } from '../payments/transactions/module.js';
import { usersModule } from '../users/module.js';
import { webhooksModule } from '../webhooks/module.js';
import type { Services } from './services.js';

export const MODULES: readonly GatewayModule<Services>[] = [
  authModule,
  discoveryModule,
  organizationsModule,
  checkoutModule,
  encryptionKeysModule,
  instrumentsModule,
  paymentsModule,
  transactionsModule,
  apmModule,
  fieldsModule,
  cashoutsModule,
  brebModule,
  usersModule,
  merchantsModule,
  linksModule,
  refundsModule,
  chargebacksModule,
  feesModule,
  ledgerModule,
  payoutsModule,
  fraudModule,
  threeDsModule,
  cardPresentModule,
  paymentInstructionsModule,
  webhooksModule,
  connectorsModule,
  clockModule,
  dashboardModule,
];

/**
 * The modules whose outbox reactions run in an event's recording transaction,
 * in the order they run (docs/internals.md "Events and webhooks"): the
 * fan-out first, so an event's deliveries come before those of the events its
 * other reactions record (`link.paid`, `chargeback.opened`); fees before
 * payments (which copies the fees fees/ wrote onto the payment); the ledger last (its capture entry reads
 * the fees fees/ wrote, and it posts what the chargebacks reaction opens). Every module
 * with reactions is listed (`outboxReactions` refuses to build otherwise).
 */
export const REACTION_ORDER: readonly GatewayModule<Services>[] = [
  webhooksModule,
  linksModule,
  paymentInstructionsModule,
  feesModule,
  paymentsModule,
  refundsModule,
  fraudModule,
  chargebacksModule,
  ledgerModule,
];

/** The reactions of `modules`, in `REACTION_ORDER`. */
export function outboxReactions(modules: readonly GatewayModule<Services>[] = MODULES) {
  const unlisted = modules.filter((m) => m.reactions?.length && !REACTION_ORDER.includes(m));
  if (unlisted.length) throw new Error(`Outbox reactions of ${unlisted.map((m) => m.name).join(', ')} have no place in REACTION_ORDER (gateway/modules.ts).`);
  return REACTION_ORDER.filter((m) => modules.includes(m)).flatMap((m) => m.reactions ?? []);
}
