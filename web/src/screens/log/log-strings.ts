import { addScreenStrings } from '../../i18n/index.js';

/** Labels of recorded fields the list view leaves out, and the drawer's own words. */
addScreenStrings('logScreen', {
  'zh-CN': {
    detail: '日志详情',
    id: '日志编号',
    tenantId: '租户ID',
    type: '日志类型',
    methodClass: '方法类',
    createUser: '操作人ID',
    updateTime: '更新时间',
  },
  en: {
    detail: 'Log entry',
    id: 'Entry id',
    tenantId: 'Tenant',
    type: 'Type',
    methodClass: 'Handler class',
    createUser: 'User id',
    updateTime: 'Updated',
  },
});
