// `npm start`: install what is missing, build what changed (the server, the web app and both
// command-line front ends), then run the server (API and web).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './pnpm.mjs';
import { build, EVERY_PACKAGE, install } from './setup.mjs';

if (!install() || !build(EVERY_PACKAGE)) process.exit(1);

const port = process.env.PORT ?? '8080';
const host = process.env.HOST ?? '127.0.0.1';
console.log(`[start] web console: http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/login`);
console.log(`[start] command line: npx sso login --url http://${host}:${port}`);
console.log(`[start] terminal console: npx sso-tui --server http://${host}:${port}`);

// Two malloc arenas instead of one per thread: the server's native threads (password hashing,
// compression) otherwise each keep tens of megabytes of mostly empty heap. A fixed mmap threshold:
// glibc otherwise raises it after a large block is freed (a password hash's 19 MiB), and from then
// on blocks of that size come from the heap and stay resident after their free. With it, blocks of
// 64 KiB and more get their own mappings, returned when freed: 20–30 MiB less at idle, and no
// measurable cost to sign-ins or sign-ons (tests/bench/RESULTS.md).
const env = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536', ...process.env };
// --expose-gc: after a first start's migrations the server collects the embedded database instance
// it closed at once, instead of keeping its memory until the next collection (app.ts).
const server = spawn(process.execPath, ['--expose-gc', join(root, 'packages/server/dist/main.js')], { stdio: 'inherit', cwd: root, env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
