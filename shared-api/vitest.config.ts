import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'shared-api', include: ['src/**/*.test.ts'] } });
