import type { GatewayModule } from '../../http/module.js';
import type { PaymentActions } from '../actions.js';
import { transactionRoutes } from './routes.js';
import { TransactionService } from './service.js';

export const transactionsModule: GatewayModule<{ actions: PaymentActions }> = {
  name: 'transactions',
  async register({ app, db, services }) {
    await app.register(transactionRoutes, { transactions: new TransactionService(db), actions: services.actions });
  },
};
