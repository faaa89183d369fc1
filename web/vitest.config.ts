import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    // Component tests render antd in a DOM; pure modules run there just as well.
    environment: 'jsdom',
    setupFiles: ['src/test/setup.testkit.ts'],
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // antd in jsdom is slow on a loaded 2-core machine (the whole suite runs its projects together).
    testTimeout: 60_000,
  },
});
