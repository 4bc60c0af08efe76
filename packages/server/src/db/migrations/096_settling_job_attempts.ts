import { sql, type Kysely } from 'kysely';

/**
 * The jobs that settle money or a payment's, payout's, dispute's, link's or
 * instruction's state keep trying for about a week (jobs/store.ts
 * SETTLING_JOB_ATTEMPTS, 180 attempts). New jobs are written so; this gives
 * the same to those already waiting when the gateway is upgraded, written with
 * the former default of 10. Webhook deliveries, enrollment callbacks, reports,
 * maintenance and the sandbox's customer mock keep their own limits. Jobs
 * already `failed` are left as they are: running one again is the operator's
 * decision (docs/operations.md).
 */
const SETTLING = [
  'payment.%',
  'refund.%',
  'chargeback.%',
  'apm.expire',
  'apm.bank_settle',
  'apm.rail_start',
  'payout.arrive',
  'settlement.run',
  'link.expire',
  'payment_instruction.expire',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = sql.join(
    SETTLING.map((type) => sql`type like ${type}`),
    sql` or `,
  );
  await sql`update jobs set max_attempts = 180 where status = 'pending' and max_attempts < 180 and (${types})`.execute(db);
}

export async function down(): Promise<void> {
  // The limits before are not known job by job; more attempts are harmless.
}
