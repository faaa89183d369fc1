import { type ResourceDef, registry } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { KEY } from '../drive.testkit.js';
import { openScreen, stubServer } from '../stub-console.testkit.js';
import { ListScreen } from './list-screen.js';

const { param } = registry.system;
const params = () => [
  { id: '1', paramName: '登录策略', paramKey: 'login.policy', paramValue: 'strict' },
  { id: '2', paramName: '主题', paramKey: 'ui.theme', paramValue: 'dark' },
  { id: '3', paramName: '登录页标题', paramKey: 'login.title', paramValue: 'SSO' },
];

/** The parameters' screen on a stub server holding three parameters. */
async function openParams() {
  const server = stubServer(params());
  const ui = openScreen(<ListScreen def={param} active width={96} height={26} />, server.client);
  await ui.until((f) => f.includes('共 3 条') && f.includes('ui.theme'));
  return { server, ui };
}

describe('the / filter of a list', () => {
  it('narrows the rows read at each typed character, with no request, and Enter keeps it through the server', async () => {
    const { server, ui } = await openParams();
    await ui.press('/');
    await ui.until('Enter 查询');
    await ui.press('登');
    await ui.until((f) => f.includes('筛选后 2 条') && !f.includes('ui.theme') && f.includes('login.title'));
    await ui.press('录页');
    await ui.until((f) => f.includes('筛选后 1 条') && !f.includes('login.policy') && f.includes('login.title'));
    expect(server.requests).toHaveLength(1);

    // Until the server answers, the rows stay as narrowed.
    const release = server.hold();
    await ui.press(KEY.enter);
    await ui.until((f) => f.includes('搜索: paramName=登录页') && f.includes('加载中'));
    expect(server.requests.at(-1)).toMatchObject({ paramName: '登录页' });
    expect(ui.frame()).not.toContain('login.policy');
    expect(ui.frame()).not.toContain('ui.theme');
    release();
    await ui.until((f) => f.includes('共 1 条') && f.includes('login.title') && !f.includes('加载中'));
    ui.unmount();
  });

  it('clears the filter on Esc, the one typed and the one kept, and shows every row again', async () => {
    const { server, ui } = await openParams();
    await ui.press('/');
    await ui.until('Enter 查询');
    await ui.press('zzz');
    await ui.until((f) => f.includes('暂无数据') && f.includes('筛选后 0 条'));
    await ui.press(KEY.esc);
    await ui.until((f) => f.includes('共 3 条') && f.includes('ui.theme') && !f.includes('筛选后'));
    expect(server.requests).toHaveLength(1);

    await ui.press('/');
    await ui.until('Enter 查询');
    await ui.press('主题', KEY.enter);
    await ui.until((f) => f.includes('共 1 条') && f.includes('搜索: paramName=主题'));
    await ui.press('/');
    await ui.until('Enter 查询');
    await ui.press(KEY.esc);
    await ui.until((f) => f.includes('共 3 条') && !f.includes('搜索:'));
    expect(server.requests.at(-1)).not.toHaveProperty('paramName');
    ui.unmount();
  });

  it('filters a table the server cannot search on any column shown, keeping it on the rows read again', async () => {
    // The parameters as a resource the server offers no search for.
    const unsearchable: ResourceDef = { ...param, filters: {} };
    const server = stubServer(params());
    const ui = openScreen(<ListScreen def={unsearchable} active width={96} height={26} />, server.client);
    await ui.until((f) => f.includes('共 3 条') && f.includes('ui.theme'));
    await ui.press('/');
    await ui.until('任意列');
    await ui.press('STRICT');
    await ui.until((f) => f.includes('筛选后 1 条') && f.includes('login.policy') && !f.includes('ui.theme'));
    await ui.press(KEY.enter);
    await ui.until((f) => f.includes('搜索: STRICT') && f.includes('login.policy') && !f.includes('login.title'));
    server.rows.push({ id: '4', paramName: '密码策略', paramKey: 'password.policy', paramValue: 'Strict' });
    await ui.press('r');
    await ui.until((f) => f.includes('共 4 条') && f.includes('password.policy') && !f.includes('ui.theme'));
    expect(server.requests.every((query) => !('*' in query))).toBe(true);
    await ui.press('/');
    await ui.until('任意列');
    await ui.press(KEY.esc);
    await ui.until((f) => f.includes('ui.theme') && !f.includes('搜索:'));
    ui.unmount();
  });
});
