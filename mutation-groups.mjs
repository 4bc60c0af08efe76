/**
 * The money-critical files under mutation testing (docs/testing.md), each
 * group with the test files that test it, fastest first. `npm run mutate`
 * (scripts/mutate.mjs) runs Stryker once per group, with MUTATION_GROUP set
 * for vitest.mutation.config.ts, and keeps each group's incremental result in
 * reports/mutation/<group>.incremental.json (committed).
 */
export const MUTATION_GROUPS = {
  money: {
    mutate: ['packages/server/src/lib/money.ts'],
    tests: ['packages/server/test/money.test.ts', 'packages/server/test/money-input.test.ts', 'packages/server/test/idempotency.test.ts'],
  },
  idempotency: {
    mutate: ['packages/server/src/idempotency/store.ts'],
    tests: ['packages/server/test/idempotency-store.test.ts', 'packages/server/test/idempotency.test.ts', 'packages/server/test/idempotency-liveness.test.ts'],
  },
  refunds: {
    mutate: ['packages/server/src/payments/refund-reservations.ts', 'packages/server/src/payments/refunds/service.ts'],
    tests: [
      'packages/server/test/refund-rules.test.ts',
      'packages/server/test/refunds.test.ts',
      'packages/server/test/transactions.test.ts',
      // What a chargeback holds of a payment is not refundable (refund-reservations.ts holdDisputed).
      'packages/server/test/chargebacks.test.ts',
    ],
  },
  payments: {
    mutate: ['packages/server/src/payments/authorize.ts', 'packages/server/src/payments/lifecycle.ts'],
    tests: [
      'packages/server/test/payment-rules.test.ts',
      'packages/server/test/network-refusals.test.ts',
      'packages/server/test/payments.test.ts',
      'packages/server/test/transactions.test.ts',
    ],
  },
};
