import { describe, expect, it } from 'vitest';
import { englishMenuName, menuNameIn } from './menu-names.js';

describe('menu names by language', () => {
  const user = { name: '用户管理', nameEn: 'Users', i18n: 'user' };

  it('shows the name in Chinese and the English name in English', () => {
    expect(menuNameIn('zh-CN', user)).toBe('用户管理');
    expect(menuNameIn('en', user)).toBe('Users');
  });

  it('names a menu without an English name by the English route title of its i18n key', () => {
    expect(englishMenuName({ i18n: 'dashboard' })).toBe('Home');
    expect(menuNameIn('en', { name: '首页', nameEn: '', i18n: 'dashboard' })).toBe('Home');
  });

  it('falls back to the name for a menu added without an English name or a known key', () => {
    expect(menuNameIn('en', { name: '自建菜单', nameEn: ' ', i18n: 'custommenu' })).toBe('自建菜单');
    expect(menuNameIn('en', { name: '自建菜单' })).toBe('自建菜单');
  });
});
