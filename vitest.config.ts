import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    // Several server processes sharing one database need PostgreSQL.
    exclude: process.env.TEST_DATABASE_URL ? [] : ['**/multiprocess.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores on CI machines: a couple of files at a time keeps timings sane.
    maxWorkers: 2,
  },
});
