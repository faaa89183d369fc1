import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.js';
import { dingtalkVerdict } from './dingtalk-reader.js';
import { feishuDecrypt, feishuEncrypt } from './feishu-crypto.js';
import { feishuVerdict } from './feishu-reader.js';
import { hintOf } from './org-api.js';
import { wecomVerdict } from './wecom-reader.js';

/** The pieces of the organisation readers that need no server: CSV, the vendors' verdicts, Feishu's cipher. */
describe('HR file CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi""\nthere"\r\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\nthere'],
    ]);
    expect(parseCsv('a,b\nc,')).toEqual([
      ['a', 'b'],
      ['c', ''],
    ]);
  });

  it('refuses a quote left open or text after a closing quote', () => {
    expect(parseCsv('a,"b\n')).toBeUndefined();
    expect(parseCsv('"a"b,c\n')).toBeUndefined();
  });
});

describe('the vendors’ answers', () => {
  const none = new Headers();
  it('tells a refusal for the rate from another refusal and from data', () => {
    expect(wecomVerdict({ errcode: 45009, errmsg: 'api freq out of limit' }, 200)).toMatchObject({ ok: false, rateLimited: true });
    expect(wecomVerdict({ errcode: 45033 }, 200)).toMatchObject({ rateLimited: true });
    expect(wecomVerdict({ errcode: 60011, errmsg: 'no privilege' }, 200)).toMatchObject({ ok: false, rateLimited: false, code: '60011' });
    expect(wecomVerdict({ errcode: 0, department: [] }, 200)).toEqual({ ok: true });
    expect(dingtalkVerdict({ errcode: 88, sub_code: '90018' }, 200, none)).toMatchObject({ rateLimited: true, code: '88/90018' });
    expect(dingtalkVerdict({}, 429, new Headers({ 'retry-after': '2' }))).toMatchObject({ rateLimited: true, waitMs: 2000 });
    expect(dingtalkVerdict({ errcode: 60003, errmsg: '部门不存在' }, 200, none)).toMatchObject({ rateLimited: false });
    expect(feishuVerdict({ code: 99991400 }, 200, new Headers({ 'x-ogw-ratelimit-reset': '3' }))).toMatchObject({
      rateLimited: true,
      waitMs: 3000,
    });
    expect(feishuVerdict({ code: 99991663, msg: 'Invalid access token' }, 400, none)).toMatchObject({ rateLimited: false });
    expect(hintOf(new Headers({ 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' }))).toBeUndefined();
  });
});

describe('Feishu event cipher', () => {
  it('opens what it sealed with the same key only', () => {
    const sealed = feishuEncrypt('key-1', '{"a":1}');
    expect(feishuDecrypt('key-1', sealed)).toBe('{"a":1}');
    expect(feishuDecrypt('key-2', sealed)).not.toBe('{"a":1}');
    expect(feishuDecrypt('key-1', 'c2hvcnQ=')).toBeUndefined();
  });
});
