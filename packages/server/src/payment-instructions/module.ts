import type { SandboxClock } from '../clock/clock.js';
import type { TokenService } from '../auth/tokens.js';
import type { CardPresentService } from '../card-present/service.js';
import type { GatewayModule } from '../http/module.js';
import { TerminalHub } from './hub.js';
import { registerPaymentInstructionJobs } from './jobs.js';
import { postgresListener } from './listener.js';
import { instructionSettlement } from './outcomes.js';
import { paymentInstructionRoutes } from './routes.js';
import { PaymentInstructionService } from './service.js';

/** Payment instructions and the terminals' WebSocket (its upgrade is registered by app.ts before authentication). */
export const paymentInstructionsModule: GatewayModule<{ cardPresent: CardPresentService; tokens: TokenService; clock: SandboxClock }> = {
  name: 'payment-instructions',
  reactions: [instructionSettlement],
  async register({ app, jobs, config, database, db, services }) {
    const { cardPresent, tokens } = services;
    const instructions = new PaymentInstructionService(
      db,
      cardPresent,
      { ...config.paymentInstructions, notify: database.dialect === 'postgres' },
      services.clock,
    );
    const hub = new TerminalHub(instructions, tokens, app.log, {
      ...config.paymentInstructions,
      ...(database.dialect === 'postgres' ? { listen: postgresListener(config.database.url, app.log) } : {}),
    });
    await app.register(paymentInstructionRoutes, { instructions, cardPresent, hub });
    registerPaymentInstructionJobs(jobs, instructions);
  },
};
