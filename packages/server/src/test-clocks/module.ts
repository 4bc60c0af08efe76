import type { GatewayModule } from '../http/module.js';
import type { SandboxClock } from '../clock/clock.js';
import { clockRoutes } from './routes.js';
import { ClockService } from './service.js';

/** Test clocks (docs/sandbox.md "Test clocks"): GET /v1/sandbox/clock and POST /v1/sandbox/clock/advance, in the sandbox only. */
export const clockModule: GatewayModule<{ clock: SandboxClock }> = {
  name: 'test-clocks',
  async register({ app, jobs, config, database, db, services }) {
    if (config.environment !== 'sandbox') return;
    // The advance runs due jobs through the runner's handlers, which every module registers before the runner starts.
    await app.register(clockRoutes, { clocks: new ClockService(db, database.dialect, services.clock, jobs, config.clockAdvanceRunMs) });
  },
};
