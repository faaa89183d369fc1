import { defineConfig } from 'tsup';
import { nodeProgram } from '../../tsup.base.js';

/**
 * Benchmarks that measure the server's own code in-process (tests/bench/audit-chain.mjs): bundled
 * apart from the server, into dist-bench/, by `npm run bench` only.
 */
export default defineConfig({ ...nodeProgram({ 'audit-chain': 'src/logs/audit-chain.bench.ts' }), outDir: 'dist-bench' });
