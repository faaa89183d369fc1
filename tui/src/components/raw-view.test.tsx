import { registry } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { KEY } from '../drive.testkit.js';
import { openScreen, stubServer } from '../stub-console.testkit.js';
import { ListScreen } from './list-screen.js';

const { param } = registry.system;

describe('a row as raw JSON', () => {
  it('shows every field of the selected row on y, scrolls it, and goes back on Esc', async () => {
    const server = stubServer([
      { id: '1', paramName: '主题', paramKey: 'ui.theme', paramValue: 'dark' },
      {
        id: '2',
        paramName: '登录策略',
        paramKey: 'login.policy',
        paramValue: 'strict',
        remark: `${'x'.repeat(150)}END`,
        tenantId: '000000',
        createUser: '1123598821738675201',
        createTime: '2024-01-01 08:00:00',
        status: 1,
        isDeleted: 0,
      },
    ]);
    // 16 lines: the view has room for 11 lines of JSON, fewer than the row's.
    const ui = openScreen(<ListScreen def={param} active width={60} height={16} />, server.client);
    await ui.until((f) => f.includes('共 2 条') && f.includes('login.policy'));
    await ui.press(KEY.down, 'y');
    const first = await ui.until('参数管理 · JSON');
    // Fields the table does not show, as the server answered them.
    expect(first).toContain('"id": "2"');
    expect(first).toContain('"paramKey": "login.policy"');
    expect(first).toContain('"remark": "xxx');
    expect(first).toContain('第 1–11 行，共 14 行');
    expect(first).not.toContain('"isDeleted": 0');

    await ui.press('j');
    await ui.until('第 2–12 行，共 14 行');
    await ui.press('G');
    const end = await ui.until('第 4–14 行，共 14 行');
    // A long value wraps onto lines of its own instead of being cut.
    expect(end).toContain('END');
    expect(end).toContain('"isDeleted": 0');
    await ui.press('g');
    await ui.until('第 1–11 行');

    await ui.press(KEY.esc);
    await ui.until((f) => f.includes('共 2 条') && !f.includes('· JSON'));
    ui.unmount();
  });
});
