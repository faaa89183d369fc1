import type { Caller } from '../kernel/caller.js';

/** Who writes a row: the caller whose request it is. */
export type Stamper = Pick<Caller, 'user_id'>;

/**
 * The audit columns of a changed row: who changed it last (`updateUser`) and when (`updateTime`).
 * Without a caller (the scheduler renews a tenant) nobody is named.
 */
export function updateStamps(by: Stamper, now?: Date): { updateUser: string; updateTime: Date };
export function updateStamps(by: Stamper | undefined, now?: Date): { updateUser: string | null; updateTime: Date };
export function updateStamps(by: Stamper | undefined, now: Date = new Date()) {
  return { updateUser: by?.user_id ?? null, updateTime: now };
}

/**
 * The audit columns of a new row: created, and so last changed, by the caller at one time. The
 * repository stamps every row it writes; an extra that writes its table itself stamps it with these.
 */
export const stamps = (by: Stamper, now: Date = new Date()) => ({ createUser: by.user_id, createTime: now, ...updateStamps(by, now) });
