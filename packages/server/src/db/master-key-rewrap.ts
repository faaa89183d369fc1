import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import type { Db } from './database.js';
import { isWrapped, type MasterKey, MasterKeyError, unwrapKey, wrapKey } from './master-key.js';

/**
 * Changing the master key: every personal-data key stored is unwrapped with the current master key
 * and wrapped under the new one, in one transaction with the key rows locked, so the keys are all
 * under the old master key or all under the new one, never some of each. The data keys themselves
 * do not change: no personal value is rewritten. A key the current master key does not open (or
 * one still stored in clear) refuses the whole rewrap before anything is written.
 * `beforeCommit` runs once every key is rewrapped, inside the transaction (a failure there undoes it).
 * Answers how many keys were rewrapped.
 */
export async function rewrapPersonalKeys(db: Db, current: MasterKey, next: MasterKey, beforeCommit?: () => void): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('sso_personal_key').select(['id', 'cipherKey', 'indexKey']).orderBy('id').forUpdate().execute();
    const open = (stored: string, what: string) => {
      if (!isWrapped(stored))
        throw new MasterKeyError(
          `${what} is stored in clear: start the server once with the current master key (it wraps it), then rewrap`,
        );
      try {
        return unwrapKey(current, stored, what);
      } catch (error) {
        if (!(error instanceof MasterKeyError)) throw error;
        throw new MasterKeyError(`the current master key from ${current.source} does not open ${what}: nothing was rewrapped`);
      }
    };
    // Every key opened before any is written.
    const opened = rows.map((row) => ({
      id: row.id,
      cipherKey: open(row.cipherKey, `the SM4 key of personal-data key ${row.id}`),
      indexKey: open(row.indexKey, `the index key of personal-data key ${row.id}`),
    }));
    for (const key of opened) {
      await trx
        .updateTable('sso_personal_key')
        .set({ cipherKey: wrapKey(next, key.cipherKey), indexKey: wrapKey(next, key.indexKey) })
        .where('id', '=', key.id)
        .execute();
    }
    beforeCommit?.();
    return rows.length;
  });
}

/**
 * The data directory's master key replaced by `next` in two steps around the rewrap's commit:
 * `stage` writes it beside the file (owner only, flushed to disk) before the commit; `install`
 * renames it over the file after it (a rename is atomic: a start reads the old key or the new one,
 * never half a file), and `discard` removes it when the commit did not happen.
 */
export function keyFileReplacement(path: string, next: MasterKey) {
  const staged = `${path}.new`;
  return {
    stage(): void {
      rmSync(staged, { force: true });
      const fd = openSync(staged, 'wx', 0o600);
      try {
        writeSync(fd, `${next.hex}\n`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    },
    install: () => renameSync(staged, path),
    discard: () => rmSync(staged, { force: true }),
  };
}
