/** The expiry of an instruction nobody paid in time (enqueued at its creation). */
import type { JobRunner } from '../jobs/runner.js';
import { INSTRUCTION_JOBS, type PaymentInstructionService } from './service.js';

export function registerPaymentInstructionJobs(runner: JobRunner, instructions: PaymentInstructionService): void {
  runner.register(INSTRUCTION_JOBS.expire, async ({ payload }) => {
    await instructions.expire(String((payload as { instruction_id: unknown }).instruction_id));
  });
}
