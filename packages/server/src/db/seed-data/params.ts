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
  {
    paramName: '合规配置（等保三级）',
    paramKey: 'compliance.profile',
    paramValue: 'false',
    remark: 'true 为所有租户开启合规配置（租户不能关闭）；false 时由各租户在「合规配置」中自行开启。以下各项为开启后所有租户的默认值',
  },
  { paramName: '密码有效期（天）', paramKey: 'password.expiryDays', paramValue: '90', remark: '合规配置开启时生效，0 表示不过期' },
  { paramName: '密码历史（次）', paramKey: 'password.history', paramValue: '5', remark: '合规配置开启时生效：不能重复使用最近 N 次的密码' },
  {
    paramName: '密码最短使用期（天）',
    paramKey: 'password.minAgeDays',
    paramValue: '1',
    remark: '合规配置开启时生效：修改密码后 N 天内不能再改',
  },
  {
    paramName: '休眠账号停用（天）',
    paramKey: 'account.dormantDays',
    paramValue: '90',
    remark: '合规配置开启时生效：N 天未登录的账号被停用',
  },
  {
    paramName: '会话空闲超时（分钟）',
    paramKey: 'session.idleMinutes',
    paramValue: '30',
    remark: '合规配置开启时生效：空闲超过 N 分钟须重新登录',
  },
  {
    paramName: '会话最长时长（小时）',
    paramKey: 'session.maxHours',
    paramValue: '12',
    remark: '合规配置开启时生效：登录 N 小时后须重新登录',
  },
  {
    paramName: '管理员须双因素登录',
    paramKey: 'admin.requireSecondFactor',
    paramValue: 'true',
    remark: '合规配置开启时生效：管理员以动态口令或通行密钥作为第二因素',
  },
  {
    paramName: '管理员须通行密钥登录',
    paramKey: 'admin.requirePasskey',
    paramValue: 'false',
    remark: '合规配置开启时生效：管理员的第二因素只能是通行密钥',
  },
];
