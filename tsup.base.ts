/**
 * How the Node programs (sso, sso-tui, the server) are bundled: one ESM file for Node 20 with a
 * source map. The contract package ships TypeScript sources, so it is bundled in; its CommonJS
 * dependencies (js-md5) call require('crypto'), so the ESM bundle gets a real require.
 *
 * Plain options without tsup's types: this file sits outside the packages that install tsup.
 */
const requireShim = [
  "import { createRequire as __createRequire } from 'node:module';",
  'const require = __createRequire(import.meta.url);',
].join('\n');

export function nodeProgram(entry: Record<string, string>) {
  return {
    entry,
    format: ['esm' as const],
    target: 'node20',
    platform: 'node' as const,
    outDir: 'dist',
    clean: true,
    sourcemap: true,
    noExternal: ['@sso/shared-api'],
    banner: { js: requireShim },
  };
}
