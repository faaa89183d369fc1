import { defineProject } from 'vitest/config';
import { NEEDS_OWN_MODULES } from './vitest.isolation.js';

/** The server's suites that need a module graph of their own (see vitest.isolation.ts). */
export default defineProject({
  test: {
    name: 'server-isolated',
    include: NEEDS_OWN_MODULES,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
