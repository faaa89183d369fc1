// `npm run bench`, terminal console: (t1) start-up of sso-tui to its first drawn screen and to its
// menus, in a real terminal (tmux), and (t2) paging through 100,000 users 200 at a time in its
// users screen, each page waited for on the screen. Runs alone too: node tests/bench/tui.mjs
// (BENCH_USERS=2000 for a quick run: start-up does not depend on it; BENCH_TUI_BIN=path runs
// another build of the console, to compare builds).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminGrant, startPlatformServer, stopProcess } from './processes.mjs';
import { scratchDir, seedPglite, USERS } from './users-page.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const bin = process.env.BENCH_TUI_BIN ?? join(root, 'tui', 'bin', 'sso-tui.mjs');
const PAGE = 200;
const socket = `sso-tui-bench-${process.pid}`;
const tmux = (...args) => execFileSync('tmux', ['-u', '-L', socket, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
const alive = (name) => spawnSync('tmux', ['-L', socket, 'has-session', '-t', name]).status === 0;
/** What the pane shows; nothing once the console has quit (its session, then tmux, ends). */
function screen(name) {
  try {
    return alive(name) ? tmux('capture-pane', '-p', '-t', name) : '';
  } catch {
    return '';
  }
}

/** Polls the pane every `everyMs` until it shows `check`; the time it took, in ms. */
async function until(name, check, { everyMs = 5, timeout = 60_000 } = {}) {
  const started = performance.now();
  for (;;) {
    const shown = screen(name);
    if (typeof check === 'string' ? shown.includes(check) : check.test(shown)) return performance.now() - started;
    if (performance.now() - started > timeout) throw new Error(`sso-tui did not show ${check}:\n${shown}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The CLI's stored sign-in (file store), which sso-tui reads at start. */
function signedInHome(base, token) {
  const dir = mkdtempSync(join(tmpdir(), 'sso-tui-bench-'));
  writeFileSync(
    join(dir, 'profiles.json'),
    JSON.stringify({ current: 'default', profiles: { default: { url: base, tenantId: '000000', account: 'admin' } } }),
  );
  writeFileSync(join(dir, 'tokens.json'), JSON.stringify({ default: { token, expiresAt: Date.now() + token.expires_in * 1000 } }));
  return dir;
}

const start = (name, home) =>
  tmux('new-session', '-d', '-x', '100', '-y', '30', '-s', name, `env SSO_CONFIG_DIR=${home} SSO_KEYRING=off LANG=C.UTF-8 node ${bin}`);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchTui({ port = 18_987, runs = 5 } = {}) {
  if (spawnSync('tmux', ['-V']).status !== 0) return console.log('tmux not installed: sso-tui runs skipped');
  const base = `http://127.0.0.1:${port}`;
  const store = scratchDir();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SSO_ADMIN_PASSWORD: 'admin',
    SSO_API_LOG: 'false',
    SSO_DATA_DIR: store.dir,
  };
  const script = join(root, 'packages/server/dist/main.js');
  let server = await startPlatformServer(script, env, `${base}/health`);
  await stopProcess(server); // PGlite is one process: seed while the server is down
  await seedPglite(store.dir);
  server = await startPlatformServer(script, env, `${base}/health`);
  const home = signedInHome(base, await adminGrant(base));
  try {
    const firstFrame = [];
    const menus = [];
    for (let i = 0; i < runs; i++) {
      const name = `start${i}`;
      const began = performance.now();
      start(name, home);
      await until(name, '│');
      firstFrame.push(performance.now() - began);
      await until(name, '系统管理');
      menus.push(performance.now() - began);
      tmux('send-keys', '-t', name, 'q');
      await until(name, /^$/);
    }
    console.log(
      `(t1) start-up to the first drawn screen: median ${median(firstFrame).toFixed(0)} ms of ${runs} (target < 1000 ms: ${median(firstFrame) < 1000 ? 'met' : 'NOT met'})`,
    );
    console.log(`     to the sidebar filled from menu/routes: median ${median(menus).toFixed(0)} ms`);

    const name = 'paging';
    start(name, home);
    await until(name, '系统管理');
    tmux('send-keys', '-t', name, ':');
    await until(name, '跳转到');
    tmux('send-keys', '-t', name, '-l', 'yhgl');
    await until(name, /跳转到: yhgl/);
    tmux('send-keys', '-t', name, 'Enter');
    await until(name, /bench1\s/);
    for (const size of [30, 50, 100, 200]) {
      tmux('send-keys', '-t', name, 'z');
      await until(name, `每页 ${size} 条`);
    }
    const pages = Math.ceil((USERS + 1) / PAGE);
    const began = performance.now();
    const each = [];
    for (let page = 2; page <= pages; page++) {
      const turned = performance.now();
      tmux('send-keys', '-t', name, 'Right');
      await until(name, `第 ${page}/${pages} 页`, { everyMs: 2 });
      each.push(performance.now() - turned);
    }
    const seconds = (performance.now() - began) / 1000;
    each.sort((a, b) => a - b);
    console.log(
      `(t2) paging ${USERS} users ${PAGE} at a time in the users screen: ${pages} pages in ${seconds.toFixed(1)} s, ` +
        `a page p50 ${median(each).toFixed(0)} ms, p99 ${each[Math.floor(each.length * 0.99)].toFixed(0)} ms (each waited for on the screen)`,
    );
    tmux('send-keys', '-t', name, 'q');
  } finally {
    if (alive('paging')) tmux('kill-server');
    rmSync(home, { recursive: true, force: true });
    await stopProcess(server);
    store.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchTui();
