import { randomInt } from 'node:crypto';
import { ADMINISTRATOR_ROLE, badRequest, userMessages as m, md5, PASSWORD_RULE, say } from '@sso/shared-api';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database } from '../db/schema.js';
import type { Caller } from '../kernel/caller.js';
import { live } from '../kernel/live-rows.js';
import { assertUserQuota } from './tenant-limits.js';

/** Helpers the user rules and extras share: passwords, and checks of what a user refers to. */

type Db = Kysely<Database>;
type UserRecord = Selectable<Database['blade_user']>;

/** The password an administrator typed for someone: both entries equal, then the password rule. */
export function checkPlainPassword(password: string | undefined, password2: string | undefined): string {
  if ((password ?? '') !== (password2 ?? '')) throw badRequest(m.say.passwordMismatch);
  if (!password || !PASSWORD_RULE.test(password)) throw badRequest(say('passwordRule'));
  return password;
}

/** argon2id of the md5 digest the browser will send at sign-in. */
export const hashPlain = (ctx: AppContext, plain: string) => ctx.passwords.hashDigest(md5(plain));

/**
 * The `account.initPassword` parameter: new, reset and imported accounts start with it. Inside a
 * transaction pass it (`trx`): on PGlite the cached reader's own query would wait for the transaction.
 */
export async function initialPassword(ctx: AppContext, trx?: Db): Promise<string> {
  const value = trx
    ? (
        await trx
          .selectFrom('blade_param')
          .select('paramValue')
          .where('paramKey', '=', 'account.initPassword')
          .$call(live())
          .executeTakeFirst()
      )?.paramValue
    : await ctx.params.get('account.initPassword');
  if (!value?.trim()) throw badRequest(m.say.initPasswordMissing);
  return value.trim();
}

const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIALS = '!@#$%&*?-_+=';

/** 12 random characters with at least one letter, digit and special character (PASSWORD_RULE). */
export function randomPassword(): string {
  const pick = (set: string) => set[randomInt(set.length)];
  const all = LETTERS + DIGITS + SPECIALS;
  const chars = [pick(LETTERS), pick(DIGITS), pick(SPECIALS), ...Array.from({ length: 9 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/** A comma-joined id list (role_id, dept_id, post_id) as ids. */
export const splitIds = (ids: string | null | undefined) => (ids ? ids.split(',').filter(Boolean) : []);

/** Who changed a user row and when. */
export const auditOf = (caller: Caller) => ({ updateUser: caller.user_id, updateTime: new Date() });

/** Applies the same change to the users (already checked by usersByIds), with the audit columns. */
export async function updateUsers(
  ctx: AppContext,
  caller: Caller,
  users: readonly UserRecord[],
  changes: Updateable<Database['blade_user']>,
): Promise<void> {
  await ctx.db
    .updateTable('blade_user')
    .set({ ...changes, ...auditOf(caller) })
    .where(
      'id',
      'in',
      users.map((u) => u.id),
    )
    .execute();
}

/** Roles must be the caller's tenant's; only an administrator may hand out the administrator role. */
export async function assertRoles(db: Db, caller: Caller, roleIds: string | null | undefined): Promise<void> {
  const ids = [...new Set(splitIds(roleIds))];
  if (!ids.length) return;
  const roles = await db
    .selectFrom('blade_role')
    .select(['id', 'roleAlias'])
    .where('id', 'in', ids)
    .$call(live(caller.tenant_id))
    .execute();
  if (roles.length !== ids.length) throw badRequest(m.say.roleMissing);
  if (!caller.isAdministrator && roles.some((r) => r.roleAlias === ADMINISTRATOR_ROLE)) throw badRequest(m.say.administratorOnly);
}

/** Departments and posts must exist in the caller's tenant. */
export async function assertDeptsAndPosts(
  db: Db,
  caller: Caller,
  values: { deptId?: string | null; postId?: string | null },
): Promise<void> {
  for (const [table, ids, message] of [
    ['blade_dept', values.deptId, m.say.deptMissing],
    ['blade_post', values.postId, m.say.postMissing],
  ] as const) {
    const wanted = [...new Set(splitIds(ids))];
    if (!wanted.length) continue;
    const found = await db.selectFrom(table).select('id').where('id', 'in', wanted).$call(live(caller.tenant_id)).execute();
    if (found.length !== wanted.length) throw badRequest(message);
  }
}

/** The quota check of new users, with the tenant row locked so concurrent creations queue. */
export async function assertRoomForUsers(db: Db, tenantId: string, adding: number): Promise<void> {
  await db.selectFrom('blade_tenant').select('id').$call(live(tenantId)).forUpdate().execute();
  await assertUserQuota(db, tenantId, adding);
}
