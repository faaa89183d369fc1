import { resourceMessages as m, zh } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createTenantWithAdmin,
  createUserWithRole,
  failure,
  type TestUser,
  type TrackedClient,
  tableSnapshot,
  useTestServer,
} from '../../api-suite.testkit.js';
import { type FakeSmsServer, startFakeAliyun, startFakeTencent } from '../../sms/fake-sms-servers.testkit.js';

/** SMS: the log provider, Aliyun and Tencent adapters against local servers, rate limits, codes. */
const suite = useTestServer();
let other: TestUser;
let sender: TestUser;
let aliyun: FakeSmsServer;
let tencent: FakeSmsServer;

beforeAll(async () => {
  other = await createTenantWithAdmin(suite.server, '100083');
  sender = await createUserWithRole(suite.server, { account: 'sms_sender', menuCodes: ['sms'] });
  aliyun = await startFakeAliyun({ LTAIali: 'ali-secret' });
  tencent = await startFakeTencent({ AKIDtc: 'tc-secret' });
});
afterAll(async () => {
  await aliyun?.close();
  await tencent?.close();
});

const api = (sdk: TrackedClient = suite.admin) => sdk.resource.sms;
const TOO_MANY = { status: 429, code: 429, msg: m.smsTooFrequent };
const send = (phones: string, params = '{"name":"张三"}', code = 'SMS_LOGIN', sdk = suite.admin) =>
  api(sdk).sendMessage(undefined, { code, phones, params });
const statusOf = async (id: string) =>
  (await suite.server.ctx.db.selectFrom('blade_sms').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const sendSms = (phone: string, tenantId = '000000') =>
  fetch(`${suite.server.baseUrl}/api/blade-auth/oauth/sendSms?phone=${phone}`, { method: 'POST', headers: { 'tenant-id': tenantId } });

describe('the log provider (no configuration)', () => {
  it('records every message where administrators read it', async () => {
    expect(await send('13800000001,13800000002')).toBe(true);
    const logs = await api().logs({ phone: '13800000002' });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ phone: '13800000002', templateId: 'SMS_LOGIN', provider: 'log', content: '{"name":"张三"}' });
    expect((await api(other.sdk).logs({})).map((r) => r.phone)).not.toContain('13800000001');
  });

  it('refuses a burst on one phone (1 per minute, 10 per hour) without logging it', async () => {
    const before = await tableSnapshot(suite.server, 'blade_sms_log');
    expect(await failure(suite.admin, send('13800000001'))).toEqual(TOO_MANY);
    expect(await failure(suite.admin, send('13800000009,13800000001'))).toEqual(TOO_MANY);
    expect((await tableSnapshot(suite.server, 'blade_sms_log')).length).toBe(before.length + 1); // 13800000009 went out first
    suite.server.ctx.sms.limits = { perMinute: 100, perHour: 3 };
    try {
      for (let i = 0; i < 3; i++) await send('13800000003');
      expect(await failure(suite.admin, send('13800000003'))).toEqual({ status: 429, code: 429, msg: m.smsHourlyLimit });
    } finally {
      suite.server.ctx.sms.limits = { perMinute: 1, perHour: 10 };
    }
  });

  it('validates phones and params, and guards the send button', async () => {
    const before = await tableSnapshot(suite.server, 'blade_sms_log');
    expect(await failure(suite.admin, send('1380000'))).toEqual(bad(m.phoneFormat));
    expect(await failure(suite.admin, send('13800000004', '[1,2]'))).toEqual(bad(m.smsParams));
    expect(await failure(suite.admin, send('13800000004', '{bad'))).toEqual(bad(m.smsParams));
    expect(await failure(suite.admin, api().sendMessage(undefined, { code: '', phones: '13800000004' }))).toEqual(bad(m.templateCode));
    expect(await failure(sender.sdk, send('13800000004', '{}', 'X', sender.sdk))).toEqual({ status: 403, code: 403, msg: zh('forbidden') });
    expect(await tableSnapshot(suite.server, 'blade_sms_log')).toEqual(before);
  });
});

describe('verification codes', () => {
  const lastCode = async (phone: string, tenantId = '000000') => {
    const row = await suite.server.ctx.db
      .selectFrom('blade_sms_log')
      .select('content')
      .where('phone', '=', phone)
      .where('tenantId', '=', tenantId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return (JSON.parse(row.content ?? '{}') as { code: string }).code;
  };

  it('sends a 6-digit code through the public endpoint, verifiable once, rate-limited', async () => {
    const response = await sendSms('13900000001');
    expect(await response.json()).toMatchObject({ code: 200, success: true, data: true });
    const code = await lastCode('13900000001');
    expect(code).toMatch(/^\d{6}$/);
    expect(await suite.server.ctx.sms.verifyCode('000000', '13900000001', code === '000000' ? '000001' : '000000')).toBe(false);
    expect(await suite.server.ctx.sms.verifyCode('100083', '13900000001', code)).toBe(false);
    expect(await suite.server.ctx.sms.verifyCode('000000', '13900000001', code)).toBe(true);
    expect(await suite.server.ctx.sms.verifyCode('000000', '13900000001', code)).toBe(false);
    const again = await sendSms('13900000001');
    expect(again.status).toBe(429);
    expect(((await again.json()) as { msg: string }).msg).toBe(m.smsTooFrequent);
    expect((await sendSms('12')).status).toBe(400);
  });

  it('voids a code after five wrong guesses', async () => {
    await suite.server.ctx.sms.issueCode('000000', '13900000003');
    const code = await lastCode('13900000003');
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) expect(await suite.server.ctx.sms.verifyCode('000000', '13900000003', wrong)).toBe(false);
    expect(await suite.server.ctx.sms.verifyCode('000000', '13900000003', code)).toBe(false);
  });

  it('expires codes after five minutes', async () => {
    await suite.server.ctx.sms.issueCode('000000', '13900000002');
    const code = await lastCode('13900000002');
    await suite.server.ctx.db
      .updateTable('blade_sms_code')
      .set({ expireTime: new Date(Date.now() - 1000) })
      .where('phone', '=', '13900000002')
      .execute();
    expect(await suite.server.ctx.sms.verifyCode('000000', '13900000002', code)).toBe(false);
    const stored = await suite.server.ctx.db
      .selectFrom('blade_sms_code')
      .select('codeHash')
      .where('phone', '=', '13900000002')
      .executeTakeFirstOrThrow();
    expect(stored.codeHash).not.toContain(code);
  });
});

describe('provider configurations', () => {
  it('refuses a provider without an adapter (云片, 七牛) instead of only logging its messages', async () => {
    const before = await tableSnapshot(suite.server, 'blade_sms');
    for (const category of [1, 2, 5]) {
      expect(await failure(suite.admin, api().submit({ category, smsCode: `c${category}`, templateId: 'T1' }))).toEqual(bad(m.smsCategory));
    }
    expect(await tableSnapshot(suite.server, 'blade_sms')).toEqual(before);
  });

  it('sends through Aliyun dysmsapi with a valid RPC signature, one enabled per tenant', async () => {
    const ali = await api().submit({
      category: 3,
      smsCode: 'ali',
      templateId: 'SMS_0001',
      accessKey: 'LTAIali',
      secretKey: 'ali-secret',
      signName: '统一认证',
      regionId: 'cn-hangzhou',
      endpoint: aliyun.endpoint,
    });
    expect(ali).not.toHaveProperty('secretKey');
    const tc = await api().submit({
      category: 4,
      smsCode: 'tc',
      templateId: '1234567',
      accessKey: 'AKIDtc',
      secretKey: 'tc-secret',
      signName: '统一认证',
      regionId: 'ap-guangzhou',
      appId: '1400000001',
      endpoint: tencent.endpoint,
    });
    await api().enable(undefined, { id: ali.id });
    expect([await statusOf(ali.id), await statusOf(tc.id)]).toEqual([2, 1]);
    expect(await send('13700000001', '{"code":"123456"}', 'ali')).toBe(true);
    expect(aliyun.received.at(-1)).toMatchObject({
      PhoneNumbers: '13700000001',
      TemplateCode: 'SMS_0001',
      SignName: '统一认证',
      TemplateParam: '{"code":"123456"}',
      AccessKeyId: 'LTAIali',
    });
    expect((await api().logs({ phone: '13700000001' }))[0]).toMatchObject({
      provider: 'aliyun',
      outcome: 'ok biz-13700000001',
      content: null,
    });
    expect(await failure(suite.admin, send('13700000002', '{}', 'unknown'))).toEqual(bad(m.smsTemplateMissing));

    await api().enable(undefined, { id: tc.id });
    expect([await statusOf(ali.id), await statusOf(tc.id)]).toEqual([1, 2]);
    expect(await send('13700000003', '{"code":"654321","minutes":"5"}', 'tc')).toBe(true);
    expect(tencent.received.at(-1)).toMatchObject({
      PhoneNumberSet: ['+8613700000003'],
      SmsSdkAppId: '1400000001',
      TemplateId: '1234567',
      SignName: '统一认证',
      TemplateParamSet: ['654321', '5'],
      region: 'ap-guangzhou',
    });

    // The other tenant still uses the log provider.
    expect(await send('13700000004', '{}', 'SMS_X', other.sdk)).toBe(true);
    expect((await api(other.sdk).logs({ phone: '13700000004' }))[0]?.provider).toBe('log');
    expect(await failure(other.sdk, api(other.sdk).enable(undefined, { id: tc.id }))).toEqual(bad(zh('recordMissing')));
    expect(await failure(sender.sdk, api(sender.sdk).enable(undefined, { id: ali.id }))).toMatchObject({ status: 403 });
    await api().remove([ali.id, tc.id]);
  });

  it('reports the provider’s refusal (wrong secrets) as a failed send', async () => {
    const wrongAli = await api().submit({
      category: 3,
      smsCode: 'w1',
      templateId: 'SMS_9',
      accessKey: 'LTAIali',
      secretKey: 'nope',
      signName: 'S',
      endpoint: aliyun.endpoint,
    });
    await api().enable(undefined, { id: wrongAli.id });
    expect(await failure(suite.admin, send('13700000010', '{}', 'w1'))).toEqual(
      bad(`${m.smsFailed}: SignatureDoesNotMatch: Specified signature is not matched with our calculation.`),
    );
    const wrongTc = await api().submit({
      category: 4,
      smsCode: 'w2',
      templateId: '9',
      accessKey: 'AKIDtc',
      secretKey: 'nope',
      signName: 'S',
      appId: '1',
      endpoint: tencent.endpoint,
    });
    await api().enable(undefined, { id: wrongTc.id });
    expect(await failure(suite.admin, send('13700000011', '{}', 'w2'))).toEqual(
      bad(`${m.smsFailed}: AuthFailure.SignatureFailure: The provided credentials could not be validated.`),
    );
    expect((await api().logs({ phone: '13700000011' }))[0]?.outcome).toMatch(/^failed AuthFailure/);
    await api().remove([wrongAli.id, wrongTc.id]);
  });
});
