import { testTool, testToolMessages } from '@sso/shared-api/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n/index.js';
import { fieldError, formErrors, isRequired } from './validation.js';

/**
 * A required reference left empty is answered with its reference's own "choose" message, the same
 * the server answers, so the form says what to do (pick the application) rather than that a key
 * is malformed; a malformed key keeps the key's message.
 */
describe("a required reference's form check", () => {
  afterEach(async () => {
    await i18n.changeLanguage('zh-CN');
  });

  it('marks the field required and asks to choose when it is empty', () => {
    expect(isRequired(testTool, 'appId')).toBe(true);
    expect(formErrors(testTool, { toolName: '扳手' })).toEqual({ appId: testToolMessages.appChoose });
    expect(formErrors(testTool, { toolName: '扳手', appId: '' })).toEqual({ appId: testToolMessages.appChoose });
    expect(fieldError(testTool, 'appId', '')).toBe(testToolMessages.appChoose);
    expect(fieldError(testTool, 'appId', null)).toBe(testToolMessages.appChoose);
  });

  it('keeps the key format message for a malformed key', () => {
    expect(fieldError(testTool, 'appId', 'abc')).toBe('编号格式错误');
    expect(fieldError(testTool, 'appId', '12')).toBeUndefined();
  });

  it('asks in English on an English screen', async () => {
    await i18n.changeLanguage('en');
    expect(formErrors(testTool, { toolName: 'Wrench' })).toEqual({ appId: "Please choose the tool's application" });
  });
});
