import { type MenuNode, resourceClient, zh } from '@sso/shared-api';
import { TEST_TOOL_MENU, testTool, testToolMessages } from '@sso/shared-api/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { bad, createTenantWithAdmin, failure, signInAdmin, type TrackedClient, tableSnapshot, useTestServer } from './api-suite.testkit.js';
import { administratorRole, installTestTool } from './throwaway-resource.testkit.js';

/**
 * A resource added as a new one would be, and nothing more: its definition (in no registry), the
 * DDL of its migration and its menu seed entry (shared-api/src/throwaway-resource.testkit.ts).
 * The server serves it by the generic routes, checks its reference to an application on save with
 * the definition's message, answers the application's name beside the key, and the menu reaches
 * the administrator's menus.
 */
const suite = useTestServer({}, { testResources: [testTool] });
let api: ReturnType<typeof resourceClient<typeof testTool>>;
let english: TrackedClient;
const apps: Record<'erp' | 'mes' | 'gone' | 'foreign', string> = { erp: '', mes: '', gone: '', foreign: '' };

beforeAll(async () => {
  await installTestTool(suite.server, suite.admin);
  api = resourceClient(suite.admin, testTool);
  english = await signInAdmin(suite.server, { language: 'en' });
  const newApp = async (sdk: TrackedClient, appCode: string, appName: string) => {
    await sdk.aps.app.submit({ appCode, appName, protocol: 'link', appUrl: 'https://tool.example.com/' });
    const [row] = (await sdk.aps.app.list({ appCode })).records;
    return String(row.id);
  };
  apps.erp = await newApp(suite.admin, 'tool-erp', '工具计划系统');
  apps.mes = await newApp(suite.admin, 'tool-mes', '工具执行系统');
  apps.gone = await newApp(suite.admin, 'tool-gone', '已删除的应用');
  await suite.admin.aps.app.remove([apps.gone]);
  const other = await createTenantWithAdmin(suite.server, '471001');
  apps.foreign = await newApp(other.sdk, 'tool-foreign', '别家的应用');
});

describe('a resource served from its definition alone', () => {
  it('saves, lists, filters, reads and removes rows by the generic routes, with the application name beside its key', async () => {
    const saved = await api.submit({ toolName: '扳手', appId: apps.erp });
    expect(saved).toMatchObject({ toolName: '扳手', appId: apps.erp, appName: '工具计划系统' });
    expect(await api.detail(saved.id)).toMatchObject({ id: saved.id, appId: apps.erp, appName: '工具计划系统' });
    await api.submit({ toolName: '钳子', appId: apps.mes });

    const listed = await api.list({ toolName: '扳' });
    expect(listed.records.map((row) => [row.toolName, row.appId, row.appName])).toEqual([['扳手', apps.erp, '工具计划系统']]);
    const byApp = await api.list({ appId: apps.mes });
    expect(byApp.records.map((row) => [row.toolName, row.appName])).toEqual([['钳子', '工具执行系统']]);

    // An update that changes the application answers the new name; one that leaves it keeps it.
    expect(await api.submit({ id: saved.id, appId: apps.mes })).toMatchObject({ appId: apps.mes, appName: '工具执行系统' });
    expect(await api.submit({ id: saved.id, toolName: '活动扳手' })).toMatchObject({ toolName: '活动扳手', appName: '工具执行系统' });

    await api.remove([saved.id]);
    expect((await api.list({ toolName: '扳手' })).records).toEqual([]);
  });

  it("refuses an application that does not exist, was removed or is another tenant's, with the definition's message, and writes nothing", async () => {
    const kept = await api.submit({ toolName: '锤子', appId: apps.erp });
    const before = await tableSnapshot(suite.server, 'test_tool');
    const refused = bad(testToolMessages.appMissing);
    for (const appId of ['987654321987654321', apps.gone, apps.foreign]) {
      expect(await failure(suite.admin, api.submit({ toolName: '螺丝刀', appId }))).toEqual(refused);
      expect(await failure(suite.admin, api.submit({ id: kept.id, appId }))).toEqual(refused);
    }
    expect(await tableSnapshot(suite.server, 'test_tool')).toEqual(before);
    expect(await api.detail(kept.id)).toMatchObject({ appId: apps.erp, appName: '工具计划系统' });
  });

  it('answers the refusal in English to an English caller', async () => {
    const refused = await failure(english, resourceClient(english, testTool).submit({ toolName: 'Wrench', appId: apps.foreign }));
    expect(refused).toEqual(bad("The tool's application does not exist"));
  });

  it("asks for the application when none is given, in the caller's language, and keeps the key's format message for a malformed key", async () => {
    const kept = await api.submit({ toolName: '卡尺', appId: apps.erp });
    const before = await tableSnapshot(suite.server, 'test_tool');
    const choose = bad(testToolMessages.appChoose);
    expect(await failure(suite.admin, api.submit({ toolName: '卡尺' } as never))).toEqual(choose);
    expect(await failure(suite.admin, api.submit({ toolName: '卡尺', appId: '' }))).toEqual(choose);
    expect(await failure(suite.admin, api.submit({ toolName: '卡尺', appId: null } as never))).toEqual(choose);
    // Clearing a required reference on an update is refused the same way.
    expect(await failure(suite.admin, api.submit({ id: kept.id, appId: '' }))).toEqual(choose);
    expect(await failure(suite.admin, api.submit({ toolName: '卡尺', appId: 'abc' }))).toEqual(bad(zh('badId')));
    const inEnglish = await failure(english, resourceClient(english, testTool).submit({ toolName: 'Calliper', appId: '' }));
    expect(inEnglish).toEqual(bad("Please choose the tool's application"));
    expect(await tableSnapshot(suite.server, 'test_tool')).toEqual(before);
  });
});

describe('its menu seed entry', () => {
  const find = (nodes: MenuNode[], code: string): MenuNode | undefined => {
    for (const node of nodes) {
      if (node.code === code) return node;
      const below = find(node.children ?? [], code);
      if (below) return below;
    }
    return undefined;
  };

  it("is in the administrator's menus, with its English name, and its buttons are the administrator's permissions", async () => {
    const routes = await suite.admin.system.menu.routes({});
    expect(find(routes, TEST_TOOL_MENU.code)).toMatchObject({
      name: '测试工具',
      nameEn: 'Test tools',
      path: '/test/testtool',
      category: 1,
    });
    const buttons = await suite.admin.system.menu.buttons();
    const screen = find(buttons, TEST_TOOL_MENU.code);
    expect((screen?.children ?? []).map((button) => button.code).sort()).toEqual(
      ['testtool_add', 'testtool_delete', 'testtool_edit', 'testtool_view'].sort(),
    );
  });

  it("is granted to the administrator's role, as the seed grants every seeded menu", async () => {
    const role = await administratorRole(suite.server);
    const granted = new Set((await suite.admin.system.menu.roleTreeKeys({ roleIds: role })).menu);
    const buttons = await suite.admin.system.menu.buttons();
    const screen = find(buttons, TEST_TOOL_MENU.code);
    const ids = [screen?.id, ...(screen?.children ?? []).map((button) => button.id)];
    expect(ids).toHaveLength(5);
    for (const id of ids) expect(granted.has(String(id))).toBe(true);
  });
});
