import { afterAll, beforeAll, describe, it } from 'vitest';
import { consoleHome, KEY, openConsole, signedInServer } from '../console.testkit.js';

let setup: Awaited<ReturnType<typeof signedInServer>>;
beforeAll(async () => {
  setup = await signedInServer();
});
afterAll(async () => setup?.close());

/**
 * Keys a terminal delivers together (one read, split into keypresses) reach the console one after
 * another in the same tick, before the screen the first of them opens has subscribed its keys.
 */
describe('keys typed before a screen listens', () => {
  it('keeps a key typed while the sign-in is under way for the shell that opens', async () => {
    const home = consoleHome();
    const ui = openConsole(home.env, { server: setup.server.baseUrl });
    await ui.until('❯ *服务器');
    await ui.press(KEY.down, KEY.down);
    await ui.until('❯ *账号');
    await ui.press('admin', KEY.down);
    await ui.until('❯ *密码');
    await ui.press('admin');
    await ui.until('•••••');
    // Enter, then ':' (the palette) at once: the form stops listening while it signs in.
    ui.stdin.write(KEY.enter);
    ui.stdin.write(':');
    await ui.until('SSO 管理控制台 │');
    await ui.until('跳转到');
    ui.unmount();
    home.cleanup();
  });

  it('hands a key that follows the one opening a screen to that screen', async () => {
    const ui = openConsole(setup.env);
    await ui.until('系统管理');
    await ui.press(':');
    await ui.until('跳转到');
    await ui.press('yhgl');
    await ui.until('用户管理');
    // Enter opens the users screen; '/' opens its search form.
    ui.stdin.write(KEY.enter);
    ui.stdin.write('/');
    await ui.until('u 解锁');
    await ui.until('Enter 查询');
    ui.unmount();
  });
});
