import { createHmac, randomBytes } from 'node:crypto';
import type { SamlApp } from '../apps/saml-apps.js';
import type { AppContext } from '../context.js';
import { appPermissionsFor } from '../domain/app-permissions.js';
import type { Caller } from '../kernel/caller.js';
import { live } from '../kernel/live-rows.js';

/** Who a response names: the NameID (in the application's format) and the attributes, each a list of values. */
export interface SamlSubject {
  nameId: string;
  nameIdFormat: string;
  attributes: Record<string, string[]>;
}

const PERSISTENT_KEY_PURPOSE = 'saml-persistent-id';

/** The key that makes persistent NameIDs: made once and shared through the database by every node. */
async function persistentKey(ctx: AppContext): Promise<string> {
  const read = () =>
    ctx.db.selectFrom('sso_data_key').select('keyMaterial').where('purpose', '=', PERSISTENT_KEY_PURPOSE).executeTakeFirst();
  let row = await read();
  if (!row) {
    await ctx.db
      .insertInto('sso_data_key')
      .values({ purpose: PERSISTENT_KEY_PURPOSE, keyMaterial: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error('the SAML persistent identifier key could not be created');
  return row.keyMaterial;
}

/**
 * A persistent NameID: the same for one user and one application every time, different for two
 * applications (they cannot correlate users), and telling nothing about the account.
 */
export async function persistentNameId(ctx: AppContext, appId: string, userId: string): Promise<string> {
  return createHmac('sha256', await persistentKey(ctx))
    .update(`${appId}:${userId}`)
    .digest('base64url');
}

/**
 * What a response says about the caller: the NameID in the application's format (persistent: an
 * opaque id per user and application; email: the e-mail, or the account when none is set;
 * unspecified: the account) and the attributes account, name, email, phone, department, roles,
 * and the user's roles and functions in this application when it asks for permissions.
 */
export async function samlSubject(ctx: AppContext, caller: Caller, app: SamlApp, formats: Record<string, string>): Promise<SamlSubject> {
  const user = await ctx.db
    .selectFrom('blade_user')
    .select(['email', 'phone'])
    .where('id', '=', caller.user_id)
    .$call(live(caller.tenant_id))
    .executeTakeFirst();
  const departments = caller.deptIds.length
    ? (
        await ctx.db.selectFrom('blade_dept').select('deptName').where('id', 'in', caller.deptIds).$call(live(caller.tenant_id)).execute()
      ).map((row) => row.deptName)
    : [];
  const kind = app.samlNameIdFormat ?? 'persistent';
  const nameId =
    kind === 'persistent'
      ? await persistentNameId(ctx, app.id, caller.user_id)
      : kind === 'email'
        ? user?.email || caller.account
        : caller.account;
  const attributes: Record<string, string[]> = {
    account: [caller.account],
    name: [caller.real_name || caller.nick_name || caller.account],
    email: user?.email ? [user.email] : [],
    phone: user?.phone ? [user.phone] : [],
    department: departments,
    roles: caller.role_name ? caller.role_name.split(',') : [],
  };
  if (app.permissionClaims === 1) {
    const answer = await appPermissionsFor(ctx, { tenantId: caller.tenant_id, appId: app.id, userId: caller.user_id });
    attributes.app_roles = answer.roles.map((role) => role.roleAlias);
    attributes.app_functions = answer.functions;
  }
  return { nameId, nameIdFormat: formats[kind] ?? formats.persistent ?? '', attributes };
}
