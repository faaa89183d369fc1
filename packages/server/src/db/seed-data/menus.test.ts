import { describe, expect, it } from 'vitest';
import { bizDicts, systemDicts } from './dicts.js';
import { adminMenus } from './menus.js';
import { params } from './params.js';
import type { DictSeed, MenuSeed } from './types.js';

interface Visit {
  node: MenuSeed;
  parent: MenuSeed | null;
}

function walk(nodes: readonly MenuSeed[], parent: MenuSeed | null = null, out: Visit[] = []): Visit[] {
  for (const node of nodes) {
    out.push({ node, parent });
    walk(node.children ?? [], node, out);
  }
  return out;
}

const all = walk(adminMenus);
const menus = all.filter((v) => v.node.category === 1);
const buttonsOf = (m: MenuSeed) => (m.children ?? []).filter((c) => c.category === 2);
/** Screens: category-1 menus that carry buttons. */
const screens = menus.filter((v) => buttonsOf(v.node).length > 0).map((v) => v.node);

/** The paths the Saber front end's views live at: each must be a menu exactly once. */
const SABER_PATHS = [
  ...['user', 'dept', 'post', 'dict', 'dictbiz', 'menu', 'topmenu', 'param', 'tenant', 'tenantpackage', 'client'].map(
    (s) => `/system/${s}`,
  ),
  ...['role', 'datascope', 'apiscope'].map((s) => `/authority/${s}`),
  '/base/region',
  ...['usual', 'api', 'error'].map((s) => `/monitor/log/${s}`),
  ...['oss', 'sms', 'attach'].map((s) => `/resource/${s}`),
  '/desk/notice',
  ...['code', 'datasource'].map((s) => `/tool/${s}`),
  '/report/reportlist',
  ...['start', 'claim', 'todo', 'send', 'done'].map((s) => `/work/${s}`),
  ...['model', 'deploy', 'manager', 'follow'].map((s) => `/flow/${s}`),
];

/** Every resource of the platform's services (blade-aps, ledger, appmanage, abs, wx …), by its screen code. */
const RESOURCE_SCREENS = [
  // blade-aps
  'app',
  'appmenu',
  'approle',
  'approlefunction',
  'approlemenu',
  'appuser',
  'appfavorites',
  'apploginlog',
  'appanalysis',
  'appmenufunction',
  'userauthorizedrole',
  'userauthorizedlog',
  'userauthorizedfunction',
  'userauthorizedmenu',
  // blade-ledger
  'appparameter',
  'appparametercomments',
  'appparameterlike',
  'appparameterlog',
  'appnetwork',
  // blade-appmanage
  'appmanage',
  'appmembermanage',
  'appversionmanage',
  'appdownloadrecord',
  'appstartlog',
  'mini',
  'compliance',
  'appstatistics',
  'wxapp',
  'wxmenu',
  'wxuser',
  'wxmessagesend',
  // blade-abs
  'appworkflow',
  'appworkflownode',
  'appworkflowmatter',
  'appworkflowmatterlog',
  'appincompatiblerule',
  'appincompatiblelog',
  // blade-portal, blade-demo, blade-desk
  'friendlylink',
  'blog',
  'notice',
  // blade-system
  'user',
  'dept',
  'post',
  'dict',
  'dictbiz',
  'menu',
  'topmenu',
  'param',
  'tenant',
  'tenantpackage',
  'client',
  'role',
  'datascope',
  'apiscope',
  'region',
  // blade-log, blade-resource, blade-develop, blade-report, blade-flow
  'log_usual',
  'log_api',
  'log_error',
  'log_login',
  'oss',
  'sms',
  'attach',
  'code',
  'datasource',
  'reportlist',
  'work_start',
  'work_claim',
  'work_todo',
  'work_send',
  'work_done',
  'flow_model',
  'flow_deploy',
  'flow_manager',
  'flow_follow',
];

const LOG_SCREENS = ['log_usual', 'log_api', 'log_error', 'log_login'];
/** Screens without the full add/edit/delete/view set (read-only or list-and-remove). */
const PARTIAL_SCREENS = new Set([
  ...LOG_SCREENS,
  'userauthorizedlog',
  'apploginlog',
  'appparameterlog',
  'appworkflowmatterlog',
  'appincompatiblelog',
  'appstartlog',
  'appdownloadrecord',
  'mini',
  'compliance',
  'appstatistics',
  'reportlist',
  'work_start',
  'work_claim',
  'work_todo',
  'work_send',
  'work_done',
  'flow_deploy',
  // Saber's model screen names its add and edit buttons create and update.
  'flow_model',
  'flow_manager',
  'flow_follow',
  // The directory sync's run log: read only.
  'syncrun',
]);

const EXTRAS: Record<string, string[]> = {
  user: ['user_reset', 'user_role', 'user_unlock', 'user_import', 'user_export', 'user_platform', 'user_audit'],
  role: ['role_grant'],
  dict: ['dict_child'],
  dictbiz: ['dictbiz_child'],
  menu: ['menu_child'],
  tenant: ['tenant_setting', 'tenant_datasource', 'tenant_package'],
  sms: ['sms_enable', 'sms_send'],
  oss: ['oss_enable'],
  appversionmanage: ['appversionmanage_release'],
  appparameter: ['appparameter_shelf', 'appparameter_check'],
  code: ['code_gen', 'code_copy'],
  datasource: ['datasource_test'],
  wxmenu: ['wxmenu_child', 'wxmenu_sync'],
  wxuser: ['wxuser_sync'],
  wxmessagesend: ['wxmessagesend_send'],
  flow_model: ['flow_model_create', 'flow_model_update', 'flow_model_delete', 'flow_model_deploy', 'flow_model_download'],
  flow_manager: ['flow_manager_state', 'flow_manager_image', 'flow_manager_remove'],
  flow_follow: ['flow_follow_delete'],
  flow_deploy: ['flow_deploy_upload'],
};

describe('admin menu tree', () => {
  it('has unique codes', () => {
    const codes = all.map((v) => v.node.code);
    const dupes = codes.filter((c, i) => codes.indexOf(c) !== i);
    expect(dupes).toEqual([]);
  });

  it('has category-1 menus at the top and buttons only under menus, without menu children', () => {
    for (const top of adminMenus) expect(top.category, top.code).toBe(1);
    for (const { node, parent } of all.filter((v) => v.node.category === 2)) {
      expect(parent?.category, node.code).toBe(1);
      expect(
        (node.children ?? []).filter((c) => c.category === 1),
        node.code,
      ).toEqual([]);
    }
  });

  it('gives every menu a name, alias, icon and a path under its parent', () => {
    for (const { node, parent } of menus) {
      expect(node.name, node.code).toMatch(/\S/);
      expect(node.alias, node.code).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(node.source, node.code).toMatch(/\S/);
      expect(node.path, node.code).toMatch(/^\/[a-z]/);
      if (parent) expect(node.path!.startsWith(`${parent.path}/`), node.code).toBe(true);
    }
  });

  it('gives every menu and button an English name with no Chinese in it', () => {
    const missing = all.filter(({ node }) => !node.nameEn || /[\u4e00-\u9fff]/.test(node.nameEn)).map(({ node }) => node.code);
    expect(missing).toEqual([]);
  });

  it('keeps sibling sort numbers distinct', () => {
    for (const siblings of [adminMenus, ...all.map((v) => v.node.children ?? [])]) {
      const sorts = siblings.map((s) => s.sort);
      expect(new Set(sorts).size).toBe(sorts.length);
    }
  });

  it('has every Saber view path exactly once', () => {
    for (const path of SABER_PATHS) {
      expect(all.filter((v) => v.node.path === path).length, path).toBe(1);
    }
  });

  it('has a screen for every resource, with the last path segment in its code', () => {
    const byCode = new Map(screens.map((s) => [s.code, s]));
    for (const code of RESOURCE_SCREENS) {
      const s = byCode.get(code);
      expect(s, code).toBeDefined();
      const last = s!.path!.split('/').pop()!;
      expect(code === last || code.endsWith(`_${last}`), code).toBe(true);
    }
  });

  it('has no empty category-1 leaves', () => {
    for (const { node } of menus) expect((node.children ?? []).length, node.code).toBeGreaterThan(0);
  });

  it('gives every screen its standard buttons', () => {
    for (const s of screens) {
      const codes = buttonsOf(s).map((b) => b.code);
      expect(codes, s.code).toContain(`${s.code}_view`);
      if (!PARTIAL_SCREENS.has(s.code)) {
        for (const b of ['add', 'edit', 'delete']) expect(codes, s.code).toContain(`${s.code}_${b}`);
      }
      for (const b of codes) expect(b.startsWith(`${s.code}_`), b).toBe(true);
    }
    for (const code of LOG_SCREENS) {
      const log = screens.find((s) => s.code === code)!;
      expect(buttonsOf(log).map((b) => b.code)).toEqual([`${code}_view`]);
    }
  });

  it('has the buttons of every extra action', () => {
    for (const [screen, extras] of Object.entries(EXTRAS)) {
      const s = screens.find((x) => x.code === screen);
      expect(s, screen).toBeDefined();
      expect(
        buttonsOf(s!).map((b) => b.code),
        screen,
      ).toEqual(expect.arrayContaining(extras));
    }
  });

  it('names buttons in Chinese with a toolbar or row action', () => {
    for (const { node } of all.filter((v) => v.node.category === 2)) {
      expect(node.name, node.code).toMatch(/[\u4e00-\u9fff]/);
      expect([1, 2], node.code).toContain(node.action);
    }
  });
});

function checkDicts(dicts: readonly DictSeed[]) {
  const codes = dicts.map((d) => d.code);
  expect(new Set(codes).size, 'duplicate dictionary code').toBe(codes.length);
  for (const d of dicts) {
    expect(d.entries.length, d.code).toBeGreaterThan(0);
    const keys = d.entries.map(([k]) => k);
    expect(new Set(keys).size, d.code).toBe(keys.length);
    expect(keys, d.code).not.toContain('-1');
    for (const [k, v, en] of d.entries) {
      expect(k, d.code).toMatch(/\S/);
      expect(v, d.code).toMatch(/\S/);
      // English screens show the English label: a Chinese label without one would stay Chinese.
      if (/[\u4e00-\u9fff]/.test(v)) expect(en, `${d.code} ${k}`).toMatch(/^[^\u4e00-\u9fff]+$/);
    }
    expect(d.nameEn, d.code).toMatch(/^[^\u4e00-\u9fff]+$/);
  }
}

describe('dictionaries', () => {
  it('have unique codes and unique keys per code', () => {
    checkDicts(systemDicts);
    checkDicts(bizDicts);
  });

  it('include the required system codes', () => {
    const codes = systemDicts.map((d) => d.code);
    for (const code of [
      'yes_no',
      'sex',
      'notice',
      'post_category',
      'data_scope_type',
      'menu_category',
      'button_func',
      'region',
      'user_type',
      'flow',
      'org_category',
      'api_scope_type',
      'oss',
      'sms',
      'account_status',
      'app_type',
      'app_category',
    ]) {
      expect(codes, code).toContain(code);
    }
    expect(codes).not.toContain('DICT');
    expect(bizDicts.map((d) => d.code)).toEqual(expect.arrayContaining(['network_type', 'app_level']));
  });

  it('seal the fixed ones and keep yes_no and menu_category as the contract reads them', () => {
    for (const code of ['yes_no', 'sex', 'menu_category', 'data_scope_type']) {
      expect(systemDicts.find((d) => d.code === code)?.sealed, code).toBe(true);
    }
    expect(systemDicts.find((d) => d.code === 'yes_no')?.entries).toEqual([
      ['0', '否', 'No'],
      ['1', '是', 'Yes'],
    ]);
    expect(systemDicts.find((d) => d.code === 'menu_category')?.entries).toEqual([
      ['1', '菜单', 'Menu'],
      ['2', '按钮', 'Button'],
    ]);
  });

  it('give every flow entry the route Saber opens its forms at (/work/process/<remark>/form/…)', () => {
    for (const [key, , , remark] of systemDicts.find((d) => d.code === 'flow')!.entries) {
      expect(remark, key).toMatch(/^\w+$/);
    }
  });
});

describe('parameters', () => {
  it('have unique keys and non-empty values', () => {
    const keys = params.map((p) => p.paramKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const p of params) {
      expect(p.paramName, p.paramKey).toMatch(/\S/);
      expect(p.paramValue, p.paramKey).toMatch(/\S/);
    }
  });

  it('set the lockout threshold and an initial password that passes the password rule', () => {
    const value = (key: string) => params.find((p) => p.paramKey === key)?.paramValue;
    expect(value('account.failCount')).toBe('5');
    expect(value('account.lockMinutes')).toBe('30');
    expect(value('account.initPassword')).toMatch(/^(?=.*[A-Za-z])(?=.*\d)(?=.*[^A-Za-z\d]).{8,30}$/);
    for (const key of [
      'tenant.default.accountNumber',
      'tenant.default.expireTime',
      'tenant.default.menuCode',
      'user.registerEnabled',
      'captcha.enabled',
    ]) {
      expect(value(key), key).toBeDefined();
    }
    expect(adminMenus.some((m) => m.code === value('tenant.default.menuCode'))).toBe(true);
  });
});
