import { defineConfig } from 'tsup';
import { nodeProgram } from '../tsup.base.js';

// Ink and React stay external: only the contract package is bundled in.
export default defineConfig(nodeProgram({ bin: 'src/bin.tsx' }));
