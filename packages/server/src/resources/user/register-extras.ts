import { badRequest, userMessages as m, say, user } from '@sso/shared-api';
import { sql } from 'kysely';
import { assertRoomForUsers, checkPlainPassword, hashPlain } from '../../domain/user-accounts.js';
import { someExtraHandlers } from '../../engine/extra-handlers.js';
import { live } from '../../kernel/live-rows.js';
import { userTarget } from '../../logs/security-events.js';
import { spendRegistrationTicket } from '../../social/registration-ticket.js';

/** Status of an account waiting for an administrator (the token endpoint refuses it). */
const PENDING = 2;

/** Self-registration (the sign-in page's registration dialog) and its approval by an administrator. */
export const userRegisterHandlers = someExtraHandlers(user, {
  async registerGuest({ ctx, body, request }) {
    if ((await ctx.params.get('user.registerEnabled'))?.trim() === 'false') throw badRequest(m.say.registerClosed);
    const input = body as {
      tenantId: string;
      account: string;
      password: string;
      password2?: string;
      name?: string | null;
      oauthId?: string;
      oauthTicket?: string;
    };
    const tenant = await ctx.db.selectFrom('blade_tenant').select(['status', 'expireTime']).$call(live(input.tenantId)).executeTakeFirst();
    if (!tenant) throw badRequest(say('tenantMissing'));
    if (tenant.status !== 1) throw badRequest(say('tenantDisabled'));
    if (tenant.expireTime && tenant.expireTime.getTime() < Date.now()) throw badRequest(say('tenantExpired'));
    const hash = await hashPlain(ctx, checkPlainPassword(input.password, input.password2 ?? input.password));
    const name = input.name?.trim() || input.account.slice(0, 20);
    await ctx.db.transaction().execute(async (trx) => {
      const oauth = input.oauthId
        ? await trx
            .selectFrom('blade_user_oauth')
            .select(['id', 'avatar'])
            .where('id', '=', input.oauthId)
            .where('tenantId', '=', input.tenantId)
            .where('userId', 'is', null)
            .executeTakeFirst()
        : undefined;
      if (input.oauthId && !oauth) throw badRequest(m.say.oauthMissing);
      // Only whoever just signed in with the identity holds its ticket (spent with the registration).
      if (
        oauth &&
        !(await spendRegistrationTicket(trx, { tenantId: input.tenantId, oauthId: oauth.id, ticket: input.oauthTicket ?? '' }))
      ) {
        throw badRequest(m.say.oauthMissing);
      }
      const taken = await trx
        .selectFrom('blade_user')
        .select('id')
        .where('tenantId', '=', input.tenantId)
        .where(sql<boolean>`lower(account) = lower(${input.account})`) // unique regardless of case
        .$call(live())
        .executeTakeFirst();
      if (taken) throw badRequest(m.say.accountTaken);
      await assertRoomForUsers(trx, input.tenantId, 1);
      const id = ctx.ids.next();
      await trx
        .insertInto('blade_user')
        .values({
          id,
          tenantId: input.tenantId,
          account: input.account,
          password: hash,
          name,
          realName: name.slice(0, 10),
          avatar: oauth?.avatar?.slice(0, 500) ?? null,
          status: PENDING,
        })
        .execute();
      if (oauth) await trx.updateTable('blade_user_oauth').set({ userId: id }).where('id', '=', oauth.id).execute();
      // No one is signed in: the event names the address and belongs to the tenant registered with.
      const target = userTarget({ id, account: input.account, tenantId: input.tenantId });
      await ctx.audit.write(trx, { type: 'user.register', tenantId: input.tenantId, ip: request.ip, targets: [target] });
    });
    return true;
  },

  /** audit-pass: pending accounts may sign in from now on. */
  async auditPass({ repo, query, caller: who }) {
    await repo.change(who, query.userIds, {
      check: assertPending,
      // Approved now: dormancy counts from here, not from the registration.
      set: { status: 1, lastActiveAt: new Date() },
      event: (users) => ({ type: 'user.audit-pass', actor: who, targets: users.map(userOf).map(userTarget) }),
    });
    return true;
  },

  /** audit-refuse: pending accounts are removed and their third-party binding released. */
  async auditRefuse({ ctx, repo, query, caller: who }) {
    const ids = [...new Set(query.userIds)];
    await repo.change(who, ids, {
      check: assertPending,
      set: { isDeleted: 1 },
      alsoIn: async (trx, users) => {
        await trx
          .updateTable('blade_user_oauth')
          .set({ userId: null })
          .where(
            'userId',
            'in',
            users.map((u) => u.id),
          )
          .execute();
      },
      event: (users) => ({ type: 'user.audit-refuse', actor: who, targets: users.map(userOf).map(userTarget) }),
    });
    await ctx.sessions.endForUser(ids, { reason: 'registration-refused' });
    return true;
  },
});

/** Only accounts waiting for approval are approved or refused. */
function assertPending(users: Record<string, unknown>[]): void {
  if (users.some((u) => u.status !== PENDING)) throw badRequest(m.say.notPending);
}

/** A locked row as the security event names the account. */
const userOf = (row: Record<string, unknown>) => ({ id: String(row.id), account: String(row.account), tenantId: String(row.tenantId) });
