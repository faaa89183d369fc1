import { defineConfig } from 'tsup';
import { nodeProgram } from '../tsup.base.js';

/**
 * sso-tui is one self-contained program: ink, React, yoga, undici, zod and pinyin-pro are bundled
 * in, because loading them from node_modules (hundreds of small files, module lookup, CommonJS
 * export scanning) took half of the start-up. React runs its production build (NODE_ENV), not the
 * development one an unset NODE_ENV picks. Code splitting keeps the dynamic import()s as chunks of
 * their own: bin.js answers --help alone, and the screens and the pinyin dictionary load after the
 * first screen is drawn.
 * Left out: the keyring's native module (required at run time) and react-devtools-core (ink loads
 * it only with DEV=true; it is not installed).
 */
export default defineConfig({
  ...nodeProgram({ bin: 'src/bin.tsx' }),
  noExternal: [/^(?!react-devtools-core$|@napi-rs\/keyring$)/],
  external: ['react-devtools-core', '@napi-rs/keyring'],
  env: { NODE_ENV: 'production' },
  splitting: true,
});
