import { captchaMessages, DEFAULT_TENANT_ID, type LoginOptions } from '@sso/shared-api';
import type { AppContext } from '../context.js';
import { GrantError } from './grants.js';

/**
 * `captcha.enabled`: `true` requires a captcha at every tenant's sign-in, `false` (the default)
 * at none, and otherwise the value lists the tenant ids that require it (`000000,100001`).
 */
const CAPTCHA_PARAM = 'captcha.enabled';
/** `tenant.mode`: `true` makes the sign-in form ask for the tenant (unless the host names one). */
const TENANT_MODE_PARAM = 'tenant.mode';

export function captchaRequiredBy(value: string | undefined, tenantId: string): boolean {
  const setting = value?.trim().toLowerCase() ?? '';
  if (setting === 'true') return true;
  if (setting === '' || setting === 'false' || setting === '-') return false;
  return setting.split(/[\s,]+/).includes(tenantId);
}

export async function loginOptionsOf(ctx: AppContext, tenantId = DEFAULT_TENANT_ID): Promise<LoginOptions> {
  return {
    tenantMode: (await ctx.params.get(TENANT_MODE_PARAM))?.trim().toLowerCase() === 'true',
    captchaRequired: captchaRequiredBy(await ctx.params.get(CAPTCHA_PARAM), tenantId),
  };
}

interface CaptchaAnswer {
  grant: string;
  tenantId: string;
  /** Captcha-Key and Captcha-Code headers. */
  key?: string;
  code?: string;
}

/**
 * The captcha part of a sign-in: a `captcha` grant must answer it right; a password grant only
 * when the tenant requires captchas (then with the Captcha-Key / Captcha-Code headers, else it is
 * refused). Saber sends its captcha key with password grants too: without the requirement it is
 * ignored. A refusal touches no failure counter: it never reaches the password check.
 */
export async function checkCaptcha(ctx: AppContext, answer: CaptchaAnswer): Promise<void> {
  if (answer.grant !== 'captcha') {
    if (!captchaRequiredBy(await ctx.params.get(CAPTCHA_PARAM), answer.tenantId)) return;
    if (!answer.key || !answer.code) throw new GrantError(400, captchaMessages.say.captchaRequired);
  }
  if (!answer.key || !answer.code) throw new GrantError(400, captchaMessages.say.captchaMissing);
  if (!(await ctx.captcha.check(answer.key, answer.code))) throw new GrantError(400, captchaMessages.say.captchaWrong);
}
