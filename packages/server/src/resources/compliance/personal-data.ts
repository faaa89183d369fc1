import { DEFAULT_TENANT_ID, forbidden, complianceMessages as m } from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import { anyProfileOn } from '../../db/compliance.js';
import {
  addPersonalKey,
  encryptPendingRows,
  encryptPendingRowsUntil,
  loadPersonalKeys,
  personalDataState,
} from '../../db/personal-data.js';
import type { PersonalDataKeys } from '../../db/personal-data-keys.js';
import type { Caller } from '../../kernel/caller.js';

/** Other nodes re-read the personal-data keys when one node adds a key. */
export const PERSONAL_KEYS_TOPIC = 'personal-data.keys';

const platformOnly = (caller: Caller) => {
  // The keys protect every tenant's users: a tenant administrator neither sees nor rotates them.
  if (caller.tenant_id !== DEFAULT_TENANT_ID) throw forbidden(m.say.personalDataPlatformOnly);
};

export async function personalDataOf(ctx: AppContext, caller: Caller) {
  platformOnly(caller);
  return personalDataState(ctx.db, ctx.database.personalData);
}

/** The rewrite going on in the background on this node, per database handle: one at a time. */
const rewriting = new WeakMap<PersonalDataKeys, Promise<void>>();

/**
 * A new current key (the first turns the encryption on), then every protected value rewritten
 * under it. The call rewrites for up to SSO_ROTATION_WAIT_SECONDS and answers; what is left goes
 * on in the background on this node (its progress is the state's `pending`), and the daily pass
 * finishes whatever a restart cut short. A directory of 100,000 users takes minutes: no request
 * should wait that long.
 */
export async function rotatePersonalDataKey(ctx: AppContext, caller: Caller) {
  platformOnly(caller);
  const keys = ctx.database.personalData;
  const previous = keys.currentKeyId ?? null;
  const keyId = await addPersonalKey(ctx.db, keys);
  await ctx.bus.publish(PERSONAL_KEYS_TOPIC, { keyId });
  const waited = await encryptPendingRowsUntil(ctx.db, keys, Date.now() + ctx.config.SSO_ROTATION_WAIT_SECONDS * 1000);
  await ctx.audit.record({
    type: 'platform.personal-data-key',
    actor: caller,
    targets: [{ kind: 'tenant', id: DEFAULT_TENANT_ID }],
    detail: { previousKeyId: previous, keyId, rewritten: waited.rewritten, finished: waited.finished },
  });
  // The answer is the state as the call stopped waiting; the background run starts after it is read.
  const state = await personalDataState(ctx.db, keys);
  if (!waited.finished) rewriteInBackground(ctx, keys);
  return state;
}

function rewriteInBackground(ctx: AppContext, keys: PersonalDataKeys): void {
  if (rewriting.has(keys)) return;
  const run = encryptPendingRows(ctx.db, keys)
    .then(() => undefined)
    .catch((error) => ctx.log?.error({ err: error }, 'personal data not all rewritten under the current key; the daily pass goes on'))
    .finally(() => rewriting.delete(keys));
  rewriting.set(keys, run);
}

/** The background rewrite of this node, if one runs (a test waits for it). */
export const backgroundRewrite = (ctx: AppContext): Promise<void> | undefined => rewriting.get(ctx.database.personalData);

/**
 * At start: the keys read, the encryption turned on when any tenant holds the compliance profile
 * on (the platform for every tenant, or a tenant for itself: the keys and the table are the whole
 * platform's, so one tenant's assessment brings the protection to all) or SSO_ENCRYPT_PERSONAL_DATA
 * says so, and users written in clear (before it was on, or by a node that had no key yet) or under
 * an older key rewritten under the current one. Also run daily.
 */
export async function catchUpPersonalData(ctx: AppContext): Promise<number> {
  const keys = ctx.database.personalData;
  await loadPersonalKeys(ctx.db, keys);
  const wanted = ctx.config.SSO_ENCRYPT_PERSONAL_DATA === 'true' || (await anyProfileOn(ctx.db));
  if (!keys.enabled && wanted) {
    await addPersonalKey(ctx.db, keys);
    await ctx.bus.publish(PERSONAL_KEYS_TOPIC, { keyId: keys.currentKeyId });
  }
  return encryptPendingRows(ctx.db, keys);
}

/** Turns the encryption on now (a profile was just turned on). */
export async function ensurePersonalDataEncrypted(ctx: AppContext): Promise<void> {
  if (ctx.database.personalData.enabled) return;
  await catchUpPersonalData(ctx);
}

/** Keeps this node's keys in step with the others'. */
export function followPersonalKeys(ctx: AppContext): void {
  ctx.bus.subscribe(PERSONAL_KEYS_TOPIC, () => {
    loadPersonalKeys(ctx.db, ctx.database.personalData).catch((error) => ctx.log?.error({ err: error }, 'personal-data keys not reloaded'));
  });
}
