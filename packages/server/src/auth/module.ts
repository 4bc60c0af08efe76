import type { RealClock } from '../clock/clock.js';
import type { GatewayModule } from '../http/module.js';
import { createRateLimiter } from '../ratelimit/limiter.js';
import { clientRoutes } from './clients.routes.js';
import { oauthRoutes } from './oauth.routes.js';
import type { TokenService } from './tokens.js';
import { deleteExpiredTokens } from './tokens.store.js';

/** `/oauth/token` and `/oauth/revoke`, with the failure budgets of the token endpoint; `GET /v1/clients`. */
export const authModule: GatewayModule<{ tokens: TokenService; clock: RealClock }> = {
  name: 'auth',
  async register({ app, config, database, db, maintenance, services }) {
    // Tokens a day past their expiry (revocation checks no longer need them).
    maintenance.push((target, now) => deleteExpiredTokens(target, Math.floor(now / 1000) - 86400));
    const failures = {
      // Keyed on client id and address together: a stranger who knows a client id cannot lock its owner out.
      perClientAddress: createRateLimiter('token_failures', { ...config.tokenFailureLimit, pool: database.pool, clock: services.clock }),
      // An office behind one NAT address may hold several clients: five times the per-client budget.
      perIp: createRateLimiter('token_failures_ip', {
        ...config.tokenFailureLimit,
        points: config.tokenFailureLimit.points * 5,
        pool: database.pool,
        clock: services.clock,
      }),
    };
    await app.register(oauthRoutes, { tokens: services.tokens, failures });
    await app.register(clientRoutes, { db });
  },
};
