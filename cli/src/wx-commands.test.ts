import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@sso/server/testing';
import { type FakeWechat, fakeFollowers, startFakeWechat } from '@sso/server/testing/wechat';
import type { SsoClient } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHome } from './cli-home.testkit.js';

/** `sso wx menu sync` and `sso wx send` against a server whose WeChat is a local fake. */
let server: TestServer;
let fake: FakeWechat;
let home: Awaited<ReturnType<typeof adminHome>>;
let admin: SsoClient;
let appRowId: string;

const APP_ID = 'wx1234567890abcdef';
const SECRET = '11112222333344445555666677778888';

beforeAll(async () => {
  server = await startTestServer();
  fake = await startFakeWechat();
  fake.apps.set(APP_ID, SECRET);
  await server.ctx.db.updateTable('blade_param').set({ paramValue: fake.url }).where('paramKey', '=', 'wechat.apiBase').execute();
  server.ctx.cache.invalidate('blade_param');
  admin = await server.admin();
  home = await adminHome(server);
  const app = (await admin.wechat.wxApp.submit({ name: '命令行测试号', appType: 1, appId: APP_ID, appSecret: SECRET } as never)) as {
    id: string;
  };
  appRowId = String(app.id);
  const menu = (fields: Record<string, unknown>) =>
    admin.wechat.wxMenu.submit({ appId: appRowId, ...fields } as never) as Promise<{ id: string }>;
  const top = await menu({ name: '服务', sort: 1 });
  await menu({ parentId: top.id, name: '查询订单', type: 'click', menuKey: 'ORDERS', sort: 1 });
  await menu({ name: '官网', type: 'view', url: 'https://steel.example.com', sort: 2 });
});
afterAll(async () => {
  home?.cleanup();
  await fake?.close();
  await server?.close();
});

describe('sso wx menu sync', () => {
  it('prints the tree with --dry-run and publishes it by AppID or row id', async () => {
    const dry = await home.sso(['wx', 'menu', 'sync', '--app', APP_ID, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.out).toBe('服务\n  └─ 查询订单  (click ORDERS)\n官网  (view https://steel.example.com)\n');
    expect(fake.count('/cgi-bin/menu/create')).toBe(0);

    const published = await home.sso(['wx', 'menu', 'sync', '--app', APP_ID]);
    expect(published.code).toBe(0);
    expect(published.out).toBe(`命令行测试号 (${APP_ID}): 3 个菜单已发布 (menus published), errcode 0 ok\n`);
    expect(fake.menus.get(APP_ID)).toEqual({
      button: [
        { name: '服务', sub_button: [{ type: 'click', name: '查询订单', key: 'ORDERS' }] },
        { type: 'view', name: '官网', url: 'https://steel.example.com' },
      ],
    });
    const byId = await home.sso(['wx', 'menu', 'sync', '--app', appRowId, '--json']);
    expect(JSON.parse(byId.out)).toEqual({ errcode: 0, errmsg: 'ok', menus: 3 });
  });

  it("reports WeChat's refusal with its code and exits 1", async () => {
    fake.refuse('/cgi-bin/menu/create', 45009, 'reach max api daily quota limit');
    const limited = await home.sso(['wx', 'menu', 'sync', '--app', APP_ID]);
    expect(limited.code).toBe(1);
    expect(limited.err).toContain('45009');
    const unknown = await home.sso(['wx', 'menu', 'sync', '--app', 'wxffffffffffffffff']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('没有该 AppID 的公众号');
  });
});

describe('sso wx send', () => {
  it('sends a template message to OpenIDs from a file, lists the failures, and resumes without sending twice', async () => {
    const openIds = fakeFollowers(4, 'oCli').map((f) => f.openid);
    fake.failRecipient(openIds[2]!, 43004, 'require subscribe');
    const file = join(home.dir, 'openids.txt');
    writeFileSync(file, `# buyers\n${openIds.join('\n')}\n`);
    const result = await home.sso(['wx', 'send', '--app', APP_ID, '--template', 'TPL_CLI', '--data', '{"first":"您好"}', '--file', file]);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^wx send \d+: 3 成功 \(ok\), 1 失败 \(failed\)\n$/);
    expect(result.err).toContain(`${openIds[2]}`);
    expect(result.err).toContain('require subscribe');
    expect(fake.count('/cgi-bin/message/template/send')).toBe(4);
    const id = /wx send (\d+)/.exec(result.out)![1]!;

    const again = await home.sso(['wx', 'send', '--resume', id, '--json']);
    expect(JSON.parse(again.out)).toMatchObject({ id, succeeded: 3, failed: 1, waiting: 0 });
    expect(fake.count('/cgi-bin/message/template/send')).toBe(4);
  });

  it('sends a mass text to a tag, and refuses unclear recipients before keeping anything', async () => {
    const ok = await home.sso(['wx', 'send', '--app', APP_ID, '--text', '集团通知', '--tag', '100']);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/: 1 成功 \(ok\), 0 失败 \(failed\)\n$/);
    expect(fake.calls.filter((c) => c.path === '/cgi-bin/message/mass/sendall').at(-1)?.body).toMatchObject({
      filter: { is_to_all: false, tag_id: 100 },
      text: { content: '集团通知' },
    });
    const before = await admin.wechat.wxMessageSend.page({});
    const both = await home.sso(['wx', 'send', '--app', APP_ID, '--text', 'x', '--tag', '1', '--all']);
    expect(both.code).toBe(2);
    const neither = await home.sso(['wx', 'send', '--app', APP_ID, '--users', 'oA,oB']);
    expect(neither.code).toBe(2);
    const dry = await home.sso(['wx', 'send', '--app', APP_ID, '--text', 'x', '--users', 'oA,oB', '--dry-run']);
    expect(dry.out).toBe('wx send (dry run): mass → 2\n');
    expect((await admin.wechat.wxMessageSend.page({})).total).toBe(before.total);
  });
});
