import { badRequest, ledgerMessages } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Caller } from '../../auth/permissions.js';
import { namePinyin } from '../../domain/app-pinyin.js';
import { live } from '../../engine/live-rows.js';
import type { ResourceRules } from '../../engine/types.js';

// biome-ignore lint/suspicious/noExplicitAny: rules query their own tables by name
type AnyDb = Kysely<any>;

/** The caller's display name as feedback rows keep it. */
export const callerName = (caller: Caller) => caller.real_name || caller.nick_name || caller.account;

/** A referenced row must be a live row of the caller's tenant. */
async function assertExists(trx: AnyDb, table: string, id: unknown, caller: Caller, message: string): Promise<void> {
  if (!id) return;
  const row = await trx.selectFrom(table).select('id').where('id', '=', String(id)).$call(live(caller.tenant_id)).executeTakeFirst();
  if (!row) throw badRequest(message);
}

/** Entries: the name is indexed by pinyin when saved; a linked application must be one of the tenant's catalogue. */
export const appParameterRules: ResourceRules = {
  async beforeSave({ caller, values, trx }) {
    if (typeof values.appName === 'string') Object.assign(values, namePinyin(values.appName));
    await assertExists(trx, 'blade_app', values.appId, caller, ledgerMessages.appMissing);
  },
};

/** Network records: the system name is indexed by pinyin; a linked entry must be the tenant's. */
export const appNetworkRules: ResourceRules = {
  async beforeSave({ caller, values, trx }) {
    if (typeof values.systemName === 'string') Object.assign(values, namePinyin(values.systemName));
    await assertExists(trx, 'blade_app_parameter', values.appParameterId, caller, ledgerMessages.entryMissing);
  },
};

/**
 * Comments and likes are the caller's own: the author is whoever sends it (never a field of the
 * form), and the entry must be the tenant's. A second like of the same entry by the same user is refused.
 */
export const feedbackRules: ResourceRules = {
  async beforeSave({ caller, values, existing, trx }) {
    if (!existing) Object.assign(values, { userId: caller.user_id, userName: callerName(caller) });
    await assertExists(trx, 'blade_app_parameter', values.appParameterId, caller, ledgerMessages.entryMissing);
  },
};
