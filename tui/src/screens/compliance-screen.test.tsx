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

  it('shows the platform tenant the personal-data encryption and rotates its key with k after a yes', async () => {
    const ui = openConsole(setup.env);
    await ui.until('系统管理');
    await ui.go('合规配置', '合规配置');
    await ui.until('k 轮换个人信息加密密钥');
    const client = storedClient(setup.env, {}, 'zh');
    const before = await client.system.compliance.personalData();
    await ui.press('k');
    await ui.until(before.encrypted ? '轮换个人信息加密密钥并重新加密全部用户？' : '开启个人信息加密（全平台，不可关闭）？');
    // A no leaves everything as it was.
    await ui.press('n');
    await ui.until('k 轮换个人信息加密密钥');
    expect((await client.system.compliance.personalData()).currentKeyId).toBe(before.currentKeyId);
    await ui.press('k');
    await ui.until('(y/n)');
    await ui.press('y');
    const after = await ui.until((frame) => frame.includes('个人信息加密：已开启') && !frame.includes('(y/n)'));
    const state = await client.system.compliance.personalData();
    expect(state.encrypted).toBe(true);
    expect(state.currentKeyId).not.toBe(before.currentKeyId);
    expect(after).toContain(`密钥 ${state.currentKeyId}`);
    expect(state.pending).toBe(0);
    ui.unmount();
  });
});
