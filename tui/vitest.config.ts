import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'tui',
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // Screen suites start a real server (PGlite): slow to start on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
