import { beforeAll, describe, expect, it } from 'vitest';
import { initials, loadPinyin, matchScore } from './fuzzy.js';

beforeAll(loadPinyin);

describe('palette matching', () => {
  it('reads pinyin initials', () => {
    expect(initials('用户管理')).toBe('yhgl');
    expect(initials('登录日志')).toBe('dlrz');
  });
  it('matches names, pinyin initials and letters in order, best first', () => {
    expect(matchScore('用户', ['用户管理', 'Users'])).toBe(0);
    expect(matchScore('yh', ['用户管理', 'Users'])).toBe(2);
    expect(matchScore('usr', ['用户管理', 'Users'])).toBe(4);
    expect(matchScore('zzz', ['用户管理', 'Users'])).toBeUndefined();
  });
});
