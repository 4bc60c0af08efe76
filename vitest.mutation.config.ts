/**
 * The test files of the mutation run (stryker.config.mjs, docs/testing.md): the
 * ones that exercise the money-critical files, on SQLite. The whole suite would
 * work too, but a mutant is tested by the tests that reach it (per-test
 * coverage), and every gateway test reaches the server's startup code: these
 * files keep a run to minutes.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

export const MUTATION_TEST_FILES = [
  'packages/server/test/money.test.ts',
  'packages/server/test/money-input.test.ts',
  'packages/server/test/payments.test.ts',
  'packages/server/test/network-refusals.test.ts',
  'packages/server/test/refunds.test.ts',
  'packages/server/test/transactions.test.ts',
  'packages/server/test/idempotency.test.ts',
  'packages/server/test/idempotency-store.test.ts',
  'packages/server/test/idempotency-liveness.test.ts',
];

// Not mergeConfig: it would add these to the suite's `include` instead of replacing it.
export default defineConfig({ test: { ...base.test, include: MUTATION_TEST_FILES, exclude: [] } });
