import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, badRequest, fail, messageOfEnvelope, ok } from './envelope.js';
import {
  badTypeOf,
  definedMessages,
  defineMessagePatterns,
  defineMessages,
  isComposition,
  issueIn,
  messageIn,
  messageOf,
  messageOfIssue,
  registry,
  say,
  storedTextIn,
  tooLong,
  zh,
} from './index.js';

// Two areas word one Chinese text differently in English: by id, each keeps its own.
const first = defineMessages('messagesTestFirst', { name: ['请输入名称', 'Please enter the name'] });
const second = defineMessages('messagesTestSecond', { name: ['请输入名称', 'Please enter the title'] });

describe('messages by id', () => {
  it('gives each message the id area.key and answers its Chinese text by key', () => {
    expect(first.name).toBe('请输入名称');
    expect(first.say.name.id).toBe('messagesTestFirst.name');
    expect(first.say.name.text).toBe('请输入名称');
    expect(Object.keys(first)).toEqual(['name']);
    expect(say('badType').id).toBe('common.badType');
  });

  it('translates by id, so one Chinese text may have two English wordings', () => {
    expect(messageIn(first.say.name, 'en')).toBe('Please enter the name');
    expect(messageIn(second.say.name, 'en')).toBe('Please enter the title');
    expect(messageIn(second.say.name, 'zh')).toBe('请输入名称');
  });

  it('refuses an id defined twice', () => {
    expect(() => defineMessages('messagesTestFirst', { name: ['x', 'y'] })).toThrow('messagesTestFirst.name is defined twice');
    expect(() => messageOf('nowhere.nothing')).toThrow('not defined');
  });

  it('fills parametrised messages in either language, translating a parameter that is a message', () => {
    const patterns = defineMessagePatterns('messagesTestRows', { row: ['第{row}行: {problem}', 'Row {row}: {problem}'] });
    const said = patterns.row({ row: 3, problem: first.say.name });
    expect(said.id).toBe('messagesTestRows.row');
    expect(said.text).toBe('第3行: 请输入名称');
    expect(messageIn(said, 'en')).toBe('Row 3: Please enter the name');
    expect(messageIn(tooLong(45), 'en')).toBe('Must be at most 45 characters');
    expect(tooLong(45).text).toBe('长度不能超过45个字符');
    expect(messageIn(badTypeOf('age'), 'en')).toBe('Wrong parameter type: age');
  });

  it('gives every catalogue id an English wording', () => {
    const defined = definedMessages();
    expect(defined.length).toBeGreaterThan(300);
    // An English wording has English words (it may quote a Chinese value: 'The sex must be 男, 女 or 未知').
    // A composition (`{message}: {detail}`) has no words of its own: its parts are translated.
    const worded = defined.filter(({ chinese }) => !isComposition(chinese));
    expect(worded.filter(({ chinese, english }) => english === chinese || !/[A-Za-z]{2}/.test(english)).map(({ id }) => id)).toEqual([]);
    expect(defined.filter(({ chinese }) => isComposition(chinese)).map(({ id }) => id)).toEqual(['common.withDetail', 'common.asItCame']);
  });
});

describe('validation issues carry the id', () => {
  const schema = z.object({ name: z.string(second.say.name).trim().min(1, second.say.name).max(5, tooLong(5)) });

  it('keeps the Chinese as the message and the id beside it', () => {
    const empty = schema.safeParse({ name: ' ' });
    const issue = empty.error?.issues[0];
    expect(issue?.message).toBe('请输入名称');
    expect(issue && messageOfIssue(issue)?.id).toBe('messagesTestSecond.name');
    expect(issue && issueIn(issue, 'en')).toBe('Please enter the title');
    expect(issue && issueIn(issue, 'zh')).toBe('请输入名称');
    const missing = schema.safeParse({}).error?.issues[0];
    expect(missing && issueIn(missing, 'en')).toBe('Please enter the title');
    const long = schema.safeParse({ name: '123456' }).error?.issues[0];
    expect(long?.message).toBe('长度不能超过5个字符');
    expect(long && issueIn(long, 'en')).toBe('Must be at most 5 characters');
  });

  it('carries the id through the registry schemas a resource declares', () => {
    const parsed = registry.system.param.entity.safeParse({ paramName: '', paramKey: 'k', paramValue: 'v' });
    const issue = parsed.error?.issues.find((i) => i.path[0] === 'paramName');
    expect(issue?.message).toBe(zh('paramName'));
    expect(issue && issueIn(issue, 'en')).toBe('Please enter the parameter name');
  });
});

describe('errors and envelopes carry the id', () => {
  it('keeps the Chinese as the error message and the id beside it', () => {
    const error = badRequest(first.say.name);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('请输入名称');
    expect(error.said?.id).toBe('messagesTestFirst.name');
    // A text without an id does not compile: every error the server raises is translated by its id.
    // @ts-expect-error a plain string is not a Message
    expect(() => badRequest('自由文本')).not.toThrow();
    expect(new ApiError(400, '自由文本').said).toBeUndefined();
  });

  it('puts the Chinese on the wire and keeps the message off it', () => {
    const envelope = fail(400, second.say.name);
    expect(JSON.parse(JSON.stringify(envelope))).toEqual({ code: 400, success: false, data: null, msg: '请输入名称' });
    expect(messageOfEnvelope(envelope)?.id).toBe('messagesTestSecond.name');
    expect(messageOfEnvelope(ok(1))?.id).toBe('common.ok');
    expect(ok(1).msg).toBe('操作成功');
    expect(messageOfEnvelope(fail(400, '自由文本'))).toBeUndefined();
  });
});

describe('texts without an id', () => {
  it('translates a stored text by its wording and leaves unknown ones as they are', () => {
    expect(storedTextIn(zh('badCredentials'), 'en')).toBe('Wrong account or password');
    expect(storedTextIn(zh('badCredentials'), 'zh')).toBe('用户名或密码错误');
    expect(storedTextIn('未翻译', 'en')).toBe('未翻译');
  });
});
