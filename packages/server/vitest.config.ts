import { defineProject } from 'vitest/config';
import { NEEDS_OWN_MODULES } from './vitest.isolation.js';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: NEEDS_OWN_MODULES,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
