import type { GatewayModule } from '../http/module.js';
import { ledgerPosting } from './reactions.js';
import { ledgerRoutes } from './routes.js';
import { LedgerService } from './service.js';

/** The double-entry ledger: the entries every movement of money posts (a reaction), the balances and their transactions (`/v1/balance`). */
export const ledgerModule: GatewayModule = {
  name: 'ledger',
  reactions: [ledgerPosting],
  async register({ app, db }) {
    await app.register(ledgerRoutes, { ledger: new LedgerService(db) });
  },
};
