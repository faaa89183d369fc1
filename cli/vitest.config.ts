import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'cli',
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // The files share their workers' module cache: each loads the server's modules to start its own
    // server, and loading them again per file was half the suite's time. The CLI keeps no state in
    // its modules, and no file replaces a module, the clock or the environment.
    isolate: false,
    // Each file starts a real server (PGlite); started side by side they take a while.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
