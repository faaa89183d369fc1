import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY, openConsole, signedInServer } from '../console.testkit.js';
import { storedClient } from '../core/session.js';

let setup: Awaited<ReturnType<typeof signedInServer>>;
beforeAll(async () => {
  setup = await signedInServer();
});
afterAll(async () => setup?.close());

describe('users, directory sync, dictionaries and logs', () => {
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

  it('dry-runs and syncs a source from 同步源, then lists its runs, refreshed by themselves', async () => {
    const client = storedClient(setup.env, {}, 'zh');
    const source = await client.system.syncSource.submit({ name: '终端人事', kind: 'file' } as never);
    const lines = ['登录账号,用户姓名,用户编号,部门路径', 'tsync01,甲,T001,终端集团/一部', 'tsync02,乙,T002,终端集团/二部'];
    const data = new TextEncoder().encode(`${lines.join('\n')}\n`);
    await client.system.syncSource.upload({ file: { filename: 'staff.csv', data } }, { id: String(source.id) });

    const ui = openConsole(setup.env);
    await ui.until('系统管理');
    await ui.go('同步源', '同步源');
    await ui.until((f) => f.includes('终端人事') && f.includes('x 试运行'));
    await ui.press('x');
    await ui.until('试运行 终端人事：新增 5 · 更新 0 · 移动 0 · 停用 0 · 错误 0（未做任何变更）');
    expect((await client.user.user.list({ account: 'tsync01' })).records).toEqual([]);
    await ui.press('a');
    await ui.until('立即同步“终端人事”？(y/n)');
    await ui.press('y');
    await ui.until('已同步 终端人事：新增 5');
    expect((await client.user.user.list({ account: 'tsync01' })).records).toHaveLength(1);

    await ui.press(KEY.enter);
    await ui.until((f) => f.includes('终端人事 · 同步记录') && f.includes('applied') && f.includes('planned'));
    expect(ui.frame()).toContain('每 5 秒自动刷新');
    // A run added by someone else (a schedule, a callback) appears without a key.
    await client.system.syncSource.dryRun(undefined, { id: String(source.id) });
    await ui.until((f) => f.includes('共 3 条'));
    await ui.press(KEY.esc);
    await ui.until('x 试运行');
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
