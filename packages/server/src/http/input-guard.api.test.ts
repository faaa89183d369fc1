import { connect } from 'node:net';
import { md5 } from '@sso/shared-api';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { rowCount, useTestServer } from '../api-suite.testkit.js';

/** Control characters and broken encodings are refused at the edge with 400, and nothing is written. */
const suite = useTestServer();
const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

async function send(
  path: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; token?: boolean } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers['blade-auth'] = `bearer ${suite.admin.session?.token.access_token}`;
  const response = await request(`${suite.server.baseUrl}${path}`, { method: init.method ?? 'GET', headers, body: init.body });
  return { status: response.statusCode, body: (await response.body.json()) as Record<string, unknown> };
}

/** A request line written by hand: clients refuse to send some of these URLs themselves. */
function rawGet(path: string, headerLines = ''): Promise<{ status: number; body: Record<string, unknown> }> {
  const { port } = new URL(suite.server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.end(`GET ${path} HTTP/1.1\r\nHost: x\r\n${headerLines}Connection: close\r\n\r\n`),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', body = ''] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body) });
    });
  });
}

const refused = (field: string) => ({ status: 400, body: { code: 400, success: false, msg: `参数 ${field} 含有不允许的控制字符` } });
const badEncoding = { status: 400, body: { code: 400, success: false, msg: '请求地址的编码无效' } };

describe('the query string', () => {
  it('refuses NUL in a public lookup before the handler runs, naming the field, and logs no error', async () => {
    const errors = await rowCount(suite.server, 'blade_log_error');
    expect(await send('/api/blade-system/tenant/info?domain=x%00')).toMatchObject(refused('domain'));
    await suite.server.ctx.logs.flush();
    expect(await rowCount(suite.server, 'blade_log_error')).toBe(errors);
  });

  it('refuses every C0 control and DEL, tab and line breaks included, in list filters', async () => {
    for (const code of ['%01', '%09', '%0A', '%0d', '%1F', '%7F']) {
      expect(await send(`/api/blade-system/param/list?paramName=a${code}b`, { token: true })).toMatchObject(refused('paramName'));
    }
    expect(await send('/api/blade-system/param/list?paramName=%E5%AF%86%E7%A0%81%20x', { token: true })).toMatchObject({ status: 200 });
  });

  it('refuses control characters in parameter names too, written as escapes', async () => {
    expect(await send('/api/blade-system/param/list?a%00b=1', { token: true })).toMatchObject(refused('a\\u0000b'));
  });

  it('answers the token endpoint in OAuth2 form, in English when asked', async () => {
    const password = md5('admin');
    const path = `/api/blade-auth/oauth/token?grant_type=password&tenantId=000000&username=ad%00min&password=${password}`;
    expect(await send(path, { method: 'POST', headers: { authorization: basic } })).toEqual({
      status: 400,
      body: { error_code: 400, error_description: '参数 username 含有不允许的控制字符' },
    });
    expect(await send(path, { method: 'POST', headers: { authorization: basic, 'accept-language': 'en' } })).toEqual({
      status: 400,
      body: { error_code: 400, error_description: 'The parameter username contains a control character that is not allowed' },
    });
  });

  it('refuses broken percent escapes, invalid UTF-8 and encoded surrogates', async () => {
    for (const query of ['domain=%E0%A4%A', 'domain=%FF', 'domain=%ED%A0%80', 'domain=%', 'domain=%zz']) {
      expect(await send(`/api/blade-system/tenant/info?${query}`)).toMatchObject(badEncoding);
    }
    expect(await send('/api/blade-system/tenant/info?domain=%E9%92%A2')).toMatchObject({ status: 200 });
  });
});

describe('the path', () => {
  it('answers a path that does not decode with 400 in the envelope', async () => {
    expect(await rawGet('/api/blade-system/%FF/list')).toMatchObject(badEncoding);
    expect(await rawGet('/api/blade-system/param/%E0%A4%A')).toMatchObject(badEncoding);
  });

  it('refuses an encoded control character in the path', async () => {
    expect((await rawGet('/api/blade-system/param/list%00')).status).toBe(400);
  });
});

describe('what the HTTP parser refuses', () => {
  const malformed = { status: 400, body: { code: 400, success: false, msg: '请求格式错误（地址或请求头含有非法字符）' } };

  it('answers raw control characters in the address or a header in the envelope', async () => {
    expect(await rawGet('/api/blade-system/tenant/info?domain=a\u0001b')).toMatchObject(malformed);
    expect(await rawGet('/api/blade-system/tenant/info', 'Tenant-Id: 00\u00010000\r\n')).toMatchObject(malformed);
  });

  it('answers an address past the parser limit with 431 in the envelope', async () => {
    expect(await rawGet(`/api/blade-system/tenant/info?domain=${'x'.repeat(20_000)}`)).toMatchObject({
      status: 431,
      body: { code: 431, success: false, msg: '请求地址或请求头过长' },
    });
  });
});

describe('headers', () => {
  it('refuses a tab in a header the application reads', async () => {
    const answer = await send('/api/blade-system/param/list', { token: true, headers: { 'tenant-id': '000\t000' } });
    expect(answer).toMatchObject(refused('tenant-id'));
  });
});

describe('bodies', () => {
  const submitJson = (json: string) =>
    send('/api/blade-system/param/submit', { method: 'POST', token: true, headers: { 'content-type': 'application/json' }, body: json });
  const submit = (body: unknown) => submitJson(JSON.stringify(body));

  it('refuses NUL and other controls in JSON fields and writes nothing', async () => {
    const before = await rowCount(suite.server, 'blade_param');
    expect(await submit({ paramName: 'n', paramKey: 'guard.nul', paramValue: 'v\u0000' })).toMatchObject(refused('paramValue'));
    expect(await submit({ paramName: 'n', paramKey: 'guard.bell', paramValue: 'v', remark: 'a\u0007' })).toMatchObject(refused('remark'));
    expect(await submit({ paramName: 'n', paramKey: 'guard.esc', paramValue: 'v', extra: { list: ['ok', 'x\u001b'] } })).toMatchObject(
      refused('extra.list[1]'),
    );
    expect(await rowCount(suite.server, 'blade_param')).toBe(before);
  });

  it('keeps tab and line breaks in multi-line body fields', async () => {
    const remark = 'line one\r\nline two\n\tindented';
    expect(await submit({ paramName: 'n', paramKey: 'guard.multiline', paramValue: 'v', remark })).toMatchObject({ status: 200 });
    const row = await suite.server.ctx.db
      .selectFrom('blade_param')
      .select('remark')
      .where('paramKey', '=', 'guard.multiline')
      .executeTakeFirst();
    expect(row?.remark).toBe(remark);
  });

  it('refuses bodies nested deeper than any form of this API', async () => {
    const deep = `${'['.repeat(100_000)}"x"${']'.repeat(100_000)}`;
    expect(await submitJson(`{"paramName":"n","paramKey":"guard.deep","paramValue":"v","deep":${deep}}`)).toMatchObject({
      status: 400,
      body: { code: 400, msg: '请求内容嵌套层数过多' },
    });
  });

  it('refuses controls in form-encoded token requests', async () => {
    const answer = await send('/api/blade-auth/oauth/token', {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=password&tenantId=000000&username=ad%01min&password=${md5('admin')}`,
    });
    expect(answer).toEqual({ status: 400, body: { error_code: 400, error_description: '参数 username 含有不允许的控制字符' } });
  });

  it('refuses a control character in an uploaded file name', async () => {
    const boundary = 'guardboundary';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="users\u0001.xlsx"',
      'Content-Type: application/octet-stream',
      '',
      'not really a sheet',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const answer = await send('/api/blade-user/import-user', {
      method: 'POST',
      token: true,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(answer).toMatchObject(refused('file.filename'));
  });
});
