import type { TokenService } from '../auth/tokens.js';
import type { RealClock } from '../clock/clock.js';
import type { GatewayModule } from '../http/module.js';
import { createRateLimiter } from '../ratelimit/limiter.js';
import { dashboardRoutes } from './routes.js';
import type { DashboardService } from './service.js';
import { dashboardStaticRoutes } from './static.js';

interface Needs {
  tokens: TokenService;
  dashboard: DashboardService;
  dashboardDist: string | undefined;
  clock: RealClock;
}

/** The dashboard (docs/dashboard.md): its API behind a cookie session, the pass-through to /v1, the app's files, the clean-up of ended sessions. */
export const dashboardModule: GatewayModule<Needs> = {
  name: 'dashboard',
  async register({ app, maintenance, config, database, db, services }) {
    const { dashboard, tokens, dashboardDist, clock } = services;
    const signInFailures = {
      perEmailAddress: createRateLimiter('dashboard_sign_in', { ...config.dashboard.signInFailureLimit, pool: database.pool, clock }),
      perAddress: createRateLimiter('dashboard_sign_in_ip', {
        ...config.dashboard.signInFailureLimit,
        points: config.dashboard.signInFailureLimit.points * 5,
        pool: database.pool,
        clock,
      }),
      perAccount: createRateLimiter('dashboard_sign_in_account', {
        ...config.dashboard.signInFailureLimit,
        points: config.dashboard.signInFailureLimit.points * 3,
        pool: database.pool,
        clock,
      }),
    };
    await app.register(dashboardRoutes, { db, dashboard, tokens, config, signInFailures, clock });
    await app.register(dashboardStaticRoutes, dashboardDist ? { distDir: dashboardDist } : {});
    // Ended sessions and spent one-time links.
    maintenance.push(() => dashboard.purgeExpired());
  },
};
