import { describe, expect, it } from 'vitest';
import { displayWidth, fit, oneLine, truncate, wrapToWidth } from './width.js';

describe('terminal widths', () => {
  it('counts Chinese characters as two columns', () => {
    expect(displayWidth('用户管理')).toBe(8);
    expect(displayWidth('admin管理员')).toBe(11);
  });
  it('cuts with an ellipsis without splitting a wide character', () => {
    expect(truncate('用户管理', 5)).toBe('用户…');
    expect(displayWidth(truncate('用户管理', 6))).toBeLessThanOrEqual(6);
    expect(truncate('abc', 3)).toBe('abc');
    expect(fit('管理', 6)).toBe('管理  ');
    expect(displayWidth(fit('超级管理员账号', 7))).toBe(7);
  });
  it('keeps a cell on one line', () => {
    expect(oneLine('a\nb\tc')).toBe('a b c');
    expect(oneLine(null)).toBe('');
  });
  it('wraps a long line on pieces that fit, a wide character never split', () => {
    expect(wrapToWidth('abcdefg', 3)).toEqual(['abc', 'def', 'g']);
    expect(wrapToWidth('用户管理', 5)).toEqual(['用户', '管理']);
    expect(wrapToWidth('', 5)).toEqual(['']);
  });
});
