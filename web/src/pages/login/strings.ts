import { addScreenStrings } from '../../i18n/index.js';

/** Strings of the sign-in methods (t('signIn.…')): tabs, phone sign-in, forgotten password, second factor. */
addScreenStrings('signIn', {
  'zh-CN': {
    methods: '登录方式',
    accountTab: '账号登录',
    phoneTab: '手机登录',
    phone: '手机号码',
    phoneRequired: '请输入手机号码',
    phoneFormat: '手机号码格式错误',
    code: '短信验证码',
    codeRequired: '请输入6位短信验证码',
    sendCode: '获取验证码',
    resendIn: '{{seconds}} 秒后重发',
    codeSent: '验证码已发送，5分钟内有效',
    captchaFirst: '请求过于频繁，请先填写图形验证码再获取',
    forgot: '忘记密码',
    forgotTitle: '找回密码',
    newPassword: '新密码',
    newPassword2: '确认新密码',
    passwordRule: '密码须为8-30位，且包含字母、数字和特殊字符',
    mismatch: '两次输入的新密码不一致',
    resetDone: '密码已重置，请使用新密码登录',
    resetSubmit: '重置密码',
    mfaTitle: '双因素验证',
    mfaHelp: '请输入身份验证器应用中的6位动态验证码，或一个恢复码。',
    mfaCode: '动态验证码或恢复码',
    mfaRequired: '请输入动态验证码或恢复码',
    mfaSubmit: '验证',
    back: '返回',
    enrolRequired: '您的账号须开启双因素认证，请在个人信息页绑定身份验证器',
    passkeySignIn: '使用通行密钥登录',
    passkeyVerify: '使用通行密钥验证',
    passkeyHelp: '请在设备上确认通行密钥（指纹、面容或设备密码）。',
    passkeyCancelled: '未使用通行密钥：已取消或超时',
    passkeyUnsupported: '此浏览器不支持通行密钥',
    or: '或',
  },
  en: {
    methods: 'Sign-in methods',
    accountTab: 'Account',
    phoneTab: 'Phone',
    phone: 'Phone number',
    phoneRequired: 'Please enter the phone number',
    phoneFormat: 'The phone number is malformed',
    code: 'SMS code',
    codeRequired: 'Please enter the 6-digit SMS code',
    sendCode: 'Send code',
    resendIn: 'Resend in {{seconds}} s',
    codeSent: 'Code sent: valid for 5 minutes',
    captchaFirst: 'Too many requests: enter the captcha, then ask for the code again',
    forgot: 'Forgot password',
    forgotTitle: 'Recover your password',
    newPassword: 'New password',
    newPassword2: 'Confirm the new password',
    passwordRule: 'The password must be 8 to 30 characters with letters, digits and a special character',
    mismatch: 'The two new passwords differ',
    resetDone: 'Password reset: sign in with the new password',
    resetSubmit: 'Reset password',
    mfaTitle: 'Second factor',
    mfaHelp: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
    mfaCode: 'Authenticator or recovery code',
    mfaRequired: 'Please enter the authenticator code or a recovery code',
    mfaSubmit: 'Verify',
    back: 'Back',
    enrolRequired: 'Your account must use a second factor: set up an authenticator on your personal info page',
    passkeySignIn: 'Sign in with a passkey',
    passkeyVerify: 'Verify with a passkey',
    passkeyHelp: 'Confirm with your passkey on this device (fingerprint, face or device PIN).',
    passkeyCancelled: 'No passkey was used: cancelled or timed out',
    passkeyUnsupported: 'This browser does not support passkeys',
    or: 'or',
  },
});

/** The 11-to-15-digit phone numbers the server accepts. */
export const PHONE = /^\+?\d{11,15}$/;

/** The ticket of a first step when a second factor is due (ApiError code 428, data `{ mfaTicket }`). */
export function secondFactorTicket(error: unknown): string | undefined {
  const data = (error as { code?: number; data?: { mfaTicket?: unknown } } | null)?.data;
  return typeof data?.mfaTicket === 'string' ? data.mfaTicket : undefined;
}

/** What the second step can be answered with (ApiError data `methods`): a code (`totp`) and / or a `passkey`. */
export function secondFactorMethods(error: unknown): string[] {
  const methods = (error as { data?: { methods?: unknown } } | null)?.data?.methods;
  return Array.isArray(methods) ? methods.filter((m): m is string => typeof m === 'string') : ['totp'];
}
