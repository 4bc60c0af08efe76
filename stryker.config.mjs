// Mutation testing of the money-critical code (docs/testing.md): `npm run mutate` (scripts/mutate.mjs)
// runs this once per group of mutation-groups.mjs, with MUTATION_GROUP, --mutate and --incrementalFile set.
import { MUTATION_GROUPS } from './mutation-groups.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // The group's test files (vitest.mutation.config.ts), not vitest's import graph: every gateway test imports the whole server.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: Object.values(MUTATION_GROUPS).flatMap((group) => group.mutate),
  // Each mutant runs only the tests that reached it in the first (coverage) run.
  coverageAnalysis: 'perTest',
  // Code that runs outside any test (module constants, the gateway's start-up in beforeAll) would need every
  // test file for each of its mutants: left out, and counted in docs/testing.md.
  ignoreStatic: true,
  // Re-tests only the mutants whose code or covering tests changed since the committed result.
  incremental: true,
  // The machine is shared, and mutation runs are CPU-heavy.
  concurrency: 1,
  timeoutMS: 20_000,
  // The first run (every test file once, for coverage) takes minutes on a busy two-core machine.
  dryRunTimeoutMinutes: 20,
  // scripts/mutate.mjs checks each file against `break`.
  thresholds: { high: 95, low: 90, break: 90 },
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  ignorePatterns: ['docs', 'examples', 'deploy', 'reports', 'packages/dashboard', 'packages/client', '**/dist', '*.sqlite'],
  cleanTempDir: 'always',
};
