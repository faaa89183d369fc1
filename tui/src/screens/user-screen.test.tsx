import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY, openConsole, signedInServer } from '../console.testkit.js';
import { storedClient } from '../core/session.js';

let setup: Awaited<ReturnType<typeof signedInServer>>;
beforeAll(async () => {
  setup = await signedInServer();
});
afterAll(async () => setup?.close());

describe('users, dictionaries and logs', () => {
  it('unlocks a user and grants a role from the users screen', async () => {
    const client = storedClient(setup.env, {}, 'zh');
    await client.system.role.submit({ roleName: '终端审计员', roleAlias: 'tui_auditor', sort: 9 });
    const roles = await client.system.role.tree();
    const depts = await client.system.dept.tree();
    await client.user.user.submit({
      account: 'tuiuser',
      realName: '终端用户',
      name: 'tui',
      password: 'Passw0rd!x',
      password2: 'Passw0rd!x',
      roleId: roles[0].id,
      deptId: depts[0].id,
      phone: '13800000001',
    } as never);
    const ui = openConsole(setup.env);
    await ui.until('系统管理');
    await ui.go('yhgl', '用户管理');
    await ui.until('u 解锁');
    await ui.press('/');
    await ui.until('Enter 查询');
    await ui.press('tuiuser', KEY.enter);
    await ui.until((f) => f.includes('共 1 条') && f.includes('tuiuser'));
    await ui.press('u');
    await ui.until('已解锁 1 个用户');

    await ui.press('g');
    await ui.until('授予角色');
    const second = roles.flatMap(function all(n): typeof roles {
      return [n, ...(n.children ?? []).flatMap(all)];
    })[1];
    await ui.until(second.title);
    await ui.press(KEY.down, ' ');
    await ui.until(/\[x\][\s\S]*\[x\]/);
    await ui.press(KEY.enter);
    await ui.until('已授予角色');
    const [row] = (await client.user.user.list({ account: 'tuiuser' })).records;
    expect(row.roleId.split(',')).toContain(second.id);
    ui.unmount();
  });

  it('opens a dictionary and lists its entries', async () => {
    const ui = openConsole(setup.env);
    await ui.until('系统管理');
    await ui.go('系统字典', '系统字典');
    await ui.until('Enter 查看字典项');
    await ui.press('/');
    await ui.until('Enter 查询');
    await ui.press('sex', KEY.enter);
    await ui.until((f) => f.includes('共 1 条') && f.includes('sex'));
    await ui.press(KEY.enter);
    await ui.until('字典项');
    await ui.until('男');
    // Esc in the entries' filter clears the filter and stays on the entries; Esc then goes back.
    await ui.press('/');
    await ui.until('Enter 查询');
    await ui.press('zzz');
    await ui.until('暂无数据');
    await ui.press(KEY.esc);
    await ui.until((f) => f.includes('男') && !f.includes('Enter 查询'));
    expect(ui.frame()).toContain('(sex) · 字典项');
    await ui.press(KEY.esc);
    await ui.until('Enter 查看字典项');
    ui.unmount();
  });

  it('refreshes the sign-in log by itself: a new sign-in appears without a key', async () => {
    const ui = openConsole(setup.env);
    await ui.until('系统管理');
    await ui.go('dlrz', '登录日志');
    await ui.until((f) => f.includes('每 5 秒自动刷新') && f.includes('f 暂停/继续自动刷新'));
    const other = storedClient({ ...setup.env, SSO_CONFIG_DIR: `${setup.env.SSO_CONFIG_DIR}-x` }, { server: setup.server.baseUrl }, 'zh');
    await other.login({ username: 'nobody-tui', password: 'wrong' }).catch(() => undefined);
    await ui.until('nobody-tui');
    ui.unmount();
  });
});
