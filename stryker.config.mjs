// Mutation testing of the money-critical code (docs/testing.md): `npm run mutate`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // The test files that exercise these files (vitest.mutation.config.ts), not vitest's import graph:
  // every gateway test imports the whole server.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: [
    'packages/server/src/lib/money.ts',
    'packages/server/src/payments/lifecycle.ts',
    'packages/server/src/payments/authorize.ts',
    'packages/server/src/payments/refund-reservations.ts',
    'packages/server/src/idempotency/store.ts',
  ],
  // Each mutant runs only the tests that reached it in the first (coverage) run.
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  // Re-tests only the mutants whose code or covering tests changed since the committed result.
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  // The machine is shared, and mutation runs are CPU-heavy.
  concurrency: 1,
  timeoutMS: 20_000,
  // The first run (every test file once, for coverage) takes minutes on a busy two-core machine.
  dryRunTimeoutMinutes: 20,
  thresholds: { high: 95, low: 90, break: 90 },
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  ignorePatterns: ['docs', 'examples', 'deploy', 'reports', 'packages/dashboard', 'packages/client', '**/dist', '*.sqlite'],
  cleanTempDir: 'always',
};
