import { defineConfig } from 'vitest/config';

/**
 * Every suite of the repository. The server's API suites run on in-memory PGlite and, when
 * SSO_TEST_PG_URL names a PostgreSQL server, a second time on real PostgreSQL.
 */
const postgresUrl = process.env.SSO_TEST_PG_URL;

/**
 * Test files run side by side: no two share a database (each test server has its own PGlite, or
 * its own PostgreSQL database dropped on close), a port (each listens on port 0) or a file. Most of
 * a file's time is spent waiting (for a browser, a server, PostgreSQL), so three at a time keep a
 * 2-core machine busy, where vitest's default (cores − 1) would run them one by one.
 * SSO_TEST_WORKERS sets another count.
 */
const workers = Number(process.env.SSO_TEST_WORKERS) || 3;

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      'shared-api',
      'packages/server',
      'cli',
      'tui',
      'web',
      'tests',
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'server-postgres',
                root: './packages/server',
                include: ['src/**/*.api.test.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
                env: { SSO_TEST_DATABASE_URL: postgresUrl },
              },
            },
          ]
        : []),
    ],
  },
});
