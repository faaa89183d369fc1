import { defineProject } from 'vitest/config';

/**
 * The suites share their workers' module cache (`isolate: false`), as the server's do: each loads
 * the server's five hundred modules to start its own server, and loading them again for every file
 * was a third of a browser suite's time. Nothing a file does reaches the next through modules:
 * each starts its own server, database and browser and closes them, and none replaces a module
 * (`vi.mock`), the clock or the environment.
 */
export default defineProject({
  test: {
    name: 'tests',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
