import { definedMessages, isComposition, messageIn, messageOf } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import './app.js';

describe('server messages', () => {
  it('gives every message id, with every module of the server loaded, an English wording', () => {
    const defined = definedMessages();
    expect(defined.length).toBeGreaterThan(500);
    // An English wording has English words (it may quote a Chinese value: 'The sex must be 男, 女 or 未知').
    // A composition (`{message}: {detail}`) has no words of its own: its parts are translated.
    const untranslated = defined
      .filter(({ chinese, english }) => !isComposition(chinese) && (english === chinese || !/[A-Za-z]{2}/.test(english)))
      .map(({ id }) => id);
    expect(untranslated).toEqual([]);
    const noChinese = defined.filter(({ chinese }) => !chinese.trim()).map(({ id }) => id);
    expect(noChinese).toEqual([]);
  });

  it('names every message area.key and answers each by its id in both languages', () => {
    for (const { id, chinese, english } of definedMessages()) {
      expect(id).toMatch(/^[A-Za-z][\w-]*\.[\w-]+$/);
      if (chinese.includes('{')) continue;
      expect(messageIn(messageOf(id), 'zh')).toBe(chinese);
      expect(messageIn(messageOf(id), 'en')).toBe(english);
    }
  });
});
