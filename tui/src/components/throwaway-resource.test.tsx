import { startServerWithTestTool, type TestServer } from '@sso/server/testing';
import { REFERENCE_SEARCH_SIZE, resourceClient, type SsoClient, searchReference } from '@sso/shared-api';
import { testTool } from '@sso/shared-api/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY } from '../drive.testkit.js';
import { openScreen } from '../stub-console.testkit.js';
import { RecordForm } from './record-form.js';

/**
 * The record form of a resource known only by its definition (the test-only `testtool`, in no
 * registry), against a real server serving it: its `appId` is picked by searching applications by
 * name on the server, past the first page of them, and the form shows the name, never the key.
 */
let server: TestServer;
let sdk: SsoClient;
let target: string;

beforeAll(async () => {
  server = await startServerWithTestTool();
  sdk = await server.admin();
  const newApp = (appCode: string, appName: string) =>
    sdk.aps.app.submit({ appCode, appName, protocol: 'link', appUrl: 'https://tui.example.com/' });
  // More applications than one search reads before the one looked for, so it is not on the first page.
  for (let i = 0; i < REFERENCE_SEARCH_SIZE + 1; i++) await newApp(`tui-fill-${i}`, `填充应用${String(i).padStart(2, '0')}`);
  await newApp('tui-deep', '深处目标应用');
  target = String((await sdk.aps.app.list({ appCode: 'tui-deep' })).records[0].id);
});
afterAll(async () => server?.close());

/** The form rendered in the console's frame; `saved` resolves when the form reports a save. */
function openForm(row?: Record<string, unknown>) {
  let onSaved = () => {};
  const saved = new Promise<void>((resolve) => {
    onSaved = resolve;
  });
  const form = <RecordForm def={testTool} row={row} choices={{}} active width={100} onSaved={onSaved} onCancel={() => undefined} />;
  return { ui: openScreen(form, sdk), saved };
}

describe('the record form of a resource with a reference', () => {
  it('picks the application by searching its name past the first page, shows the name and saves the key', async () => {
    const firstPage = await searchReference(sdk, testTool.references.appId, '');
    expect(firstPage).toHaveLength(REFERENCE_SEARCH_SIZE);
    expect(firstPage.map((choice) => choice.value)).not.toContain(target);

    const { ui, saved } = openForm();
    await ui.until('测试工具 · 新增');
    await ui.until('❯ *工具名称');
    await ui.press('终端扳手', KEY.down);
    await ui.until(/❯ \*所属应用 +— \(Enter 选择\)/);
    await ui.press(KEY.enter);
    // The picker opens on the first page of applications, by name; the one looked for is not there.
    await ui.until((frame) => frame.includes('输入名称搜索') && /填充应用\d\d \(tui-fill-\d+\)/.test(frame));
    expect(ui.frame()).not.toContain('深处目标应用');
    await ui.press('深处');
    await ui.until((frame) => frame.includes('搜索: 深处') && frame.includes('深处目标应用 (tui-deep)'));
    expect(ui.frame()).not.toContain('填充应用');
    await ui.press(KEY.enter);
    await ui.until(/❯ \*所属应用 +深处目标应用 \(tui-deep\)/);
    expect(ui.frame()).not.toContain(target);

    // Enter on the name field sends the form.
    await ui.press(KEY.up);
    await ui.until('❯ *工具名称');
    await ui.press(KEY.enter);
    await saved;
    const [row] = (await resourceClient(sdk, testTool).list({ toolName: '终端扳手' })).records;
    expect(row).toMatchObject({ toolName: '终端扳手', appId: target, appName: '深处目标应用' });
    ui.unmount();
  });

  it('opens a saved row with the name of its application, read by its key, not the key', async () => {
    const row = await resourceClient(sdk, testTool).submit({ toolName: '终端钳子', appId: target });
    const { ui } = openForm(row);
    await ui.until('测试工具 · 编辑');
    await ui.until(/\*所属应用 +深处目标应用 \(tui-deep\)/);
    expect(ui.frame()).not.toContain(target);
    ui.unmount();
  });
});
