import { describe, expect, it } from 'vitest';
import { addTag, closeAll, closeOthers, closeTag, firstPageTag, isClosable, type Tag, tagOf } from '../session/tags.js';

const tag = (value: string): Tag => ({ label: value, value });
const home = firstPageTag();

describe('tabs rules', () => {
  it('adds a tab on a visit unless it is there already', () => {
    const tags = addTag([home], tag('/a'));
    expect(addTag(tags, tag('/a'))).toHaveLength(2);
    expect(tags.map((t) => t.value)).toEqual(['/wel/index', '/a']);
  });

  it('selects the previous tab (or the first) when the active one closes', () => {
    const tags = [home, tag('/a'), tag('/b')];
    expect(closeTag(tags, '/b', '/b')).toEqual({ tags: [home, tag('/a')], next: '/a' });
    expect(closeTag(tags, '/a', '/b').next).toBe('/b');
    expect(closeTag([tag('/a'), tag('/b')], '/a', '/a').next).toBe('/b');
  });

  it('never closes the only tab, and the first page only when the setting is on', () => {
    expect(isClosable([tag('/a')], tag('/a'))).toBe(false);
    expect(isClosable([home, tag('/a')], home)).toBe(false);
    expect(isClosable([home, tag('/a')], home, true)).toBe(true);
    expect(isClosable([home, tag('/a')], tag('/a'))).toBe(true);
  });

  it('closes others (keeping the first page) and all', () => {
    const tags = [home, tag('/a'), tag('/b')];
    expect(closeOthers(tags, '/b').map((t) => t.value)).toEqual(['/wel/index', '/b']);
    expect(closeAll(tags).map((t) => t.value)).toEqual(['/wel/index']);
  });
});

describe('the tab of a visited page', () => {
  const translate = (key: string) => `t:${key}`;
  it('labels a fixed route by its i18n key and a menu screen by its name, keeping the query', () => {
    expect(tagOf('/info/index', '', { title: 'info' }, translate)).toEqual({
      label: 't:route.info',
      value: '/info/index',
      query: {},
      meta: { i18n: 'info' },
    });
    expect(tagOf('/system/param/index', '?a=1', { title: '参数管理', literalTitle: true }, translate)).toEqual({
      label: '参数管理',
      value: '/system/param/index',
      query: { a: '1' },
      meta: {},
    });
  });

  it('keeps the English name of a menu screen beside its name, so the tab follows the language', () => {
    expect(tagOf('/system/param/index', '', { title: '参数管理', titleEn: 'Parameters', literalTitle: true }, translate)).toEqual({
      label: '参数管理',
      labelEn: 'Parameters',
      value: '/system/param/index',
      query: {},
      meta: {},
    });
  });
});
