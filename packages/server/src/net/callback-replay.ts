import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Who receives a signed callback: the directory-sync sources' change callbacks, or WeChat official accounts. */
export type CallbackChannel = 'sync' | 'wechat';

export interface CallbackOnce {
  channel: CallbackChannel;
  /** The receiver within the channel (a source's id, an official account's id). */
  key: string;
  nonce: string;
  timestamp: string;
}

/**
 * Records a signed, fresh callback's nonce for its receiver: false when it was seen already (a
 * replay). One row every node writes to, so a call replayed to another node of the cluster is
 * refused too. The channel's rows older than `keepMs` — longer than any timestamp could still pass
 * as fresh — are pruned first (each channel by its own window), so the table holds only minutes of calls. The caller checks the signature and
 * the timestamp's window before, so nothing unsigned or stale is written.
 */
export async function firstSeen(db: Kysely<Database>, once: CallbackOnce, keepMs: number): Promise<boolean> {
  await db
    .deleteFrom('blade_callback_seen')
    .where('channel', '=', once.channel)
    .where('seenAt', '<', new Date(Date.now() - keepMs))
    .execute();
  const seen = await db
    .insertInto('blade_callback_seen')
    .values({
      channel: once.channel,
      key: once.key.slice(0, 64),
      nonce: once.nonce.slice(0, 128),
      timestamp: once.timestamp.slice(0, 16),
      seenAt: new Date(),
    })
    .onConflict((oc) => oc.columns(['channel', 'key', 'nonce']).doNothing())
    .executeTakeFirst();
  return Number(seen.numInsertedOrUpdatedRows ?? 0) > 0;
}
