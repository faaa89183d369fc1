import { badRequest, syncMessages as m, type syncSource } from '@sso/shared-api';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { encryptSecret } from '../../db/secrets.js';
import type { Caller } from '../../kernel/caller.js';
import type { SourceRow } from './source.js';

/** The values of a source form, as test connection takes them (every field optional). */
export type TypedSource = Partial<z.infer<typeof syncSource.entity>>;

const SECRETS = ['bindPassword', 'secret', 'callbackToken', 'callbackKey'] as const;

/**
 * The source a test connection reaches: the saved one with the values of an unsaved form laid
 * over it (a field the form leaves out stays as saved; an empty one is empty), or the form's
 * values alone for a source not saved yet. Testing typed values asks the permission to save them
 * (edit, or add for a new source). A write-only secret the form leaves empty is the stored one,
 * but only while the kind and the address (`url`, `apiBase`) are the saved ones: a stored secret
 * is never sent anywhere its source was not saved to send it. Typed secrets are encrypted as a
 * save would, so the reader takes them the one way it takes stored ones.
 */
export async function typedSource(
  ctx: AppContext,
  caller: Caller,
  saved: SourceRow | undefined,
  typed: TypedSource | null | undefined,
): Promise<SourceRow> {
  if (!typed || Object.keys(typed).length === 0) {
    if (!saved) throw badRequest(m.say.sourceMissing);
    return saved;
  }
  await ctx.permissions.require(caller, saved ? 'syncsource_edit' : 'syncsource_add');
  const kind = typed.kind ?? saved?.kind;
  if (!kind) throw badRequest(m.say.kind);
  const base: SourceRow = saved ?? ({ id: '0', tenantId: caller.tenant_id, kind } as SourceRow);
  const sameTarget =
    saved !== undefined &&
    kind === saved.kind &&
    (typed.url === undefined || (typed.url ?? null) === saved.url) &&
    (typed.apiBase === undefined || (typed.apiBase ?? null) === saved.apiBase);
  const merged: Record<string, unknown> = { ...base, kind };
  for (const [field, value] of Object.entries(typed)) {
    if ((SECRETS as readonly string[]).includes(field)) continue;
    if (value !== undefined) merged[field] = value ?? null;
  }
  for (const field of SECRETS) {
    const value = typed[field];
    if (value) merged[field] = await encryptSecret(ctx.db, value);
    else if (!sameTarget) merged[field] = null;
  }
  return merged as SourceRow;
}
