import { forbidden, say } from '@sso/shared-api';
import type { Transaction } from 'kysely';
import { ALL } from '../auth/permissions.js';
import { type AfterCommit, type Row, runAfterCommit } from '../engine/repository.js';
import { type AnyDb, deptRepository, roleRepository, type ScimRequest, userRepository } from './store.js';

/**
 * A SCIM write is one transaction: the resource is locked, read again and its version checked
 * against `If-Match` under that lock, then every row it changes (the user or group, memberships,
 * the application's externalId, a password) is written in the same transaction. So two writes
 * naming the same version cannot both succeed, and a PATCH is applied to the resource as it is
 * when it is written, never to an earlier read. What must follow the commit (caches dropped,
 * sessions following the account) runs once it has committed.
 *
 * Nothing inside may query outside the transaction (PGlite has one connection: it would wait for
 * itself), so the caller's buttons and data scopes are read before it opens.
 */
export interface ScimWrite extends ScimRequest {
  trx: Transaction<unknown>;
  after: AfterCommit;
  /** Refuses (403) unless the token's administrator holds the button. */
  require(code: string): void;
}

export async function inWrite<T>(r: ScimRequest, work: (w: ScimWrite) => Promise<T>): Promise<T> {
  const codes = await r.ctx.permissions.codesOf(r.caller);
  const require = (code: string) => {
    if (codes !== ALL && !codes.has(code)) throw forbidden(say('forbidden'));
  };
  const after: AfterCommit = [];
  const result = await (r.ctx.db as unknown as AnyDb)
    .transaction()
    .execute((trx) => work({ ...r, db: trx, trx: trx as Transaction<unknown>, after, require }));
  await runAfterCommit(after);
  return result;
}

export type Table = 'user' | 'dept' | 'role';

const repositoryOf = (w: ScimWrite, table: Table) =>
  table === 'user' ? userRepository(w) : table === 'dept' ? deptRepository(w) : roleRepository(w);

/** Saves rows through the resource's repository (its rules, checks and security log) within the write. */
export function saveRows(w: ScimWrite, table: Table, entries: { values: Row; id?: string }[]): Promise<Row[]> {
  return repositoryOf(w, table).saveAllIn(w.trx, w.caller, w.filters[table], entries, w.after);
}
