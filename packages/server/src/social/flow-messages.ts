import { defineMessagePattern, defineMessages } from '@sso/shared-api';

export const socialFlowMessages = defineMessages('socialFlow', {
  unknownProvider: ['第三方登录配置不存在或未启用', 'The social sign-in provider does not exist or is not enabled'],
  unreachable: ['无法连接第三方登录服务', 'The identity provider cannot be reached'],
  badState: ['第三方登录已失效或已使用，请重新登录', 'The social sign-in has expired or was already used; please sign in again'],
  stateMismatch: ['第三方登录状态不匹配', 'The social sign-in state does not match'],
  missing: ['缺少第三方登录参数 (source, code, state)', 'The social sign-in parameters are missing (source, code, state)'],
  unbound: ['该第三方账号尚未绑定平台账号，请注册', 'This third-party account is not linked to an account yet; please register'],
  signedIn: ['第三方登录成功', 'Signed in with a third-party account'],
});

// A provider that cannot be reached is named with the reason: `<message>: <reason>`.
defineMessagePattern(/^无法连接第三方登录服务: (.+)$/, 'The identity provider cannot be reached: $1');
