import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, useTestServer } from '../../api-suite.testkit.js';
import { WechatClient } from '../../wechat/client.js';
import { type FakeWechat, fakeFollowers, startFakeWechat } from '../../wechat/fake-wechat.testkit.js';
import { chinaToday } from '../../wechat/mini.js';

/**
 * WeChat official accounts and mini programs against a local server that speaks WeChat's JSON:
 * applications with a write-only secret, menus held to WeChat's rules and published, tokens
 * shared and refreshed once, followers synced page by page, messages sent once per recipient,
 * and analytics fetched once per final day.
 */
const suite = useTestServer();
let fake: FakeWechat;

const OFFICIAL = 'wx0123456789abcdef';
const MINI = 'wxfedcba9876543210';
const SECRET = '0123456789abcdef0123456789abcdef';
const MINI_SECRET = 'fedcba9876543210fedcba9876543210';
let officialId: string;
let miniId: string;

type Row = Record<string, unknown>;
/** yyyy-MM-dd as WeChat writes days. */
const compact = (day: string) => day.replace(/-/g, '');
const api = () => suite.admin.wechat;

beforeAll(async () => {
  fake = await startFakeWechat();
  fake.apps.set(OFFICIAL, SECRET);
  fake.apps.set(MINI, MINI_SECRET);
  const { ctx } = suite.server;
  await ctx.db.updateTable('blade_param').set({ paramValue: fake.url }).where('paramKey', '=', 'wechat.apiBase').execute();
  ctx.cache.invalidate('blade_param');
  const official = (await api().wxApp.submit({
    name: '钢铁集团服务号',
    appType: 1,
    appId: OFFICIAL,
    appSecret: SECRET,
    token: 'steelToken2024',
    aesKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  } as never)) as Row;
  officialId = String(official.id);
  const mini = (await api().wxApp.submit({ name: '供应商小程序', appType: 2, appId: MINI, appSecret: MINI_SECRET } as never)) as Row;
  miniId = String(mini.id);
});
afterAll(() => fake?.close());

describe('applications', () => {
  it('keep the AppSecret write-only and encrypted, and one AppID per platform', async () => {
    const detail = (await api().wxApp.detail(officialId)) as Row;
    expect(detail.appId).toBe(OFFICIAL);
    expect(detail.appTypeName).toBe('公众号');
    expect(detail).not.toHaveProperty('appSecret');
    const page = await api().wxApp.page({});
    expect(JSON.stringify(page)).not.toContain(SECRET);
    const stored = await suite.server.ctx.db
      .selectFrom('blade_wx_app')
      .select('appSecret')
      .where('id', '=', officialId)
      .executeTakeFirstOrThrow();
    expect(stored.appSecret).toMatch(/^enc:v1:/);

    const taken = await failure(suite.admin, api().wxApp.submit({ name: '重复', appType: 1, appId: OFFICIAL, appSecret: SECRET } as never));
    expect(taken).toMatchObject({ status: 400, msg: '该 AppID 已被其他应用使用' });
    const noSecret = await failure(suite.admin, api().wxApp.submit({ name: '无密钥', appType: 1, appId: 'wx1111111111111111' } as never));
    expect(noSecret.msg).toBe('新建应用须填写 AppSecret');
    const badId = await failure(suite.admin, api().wxApp.submit({ name: '错', appType: 1, appId: 'gh_123', appSecret: SECRET } as never));
    expect(badId).toMatchObject({ status: 400, msg: 'AppID 格式错误，应为 wx 加 16 位十六进制字符' });

    // An update that leaves the secret empty keeps it.
    await api().wxApp.submit({ id: officialId, name: '钢铁集团服务号', appType: 1, appId: OFFICIAL, appSecret: '' } as never);
    const kept = await suite.server.ctx.db
      .selectFrom('blade_wx_app')
      .select('appSecret')
      .where('id', '=', officialId)
      .executeTakeFirstOrThrow();
    expect(kept.appSecret).toBe(stored.appSecret);
  });

  it('take their menu with them when removed, and free the AppID', async () => {
    const spare = (await api().wxApp.submit({ name: '临时', appType: 1, appId: 'wx2222222222222222', appSecret: SECRET } as never)) as Row;
    await api().wxMenu.submit({ appId: spare.id, name: '首页', type: 'view', url: 'https://steel.example.com' } as never);
    await api().wxApp.remove([String(spare.id)]);
    const menus = await suite.server.ctx.db.selectFrom('blade_wx_menu').select('isDeleted').where('appId', '=', String(spare.id)).execute();
    expect(menus.map((row) => row.isDeleted)).toEqual([1]);
    const again = (await api().wxApp.submit({ name: '临时', appType: 1, appId: 'wx2222222222222222', appSecret: SECRET } as never)) as Row;
    await api().wxApp.remove([String(again.id)]);
  });
});

describe('menus', () => {
  const menu = (fields: Row) => api().wxMenu.submit({ appId: officialId, ...fields } as never) as Promise<Row>;

  it("are held to WeChat's rules on save and published as a tree", async () => {
    const work = await menu({ name: '办公', sort: 1 });
    await menu({ name: '新闻', type: 'view', url: 'https://steel.example.com/news', sort: 2 });
    const help = await menu({ name: '帮助', type: 'click', menuKey: 'HELP', sort: 3 });
    expect((await failure(suite.admin, menu({ name: '第四个', type: 'click', menuKey: 'X' }))).msg).toBe('一级菜单最多 3 个');
    expect((await failure(suite.admin, menu({ id: help.id, name: '帮助中心一二', type: 'click', menuKey: 'HELP' }))).msg).toBe(
      '一级菜单名称不能超过 16 个字节(约 5 个汉字)',
    );

    const sub = (fields: Row) => menu({ parentId: work.id, ...fields });
    expect((await failure(suite.admin, sub({ name: '待办', type: 'click' }))).msg).toBe('点击(click)菜单须填写菜单 KEY');
    expect((await failure(suite.admin, sub({ name: '门户', type: 'view' }))).msg).toBe('跳转网页(view)菜单须填写网页链接');
    expect(
      (await failure(suite.admin, sub({ name: '审批', type: 'miniprogram', url: 'https://steel.example.com', miniAppId: MINI }))).msg,
    ).toBe('小程序(miniprogram)菜单须填写小程序 AppID、页面路径和备用网页链接');
    expect((await failure(suite.admin, sub({ name: '无类型' }))).msg).toBe('子菜单须选择菜单类型');
    const first = await sub({ name: '待办事项', type: 'click', menuKey: 'TODO', sort: 1 });
    await sub({
      name: '审批',
      type: 'miniprogram',
      url: 'https://steel.example.com',
      miniAppId: MINI,
      pagePath: 'pages/approve/index',
      sort: 2,
    });
    for (let i = 3; i <= 5; i++) await sub({ name: `链接${i}`, type: 'view', url: `https://steel.example.com/${i}`, sort: i });
    expect((await failure(suite.admin, sub({ name: '第六个', type: 'click', menuKey: 'SIX' }))).msg).toBe('每个一级菜单下最多 5 个子菜单');
    expect((await failure(suite.admin, menu({ parentId: first.id, name: '孙', type: 'click', menuKey: 'G' }))).msg).toBe(
      '子菜单下不能再有子菜单',
    );
    expect((await failure(suite.admin, api().wxMenu.remove([String(work.id)]))).msg).toBe('请先删除子菜单');

    const tree = await api().wxMenu.menuTree({ appId: officialId });
    expect(tree.map((n) => n.name)).toEqual(['办公', '新闻', '帮助']);
    expect(tree[0]!.children?.length).toBe(5);
    const top = await api().wxMenu.lazyList({ appId: officialId });
    expect(top.map((n) => [n.name, n.hasChildren])).toEqual([
      ['办公', true],
      ['新闻', false],
      ['帮助', false],
    ]);

    const answer = await api().wxMenu.synMenu({ appId: officialId });
    expect(answer).toEqual({ errcode: 0, errmsg: 'ok', menus: 8 });
    const published = fake.menus.get(OFFICIAL) as { button: Row[] };
    expect(published.button[0]).toMatchObject({ name: '办公' });
    expect((published.button[0]!.sub_button as Row[])[1]).toEqual({
      type: 'miniprogram',
      name: '审批',
      url: 'https://steel.example.com',
      appid: MINI,
      pagepath: 'pages/approve/index',
    });
    expect(published.button[2]).toEqual({ type: 'click', name: '帮助', key: 'HELP' });
  });
});

describe('the access token', () => {
  it('is fetched once, kept encrypted, and refreshed once when WeChat refuses it (40001, 42001) or it nears expiry', async () => {
    const tokenCalls = () => fake.count('/cgi-bin/stable_token');
    const before = tokenCalls();
    await api().wxMenu.synMenu({ appId: officialId });
    expect(tokenCalls()).toBe(before);
    const row = await suite.server.ctx.db
      .selectFrom('blade_wx_token')
      .selectAll()
      .where('appId', '=', officialId)
      .executeTakeFirstOrThrow();
    expect(row.accessToken).toMatch(/^enc:v1:/);

    fake.revokeTokens();
    const creates = fake.count('/cgi-bin/menu/create');
    await api().wxMenu.synMenu({ appId: officialId });
    expect(tokenCalls()).toBe(before + 1);
    expect(fake.count('/cgi-bin/menu/create')).toBe(creates + 2);
    expect(fake.calls.filter((c) => c.path === '/cgi-bin/stable_token').at(-1)?.body.force_refresh).toBe(true);

    fake.expireTokens();
    await api().wxMenu.synMenu({ appId: officialId });
    expect(tokenCalls()).toBe(before + 2);

    // Five minutes before expiry the token is replaced before it is used.
    await suite.server.ctx.db
      .updateTable('blade_wx_token')
      .set({ expiresAt: new Date(Date.now() + 60_000), updatedAt: new Date(Date.now() - 3_600_000) })
      .where('appId', '=', officialId)
      .execute();
    const refused = fake.calls.length;
    await api().wxMenu.synMenu({ appId: officialId });
    expect(tokenCalls()).toBe(before + 3);
    expect(fake.calls.slice(refused).map((c) => c.path)).toEqual(['/cgi-bin/stable_token', '/cgi-bin/menu/create']);
  });

  it('is refreshed by one node at a time: others wait for it', async () => {
    const { ctx } = suite.server;
    await ctx.db.deleteFrom('blade_wx_token').where('appId', '=', officialId).execute();
    const nodes = [1, 2, 3].map(
      (n) => new WechatClient({ db: ctx.db, apiBase: async () => fake.url, outbound: ctx.outbound, node: `node-${n}` }),
    );
    const app = await ctx.db
      .selectFrom('blade_wx_app')
      .select(['id', 'tenantId', 'appId', 'appSecret'])
      .where('id', '=', officialId)
      .executeTakeFirstOrThrow();
    const before = fake.count('/cgi-bin/stable_token');
    const tokens = await Promise.all(nodes.map((node) => node.token({ ...app, id: String(app.id) })));
    expect(new Set(tokens).size).toBe(1);
    expect(fake.count('/cgi-bin/stable_token')).toBe(before + 1);
  });

  it("answers WeChat's frequency limits naming the limit, and other refusals with WeChat's code and message", async () => {
    fake.refuse('/cgi-bin/menu/create', 45009, 'reach max api daily quota limit rid: 1');
    const limited = await failure(suite.admin, api().wxMenu.synMenu({ appId: officialId }));
    expect(limited.status).toBe(429);
    expect(limited.msg).toBe(
      '微信接口调用超过频率限制 45009(接口每日调用次数已达上限，次日零点恢复): reach max api daily quota limit rid: 1',
    );
    fake.refuse('/cgi-bin/menu/create', 40016, 'invalid button size rid: 2');
    const refused = await failure(suite.admin, api().wxMenu.synMenu({ appId: officialId }));
    expect(refused).toMatchObject({ status: 502, msg: '微信接口返回错误 40016: invalid button size rid: 2' });
  });

  it('never carries the AppSecret anywhere but the token call', () => {
    const carrying = fake.calls.filter((call) => JSON.stringify(call).includes(SECRET));
    expect(new Set(carrying.map((call) => call.path))).toEqual(new Set(['/cgi-bin/stable_token']));
  });
});

describe('followers', () => {
  it('sync 10,000 followers in one page and 100-user batches, then only the new ones', async () => {
    const all = fakeFollowers(10_000);
    fake.followers.set(OFFICIAL, all);
    const first = await api().wxUser.sync({ appId: officialId });
    expect(first).toEqual({ total: 10_000, added: 10_000, updated: 0, unsubscribed: 0 });
    expect(fake.count('/cgi-bin/user/get')).toBe(1);
    expect(fake.count('/cgi-bin/user/info/batchget')).toBe(100);
    expect(
      fake.calls.filter((c) => c.path === '/cgi-bin/user/info/batchget').every((c) => (c.body.user_list as unknown[]).length === 100),
    ).toBe(true);

    // 50 more follow and 2 leave: the next sync pages past 10,000 and reads only the 50.
    const more = fakeFollowers(50, 'oNewcomer');
    fake.followers.set(OFFICIAL, [...all.slice(2), ...more]);
    const second = await api().wxUser.sync({ appId: officialId });
    expect(second).toEqual({ total: 10_048, added: 50, updated: 0, unsubscribed: 2 });
    expect(fake.count('/cgi-bin/user/get')).toBe(3);
    expect(fake.count('/cgi-bin/user/info/batchget')).toBe(101);
    const page = (await api().wxUser.page({ appId: officialId, subscribe: 1, size: 10 } as never)) as { total: number };
    expect(page.total).toBe(10_048);
  });

  it('take a remark and tags, pushed to WeChat first; none is added by hand', async () => {
    const [row] = ((await api().wxUser.page({ appId: officialId, openId: 'oFollower000010' } as never)) as { records: Row[] }).records;
    expect(row?.tagIds).toBe('100');
    await api().wxUser.remark({ id: String(row!.id), remark: '宝钢采购部' });
    expect(fake.followers.get(OFFICIAL)!.find((f) => f.openid === 'oFollower000010')!.remark).toBe('宝钢采购部');
    await api().wxUser.tag({ ids: String(row!.id), tagId: 2 });
    expect(fake.followers.get(OFFICIAL)!.find((f) => f.openid === 'oFollower000010')!.tagid_list).toEqual([100, 2]);
    expect(((await api().wxUser.detail(String(row!.id))) as Row).tagIds).toBe('100,2');

    // The generic save takes the remark and tags only, and pushes them too.
    await api().wxUser.submit({ id: row!.id, remark: '供应商', tagIds: '2', openId: 'changed' } as never);
    const follower = fake.followers.get(OFFICIAL)!.find((f) => f.openid === 'oFollower000010')!;
    expect(follower.remark).toBe('供应商');
    expect(follower.tagid_list).toEqual([2]);
    expect(((await api().wxUser.detail(String(row!.id))) as Row).openId).toBe('oFollower000010');
    expect((await failure(suite.admin, api().wxUser.submit({ appId: officialId, remark: 'x' } as never))).msg).toBe(
      '粉丝由微信同步而来，不能手工新增',
    );
    expect(await api().wxUser.tags({ appId: officialId })).toEqual([
      { id: 2, name: '星标组', count: 0 },
      { id: 100, name: '供应商', count: 3 },
    ]);
  });
});

describe('messages', () => {
  const recipients = async (id: string) =>
    ((await api().wxMessageSend.recipients({ id, size: 100 } as never)) as { records: Row[] }).records;

  it('record every recipient of a template message, retry busy ones, and never send one twice', async () => {
    const openIds = ['oFollower000100', 'oFollower000101', 'oFollower000102', 'oFollower000103', 'oFollower000104'];
    fake.failRecipient(openIds[1]!, -1, 'system error', 1);
    fake.failRecipient(openIds[3]!, 43004, 'require subscribe rid: 3');
    const message = (await api().wxMessageSend.submit({
      appId: officialId,
      title: '到货通知',
      msgKind: 'template',
      templateId: 'TPL_ARRIVAL',
      content: JSON.stringify({ first: { value: '您的订单已到货' }, keyword1: '热轧卷板' }),
      url: 'https://steel.example.com/orders',
      target: 'users',
      openIds: openIds.join('\n'),
    } as never)) as Row;
    const id = String(message.id);
    const sends = fake.count('/cgi-bin/message/template/send');
    const outcome = await api().wxMessageSend.send({ id });
    expect(outcome).toEqual({ sendStatus: 3, total: 5, succeeded: 4, failed: 1, waiting: 0 });
    expect(fake.count('/cgi-bin/message/template/send')).toBe(sends + 6);
    const rows = await recipients(id);
    expect(rows.map((r) => [r.openId, r.status, r.errcode])).toEqual([
      [openIds[0], 2, 0],
      [openIds[1], 2, 0],
      [openIds[2], 2, 0],
      [openIds[3], 3, 43004],
      [openIds[4], 2, 0],
    ]);
    expect(rows[3]!.errmsg).toBe('require subscribe rid: 3');
    expect(rows.filter((r) => r.status === 2).every((r) => /^\d+$/.test(String(r.msgId)))).toBe(true);
    const sentBody = fake.calls.find((c) => c.path === '/cgi-bin/message/template/send' && c.body.touser === openIds[0])!.body;
    expect(sentBody).toMatchObject({
      template_id: 'TPL_ARRIVAL',
      data: { first: { value: '您的订单已到货' }, keyword1: { value: '热轧卷板' } },
    });

    expect(await api().wxMessageSend.send({ id })).toEqual(outcome);
    expect(fake.count('/cgi-bin/message/template/send')).toBe(sends + 6);
    const detail = (await api().wxMessageSend.detail(id)) as Row;
    expect(detail).toMatchObject({ sendStatus: 3, sendStatusName: '部分失败', succeeded: 4, failed: 1 });
    expect((await failure(suite.admin, api().wxMessageSend.submit({ id, title: '改' } as never))).msg).toBe('已发送的消息不能修改');
  });

  it('send each recipient once when two sends of one message run at the same time', async () => {
    const openIds = Array.from({ length: 30 }, (_, i) => `oFollower${String(200 + i).padStart(6, '0')}`);
    const message = (await api().wxMessageSend.submit({
      appId: officialId,
      title: '安全提示',
      msgKind: 'template',
      templateId: 'TPL_SAFETY',
      content: '{"first":"注意安全"}',
      target: 'users',
      openIds: openIds.join(','),
    } as never)) as Row;
    const sends = fake.count('/cgi-bin/message/template/send');
    await Promise.all([api().wxMessageSend.send({ id: String(message.id) }), api().wxMessageSend.send({ id: String(message.id) })]);
    const sent = fake.calls.slice().filter((c) => c.path === '/cgi-bin/message/template/send' && c.body.template_id === 'TPL_SAFETY');
    expect(sent.length).toBe(30);
    expect(new Set(sent.map((c) => c.body.touser)).size).toBe(30);
    expect(fake.count('/cgi-bin/message/template/send')).toBe(sends + 30);
    expect(await api().wxMessageSend.send({ id: String(message.id) })).toMatchObject({ sendStatus: 2, succeeded: 30, failed: 0 });
  });

  it('stop at a frequency limit with the rest waiting, and go on from there on the next send', async () => {
    const message = (await api().wxMessageSend.submit({
      appId: officialId,
      title: '限额',
      msgKind: 'template',
      templateId: 'TPL_LIMIT',
      content: '{"first":"x"}',
      target: 'users',
      openIds: 'oFollower000300,oFollower000301,oFollower000302',
    } as never)) as Row;
    const id = String(message.id);
    fake.refuse('/cgi-bin/message/template/send', 45009, 'reach max api daily quota limit');
    const limited = await failure(suite.admin, api().wxMessageSend.send({ id }));
    expect(limited.status).toBe(429);
    expect((await recipients(id)).map((r) => r.status)).toEqual([0, 0, 0]);
    expect(await api().wxMessageSend.send({ id })).toMatchObject({ sendStatus: 2, succeeded: 3, waiting: 0 });
  });

  it('send a mass message to chosen followers in batches of 10,000, recording a failed batch on each of its recipients', async () => {
    const openIds = fakeFollowers(10_005, 'oMass').map((f) => f.openid);
    fake.failRecipient(openIds[10_002]!, 40003, 'invalid openid rid: 4');
    const message = (await api().wxMessageSend.submit({
      appId: officialId,
      title: '年度通告',
      msgKind: 'mass',
      massType: 'text',
      content: '集团年度大会通知',
      target: 'users',
      openIds: openIds.join(','),
    } as never)) as Row;
    const id = String(message.id);
    const before = fake.count('/cgi-bin/message/mass/send');
    expect(await api().wxMessageSend.send({ id })).toEqual({ sendStatus: 3, total: 10_005, succeeded: 10_000, failed: 5, waiting: 0 });
    const batches = fake.calls.filter((c) => c.path === '/cgi-bin/message/mass/send').slice(before);
    expect(batches.map((c) => (c.body.touser as string[]).length)).toEqual([10_000, 5]);
    expect(batches[0]!.body).toMatchObject({ msgtype: 'text', text: { content: '集团年度大会通知' }, clientmsgid: `${id}-0` });
    const failed = (await api().wxMessageSend.recipients({ id, status: 3, size: 10 } as never)) as { total: number; records: Row[] };
    expect(failed.total).toBe(5);
    expect(failed.records[0]).toMatchObject({ errcode: 40003, errmsg: 'invalid openid rid: 4' });
    await api().wxMessageSend.send({ id });
    expect(fake.count('/cgi-bin/message/mass/send')).toBe(before + 2);
  });

  it('send a mass message to a tag with sendall, once', async () => {
    const message = (await api().wxMessageSend.submit({
      appId: officialId,
      title: '供应商通知',
      msgKind: 'mass',
      massType: 'mpnews',
      mediaId: 'MEDIA_1',
      target: 'tag',
      tagId: 100,
    } as never)) as Row;
    expect(await api().wxMessageSend.send({ id: String(message.id) })).toEqual({
      sendStatus: 2,
      total: 1,
      succeeded: 1,
      failed: 0,
      waiting: 0,
    });
    const call = fake.calls.filter((c) => c.path === '/cgi-bin/message/mass/sendall').at(-1)!;
    expect(call.body).toMatchObject({ filter: { is_to_all: false, tag_id: 100 }, msgtype: 'mpnews', mpnews: { media_id: 'MEDIA_1' } });
    const bad = await failure(
      suite.admin,
      api().wxMessageSend.submit({
        appId: officialId,
        title: 't',
        msgKind: 'template',
        templateId: 'T',
        content: '{}',
        target: 'all',
      } as never),
    );
    expect(bad.msg).toBe('模板消息不能发给全部粉丝，请选择粉丝或标签');
  });
});

describe('mini program analytics', () => {
  const day = (offset: number) => new Date((chinaToday() + offset) * 86_400_000).toISOString().slice(0, 10);
  const datacube = (api: string) => fake.count(`/datacube/${api}`);

  it("answer WeChat's JSON and ask WeChat only for the final days not kept yet", async () => {
    const trend = 'getweanalysisappiddailyvisittrend';
    const first = (await api().mini.DailyVisitTrendList({ appid: miniId, startTime: day(-12), endTime: day(-3) })) as { list: Row[] };
    expect(first.list.length).toBe(10);
    expect(first.list[0]).toMatchObject({ ref_date: day(-12).replace(/-/g, '') });
    expect(first.list[0]).toHaveProperty('visit_uv_new');
    expect(datacube(trend)).toBe(10);
    expect(await api().mini.DailyVisitTrendList({ appid: miniId, startTime: day(-12), endTime: day(-3) })).toEqual(first);
    expect(datacube(trend)).toBe(10);
    // A longer range asks only for the days it lacks; yesterday is never kept.
    const longer = (await api().mini.DailyVisitTrendList({ appid: miniId, startTime: day(-15), endTime: day(-1) })) as { list: Row[] };
    expect(longer.list.length).toBe(15);
    expect(datacube(trend)).toBe(15);
    await api().mini.DailyVisitTrend({ appid: miniId, endDate: day(-1) });
    expect(datacube(trend)).toBe(16);

    const retain = (await api().mini.getDailyRetainInfo({ appid: miniId, endDate: day(-4).replace(/-/g, '') })) as Row;
    expect(retain).toMatchObject({ ref_date: day(-4).replace(/-/g, ''), visit_uv_new: [{ key: 0 }], visit_uv: [{ key: 0 }] });
    const retains = (await api().mini.getDailyRetainInfoList({ appid: miniId, beginDate: day(-5), endDate: day(-4) })) as { list: Row[] };
    expect(retains.list.map((r) => r.ref_date)).toEqual([day(-5), day(-4)].map((d) => d.replace(/-/g, '')));
    expect(datacube('getweanalysisappiddailyretaininfo')).toBe(2);

    const portrait = (await api().mini.getUserPortrait({ appid: miniId, endDate: day(-2) })) as Row;
    expect(portrait.ref_date).toBe(compact(day(-2)));
    const distribution = (await api().mini.getVisitDistribution({ appid: miniId, endDate: day(-2) })) as { list: Row[] };
    expect(distribution.list.map((r) => r.index)).toContain('access_source_session_cnt');
    const distributions = (await api().mini.getVisitDistributionList({ appid: miniId, beginDate: day(-3), endDate: day(-2) })) as {
      list: Row[];
    };
    expect(distributions.list.map((r) => r.ref_date)).toEqual([compact(day(-3)), compact(day(-2))]);
    const pages = (await api().mini.getdailyPageVisitNums({ appid: miniId, beginDate: day(-3), endDate: day(-2) })) as { list: Row[] };
    expect(pages.list.map((r) => r.ref_date)).toEqual([compact(day(-3)), compact(day(-2))]);
  });

  it('refuse ranges WeChat cannot answer, and official accounts', async () => {
    expect((await failure(suite.admin, api().mini.getDailySummaryTrend({ appid: miniId, beginDate: day(-3), endDate: day(0) }))).msg).toBe(
      '开始日期不能晚于结束日期，结束日期不能晚于昨天，且跨度不超过 366 天',
    );
    // Monday of a week: (n + 3) % 7 === 0 for day number n.
    const today = chinaToday();
    const monday = today - 14 - ((today + 3) % 7);
    const mondayText = (offset: number) => new Date((monday + offset) * 86_400_000).toISOString().slice(0, 10);
    expect(
      (await failure(suite.admin, api().mini.getWeeklyRetainInfoList({ appid: miniId, beginDate: mondayText(1), endDate: mondayText(7) })))
        .msg,
    ).toBe('周数据须从周一开始、到周日结束');
    const weeks = (await api().mini.getWeeklyRetainInfoList({ appid: miniId, beginDate: mondayText(0), endDate: mondayText(13) })) as {
      list: Row[];
    };
    expect(weeks.list.map((r) => r.ref_date)).toEqual([
      `${compact(mondayText(0))}-${compact(mondayText(6))}`,
      `${compact(mondayText(7))}-${compact(mondayText(13))}`,
    ]);
    // The last whole week ending by a Wednesday is the week before it; by a Sunday, the week it ends.
    const lastWeek = (await api().mini.getLastWeekVisitTrend({ appid: miniId, endDate: mondayText(9) })) as { list: Row[] };
    expect(lastWeek.list[0]!.ref_date).toBe(`${compact(mondayText(0))}-${compact(mondayText(6))}`);
    const thatWeek = (await api().mini.getLastWeekRetainInfo({ appid: miniId, endDate: mondayText(6) })) as Row;
    expect(thatWeek.ref_date).toBe(`${compact(mondayText(0))}-${compact(mondayText(6))}`);
    // The last whole month: the month before a mid-month day, the month a month's last day ends.
    expect(((await api().mini.getLastMonthRetainInfo({ appid: miniId, endDate: '2026-03-15' })) as Row).ref_date).toBe('20260201-20260228');
    expect(((await api().mini.getLastMonthVisitTrend({ appid: miniId, endDate: '2026-03-31' })) as { list: Row[] }).list[0]!.ref_date).toBe(
      '20260301-20260331',
    );
    expect(
      (await failure(suite.admin, api().mini.getDailySummaryTrend({ appid: officialId, beginDate: day(-3), endDate: day(-2) }))).msg,
    ).toBe('该应用不是小程序');
    expect(
      (await failure(suite.admin, api().mini.getDailySummaryTrend({ appid: miniId, beginDate: '2024-02-30', endDate: day(-2) }))).status,
    ).toBe(400);
  });
});

describe('secrets', () => {
  it('appear in no answer, log or error', async () => {
    await suite.server.ctx.logs.flush();
    for (const table of ['blade_log_api', 'blade_log_error', 'blade_log_usual']) {
      const { rows } = await sql<Row>`select * from ${sql.table(table)}`.execute(suite.server.ctx.db);
      expect(JSON.stringify(rows), table).not.toContain(SECRET);
    }
    const answers = [await api().wxApp.page({}), await api().wxApp.detail(officialId), await api().wxApp.detail(miniId)];
    expect(JSON.stringify(answers)).not.toContain(SECRET);
    expect(JSON.stringify(answers)).not.toContain(MINI_SECRET);
  });
});
