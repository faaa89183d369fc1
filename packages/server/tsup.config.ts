import { defineConfig } from 'tsup';
import { nodeProgram } from '../../tsup.base.js';

export default defineConfig(nodeProgram({ main: 'src/main.ts' }));
