import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, signedInServer } from '../console.testkit.js';
import { storedClient } from '../core/session.js';

let setup: Awaited<ReturnType<typeof signedInServer>>;
beforeAll(async () => {
  setup = await signedInServer();
});
afterAll(async () => setup?.close());

describe('the compliance screen', () => {
  it('shows the report and turns the profile on with p', async () => {
    const ui = openConsole(setup.env);
    await ui.until('系统管理');
    await ui.go('合规配置', '合规配置');
    await ui.until((frame) => frame.includes('合规配置：关闭') && frame.includes('密码定期更换') && frame.includes('不符合'));
    await ui.press('p');
    await ui.until('合规配置：开启');
    const client = storedClient(setup.env, {}, 'zh');
    expect((await client.system.compliance.settings()).profile).toBe(true);
    ui.unmount();
  });
});
