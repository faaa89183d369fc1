// The terminal console in a real terminal: tmux runs `sso-tui` (the built bundle) against a real
// server; the steps type with `send-keys` and read the screen with `capture-pane`, waiting on what
// the screen shows. Needs tmux (Debian package) and the built console (`npm run build`).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '@sso/server/testing';
import { type ApiError, SsoClient } from '@sso/shared-api';
import { undiciTransport } from '@sso/shared-api/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = join(root, 'tui', 'bin', 'sso-tui.mjs');
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const built = existsSync(join(root, 'tui', 'dist', 'bin.js'));
const socket = `sso-tui-e2e-${process.pid}`;
const session = 'console';

const tmux = (...args: string[]) =>
  execFileSync('tmux', ['-u', '-L', socket, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
/** What the pane shows; nothing once the console has quit (its session, then tmux, ends). */
function screen(): string {
  try {
    return tmux('capture-pane', '-p', '-t', session);
  } catch {
    return '';
  }
}
/** Types into the console: literal text, or tmux key names (Enter, Down, Escape…). */
const keys = (...names: string[]) => tmux('send-keys', '-t', session, ...names);
const text = (typed: string) => tmux('send-keys', '-t', session, '-l', typed);
const running = () => spawnSync('tmux', ['-L', socket, 'has-session', '-t', session]).status === 0;

/** Resolves once the screen shows the text (polling capture-pane); fails with the screen otherwise. */
async function until(check: string | RegExp | (() => boolean), timeout = 30_000): Promise<string> {
  const started = Date.now();
  for (;;) {
    const shown = running() ? screen() : '';
    const ok = typeof check === 'function' ? check() : typeof check === 'string' ? shown.includes(check) : check.test(shown);
    if (ok) return shown;
    if (Date.now() - started > timeout) throw new Error(`the terminal did not show ${String(check)}:\n${shown}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let server: TestServer;
let home: string;
let sdk: SsoClient;
const signInAs = (account: string, password: string) =>
  new SsoClient({ baseUrl: server.baseUrl, transport: undiciTransport() }).login({ username: account, password }).then(
    () => 'ok',
    (error: ApiError) => error.message,
  );

describe.skipIf(!hasTmux || !built)('sso-tui in tmux', () => {
  beforeAll(async () => {
    server = await startTestServer();
    home = mkdtempSync(join(tmpdir(), 'sso-tui-e2e-'));
    sdk = new SsoClient({ baseUrl: server.baseUrl, transport: undiciTransport() });
    await sdk.login({ username: 'admin', password: 'admin' });
    // A second role to grant beside the one the user starts with.
    await sdk.system.role.submit({ roleName: '终端审计员', roleAlias: 'tui_auditor', sort: 9 });
    const [role] = await sdk.system.role.tree();
    const [dept] = await sdk.system.dept.tree();
    await sdk.user.user.submit({
      account: 'lockedone',
      realName: '锁定员工',
      name: 'locked',
      password: 'Str0ng!pass',
      password2: 'Str0ng!pass',
      roleId: role.id,
      deptId: dept.id,
      phone: '13900000009',
    } as never);
    // Wrong passwords until the account is locked for this address.
    let answer = '';
    for (let i = 0; i < 20 && !answer.includes('锁') && !answer.includes('次数'); i++) answer = await signInAs('lockedone', 'wrong');
    expect(await signInAs('lockedone', 'Str0ng!pass')).not.toBe('ok');

    tmux(
      'new-session',
      '-d',
      '-x',
      '100',
      '-y',
      '30',
      '-s',
      session,
      // Ink draws only the last frame when it believes it runs in CI: the pane is a real terminal.
      `env -u CI SSO_CONFIG_DIR=${home} SSO_KEYRING=off LANG=C.UTF-8 node ${bin} --server ${server.baseUrl}`,
    );
  }, 300_000);

  afterAll(async () => {
    if (running()) tmux('kill-server');
    if (home) rmSync(home, { recursive: true, force: true });
    await server?.close();
  });

  it('signs in, opens users by `:user`, filters and searches them, shows one as JSON, unlocks it, grants a role, watches the sign-in log refresh and quits', async () => {
    await until('*密码');
    keys('Down');
    await until('❯ *租户');
    keys('Down');
    await until('❯ *账号');
    text('admin');
    keys('Down');
    await until('❯ *密码');
    text('admin');
    keys('Enter');
    await until('系统管理');
    // The status line's user comes from its own request (user-info), answered apart from the menus.
    await until(/管理员 \(admin\).*租户 000000/);

    // The screen named exactly comes first, before the user-grant screens listed before it in the menus.
    keys(':');
    await until('跳转到');
    text('user');
    await until(/跳转到: user[^\n]*\n[^\n]*│ 用户管理/);
    keys('Enter');
    await until('u 解锁');
    await until((): boolean => screen().includes('locked') && /共 \d+ 条/.test(screen()));

    // Typed text narrows the rows at once; the rest of the name and its Enter in one write, as a
    // paste or a loaded machine delivers them, search the server.
    keys('/');
    await until('Enter 查询');
    text('lock');
    await until((): boolean => screen().includes('筛选后 1 条') && screen().includes('locked'));
    text('edone\r');
    await until((): boolean => screen().includes('共 1 条') && screen().includes('搜索: account=lockedone'));

    keys('y');
    await until((): boolean => screen().includes('用户管理 · JSON') && screen().includes('"account": "lockedone"'));
    keys('Escape');
    await until((): boolean => screen().includes('u 解锁') && !screen().includes('· JSON'));

    keys('u');
    await until('已解锁 1 个用户');
    expect(await signInAs('lockedone', 'Str0ng!pass')).toBe('ok');

    keys('g');
    await until('授予角色');
    const roles = await sdk.system.role.tree();
    const flat = roles.flatMap(function all(node): typeof roles {
      return [node, ...(node.children ?? []).flatMap(all)];
    });
    keys('Down', 'Space');
    await until(/\[x\][\s\S]*\[x\]/);
    keys('Enter');
    await until('已授予角色');
    const [row] = (await sdk.user.user.list({ account: 'lockedone' })).records;
    expect(row.roleId.split(',')).toEqual(expect.arrayContaining([flat[0].id, flat[1].id]));

    keys(':');
    await until('跳转到');
    text('dlrz');
    await until(/跳转到: dlrz/);
    keys('Enter');
    await until('每 5 秒自动刷新');
    await signInAs('follow7', 'wrong');
    await until('follow7');

    keys('q');
    await until(() => !running());
  }, 300_000);
});
