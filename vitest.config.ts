import { defineConfig } from 'vitest/config';

/**
 * Every suite of the repository. The server's API suites run on in-memory PGlite and, when
 * SSO_TEST_PG_URL names a PostgreSQL server, a second time on real PostgreSQL.
 */
const postgresUrl = process.env.SSO_TEST_PG_URL;

export default defineConfig({
  test: {
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
