import { addScreenStrings } from '../../i18n/index.js';

/** Strings of social sign-in and bindings (t('social.…')): the sign-in page's buttons and /info/index. */
addScreenStrings('social', {
  'zh-CN': {
    divider: '其他登录方式',
    signInWith: '使用 {{name}} 登录',
    redirecting: '正在前往 {{name}}…',
    unbound: '该第三方账号尚未绑定平台账号，请注册账号，管理员审核通过后即可使用该方式登录',
    failed: {
      state: '第三方登录已失效，请重新登录',
      provider: '第三方登录配置已停用',
      denied: '已取消第三方登录',
      exchange: '第三方登录失败，请重试或联系管理员',
      taken: '该第三方账号已绑定其他账号',
    },
    bindings: '第三方账号',
    bindingsEmpty: '尚未绑定第三方账号',
    bind: '绑定 {{name}}',
    unbind: '解除绑定',
    unbindConfirm: '解除与 {{name}} 的绑定？解除后不能再用它登录。',
    bound: '绑定成功',
    unbound_done: '已解除绑定',
    boundAt: '绑定于 {{time}}',
  },
  en: {
    divider: 'Other ways to sign in',
    signInWith: 'Sign in with {{name}}',
    redirecting: 'Going to {{name}}…',
    unbound:
      'This third-party account is not linked to an account yet. Register one; once an administrator approves it, you can sign in this way.',
    failed: {
      state: 'The third-party sign-in expired; please sign in again',
      provider: 'This third-party sign-in has been turned off',
      denied: 'The third-party sign-in was cancelled',
      exchange: 'The third-party sign-in failed; try again or ask an administrator',
      taken: 'This third-party account is already linked to another account',
    },
    bindings: 'Third-party accounts',
    bindingsEmpty: 'No third-party account is linked',
    bind: 'Link {{name}}',
    unbind: 'Unlink',
    unbindConfirm: 'Unlink {{name}}? You will no longer be able to sign in with it.',
    bound: 'Linked',
    unbound_done: 'Unlinked',
    boundAt: 'Linked on {{time}}',
  },
});
