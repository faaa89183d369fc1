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
    throttledTitle: '受限地址（登录失败过多）',
    noneThrottled: '当前没有受限的地址',
    address: '地址',
    failures: '失败次数',
    throttledUntil: '限制截止',
    release: '解除限制',
    releaseChosen: '解除所选',
    releaseConfirm: '确定解除 {{count}} 个地址的登录限制？',
  },
  en: {
    detail: 'Log entry',
    id: 'Entry id',
    tenantId: 'Tenant',
    type: 'Type',
    methodClass: 'Handler class',
    createUser: 'User id',
    updateTime: 'Updated',
    throttledTitle: 'Throttled addresses (too many failed sign-ins)',
    noneThrottled: 'No address is throttled now',
    address: 'Address',
    failures: 'Failures',
    throttledUntil: 'Throttled until',
    release: 'Release',
    releaseChosen: 'Release selected',
    releaseConfirm: 'Release the sign-in throttle of {{count}} address(es)?',
  },
});
