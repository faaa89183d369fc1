import { registry, resourceForMenu } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { pathScreens, screenOfMenu } from './index.js';

/** Menus of the seed (code, path) whose screens are the web's own, not the generic CRUD page. */
const OWN_SCREEN_MENUS: readonly [code: string, path: string][] = [
  ['log_usual', '/monitor/log/usual'],
  ['log_login', '/monitor/log/login'],
  ['notice', '/desk/notice'],
  ['oss', '/resource/oss'],
  ['reportlist', '/report/reportlist'],
  ['user', '/system/user'],
  ['dict', '/system/dict'],
  ['dictbiz', '/system/dictbiz'],
  ['role', '/authority/role'],
  ['tenant', '/system/tenant'],
  ['client', '/system/client'],
  ['menu', '/system/menu'],
  ['dept', '/system/dept'],
  ['region', '/base/region'],
  ['code', '/tool/code'],
  ['app', '/aps/app'],
  ['appanalysis', '/aps/appanalysis'],
  ['approle', '/aps/approle'],
  ['approlemenu', '/aps/approlemenu'],
  ['approlefunction', '/aps/approlefunction'],
  ['userauthorizedrole', '/aps/userauthorizedrole'],
  ['appincompatiblerule', '/abs/appincompatiblerule'],
  ['friendlylink', '/portal/friendlylink'],
  ['appstatistics', '/appmanage/appstatistics'],
  ['appparameter', '/ledger/appparameter'],
  ['appworkflowmatter', '/abs/appworkflowmatter'],
  ['flow_model', '/flow/model'],
  ['flow_manager', '/flow/manager'],
  ['flow_follow', '/flow/follow'],
  ['flow_deploy', '/flow/deploy'],
  ['work_start', '/work/start'],
  ['work_todo', '/work/todo'],
  ['work_done', '/work/done'],
];

describe('the screen a menu opens', () => {
  it('is the own screen of every menu that has one', () => {
    const missing = OWN_SCREEN_MENUS.filter(([code, rawPath]) => !screenOfMenu({ code, rawPath }));
    expect(missing).toEqual([]);
  });

  it("follows the menu's registry entry, not its path: a menu moved to another path keeps its screen", () => {
    const moved = screenOfMenu({ code: 'user', rawPath: '/somewhere/else' });
    expect(moved).toBeDefined();
    expect(moved).toBe(screenOfMenu({ code: 'user', rawPath: '/system/user' }));
    expect(screenOfMenu({ code: 'approlemenu', rawPath: '/x' })).toBeDefined();
  });

  it('is none for a plain resource, which opens the generic page of its definition', () => {
    expect(resourceForMenu('param')).toBe(registry.system.param);
    expect(screenOfMenu({ code: 'param', rawPath: '/system/param' })).toBeUndefined();
  });

  it('keeps by path only the fixed routes and the menus no single entry stands for', () => {
    expect(Object.keys(pathScreens)).toEqual(
      expect.arrayContaining(['/info/index', '/work/todo', '/work/claim', '/flow/deploy', '/work/approvals']),
    );
    expect(pathScreens['/system/user']).toBeUndefined();
  });
});
