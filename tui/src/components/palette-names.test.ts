import type { MenuNode } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { paletteNames } from './palette-names.js';

const menu = (code: string, name: string, nameEn: string, alias: string, path: string) =>
  ({ id: code, code, name, nameEn, alias, path }) as MenuNode;

describe('names a screen answers to in the palette', () => {
  it('holds the menu names, code, alias and path and the resource name and titles', () => {
    const names = paletteNames(menu('log_login', '登录日志', 'Login logs', 'login', '/monitor/log/login'));
    expect(names).toEqual(expect.arrayContaining(['登录日志', 'Login logs', 'log_login', 'login', '/monitor/log/login', 'Sign-in log']));
  });
  it('holds the menu names alone for a menu without a resource', () => {
    expect(paletteNames(menu('nothing', '无', '', '', ''))).toEqual(['无', 'nothing']);
  });
});
