import { createRequire } from 'node:module';
import { type SsoClient, TOTP_BASE } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleHome, KEY, openConsole, signedInServer } from '../console.testkit.js';

/** The part of otpauth used here: the TOTP helper the server's second-factor suites compute codes with. */
interface Otpauth {
  Secret: { fromBase32(secret: string): unknown };
  TOTP: new (options: {
    secret: unknown;
    digits: number;
    period: number;
    algorithm: string;
  }) => {
    generate(options?: { timestamp?: number }): string;
  };
}
const { Secret, TOTP } = createRequire(createRequire(import.meta.url).resolve('@sso/server/testing'))('otpauth') as Otpauth;

let setup: Awaited<ReturnType<typeof signedInServer>>;
let admin: SsoClient;
beforeAll(async () => {
  setup = await signedInServer();
  admin = await setup.server.admin();
});
afterAll(async () => setup?.close());

const PASSWORD = 'Passw0rd!x';

/** A user of the first department with a role of the given alias (created for it). */
async function createUser(account: string, roleAlias: string): Promise<void> {
  await admin.system.role.submit({ roleName: roleAlias, roleAlias, sort: 9 });
  const role = (await admin.system.role.list({ roleAlias })).find((r) => r.roleAlias === roleAlias);
  const [dept] = await admin.system.dept.tree();
  await admin.user.user.submit({
    account,
    realName: account,
    name: account,
    password: PASSWORD,
    password2: PASSWORD,
    roleId: String(role?.id),
    deptId: dept.id,
  } as never);
}

async function setParam(paramKey: string, paramValue: string) {
  const row = (await admin.system.param.list({ paramKey })).records.find((r) => r.paramKey === paramKey);
  if (row) await admin.system.param.submit({ id: row.id, paramValue });
  else await admin.system.param.submit({ paramName: paramKey, paramKey, paramValue });
}

/** The console's sign-in form on a fresh home, account and password typed (not yet sent). */
async function typeCredentials(ui: ReturnType<typeof openConsole>, account: string) {
  await ui.until('❯ *服务器');
  await ui.press(KEY.down, KEY.down);
  await ui.until('❯ *账号');
  await ui.press(account, KEY.down);
  await ui.until('❯ *密码');
  await ui.press(PASSWORD);
}

describe('second factor at the console sign-in', () => {
  it('asks for the authenticator code, keeps the step after a wrong one and opens the shell with the right one', async () => {
    await createUser('tui_totp', 'tui_totp_role');
    // The user enrols an authenticator as the web's personal info page does.
    const user = setup.server.client();
    await user.login({ username: 'tui_totp', password: PASSWORD });
    const { secret } = await user.call<{ secret: string }>('POST', `${TOTP_BASE}/enrol`);
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    // Confirmed with the previous step's code, so the current step's code is still unspent.
    await user.call('POST', `${TOTP_BASE}/confirm`, { code: totp.generate({ timestamp: Date.now() - 30_000 }) });

    const home = consoleHome();
    const ui = openConsole(home.env, { server: setup.server.baseUrl });
    await typeCredentials(ui, 'tui_totp');
    await ui.press(KEY.enter);
    await ui.until('请输入身份验证器中的 6 位动态码');
    await ui.until('❯ *验证码');

    const right = totp.generate();
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    await ui.press(wrong, KEY.enter);
    await ui.until('动态验证码错误');
    // Still on the code step, the field emptied for the next try.
    expect(ui.frame()).toContain('❯ *验证码');
    expect(ui.frame()).not.toContain(wrong);
    expect(ui.frame()).not.toContain('*密码');

    await ui.press(right, KEY.enter);
    await ui.until('SSO 管理控制台 │');
    ui.unmount();
    home.cleanup();
  });

  it('tells a user who must enrol a second factor what to do instead of opening the shell', async () => {
    await createUser('tui_enrol', 'tui_enrol_role');
    await setParam('mfa.required', 'tui_enrol_role');
    try {
      const home = consoleHome();
      const ui = openConsole(home.env, { server: setup.server.baseUrl, lang: 'en' });
      await ui.until('❯ *Server');
      await ui.press(KEY.down, KEY.down);
      await ui.until('❯ *Account');
      await ui.press('tui_enrol', KEY.down);
      await ui.until('❯ *Password');
      await ui.press(PASSWORD, KEY.enter);
      await ui.until('A second factor is required');
      expect(ui.frame()).toContain('/info/index');
      expect(ui.frame()).not.toContain('SSO admin console │');
      // Enter goes back to the form, to sign in again once the authenticator is set up.
      await ui.press(KEY.enter);
      await ui.until((frame) => frame.includes('❯ *Server') && frame.includes('tui_enrol'));
      ui.unmount();
      home.cleanup();
    } finally {
      await setParam('mfa.required', 'false');
    }
  });
});

describe('captcha at the console sign-in', () => {
  it('draws the picture in half blocks, draws another on Ctrl+R, refuses a wrong answer and signs in with the right one', async () => {
    // The keys of the pictures the real store draws, to read their answers as the server's captcha suites do.
    const store = setup.server.ctx.captcha;
    const issued: string[] = [];
    const issue = store.issue.bind(store);
    store.issue = async () => {
      const drawn = await issue();
      issued.push(drawn.key);
      return drawn;
    };
    await setParam('captcha.enabled', 'true');
    try {
      const home = consoleHome();
      const ui = openConsole(home.env, { server: setup.server.baseUrl });
      await ui.until('*图形验证码');
      await ui.until('Ctrl+R 换验证码');
      const picture = (frame: string) => frame.split('\n').filter((line) => /[▀▄█]{2}/.test(line));
      expect(picture(ui.frame()).length).toBeGreaterThan(5);
      expect(issued).toHaveLength(1);

      await ui.press('\u0012'); // Ctrl+R
      await ui.until(() => issued.length === 2);
      await typeCredentials(ui, 'admin');
      await ui.press(...Array(PASSWORD.length).fill(KEY.backspace), 'admin', KEY.down);
      await ui.until('❯ *图形验证码');
      const first = store.codeForTests(issued[1]) ?? '';
      const wrong = first === 'abcd' ? 'abce' : 'abcd';
      await ui.press(wrong, KEY.enter);
      await ui.until('验证码不正确或已过期');
      // The answer spent the picture: a new one is drawn and the field emptied.
      await ui.until(() => issued.length === 3);
      expect(ui.frame()).not.toContain(wrong);

      await ui.press(store.codeForTests(issued[2]) ?? '', KEY.enter);
      await ui.until('SSO 管理控制台 │');
      ui.unmount();
      home.cleanup();
    } finally {
      await setParam('captcha.enabled', 'false');
    }
  });
});
