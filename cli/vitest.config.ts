import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'cli',
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // Each file starts a real server (PGlite); started side by side they take a while.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
