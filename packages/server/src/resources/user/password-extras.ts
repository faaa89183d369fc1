import {
  badRequest,
  directoryPasswordMessages,
  firstIssueMessage,
  fromBase64,
  userMessages as m,
  md5,
  PASSWORD_RULE,
  say,
  updatePasswordFields,
  user,
} from '@sso/shared-api';
import { assertNotRecent, assertOldEnough, passwordSettingsOf, rememberReplacedPasswords } from '../../auth/password-policy.js';
import { auditOf, hashPlain, initialPassword, randomPassword, updateUsers } from '../../domain/user-accounts.js';
import { type SignedInArgs, someExtraHandlers } from '../../engine/extra-handlers.js';
import { live } from '../../kernel/live-rows.js';
import { type SecurityEventType, userTarget } from '../../logs/security-events.js';
import { usersByIds } from './users-by-ids.js';

/** Password extras of /api/blade-user: resets by an administrator, and the caller's own change. */

/** The extras that act on the users a list of ids names (reset, reset-password, one-click-…). */
type UserIdsArgs = SignedInArgs & { query: { userIds: string[] } };

/** reset / reset-password: back to account.initPassword, to be changed at the next sign-in. */
async function resetToInitial({ ctx, repo, query, caller: who }: UserIdsArgs): Promise<boolean> {
  const users = await usersByIds(repo, ctx, who, query.userIds);
  const password = await hashPlain(ctx, await initialPassword(ctx));
  await updateUsers(ctx, who, users, { password, mustChangePassword: 1, passwordChangedAt: new Date() });
  await rememberReplacedPasswords(ctx.db, users);
  await ctx.audit.record({ type: 'user.password-reset', actor: who, targets: users.map(userTarget) });
  // Whoever was signed in with the old password is signed out everywhere.
  await ctx.sessions.endForUser(
    users.map((u) => u.id),
    { reason: 'password-reset' },
  );
  return true;
}

/** Sets or clears the required password change (seen as is_init_password 否 / 是 at sign-in). */
const mustChange =
  (flag: 0 | 1, type: SecurityEventType) =>
  async ({ ctx, repo, query, caller: who }: UserIdsArgs): Promise<boolean> => {
    const users = await usersByIds(repo, ctx, who, query.userIds);
    await updateUsers(ctx, who, users, { mustChangePassword: flag });
    await ctx.audit.record({ type, actor: who, targets: users.map(userTarget) });
    // Live sessions are held to the change (or let go) from their next request on.
    await ctx.sessions.setMustChangePassword(
      users.map((u) => u.id),
      flag === 1,
    );
    return true;
  };

export const userPasswordHandlers = someExtraHandlers(user, {
  reset: resetToInitial,
  resetPassword: resetToInitial,
  oneClickModify: mustChange(1, 'user.password-change-required'),
  oneClickCancel: mustChange(0, 'user.password-change-waived'),

  /** A random password per user, answered once and never stored in clear. */
  async initPwdRandom({ ctx, repo, query, caller: who }) {
    const ids: string[] = query.userIds ?? (query.userId ? [query.userId] : []);
    if (!ids.length) throw badRequest(say('selectOne'));
    const users = await usersByIds(repo, ctx, who, ids);
    const issued = await Promise.all(
      users.map(async (user) => {
        const password = randomPassword();
        return { userId: user.id, account: user.account, password, hash: await hashPlain(ctx, password) };
      }),
    );
    await ctx.db.transaction().execute(async (trx) => {
      for (const one of issued) {
        await trx
          .updateTable('blade_user')
          .set({ password: one.hash, mustChangePassword: 1, passwordChangedAt: new Date(), ...auditOf(who) })
          .where('id', '=', one.userId)
          .execute();
      }
      await rememberReplacedPasswords(trx, users);
      await ctx.audit.write(trx, { type: 'user.password-random', actor: who, targets: users.map(userTarget) });
    });
    await ctx.sessions.endForUser(
      users.map((u) => u.id),
      { reason: 'password-reset' },
    );
    return issued.map(({ userId, account, password }) => ({ userId, account, password }));
  },

  /**
   * The caller's own password. Digests as at sign-in; the plain new password comes in base64 only
   * so that the complexity rule can be enforced here, and must match its digest.
   */
  async updatePassword({ ctx, query, body, caller: who }) {
    const parsed = updatePasswordFields.safeParse({ ...query, ...(body ?? {}) });
    if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error.issues));
    const input = parsed.data;
    const newDigest = input.newPassword.toLowerCase();
    if (newDigest !== input.newPassword1.toLowerCase()) throw badRequest(m.say.confirmMismatch);
    let plain: string;
    try {
      plain = fromBase64(input.passwordBase64);
    } catch {
      throw badRequest(m.say.digestMismatch);
    }
    if (md5(plain) !== newDigest) throw badRequest(m.say.digestMismatch);
    if (!PASSWORD_RULE.test(plain)) throw badRequest(say('passwordRule'));
    const user = await ctx.db
      .selectFrom('blade_user')
      .select(['id', 'tenantId', 'password', 'mustChangePassword', 'passwordChangedAt'])
      .where('id', '=', who.user_id)
      .$call(live(who.tenant_id))
      .executeTakeFirst();
    if (!user) throw badRequest(say('recordMissing'));
    // A password the directory checks is changed in the directory: a platform one would never be asked for.
    if (await ctx.directoryPasswords.linkOf(who.tenant_id, user.id)) throw badRequest(directoryPasswordMessages.say.changeInDirectory);
    const check = await ctx.passwords.verifyDigest(user.password, input.oldPassword);
    if (!check.ok) throw badRequest(m.say.oldPasswordWrong);
    if (input.oldPassword.toLowerCase() === newDigest) throw badRequest(m.say.passwordUnchanged);
    // The compliance profile: not too soon after the last change (unless it is required), not a recent one.
    const settings = await passwordSettingsOf(ctx, user.tenantId);
    assertOldEnough(settings, user);
    await assertNotRecent(ctx, settings, user, newDigest);
    const hash = await ctx.passwords.hashDigest(newDigest);
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('blade_user')
        .set({ password: hash, mustChangePassword: 0, passwordChangedAt: new Date(), ...auditOf(who) })
        .where('id', '=', user.id)
        .execute();
      await rememberReplacedPasswords(trx, [user]);
    });
    await ctx.audit.record({ type: 'user.password-change', actor: who, targets: [userTarget({ id: who.user_id, account: who.account })] });
    // The session that changed it goes on (no new sign-in); every other one of the account ends.
    await ctx.sessions.endForUser(who.user_id, { except: who.sid, reason: 'password-changed' });
    await ctx.sessions.setMustChangePassword([who.user_id], false);
    return true;
  },
});
