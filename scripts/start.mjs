// `npm start`: install what is missing, build what changed, then run the server (API and web).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './pnpm.mjs';
import { build, install } from './setup.mjs';

if (!install() || !build(['server', 'web', 'cli'])) process.exit(1);

const server = spawn(process.execPath, [join(root, 'packages/server/dist/main.js')], { stdio: 'inherit', cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
