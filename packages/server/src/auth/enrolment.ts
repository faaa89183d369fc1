import { ADMINISTRATOR_ROLE, PASSKEY_BASE, PLATFORM_ROLE_ALIASES, TOTP_BASE } from '@sso/shared-api';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.js';
import { complianceOf } from '../db/compliance.js';
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

/**
 * The administrators the compliance profile holds to a second factor (`adminRequireSecondFactor`)
 * and, with `adminRequirePasskey`, to a passkey: holders of the administrator role or of a
 * system, security or audit administrator role, recognised by their aliases.
 */
export const ADMINISTRATOR_ALIASES: readonly string[] = [ADMINISTRATOR_ROLE, ...PLATFORM_ROLE_ALIASES];

async function roleAliasesOf(ctx: AppContext, user: Pick<UserRow, 'roleId'>): Promise<string[]> {
  const roleIds = user.roleId ? user.roleId.split(',').filter(Boolean) : [];
  if (!roleIds.length) return [];
  const roles = await ctx.db.selectFrom('blade_role').select('roleAlias').where('id', 'in', roleIds).$call(live()).execute();
  return roles.map((r) => r.roleAlias);
}

/** What the tenant's compliance profile asks of this user's second factor. */
async function profileAsks(ctx: AppContext, user: Pick<UserRow, 'tenantId' | 'roleId'>): Promise<'none' | 'any' | 'passkey'> {
  const settings = await complianceOf(ctx.params, user.tenantId);
  if (!settings.adminRequireSecondFactor && !settings.adminRequirePasskey) return 'none';
  const aliases = await roleAliasesOf(ctx, user);
  if (!aliases.some((alias) => ADMINISTRATOR_ALIASES.includes(alias))) return 'none';
  return settings.adminRequirePasskey ? 'passkey' : 'any';
}

/**
 * Whether this user must sign in with a second factor: the `mfa.required` parameter asks it of
 * the user (by tenant or role), or the tenant's compliance profile of its administrators.
 */
export async function secondFactorRequiredFor(ctx: AppContext, user: Pick<UserRow, 'tenantId' | 'roleId'>): Promise<boolean> {
  if ((await profileAsks(ctx, user)) !== 'none') return true;
  const setting = (await ctx.params.get(REQUIRED_PARAM))?.trim() ?? '';
  if (setting.toLowerCase() === 'true') return true;
  const entries = setting.split(/[\s,]+/).filter((e) => e && e !== '-' && e.toLowerCase() !== 'false');
  if (!entries.length) return false;
  if (entries.includes(user.tenantId)) return true;
  return (await roleAliasesOf(ctx, user)).some((alias) => entries.includes(alias));
}

/** Whether this user's second factor must be a passkey (an administrator under `adminRequirePasskey`). */
export async function passkeyRequiredFor(ctx: AppContext, user: Pick<UserRow, 'tenantId' | 'roleId'>): Promise<boolean> {
  return (await profileAsks(ctx, user)) === 'passkey';
}

/**
 * Whether the user needs a second factor and has none yet (a confirmed TOTP or a passkey): the session's access
 * tokens then say `second_factor: 'enrol'` and open only the routes below, until a token is
 * refreshed after the enrolment is confirmed.
 */
export async function enrolmentPending(ctx: AppContext, user: Pick<UserRow, 'id' | 'tenantId' | 'roleId'>): Promise<boolean> {
  if (!(await secondFactorRequiredFor(ctx, user))) return false;
  if (await hasPasskey(ctx.db, user.id)) return false;
  // A TOTP does not count for an administrator held to passkeys.
  return (await passkeyRequiredFor(ctx, user)) || !(await hasConfirmedTotp(ctx.db, user.id));
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
