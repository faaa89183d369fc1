import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'tests', include: ['**/*.test.ts'], exclude: ['node_modules/**'], testTimeout: 60_000, hookTimeout: 120_000 },
});
