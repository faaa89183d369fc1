// `npm start`: install what is missing, build what changed (the server, the web app and both
// command-line front ends), then run the server (API and web).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './pnpm.mjs';
import { SERVER_ENV_DEFAULTS, SERVER_NODE_ARGS } from './server-launch.mjs';
import { build, EVERY_PACKAGE, install } from './setup.mjs';

if (!install() || !build(EVERY_PACKAGE)) process.exit(1);

const port = process.env.PORT ?? '8080';
const host = process.env.HOST ?? '127.0.0.1';
console.log(`[start] web console: http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/login`);
console.log(`[start] command line: npx sso login --url http://${host}:${port}`);
console.log(`[start] terminal console: npx sso-tui --server http://${host}:${port}`);

const env = { ...SERVER_ENV_DEFAULTS, ...process.env };
const server = spawn(process.execPath, [...SERVER_NODE_ARGS, join(root, 'packages/server/dist/main.js')], {
  stdio: 'inherit',
  cwd: root,
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
