import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@sso/server/testing';
import { resourceMessages as m, md5, resourceClient, type SsoClient, sms } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChunks } from './bulk.js';
import { adminHome, cliHome } from './cli-home.testkit.js';
import { runJournal } from './run-journal.js';
import { callsOf, smsSender } from './sms-delivery.js';

let server: TestServer;
let home: Awaited<ReturnType<typeof adminHome>>;
let admin: SsoClient;

beforeAll(async () => {
  server = await startTestServer();
  home = await adminHome(server);
  admin = await server.admin();
});
afterAll(async () => {
  home?.cleanup();
  await server?.close();
});

/** What the log provider recorded for a phone, as an administrator reads it. */
const logged = (phone: string) => admin.resource.sms.logs({ phone });
const logCount = async () =>
  Number(
    (
      await server.ctx.db
        .selectFrom('blade_sms_log')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const write = (name: string, text: string) => {
  const path = join(home.dir, name);
  writeFileSync(path, text);
  return path;
};
const send = (...args: string[]) => ['sms', 'send', '--template', 'SMS_CLI', ...args];

describe('sso sms send', () => {
  it('sends to phones from --phones and arguments, recorded by the log provider', async () => {
    const result = await home.sso(send('--phones', '13810000001, 13810000002', '13810000003', '--params', '{"name":"张三","n":3}'));
    expect(result.code).toBe(0);
    expect(result.err).toContain('sms send: 3 成功 (ok), 0 失败 (failed)');
    for (const phone of ['13810000001', '13810000002', '13810000003']) {
      const rows = await logged(phone);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ templateId: 'SMS_CLI', provider: 'log', content: '{"name":"张三","n":"3"}' });
    }
  });

  it('reads --file (comments, blank lines, repeats sent once) and --file - with progress on a terminal', async () => {
    const file = write('phones.txt', '# staff\n13820000001\n\n13820000002\n13820000001\n');
    const fromFile = await home.sso(send('--file', file));
    expect(fromFile.code).toBe(0);
    expect(fromFile.err).toContain('line 5: 13820000001: 重复');
    expect(fromFile.err).toContain('sms send: 2 成功 (ok), 0 失败 (failed)');
    expect(await logged('13820000001')).toHaveLength(1);

    const fromStdin = await home.sso(send('--file', '-'), { stdin: '13820000003\r\n+8613820000004\n', tty: true });
    expect(fromStdin.code).toBe(0);
    expect(fromStdin.err).toContain('\rsms send [##############################] 2/2\n');
    expect(await logged('13820000003')).toHaveLength(1);
    expect(await logged('+8613820000004')).toHaveLength(1);
  });

  it('sends more than a chunk, each call within the server’s length limit', async () => {
    const phones = Array.from({ length: 260 }, (_, i) => `1383${String(i).padStart(7, '0')}`);
    const before = await logCount();
    const result = await home.sso(send('--file', write('many.txt', phones.join('\n'))));
    expect(result.err).toContain('sms send: 260 成功 (ok), 0 失败 (failed)');
    expect(result.code).toBe(0);
    expect((await logCount()) - before).toBe(260);
    const calls = callsOf(phones.slice(0, 200));
    expect(calls.length).toBe(2);
    expect(calls.every((c) => c.map((p) => p.phone).join(',').length <= 2000)).toBe(true);
    expect(calls.flat().map((p) => p.index)).toEqual([...Array(200).keys()]);
  });

  it('sends nothing on --dry-run', async () => {
    const before = await logCount();
    const result = await home.sso(send('--phones', '13840000001,13840000002', '--dry-run'));
    expect(result).toMatchObject({ code: 0, err: expect.stringContaining('would send 2 with SMS_CLI') });
    expect(await logCount()).toBe(before);
  });

  it('checks every input first: bad phones by line, params, template (usage errors, nothing sent)', async () => {
    const before = await logCount();
    const bad = await home.sso(send('--file', write('bad.txt', '13850000001\nabc\n13850000002\n1385000\n')));
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('line 2: abc: 手机号格式错误');
    expect(bad.err).toContain('line 4: 1385000: 手机号格式错误');
    expect(bad.err).toContain('2 bad phones, nothing sent');
    expect((await home.sso(send('--phones', '1385000000x'))).code).toBe(2);
    for (const params of ['[1,2]', '{bad', 'null', '{"a":{"b":1}}']) {
      expect((await home.sso(send('--phones', '13850000001', '--params', params))).code).toBe(2);
    }
    expect((await home.sso(['sms', 'send', '--phones', '13850000001'])).code).toBe(2);
    expect((await home.sso(['sms', 'send', '--template', ' ', '--phones', '13850000001'])).code).toBe(2);
    expect((await home.sso(send())).code).toBe(2);
    expect(await logCount()).toBe(before);
  });

  it('continues a run whose answer was lost without sending twice, and a finished run again is a new run', async () => {
    const items = ['13870000001', '13870000002'].map((phone, index) => ({ label: phone, line: index + 1, value: phone }));
    const journal = runJournal(home.env);
    const api = resourceClient(admin, sms);
    const deliver = smsSender(api, { code: 'SMS_CLI' }, undefined);
    const quiet = { out: () => {}, err: () => {} };
    // The first run's messages go out, but its answer never arrives (a node died on the way back).
    const lost = runChunks(
      quiet,
      'sms send',
      items,
      async (phones) => {
        await deliver(phones);
        throw new Error('socket hang up');
      },
      { client: admin, journal },
    );
    await expect(lost).rejects.toThrow('socket hang up');
    // The same command again continues that run: the server answers what it did, nothing is sent twice
    // (without the keys both phones would be refused as messaged too recently).
    expect(await runChunks(quiet, 'sms send', items, deliver, { client: admin, journal })).toEqual([]);
    for (const phone of ['13870000001', '13870000002']) expect(await logged(phone)).toHaveLength(1);
    // That run has finished: the same command once more is a new run, held to the rate limit.
    const again = await runChunks(quiet, 'sms send', items, deliver, { client: admin, journal });
    expect(again.map((failure) => failure.message)).toEqual([
      expect.stringContaining(m.smsTooFrequent),
      expect.stringContaining(m.smsTooFrequent),
    ]);
  });

  it('reports phones over the rate limit with the reason and still sends the others (exit 1)', async () => {
    expect((await home.sso(send('--phones', '13860000001,13860000002'))).code).toBe(0);
    const file = write('mixed.txt', '13860000011\n13860000001\n13860000012\n13860000002\n13860000013\n');
    const result = await home.sso(send('--file', file));
    expect(result.code).toBe(1);
    expect(result.err).toContain('sms send: 3 成功 (ok), 2 失败 (failed)');
    expect(result.err).toContain(`line 2: 13860000001: ${m.smsTooFrequent}`);
    expect(result.err).toContain(`line 4: 13860000002: ${m.smsTooFrequent}`);
    for (const phone of ['13860000001', '13860000002', '13860000011', '13860000012', '13860000013'])
      expect(await logged(phone)).toHaveLength(1);
  });

  it('fails every phone with the server’s reason when the template is not the enabled one', async () => {
    const config = await admin.resource.sms.submit({ category: 0, smsCode: 'cli_only', templateId: 'T_CLI' });
    await admin.resource.sms.enable(undefined, { id: config.id });
    try {
      const before = await logCount();
      const result = await home.sso(send('--phones', '13870000001,13870000002'));
      expect(result.code).toBe(1);
      expect(result.err).toContain(`13870000001: ${m.smsTemplateMissing}`);
      expect(result.err).toContain(`13870000002: ${m.smsTemplateMissing}`);
      expect(await logCount()).toBe(before);
      expect((await home.sso(['sms', 'send', '--template', 'cli_only', '13870000003'])).code).toBe(0);
    } finally {
      await admin.resource.sms.remove([config.id]);
    }
  });

  it('reports a phone the provider refuses mid-call and sends each of the others once', async () => {
    // An Aliyun dysmsapi stand-in that refuses one number.
    const received: string[] = [];
    const provider = createServer((request, response) => {
      const phone = new URL(request.url ?? '/', 'http://x').searchParams.get('PhoneNumbers') ?? '';
      received.push(phone);
      const refused = phone === '13890000002';
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(refused ? { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: 'illegal' } : { Code: 'OK', BizId: 'b' }));
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    const config = await admin.resource.sms.submit({
      category: 3,
      smsCode: 'ali_cli',
      templateId: 'SMS_A',
      accessKey: 'k',
      secretKey: 's',
      signName: 'x',
      endpoint,
    });
    await admin.resource.sms.enable(undefined, { id: config.id });
    try {
      const result = await home.sso(['sms', 'send', '--template', 'ali_cli', '--phones', '13890000001,13890000002,13890000003']);
      expect(result.code).toBe(1);
      expect(result.err).toContain('sms send: 2 成功 (ok), 1 失败 (failed)');
      expect(result.err).toContain(`13890000002: ${m.smsFailed}: isv.MOBILE_NUMBER_ILLEGAL`);
      expect(received).toEqual(['13890000001', '13890000002', '13890000003']);
    } finally {
      await admin.resource.sms.remove([config.id]);
      await new Promise((resolve) => provider.close(resolve));
    }
  });

  it('tells a sender who may not read the SMS log which phones may have gone out', async () => {
    const role = await admin.system.role.submit({ roleName: '短信发送', roleAlias: 'sms_sender', sort: 1, parentId: '0' } as never);
    const menu = await server.ctx.db.selectFrom('blade_menu').select('id').where('code', '=', 'sms_send').executeTakeFirstOrThrow();
    await admin.system.role.grant({ roleIds: [role.id], menuIds: [menu.id] });
    const password = await server.ctx.passwords.hashDigest(md5('Test@12345'));
    const user = { id: server.ctx.ids.next(), tenantId: '000000', account: 'sms_sender', password, name: 's', realName: 's' };
    await server.ctx.db
      .insertInto('blade_user')
      .values({ ...user, roleId: role.id, status: 1 })
      .execute();
    const sender = cliHome({ SSO_URL: server.baseUrl });
    try {
      expect((await sender.sso(['login', '--account', 'sms_sender', '--password-stdin'], { stdin: 'Test@12345\n' })).code).toBe(0);
      expect((await sender.sso(send('--phones', '13895000001'))).code).toBe(0);
      const result = await sender.sso(send('--phones', '13895000001,13895000002'));
      expect(result.code).toBe(1);
      expect(result.err).toContain(`13895000002: ${m.smsTooFrequent}; 未能读取短信日志`);
      expect(await logged('13895000002')).toEqual([]);
    } finally {
      sender.cleanup();
    }
  });

  it('needs a session (exit 4), and is in the help and the completion', async () => {
    const stranger = cliHome({ SSO_URL: server.baseUrl });
    try {
      const before = await logCount();
      expect((await stranger.sso(send('--phones', '13880000001'))).code).toBe(4);
      expect(await logCount()).toBe(before);
      expect((await stranger.sso(['--help'])).out).toContain('sso sms send --template');
      expect((await stranger.sso(['sms', 'send', '--help'])).out).toContain('--file phones.txt --dry-run');
      const bash = (await stranger.sso(['completion', 'bash'])).out;
      expect(bash).toMatch(/"sms"\) words="[^"]*\bsend\b/);
      expect(bash).toMatch(/"sms send"\) words="--template --phones --file --params --dry-run"/);
    } finally {
      stranger.cleanup();
    }
  });
});
