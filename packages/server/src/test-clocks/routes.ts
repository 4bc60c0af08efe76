import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { principalOf } from '../http/principal.js';
import { AdvanceClock, AdvancedClock, SandboxClockView } from './schemas.js';
import type { ClockService } from './service.js';

/** Test clocks (docs/sandbox.md "Test clocks"): registered only in the sandbox, like the other /v1/sandbox controls. */
export async function clockRoutes(base: FastifyInstance, opts: { clocks: ClockService }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { clocks } = opts;
  const tags = ['Sandbox controls'];

  app.get(
    '/v1/sandbox/clock',
    {
      config: { scopes: ['payments:read'] },
      schema: {
        tags,
        summary: "The organization's sandbox clock (sandbox only)",
        description: "How far the organization's sandbox time is ahead of the real time, and that time. 404 in production.",
        response: { 200: SandboxClockView },
      },
    },
    async (request) => clocks.view(principalOf(request).organizationId),
  );

  app.post(
    '/v1/sandbox/clock/advance',
    {
      config: { scopes: ['payments:write'] },
      schema: {
        tags,
        summary: "Advance the organization's sandbox clock (sandbox only)",
        description:
          "Moves the calling organization's sandbox time forward by `seconds` and runs, in order, everything of the organization that became due: automatic captures, authorization and pending-card timers, alternative-payment expiries and the rail mock, link and payment-instruction expiries, chargeback deadlines and decisions, settlement runs and payout arrivals, the later looks at succeeded refunds, webhook retries. Answers when they have run, with the list: at most 1,000 jobs, for at most `SANDBOX_CLOCK_ADVANCE_RUN_SECONDS` (5 s), after which the clock still moves to the target and what is left runs in the background. Other organizations are unaffected. 404 in production.",
        body: AdvanceClock,
        response: { 200: AdvancedClock },
      },
    },
    async (request) => clocks.advance(principalOf(request).organizationId, request.body.seconds),
  );
}
