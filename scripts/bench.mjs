// `npm run bench`: build the server if needed, then run the benchmark script.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './pnpm.mjs';
import { build, install } from './setup.mjs';

if (!install() || !build(['server', 'cli'])) process.exit(1);
const result = spawnSync(process.execPath, [join(root, 'tests/bench/run.mjs')], { stdio: 'inherit', cwd: root });
process.exit(result.status ?? 1);
