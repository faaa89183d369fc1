import { addScreenStrings } from '../../i18n/index.js';

/** Strings of the role screen and its grant dialog (t('roleScreen.…')), added when its chunk loads. */
addScreenStrings('roleScreen', {
  'zh-CN': {
    grant: '权限设置',
    grantTitle: '角色权限配置',
    menu: '菜单权限',
    dataScope: '数据权限',
    apiScope: '接口权限',
    selectOnlyOne: '只能选择一条数据',
    granted: '权限设置成功',
  },
  en: {
    grant: 'Permissions',
    grantTitle: 'Role permissions',
    menu: 'Menus',
    dataScope: 'Data scopes',
    apiScope: 'API scopes',
    selectOnlyOne: 'Please select exactly one record',
    granted: 'Permissions saved',
  },
});

/** Strings of the shared checkable menu tree (t('menuTree.…')). */
addScreenStrings('menuTree', {
  'zh-CN': { expandAll: '展开全部', collapseAll: '折叠全部' },
  en: { expandAll: 'Expand all', collapseAll: 'Collapse all' },
});
