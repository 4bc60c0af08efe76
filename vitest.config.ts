import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    // Several server processes sharing one database need PostgreSQL.
    exclude: process.env.TEST_DATABASE_URL ? [] : ['**/multiprocess.test.ts', '**/production-connectors.test.ts'],
    // One temporary directory per run, removed at its end with the PostgreSQL schemas the run made.
    globalSetup: ['packages/server/test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker process runs its files one after another in one module graph: each file imported
    // the gateway's modules afresh otherwise (about 2 s of CPU per file, 132 s over the suite).
    // No test mocks modules or changes process.env, and each closes what it starts.
    isolate: false,
    // Two cores on CI machines, three files at a time: a worker spends much of its time waiting for
    // Chromium, a child process or PostgreSQL, and with two the cores were idle 17% of a run
    // (5% with three; docs/testing.md "What a run costs").
    maxWorkers: 3,
  },
});
