// Installs dependencies and builds the packages when their inputs changed since the last time.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pnpm, root } from './pnpm.mjs';
import { fingerprint, stampMatches, writeStamp } from './stamps.mjs';

const MANIFESTS = [
  'pnpm-lock.yaml',
  'pnpm-workspace.yaml',
  'package.json',
  ...['shared-api', 'packages/server', 'cli', 'tui', 'web', 'tests'].map((p) => `${p}/package.json`),
];

export function install() {
  const print = fingerprint({ files: MANIFESTS });
  if (existsSync(join(root, 'node_modules')) && stampMatches('install', print)) return true;
  console.log('[setup] installing dependencies');
  const ok = pnpm(['install', '--frozen-lockfile', '--reporter=append-only']) === 0;
  if (ok) writeStamp('install', print);
  return ok;
}

const BUILD_INPUTS = {
  server: {
    filter: '@sso/server',
    trees: ['shared-api/src', 'packages/server/src'],
    files: ['packages/server/tsup.config.ts', 'tsup.base.ts', 'packages/server/tsconfig.json'],
    output: 'packages/server/dist/main.js',
  },
  web: {
    filter: '@sso/web',
    trees: ['shared-api/src', 'web/src', 'web/public'],
    files: ['web/index.html', 'web/vite.config.ts', 'web/tsconfig.json'],
    output: 'web/dist/index.html',
  },
  cli: {
    filter: '@sso/cli',
    trees: ['shared-api/src', 'cli/src'],
    files: ['cli/tsup.config.ts', 'tsup.base.ts', 'cli/tsconfig.json'],
    output: 'cli/dist/bin.js',
  },
  tui: {
    filter: '@sso/tui',
    trees: ['shared-api/src', 'cli/src', 'tui/src'],
    files: ['tui/tsup.config.ts', 'tsup.base.ts', 'tui/tsconfig.json'],
    output: 'tui/dist/bin.js',
  },
};

/** Every package there is to build: the server with the web app it serves, and the two command-line front ends. */
export const EVERY_PACKAGE = Object.keys(BUILD_INPUTS);

/** Builds the named packages whose sources changed; false when a build failed. */
export function build(names) {
  const stale = names.filter((name) => {
    const input = BUILD_INPUTS[name];
    return !existsSync(join(root, input.output)) || !stampMatches(`build-${name}`, fingerprint(input));
  });
  if (!stale.length) return true;
  console.log(`[setup] building ${stale.join(', ')}`);
  const filters = stale.flatMap((name) => ['--filter', BUILD_INPUTS[name].filter]);
  // Always production bundles, whatever NODE_ENV the caller has: Vite takes it from the
  // environment, and under `development` or `test` (which the test runner sets for every child,
  // `npm start` included) it bundled React's development build, which mounts every page twice
  // (each screen asked the server for everything twice) and weighs two thirds more.
  const env = { ...process.env, NODE_ENV: 'production' };
  if (pnpm([...filters, '--reporter=append-only', 'build'], { env }) !== 0) return false;
  for (const name of stale) writeStamp(`build-${name}`, fingerprint(BUILD_INPUTS[name]));
  return true;
}
