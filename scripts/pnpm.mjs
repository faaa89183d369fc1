// Runs the project's pinned pnpm without a global install: it lives in .tools/.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '10.34.9';
const pnpmBin = join(root, '.tools', 'node_modules', '.bin', 'pnpm');

export function ensurePnpm() {
  if (existsSync(pnpmBin)) return pnpmBin;
  console.log(`[setup] installing pnpm ${PNPM_VERSION} into .tools/`);
  const r = spawnSync(
    'npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', join(root, '.tools'), `pnpm@${PNPM_VERSION}`],
    {
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) throw new Error('could not install pnpm');
  return pnpmBin;
}

export function pnpm(args, options = {}) {
  const r = spawnSync(ensurePnpm(), args, { stdio: 'inherit', cwd: root, ...options });
  return r.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(pnpm(process.argv.slice(2)));
}
