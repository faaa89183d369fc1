import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY, openConsole, signedInServer } from '../console.testkit.js';
import { storedClient } from '../core/session.js';
import { flatten } from '../core/tree.js';
import { type PickNode, toPickNodes } from '../core/tree-sources.js';

let setup: Awaited<ReturnType<typeof signedInServer>>;
beforeAll(async () => {
  setup = await signedInServer();
});
afterAll(async () => setup?.close());

/** The lines a picker opens with (its top-level branches open), to know how far the cursor goes. */
const openingLines = (nodes: PickNode[]) =>
  flatten<PickNode>(nodes, (node) => node.id, new Set(nodes.map((node) => node.id))).map((line) => line.node);

describe('tree fields in forms', () => {
  it('creates a user with a department and two roles picked in their trees: names shown, ids stored', async () => {
    const client = storedClient(setup.env, {}, 'zh');
    await client.system.role.submit({ roleName: '树选角色甲', roleAlias: 'tui_tree_a', sort: 90 });
    await client.system.role.submit({ roleName: '树选角色乙', roleAlias: 'tui_tree_b', sort: 91 });
    const roles = openingLines(toPickNodes(await client.system.role.tree()));
    const depts = openingLines(toPickNodes(await client.system.dept.tree()));
    const first = roles.findIndex((node) => node.title === '树选角色甲');
    const second = roles.findIndex((node) => node.title === '树选角色乙');
    expect(first).toBeGreaterThanOrEqual(0);
    expect(second).toBeGreaterThan(first);
    // The last department the picker shows, so the cursor has to move to reach it.
    const dept = depts[depts.length - 1];

    const ui = openConsole(setup.env);
    await ui.until('系统管理');
    await ui.go('yhgl', '用户管理');
    await ui.until('u 解锁');
    await ui.press('n');
    await ui.until('用户管理 · 新增');
    await ui.press('tuitree', KEY.down, KEY.down);
    await ui.until('❯ *用户姓名');
    await ui.press('树选用户', KEY.down);
    await ui.until('❯ *用户昵称');
    await ui.press('tree', KEY.down, KEY.down);
    await ui.until('❯ *所属角色 — (Enter 选择)');

    // Roles: several, checked with space; the picker scrolls with the cursor to those below its window.
    await ui.press(KEY.enter);
    await ui.until((f) => f.includes('空格 勾选') && f.includes('超级管理员'));
    await ui.press(...Array(first).fill(KEY.down), ' ');
    await ui.until(/\[x\] +树选角色甲/);
    await ui.press(...Array(second - first).fill(KEY.down), ' ');
    await ui.until(/\[x\] +树选角色乙/);
    await ui.press(KEY.enter);
    await ui.until('❯ *所属角色 树选角色甲, 树选角色乙');

    // The department: the field shows its name, not its id.
    await ui.press(KEY.down);
    await ui.until('❯ *所属部门');
    await ui.press(KEY.enter);
    await ui.until('空格 勾选');
    await ui.press(...Array(depts.length - 1).fill(KEY.down), ' ', KEY.enter);
    await ui.until(`❯ *所属部门 ${dept.title}`);
    expect(ui.frame()).not.toContain(dept.id);

    // Enter on a field that is not a tree saves.
    await ui.press(KEY.up);
    await ui.until('❯ *所属角色');
    await ui.press(KEY.up, KEY.up);
    await ui.until('❯ *用户昵称');
    await ui.press(KEY.enter);
    await ui.until('保存成功');
    const [row] = (await client.user.user.list({ account: 'tuitree' })).records;
    expect(row.roleId.split(',').sort()).toEqual([roles[first].id, roles[second].id].sort());
    expect(row.deptId).toBe(dept.id);
    ui.unmount();
  });
});

describe('reference fields in forms', () => {
  it('creates an application role with the application picked by searching its name: the name shown, the key stored', async () => {
    const client = storedClient(setup.env, {}, 'zh');
    await client.aps.app.submit({ appCode: 'tui-ref-a', appName: '引用选取应用', protocol: 'link', appUrl: 'https://ref.example.com/' });
    const [app] = (await client.aps.app.list({ appCode: 'tui-ref-a' })).records;

    const ui = openConsole(setup.env);
    await ui.until('系统管理');
    await ui.go('yyjs', '应用角色');
    await ui.press('n');
    await ui.until('应用角色 · 新增');
    await ui.until(/❯ \*应用 +— \(Enter 选择\)/);
    await ui.press(KEY.enter);
    await ui.until('输入名称搜索');
    await ui.press('引用选取');
    await ui.until((frame) => frame.includes('搜索: 引用选取') && frame.includes('引用选取应用 (tui-ref-a)'));
    await ui.press(KEY.enter);
    await ui.until(/❯ \*应用 +引用选取应用 \(tui-ref-a\)/);
    expect(ui.frame()).not.toContain(app.id);
    await ui.press(KEY.down);
    await ui.press('引用角色', KEY.down, 'tui_ref_role', KEY.enter);
    await ui.until('保存成功');
    const [role] = (await client.aps.appRole.list({ roleAlias: 'tui_ref_role' })).records;
    expect(role.appId).toBe(app.id);
    ui.unmount();
  });
});
