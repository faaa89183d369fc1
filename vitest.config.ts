import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { NEEDS_OWN_MODULES } from './packages/server/vitest.isolation.js';

/**
 * Every suite of the repository. The server's API suites run on in-memory PGlite and, when
 * SSO_TEST_PG_URL names a PostgreSQL server, a second time on real PostgreSQL.
 */
const postgresUrl = process.env.SSO_TEST_PG_URL;

/**
 * Test files run side by side, one per core: no two share a database (each test server has its
 * own PGlite, or its own PostgreSQL database dropped on close), a port (each listens on port 0) or
 * a file. Vitest's default (cores − 1) ran them one by one on a 2-core machine, leaving the second
 * core to the browser and PostgreSQL alone; more than one per core gains little for the
 * CPU-bound web (jsdom) and PGlite suites and stretches their tests toward their timeouts.
 * SSO_TEST_WORKERS sets another count.
 */
const workers = Number(process.env.SSO_TEST_WORKERS) || Math.max(availableParallelism(), 2);

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      'shared-api',
      'packages/server',
      'packages/server/vitest.isolated.config.ts',
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
                exclude: NEEDS_OWN_MODULES,
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
                env: { SSO_TEST_DATABASE_URL: postgresUrl },
              },
            },
            {
              test: {
                name: 'server-postgres-isolated',
                root: './packages/server',
                include: NEEDS_OWN_MODULES.filter((file) => file.endsWith('.api.test.ts')),
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
