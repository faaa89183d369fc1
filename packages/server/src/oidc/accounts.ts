import type { Account, KoaContextWithOIDC } from 'oidc-provider';
import { type AppUser, mayOpen } from '../apps/who-may-open.js';
import type { AppContext } from '../context.js';
import { live } from '../kernel/live-rows.js';
import { PERMISSION_CLAIMS, permissionClaims } from './permission-claims.js';

/** What each scope discloses (claims beyond the standard ones name the tenant, departments and roles). */
export const SCOPE_CLAIMS = {
  // app_roles and app_functions are sent only to applications that opted in (permission-claims.ts).
  openid: ['sub', ...PERMISSION_CLAIMS],
  profile: ['name', 'preferred_username', 'tenant_id', 'dept_id', 'dept_name', 'roles'],
  email: ['email'],
  phone: ['phone_number'],
};

const ids = (list: string | null) => (list ?? '').split(',').filter(Boolean);

/** A user as the provider knows them: the row's status and the claims every scope may disclose. */
interface AccountRecord {
  id: string;
  /** Who asks, as the rule of who may open what reads it. */
  user: AppUser;
  claims: Record<string, unknown> & { sub: string };
}

/**
 * Cached per user: one code flow asks for the account several times (resume, token, userinfo).
 * Any change to users, roles or departments drops the cache here and on the other nodes, and
 * entries age out after the cache's TTL, so a disabled user or a renamed role counts at once.
 */
const ACCOUNT_CACHE = 'oidc-account';
const ACCOUNT_CACHE_ENTRIES = 150_000;
const declared = new WeakSet<object>();

async function loadAccount(ctx: AppContext, sub: string): Promise<AccountRecord | null> {
  const user = await ctx.db
    .selectFrom('blade_user')
    .select(['id', 'tenantId', 'account', 'name', 'realName', 'email', 'phone', 'deptId', 'roleId', 'status'])
    .where('id', '=', sub)
    .$call(live(null))
    .executeTakeFirst();
  if (!user || user.status !== 1) return null;
  const deptIds = ids(user.deptId);
  const roleIds = ids(user.roleId);
  const depts = deptIds.length
    ? await ctx.db.selectFrom('blade_dept').select(['id', 'deptName']).where('id', 'in', deptIds).$call(live(null)).execute()
    : [];
  const roles = roleIds.length
    ? await ctx.db.selectFrom('blade_role').select(['roleAlias']).where('id', 'in', roleIds).$call(live(null)).execute()
    : [];
  return {
    id: user.id,
    user: { tenant_id: user.tenantId, user_id: user.id, role_id: user.roleId ?? '', dept_id: user.deptId ?? '' },
    claims: {
      sub: user.id,
      name: user.realName || user.name || user.account,
      preferred_username: user.account,
      email: user.email ?? undefined,
      phone_number: user.phone ?? undefined,
      tenant_id: user.tenantId,
      dept_id: deptIds[0],
      dept_name: depts.find((d) => d.id === deptIds[0])?.deptName,
      roles: roles.map((r) => r.roleAlias),
    },
  };
}

/** The token (code, refresh or access token) an account is looked up for, when there is one. */
interface TokenSource {
  clientId?: string;
}

/**
 * An account is a platform user, found by id (the `sub`). A disabled or removed user is no
 * account: the provider then treats the session or token as gone. Looked up for a token of an
 * application (a code, a refresh token, an access token at userinfo), the user must still be
 * allowed to open that application: a revoked grant or a disabled application makes the next
 * refresh fail with invalid_grant, not only the next sign-on.
 */
export async function findAccount(
  ctx: AppContext,
  _koa: KoaContextWithOIDC | undefined,
  sub: string,
  token?: TokenSource,
): Promise<Account | undefined> {
  if (!/^\d{1,20}$/.test(sub)) return undefined;
  if (!declared.has(ctx.cache)) {
    for (const source of ['blade_user', 'blade_role', 'blade_dept']) ctx.cache.dependsOn(ACCOUNT_CACHE, source);
    ctx.cache.capacity(ACCOUNT_CACHE, ACCOUNT_CACHE_ENTRIES);
    declared.add(ctx.cache);
  }
  const record = await ctx.cache.get(ACCOUNT_CACHE, sub, () => loadAccount(ctx, sub));
  if (!record) return undefined;
  if (token?.clientId && !(await mayOpen(ctx, record.user, token.clientId))) return undefined;
  const appClaims = await permissionClaims(ctx, record.user, token?.clientId);
  return { accountId: record.id, claims: async () => ({ ...record.claims, ...appClaims }) };
}
