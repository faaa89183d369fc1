import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY, openConsole, signedInServer } from '../console.testkit.js';
import { storedClient } from '../core/session.js';

let setup: Awaited<ReturnType<typeof signedInServer>>;
beforeAll(async () => {
  setup = await signedInServer();
});
afterAll(async () => setup?.close());

/** Opens the parameters' screen through the palette. */
async function openParams() {
  const ui = openConsole(setup.env);
  await ui.until('系统管理');
  await ui.go('参数管理', '参数管理');
  await ui.until('参数键名');
  return ui;
}

describe('generic list screen (parameters)', () => {
  it('refuses an invalid new row beside its fields, creates a valid one, searches, edits and deletes it', async () => {
    const ui = await openParams();
    await ui.press('n');
    await ui.until('· 新增');
    await ui.press(KEY.enter);
    await ui.until('请输入参数名称');
    expect(ui.frame()).toContain('请输入参数键名');

    await ui.press('终端参数', KEY.down);
    await ui.until('❯ *参数键名');
    await ui.press('tui.demo', KEY.down);
    await ui.until('❯ *参数键值');
    await ui.press('one', KEY.enter);
    await ui.until('保存成功');
    await ui.press('/');
    await ui.until('Enter 查询');
    await ui.press(KEY.down);
    await ui.until('❯ 参数键名');
    await ui.press('tui.demo', KEY.enter);
    await ui.until((f) => f.includes('共 1 条') && f.includes('tui.demo'));

    await ui.press('e');
    await ui.until('· 编辑');
    await ui.press(KEY.down, KEY.down);
    await ui.until('❯ *参数键值');
    await ui.press(KEY.backspace, KEY.backspace, KEY.backspace, 'two', KEY.enter);
    await ui.until((f) => f.includes('保存成功') && f.includes('two'));

    await ui.press('d');
    await ui.until('确定删除 1 条数据');
    await ui.press('y');
    await ui.until((f) => f.includes('删除成功') && f.includes('暂无数据'));
    ui.unmount();
  });

  it('pages with the five page sizes, sorts, shows details and deletes several rows at once', async () => {
    const client = storedClient(setup.env, {}, 'zh');
    for (let i = 0; i < 12; i++) {
      const key = `tui.page${String(i).padStart(2, '0')}`;
      await client.system.param.submit({ paramName: key, paramKey: key, paramValue: 'v' });
    }
    const ui = await openParams();
    await ui.press('/');
    await ui.until('Enter 查询');
    await ui.press(KEY.down);
    await ui.until('❯ 参数键名');
    await ui.press('tui.page', KEY.enter);
    await ui.until((f) => f.includes('共 12 条') && f.includes('第 1/2 页'));
    await ui.press(KEY.right);
    await ui.until('第 2/2 页');
    await ui.press('z');
    await ui.until((f) => f.includes('每页 30 条') && f.includes('第 1/1 页'));
    await ui.press('z', 'z', 'z');
    await ui.until('每页 200 条');
    await ui.press('s');
    await ui.until('排序 createTime↑');
    await ui.press(KEY.enter);
    await ui.until('· 详情');
    await ui.press('x');
    await ui.until('每页 200 条');
    await ui.press(' ', ' ', ' ');
    await ui.until('已选 3');
    await ui.press('d');
    await ui.until('确定删除 3 条数据');
    await ui.press('y');
    await ui.until('共 9 条');
    ui.unmount();
  });
});
