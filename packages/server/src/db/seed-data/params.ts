import type { ParamSeed } from './types.js';

/** System parameters (blade_param). Every value is a non-empty string. */
export const params: ParamSeed[] = [
  {
    paramName: '连续登录失败锁定次数',
    paramKey: 'account.failCount',
    paramValue: '5',
    remark: '同一地址连续登录失败达到此次数后，该账号在此地址锁定',
  },
  {
    paramName: '多地址连续登录失败全局锁定次数',
    paramKey: 'account.failCountGlobal',
    paramValue: '20',
    remark: '来自至少两个地址的连续登录失败达到此次数后，账号在所有地址锁定',
  },
  {
    paramName: '单地址登录失败限流次数',
    paramKey: 'account.ipFailCount',
    paramValue: '30',
    remark: '同一地址10分钟内登录失败（不分账号）达到此次数后限流（HTTP 429），失败移出窗口后恢复',
  },
  {
    paramName: '账号初始密码',
    paramKey: 'account.initPassword',
    paramValue: 'Sso@123456',
    remark: '新建或重置账号时的初始密码（8-30位，含字母、数字和特殊字符）',
  },
  { paramName: '账号锁定时长（分钟）', paramKey: 'account.lockMinutes', paramValue: '30', remark: '登录失败锁定的分钟数' },
  { paramName: '租户默认账号额度', paramKey: 'tenant.default.accountNumber', paramValue: '-1', remark: '-1 表示不限' },
  { paramName: '租户默认过期时间', paramKey: 'tenant.default.expireTime', paramValue: '2099-12-31' },
  { paramName: '租户默认菜单编号', paramKey: 'tenant.default.menuCode', paramValue: 'desk', remark: '新租户默认授权的菜单' },
  { paramName: '是否开启用户注册', paramKey: 'user.registerEnabled', paramValue: 'true' },
  {
    paramName: '是否开启验证码',
    paramKey: 'captcha.enabled',
    paramValue: 'false',
    remark: 'true 所有租户登录需验证码，false 均不需要，或填写需要验证码的租户编号（逗号分隔，如 000000,100001）',
  },
  {
    paramName: '是否开启租户模式',
    paramKey: 'tenant.mode',
    paramValue: 'false',
    remark: 'true 时登录页显示租户编号（域名已绑定租户时除外）',
  },
  { paramName: '日志保留天数', paramKey: 'log.retentionDays', paramValue: '90', remark: '接口、通用、错误和登录日志保留的天数，每日清理' },
  {
    paramName: '外部地址白名单',
    paramKey: 'outbound.allowHosts',
    paramValue: '-',
    remark: '非平台租户可访问的本机、链路本地等受限地址（主机或主机:端口，逗号分隔；- 表示无），如内网 MinIO',
  },
  {
    paramName: '微信接口地址',
    paramKey: 'wechat.apiBase',
    paramValue: 'https://api.weixin.qq.com',
    remark: '公众号与小程序调用的微信接口根地址，默认微信官方地址；可改为经由代理的地址',
  },
];
