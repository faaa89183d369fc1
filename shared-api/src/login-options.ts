import { z } from 'zod';
import { defineMessages } from './messages.js';

/**
 * What a sign-in form needs before the user types: whether the tenant is asked for and whether a
 * captcha is required; and the captcha itself, answered as BladeX does (the raw object, no envelope).
 */

export const CAPTCHA_PATH = '/api/blade-auth/oauth/captcha';
export const LOGIN_OPTIONS_PATH = '/api/blade-auth/oauth/login-options';
/** Public: the tenant bound to a domain, or an empty object (the registry's tenant `info` extra). */
export const HOST_TENANT_PATH = '/api/blade-system/tenant/info';

/** The tenant owning a host, as HOST_TENANT_PATH answers it (empty when none is bound). */
export interface HostTenant {
  tenantId?: string;
  tenantName?: string;
  backgroundUrl?: string | null;
}

export const captchaMessages = defineMessages('captcha', {
  captchaMissing: ['请输入验证码', 'Please enter the captcha'],
  captchaWrong: ['验证码不正确或已过期，请刷新后重试', 'The captcha is wrong or has expired: refresh it and try again'],
  captchaRequired: ['已开启验证码登录，请刷新页面并填写验证码', 'Sign-in requires a captcha: reload the page and enter the captcha'],
  captchaTooMany: ['验证码请求过于频繁，请稍后再试', 'Too many captcha requests: try again shortly'],
  tenantFormat: ['租户编号格式错误', 'The tenant id is malformed'],
});

/** GET oauth/captcha: `image` is a data URL to put in an <img>; `key` goes back as the Captcha-Key header. */
export const captchaImage = z.object({ key: z.string(), image: z.string() });
export type CaptchaImage = z.infer<typeof captchaImage>;

export const loginOptionsQuery = z.object({
  tenantId: z
    .string()
    .regex(/^\d{1,12}$/, captchaMessages.say.tenantFormat)
    .optional(),
});

/** GET oauth/login-options (public, envelope). */
export const loginOptions = z.object({
  /** The form asks for the tenant (unless the host names one). */
  tenantMode: z.boolean(),
  /** Sign-ins of this tenant need a captcha (grant_type=captcha). */
  captchaRequired: z.boolean(),
});
export type LoginOptions = z.infer<typeof loginOptions>;
