import { beforeAll, describe, expect, it } from 'vitest';
import { initials, loadPinyin, matchScore, rankMatches } from './fuzzy.js';

beforeAll(loadPinyin);

/** Screens as the menus list them: the application group (user grants) comes before the system group. */
const screens = [
  { label: '用户授权角色', names: ['用户授权角色', 'User role grants', 'userauthorizedrole', '/aps/userauthorizedrole'] },
  { label: '应用用户', names: ['应用用户', 'Application users', 'appuser', '/aps/appuser'] },
  { label: '微信用户', names: ['微信用户', 'WeChat users', 'wxuser', '/wx/wxuser'] },
  { label: '用户管理', names: ['用户管理', 'Users', 'user', '/system/user'] },
  { label: '登录日志', names: ['登录日志', 'Login logs', 'log_login', 'login'] },
];
const rank = (query: string) => rankMatches(query, screens, (screen) => screen.names).map((screen) => screen.label);

describe('palette matching', () => {
  it('reads pinyin initials', () => {
    expect(initials('用户管理')).toBe('yhgl');
    expect(initials('登录日志')).toBe('dlrz');
  });

  it('scores an exact name before a name it starts, before a name containing it, before letters in order', () => {
    const exact = matchScore('user', ['user']);
    const prefix = matchScore('user', ['userauthorizedrole']);
    const inside = matchScore('user', ['appuser']);
    const inOrder = matchScore('usr', ['users']);
    expect([exact, prefix, inside, inOrder].every((score) => score !== undefined)).toBe(true);
    expect(exact).toBeLessThan(prefix as number);
    expect(prefix).toBeLessThan(inside as number);
    expect(inside).toBeLessThan(inOrder as number);
    expect(matchScore('zzz', ['用户管理', 'Users'])).toBeUndefined();
  });

  it('scores a name typed out before the same letters as pinyin initials, step by step', () => {
    expect(matchScore('yhgl', ['用户管理'])).toBeLessThan(matchScore('user', ['userauthorizedrole']) as number);
    expect(matchScore('user', ['user'])).toBeLessThan(matchScore('yhgl', ['用户管理']) as number);
    expect(matchScore('yh', ['用户管理'])).toBeLessThan(matchScore('gl', ['用户管理']) as number);
  });

  it('opens the users screen first for `user`, though user grants come first in the menus', () => {
    expect(rank('user')).toEqual(['用户管理', '用户授权角色', '应用用户', '微信用户']);
    expect(rank('USER ')[0]).toBe('用户管理');
  });

  it('ranks an exact English name or alias first as well, and keeps the menu order among equals', () => {
    expect(rank('users')[0]).toBe('用户管理');
    expect(rank('login')[0]).toBe('登录日志');
    expect(rank('用户')).toEqual(['用户授权角色', '用户管理', '应用用户', '微信用户']);
    expect(rank('yhgl')).toEqual(['用户管理']);
  });
});
