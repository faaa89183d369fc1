import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    // Component tests render antd in a DOM; pure modules run there just as well.
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    testTimeout: 20_000,
  },
});
