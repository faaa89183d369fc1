import { ADMINISTRATOR_ROLE, md5 } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleHome, openConsole, signedInServer } from '../console.testkit.js';
import { signIn, storedClient, targetOf } from '../core/session.js';

let setup: Awaited<ReturnType<typeof signedInServer>>;
beforeAll(async () => {
  setup = await signedInServer();
});
afterAll(async () => setup?.close());

/** Another tenant, its administrator and a console home signed in as them. */
async function otherTenantAdmin(tenantId: string) {
  const { ctx, baseUrl } = setup.server;
  const password = 'Tenant@2026';
  await ctx.db
    .insertInto('blade_tenant')
    .values({ id: ctx.ids.next(), tenantId, tenantName: `租户${tenantId}`, accountNumber: -1 })
    .execute();
  const roleId = ctx.ids.next();
  await ctx.db
    .insertInto('blade_role')
    .values({ id: roleId, tenantId, parentId: '0', roleName: ADMINISTRATOR_ROLE, roleAlias: ADMINISTRATOR_ROLE, sort: 1 })
    .execute();
  await ctx.db
    .insertInto('blade_user')
    .values({
      id: ctx.ids.next(),
      tenantId,
      account: 'admin',
      password: await ctx.passwords.hashDigest(md5(password)),
      name: 'admin',
      realName: 'admin',
      roleId,
      status: 1,
    })
    .execute();
  const home = consoleHome();
  await signIn(home.env, { ...targetOf(home.env, { server: baseUrl }), tenantId, account: 'admin' }, password, 'zh');
  return home;
}

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

  it("shows another tenant's administrator neither the personal-data encryption nor its key (k does nothing)", async () => {
    const home = await otherTenantAdmin('640001');
    try {
      const ui = openConsole(home.env);
      await ui.until('系统管理');
      await ui.go('合规配置', '合规配置');
      await ui.until((frame) => frame.includes('合规配置：关闭') && frame.includes('r 刷新 · p 开启/关闭合规配置'));
      // Keys are taken in order: had k asked its question, the p after it would go to that question.
      await ui.press('k');
      await ui.press('p');
      const after = await ui.until('合规配置：开启');
      expect(after).not.toContain('(y/n)');
      expect(after).not.toContain('个人信息加密');
      expect(after).not.toContain('k 轮换个人信息加密密钥');
      const client = storedClient(home.env, {}, 'zh');
      await expect(client.system.compliance.rotatePersonalDataKey()).rejects.toMatchObject({ code: 403 });
      ui.unmount();
    } finally {
      home.cleanup();
    }
  });
});
