import { notFound } from './errors.js';
import { createGroup, deleteGroup, patchGroup, replaceGroup } from './groups.js';
import type { ScimRequest } from './store.js';
import { createUser, disableUser, patchUser, replaceUser } from './users.js';

/**
 * The writes of SCIM, by method and path: the single-resource endpoints and each operation of a
 * bulk request are both answered here, so that a bulk operation is exactly the request it stands
 * for (same checks, same transaction, same answer).
 */

type Json = Record<string, unknown>;

export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface WriteOutcome {
  status: 200 | 201 | 204;
  /** The resource as written (none after DELETE). */
  resource?: Json;
}

const WRITERS = {
  Users: { create: createUser, replace: replaceUser, patch: patchUser, remove: disableUser },
  Groups: { create: createGroup, replace: replaceGroup, patch: patchGroup, remove: deleteGroup },
};

/** `/Users`, `/Groups/dept-1`, …: the resource type and id a write path names; anything else is 404. */
export function parseWritePath(path: string): { type: keyof typeof WRITERS; id?: string } {
  const match = /^\/(Users|Groups)(?:\/([^/?#]+))?$/.exec(path);
  if (!match) throw notFound('No such SCIM endpoint');
  return { type: match[1] as keyof typeof WRITERS, id: match[2] };
}

/** Performs one write; POST goes to a type's endpoint, PUT/PATCH/DELETE to one resource's. */
export async function performWrite(
  r: ScimRequest,
  method: WriteMethod,
  path: string,
  body: unknown,
  ifMatch: string | undefined,
): Promise<WriteOutcome> {
  const { type, id } = parseWritePath(path);
  const writer = WRITERS[type];
  if (method === 'POST' && id === undefined) return { status: 201, resource: await writer.create(r, body) };
  if (id === undefined || method === 'POST') throw notFound('No such SCIM endpoint');
  if (method === 'PUT') return { status: 200, resource: await writer.replace(r, id, body, ifMatch) };
  if (method === 'PATCH') return { status: 200, resource: await writer.patch(r, id, body, ifMatch) };
  await writer.remove(r, id, ifMatch);
  return { status: 204 };
}
