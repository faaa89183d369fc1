import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleHome, KEY, openConsole, signedInServer } from './console.testkit.js';

let setup: Awaited<ReturnType<typeof signedInServer>>;
beforeAll(async () => {
  setup = await signedInServer();
});
afterAll(async () => setup?.close());

describe('sign-in and layout', () => {
  it('asks for a password when no session is stored, refuses a wrong one and signs in with the right one', async () => {
    const home = consoleHome();
    const ui = openConsole(home.env, { server: setup.server.baseUrl });
    await ui.until('密码');
    expect(ui.frame()).toContain(setup.server.baseUrl);
    await ui.press(KEY.down);
    await ui.until('❯ *租户');
    await ui.press(KEY.down);
    await ui.until('❯ *账号');
    await ui.press('admin', KEY.down);
    await ui.until('❯ *密码');
    await ui.press('wrong', KEY.enter);
    await ui.until(/用户名或密码错误|错误/);
    await ui.press(...Array(5).fill(KEY.backspace), 'admin', KEY.enter);
    await ui.until('SSO 管理控制台 │');
    await ui.until('系统管理');
    ui.unmount();
    home.cleanup();
  });

  it('reuses the stored session, opens a screen from the palette by pinyin initials and switches to English', async () => {
    const ui = openConsole(setup.env);
    await ui.until('系统管理');
    await ui.go('csgl', '参数管理');
    await ui.until('参数名称');
    await ui.press(KEY.tab, 'L');
    await ui.until(/Parameters[\s\S]*in all/);
    ui.unmount();
  });

  it('opens the users screen for `:user`, though screens of user grants come before it in the menus', async () => {
    const ui = openConsole(setup.env);
    await ui.until('系统管理');
    await ui.press(':');
    await ui.until('跳转到');
    await ui.press('user');
    const lines = (await ui.until('跳转到: user')).split('\n');
    // The palette's lines start at its left border; the sidebar's names are left of it.
    const inPalette = lines.map((line) => line.slice(Math.max(0, line.indexOf('│'))));
    const typed = inPalette.findIndex((line) => line.includes('跳转到: user'));
    expect(inPalette[typed + 1]).toContain('用户管理');
    expect(inPalette.slice(typed + 2).join('\n')).toContain('用户授权角色');
    await ui.press(KEY.enter);
    await ui.until('u 解锁');
    ui.unmount();
  });
});
