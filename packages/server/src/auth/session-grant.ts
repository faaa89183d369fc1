import { randomUUID } from 'node:crypto';
import {
  defineMessages,
  INIT_PASSWORD_DONE,
  INIT_PASSWORD_PENDING,
  type Message,
  PASSWORD_CHANGE,
  say,
  type TokenResponse,
} from '@sso/shared-api';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.js';
import { complianceOf } from '../db/compliance.js';
import type { Database } from '../db/schema.js';
import { live } from '../kernel/live-rows.js';
import type { ClientRow } from './clients.js';
import { enrolmentPending } from './enrolment.js';
import { GrantError } from './grant-error.js';

/** What every grant shares: the client, where the request came from, and an optional switch. */
export interface GrantRequest {
  client: ClientRow;
  ip: string;
  userAgent?: string;
  /** Dept-Id / Role-Id headers: switch to one the user holds. */
  deptId?: string;
  roleId?: string;
}

const LICENSE = 'powered by sso-platform';
/** A sign-in's time is written down once a day at most (see openSession). */
const ACTIVITY_GRAIN_MS = 24 * 60 * 60 * 1000;

export const switchMessages = defineMessages('switch', {
  deptNotHeld: ['您不属于所选机构，无法切换', 'You cannot switch to a department you do not belong to'],
  roleNotHeld: ['您未被授予所选角色，无法切换', 'You cannot switch to a role you do not hold'],
});

type UserRow = Selectable<Database['blade_user']>;

/**
 * Opens a session for a user who passed every sign-in step (tenant and account already checked)
 * and answers the OAuth token JSON; a Dept-Id / Role-Id switch must name one the user holds.
 * `freshCredential`: the user presented a password, phone code or second factor in this sign-in
 * (what CAS renew asks for, see fresh-sign-in.ts).
 */
export async function openSession(
  ctx: AppContext,
  input: GrantRequest & { user: UserRow; oauthId?: string; freshCredential?: boolean },
): Promise<TokenResponse> {
  const { user } = input;
  const roleId = pick(user.roleId, input.roleId, switchMessages.say.roleNotHeld);
  const deptId = pick(user.deptId, input.deptId, switchMessages.say.deptNotHeld);
  // The access token's id is chosen first: a fresh sign-in's mark is stored with the session.
  const jti = randomUUID();
  const { sessionId, refreshToken } = await ctx.sessions.create({
    tenantId: user.tenantId,
    userId: user.id,
    clientId: input.client.clientId,
    roleId,
    deptId,
    ip: input.ip,
    userAgent: input.userAgent,
    refreshTtlSeconds: input.client.refreshTokenValidity,
    mustChangePassword: user.mustChangePassword !== PASSWORD_CHANGE.none,
    freshTokenId: input.freshCredential ? jti : undefined,
  });
  // The last successful sign-in, what the compliance profile's dormant accounts count from: kept to
  // the day (dormancy is counted in days), so that most sign-ins write nothing to the account and
  // send nothing when the row just read says it is recent (the statement's own condition guards
  // against a sign-in that wrote in between).
  const dayAgo = new Date(Date.now() - ACTIVITY_GRAIN_MS);
  if (!user.lastActiveAt || user.lastActiveAt < dayAgo) {
    await ctx.db
      .updateTable('blade_user')
      .set({ lastActiveAt: new Date() })
      .where('id', '=', user.id)
      .where((eb) => eb.or([eb('lastActiveAt', 'is', null), eb('lastActiveAt', '<', dayAgo)]))
      .execute();
  }
  return tokenResponse(ctx, input.client, user, { sessionId, refreshToken, roleId, deptId, oauthId: input.oauthId, jti });
}

/** A pending account (registration awaiting approval) or a disabled one cannot sign in. */
export function assertAccountUsable(user: Pick<UserRow, 'status'>): void {
  if (user.status === 2) throw new GrantError(400, say('accountPending'));
  if (user.status !== 1) throw new GrantError(400, say('accountDisabled'));
}

/**
 * The id the Dept-Id / Role-Id header names when the user holds it, or all of the user's ids
 * when there is no header; a header naming one the user does not hold is refused.
 */
export function pick(held: string | null, requested: string | undefined, refusal: Message): string {
  const ids = held ? held.split(',').filter(Boolean) : [];
  if (!requested) return ids.join(',');
  if (!ids.includes(requested)) throw new GrantError(400, refusal);
  return requested;
}

export async function assertTenantUsable(ctx: AppContext, tenantId: string): Promise<void> {
  const tenant = await ctx.db.selectFrom('blade_tenant').select(['status', 'expireTime']).$call(live(tenantId)).executeTakeFirst();
  assertTenantRowUsable(tenant);
}

export function assertTenantRowUsable(tenant: { status: number; expireTime: Date | null } | undefined): void {
  if (!tenant) throw new GrantError(400, say('tenantMissing'));
  if (tenant.status !== 1) throw new GrantError(400, say('tenantDisabled'));
  if (tenant.expireTime && tenant.expireTime.getTime() < Date.now()) throw new GrantError(400, say('tenantExpired'));
}

/** What a token says about its user. */
type TokenUser = Pick<UserRow, 'id' | 'tenantId' | 'account' | 'name' | 'realName' | 'postId' | 'avatar' | 'mustChangePassword' | 'roleId'>;

export async function tokenResponse(
  ctx: AppContext,
  client: ClientRow,
  user: TokenUser,
  s: { sessionId: string; refreshToken: string; roleId: string; deptId: string; oauthId?: string; jti?: string },
): Promise<TokenResponse> {
  const roleIds = s.roleId ? s.roleId.split(',') : [];
  // Role aliases are read through the resource cache (a role change drops it on every node).
  const roles = roleIds.length
    ? await ctx.cache.get('blade_role', `aliases|${s.roleId}`, () =>
        ctx.db.selectFrom('blade_role').select('roleAlias').where('id', 'in', roleIds).$call(live()).execute(),
      )
    : [];
  const claims = {
    sid: s.sessionId,
    client_id: client.clientId,
    tenant_id: user.tenantId,
    user_id: user.id,
    account: user.account,
    user_name: user.account,
    nick_name: user.name ?? user.account,
    real_name: user.realName ?? '',
    role_id: s.roleId,
    role_name: roles.map((r) => r.roleAlias).join(','),
    dept_id: s.deptId,
    post_id: user.postId ?? '',
    oauth_id: s.oauthId ?? '',
    // Every token of a session is restricted until the required second factor is confirmed.
    ...((await enrolmentPending(ctx, user)) ? { second_factor: 'enrol' as const } : {}),
  };
  const { token, jti } = await ctx.tokens.issue(claims, client.accessTokenValidity, client.clientId, s.jti);
  const { sessionIdleMinutes } = await complianceOf(ctx.params, user.tenantId);
  return {
    access_token: token,
    token_type: 'bearer',
    refresh_token: s.refreshToken,
    expires_in: client.accessTokenValidity,
    scope: client.scope,
    jti,
    ...claims,
    avatar: user.avatar ?? '',
    license: LICENSE,
    is_init_password: user.mustChangePassword ? INIT_PASSWORD_PENDING : INIT_PASSWORD_DONE,
    detail: { type: 'web' },
    // The idle limit, for clients to sign out after as long without input (only when there is one).
    ...(sessionIdleMinutes > 0 ? { session_idle_minutes: sessionIdleMinutes } : {}),
  };
}
