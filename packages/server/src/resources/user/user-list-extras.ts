import { user } from '@sso/shared-api';
import { someExtraHandlers } from '../../engine/extra-handlers.js';
import { containing } from '../../flow/work-lists.js';
import { live } from '../../kernel/live-rows.js';

/** The most users a picker lists: a tenant larger than that narrows by account or name. */
const PICKER_LIMIT = 1000;

/** user-list: the tenant's live users for pickers (the leave form's approver), names only. */
export const userListHandlers = someExtraHandlers(user, {
  async userList({ ctx, caller, query }) {
    let rows = ctx.db.selectFrom('blade_user').select(['id', 'account', 'name', 'realName']).$call(live(caller.tenant_id));
    if (query.account) rows = rows.where('account', 'ilike', containing(query.account));
    if (query.realName) rows = rows.where('realName', 'ilike', containing(query.realName));
    const users = await rows.orderBy('account').limit(PICKER_LIMIT).execute();
    return users.map((u) => ({ id: u.id, account: u.account, name: u.name ?? '', realName: u.realName ?? '' }));
  },
});
