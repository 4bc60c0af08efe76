import type { SandboxClock } from '../clock/clock.js';
import type { GatewayModule } from '../http/module.js';
import { SETTLEMENT_JOB } from '../ledger/queue.js';
import { PAYOUT_ARRIVAL_JOB, PayoutEngine } from './engine.js';
import { ReportService, REPORT_JOB } from './reports.js';
import { reportRoutes } from './report-routes.js';
import { payoutRoutes } from './routes.js';
import { PayoutService } from './service.js';

/** Settlements, payouts and reconciliation reports over the ledger (docs/ledger.md): their jobs and routes. */
export const payoutsModule: GatewayModule<{ clock: SandboxClock }> = {
  name: 'payouts',
  async register({ app, db, jobs, config, services }) {
    const engine = new PayoutEngine(db, services.clock, config.environment === 'sandbox');
    jobs.register(SETTLEMENT_JOB, async ({ job }) => {
      if (job.organization_id) await engine.runSettlement(job.organization_id);
    });
    jobs.register(PAYOUT_ARRIVAL_JOB, async ({ payload }) => {
      const id = (payload as { payout_id?: unknown }).payout_id;
      if (typeof id === 'string') await engine.arrive(id);
    });
    const reports = new ReportService(db, services.clock, jobs);
    jobs.register(REPORT_JOB, async ({ payload }) => {
      const id = (payload as { report_id?: unknown }).report_id;
      if (typeof id === 'string') await reports.generate(id);
    });
    await app.register(payoutRoutes, { payouts: new PayoutService(db, engine, services.clock) });
    await app.register(reportRoutes, { reports });
  },
};
