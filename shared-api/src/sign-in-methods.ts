import { z } from 'zod';
import { defineMessages } from './messages.js';

/** Sign-in by SMS code, password recovery and the TOTP second factor: paths, fields and messages. */

export const SEND_SMS_PATH = '/api/blade-auth/oauth/sendSms';
export const RESETWORD_PATH = '/api/blade-auth/oauth/resetword';
export const TOTP_BASE = '/api/blade-auth/totp';
/** The `error` of a token answer asking for the second factor (error_code 428, with `mfa_ticket`). */
export const MFA_REQUIRED = 'mfa_required';

export const secondFactorMessages = defineMessages('secondFactor', {
  required: ['请输入动态验证码', 'Please enter the code from your authenticator app'],
  passkeyRequired: ['请使用通行密钥完成验证', 'Please confirm with your passkey'],
  missing: ['请输入动态验证码或恢复码', 'Please enter the authenticator code or a recovery code'],
  wrong: ['动态验证码错误', 'The authenticator code is wrong'],
  reused: ['该动态验证码已使用，请等待下一个', 'That code was already used: wait for the next one'],
  ticketInvalid: ['登录已过期，请重新登录', 'The sign-in expired: please sign in again'],
  ok: ['双因素验证通过', 'Second factor verified'],
  codeFormat: ['请输入6位动态验证码', 'Please enter the 6-digit code'],
  alreadyEnrolled: ['已绑定动态验证码，请先由管理员重置', 'A second factor is already set up: an administrator must reset it first'],
  notStarted: ['请先生成二维码', 'Please start the set-up first'],
  selectUsers: ['请选择用户', 'Please select users'],
  enrolRequired: [
    '您的账号须开启双因素认证：请先在个人信息页绑定身份验证器',
    'Your account must use a second factor: set up an authenticator on your personal info page first',
  ],
});

export const phoneSignInMessages = defineMessages('phoneSignIn', {
  phone: ['请输入手机号码', 'Please enter the phone number'],
  phoneFormat: ['手机号码格式错误', 'The phone number is malformed'],
  code: ['请输入短信验证码', 'Please enter the SMS code'],
  codeWrong: ['手机号或短信验证码错误，或验证码已过期', 'The phone number or SMS code is wrong, or the code has expired'],
  captchaNeeded: ['该地址请求短信过于频繁，请填写图形验证码', 'Too many SMS codes were asked from this address: please enter the captcha'],
  addressLimit: ['该地址请求短信过于频繁，请稍后再试', 'Too many SMS codes were asked from this address: try again later'],
});

export const recoveryMessages = defineMessages('recovery', {
  loginNumber: ['请输入账号', 'Please enter the account'],
  mismatch: ['账号、手机号或短信验证码错误', 'The account, phone number or SMS code is wrong'],
  passwordMismatch: ['两次输入的新密码不一致', 'The two new passwords differ'],
  digestMismatch: ['密码摘要与密码不符', 'The password digest does not match the password'],
  passwordRule: [
    '密码须为8-30位，且包含字母、数字和特殊字符',
    'The password must be 8 to 30 characters with letters, digits and a special character',
  ],
});

const phone = z
  .string(phoneSignInMessages.say.phone)
  .trim()
  .regex(/^\+?\d{11,15}$/, phoneSignInMessages.say.phoneFormat);
const smsCode = z
  .string(phoneSignInMessages.say.code)
  .trim()
  .regex(/^\d{6}$/, phoneSignInMessages.say.codeWrong);
const digest = z
  .string(recoveryMessages.say.passwordRule)
  .regex(/^[0-9a-fA-F]{32}$/, recoveryMessages.say.passwordRule)
  .transform((v) => v.toLowerCase());

export const sendSmsQuery = z.object({
  phone,
  tenantId: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
});

/** POST oauth/resetword: the account, its phone, the SMS code, the new password (digest twice, plain in base64 for the rule). */
export const resetwordFields = z.object({
  tenantId: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
  loginNumber: z.string(recoveryMessages.say.loginNumber).trim().min(1, recoveryMessages.say.loginNumber).max(45),
  phone,
  code: smsCode,
  newPassword: digest,
  newPassword1: digest,
  passwordBase64: z.string(recoveryMessages.say.passwordRule).min(1, recoveryMessages.say.passwordRule).max(1000),
});
export type ResetwordFields = z.input<typeof resetwordFields>;

export const totpCode = z.object({
  code: z
    .string(secondFactorMessages.say.codeFormat)
    .trim()
    .regex(/^\d{6}$/, secondFactorMessages.say.codeFormat),
});

/** GET totp/status: whether the caller has a second factor, must have one, and recovery codes left. */
export interface TotpStatus {
  enabled: boolean;
  required: boolean;
  recoveryCodesLeft: number;
  /** The second factor must be a passkey (an administrator under the compliance profile): a TOTP does not count. */
  passkeyRequired?: boolean;
}
/** POST totp/enrol: the secret (for typing) and the otpauth:// URI (for the QR code). */
export interface TotpEnrolment {
  secret: string;
  uri: string;
}
