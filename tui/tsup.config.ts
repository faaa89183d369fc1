import { defineConfig } from 'tsup';

// Bundled CommonJS (js-md5) calls require('crypto'): give the ESM bundle a real require.
const requireShim = [
  "import { createRequire as __createRequire } from 'node:module';",
  'const require = __createRequire(import.meta.url);',
].join('\n');

export default defineConfig({
  entry: { bin: 'src/bin.tsx' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The contract package ships TypeScript sources: bundle it. Ink and React stay external.
  noExternal: ['@sso/shared-api'],
  banner: { js: requireShim },
});
