import { PASSKEY_BASE, TOTP_BASE } from '@sso/shared-api';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database } from '../db/schema.js';
import { live } from '../kernel/live-rows.js';
import { hasPasskey } from './passkeys.js';
import { hasConfirmedTotp } from './totp.js';

type UserRow = Selectable<Database['blade_user']>;

/**
 * `mfa.required` (blade_param): `true` requires a second factor of everyone; otherwise a list
 * (commas or spaces) of tenant ids (`000000`) and role aliases (`administrator`) whose members
 * need one.
 */
const REQUIRED_PARAM = 'mfa.required';

/** Whether the `mfa.required` parameter asks this user (by tenant or role) for a second factor. */
export async function secondFactorRequiredFor(ctx: AppContext, user: Pick<UserRow, 'tenantId' | 'roleId'>): Promise<boolean> {
  const setting = (await ctx.params.get(REQUIRED_PARAM))?.trim() ?? '';
  if (setting.toLowerCase() === 'true') return true;
  const entries = setting.split(/[\s,]+/).filter((e) => e && e !== '-' && e.toLowerCase() !== 'false');
  if (!entries.length) return false;
  if (entries.includes(user.tenantId)) return true;
  const roleIds = user.roleId ? user.roleId.split(',').filter(Boolean) : [];
  if (!roleIds.length) return false;
  const roles = await ctx.db.selectFrom('blade_role').select('roleAlias').where('id', 'in', roleIds).$call(live()).execute();
  return roles.some((r) => entries.includes(r.roleAlias));
}

/**
 * Whether the user needs a second factor and has none yet (a confirmed TOTP or a passkey): the session's access
 * tokens then say `second_factor: 'enrol'` and open only the routes below, until a token is
 * refreshed after the enrolment is confirmed.
 */
export async function enrolmentPending(ctx: AppContext, user: Pick<UserRow, 'id' | 'tenantId' | 'roleId'>): Promise<boolean> {
  if (!(await secondFactorRequiredFor(ctx, user))) return false;
  return !(await hasConfirmedTotp(ctx.db, user.id)) && !(await hasPasskey(ctx.db, user.id));
}

/**
 * What a session that must enrol a second factor may call: the enrolment itself (status, enrol,
 * confirm), refreshing its token, signing out, a required first password change, and the read-only calls the web app needs to
 * show the personal info page where the enrolment is done (who the user is, menus, dictionaries).
 */
export const USABLE_BEFORE_ENROLMENT = new Set([
  `${TOTP_BASE}/status`,
  `${TOTP_BASE}/enrol`,
  `${TOTP_BASE}/confirm`,
  `${PASSKEY_BASE}/list`,
  `${PASSKEY_BASE}/register-options`,
  `${PASSKEY_BASE}/register`,
  '/api/blade-auth/oauth/token',
  '/api/blade-auth/oauth/logout',
  '/api/blade-auth/oauth/user-info',
  // A first password change comes before the enrolment.
  '/api/blade-user/update-password',
  '/api/blade-user/info',
  '/api/blade-system/menu/routes',
  '/api/blade-system/menu/buttons',
  '/api/blade-system/menu/top-menu',
  '/api/blade-system/dict/dictionary',
  '/api/blade-system/dict-biz/dictionary',
]);
