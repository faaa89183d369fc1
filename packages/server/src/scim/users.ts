import { issueIn, messageIn, PASSWORD_RULE, say, userEntity, userMessages } from '@sso/shared-api';
import { type Selectable, sql } from 'kysely';
import { rememberReplacedPasswords } from '../auth/password-policy.js';
import type { Database } from '../db/schema.js';
import { hashPlain, splitIds } from '../domain/user-accounts.js';
import { userTarget } from '../logs/security-events.js';
import { invalidSyntax, invalidValue, notFound, ScimError } from './errors.js';
import { answerList, filtered, type ListQuery, withMeta } from './listing.js';
import { equalities, equalityOn } from './narrowing.js';
import { applyPatch, parsePatchBody } from './patch.js';
import { isObject, isPlatformId, keyOf, MAX_EXTERNAL_ID } from './paths.js';
import { ENTERPRISE_USER_SCHEMA, USER_SCHEMA } from './schemas.js';
import {
  type AnyQuery,
  assertVersion,
  externalIds,
  type GroupNames,
  groupNames,
  keepExternalId,
  type ScimRequest,
  userRepository,
  visibleUsers,
} from './store.js';
import { inWrite, type ScimWrite, saveRows } from './write.js';

/**
 * SCIM Users are the tenant's platform users (blade_user): `userName` is the account,
 * `name.formatted` the real name, `displayName` the nickname (name), the first email and phone number,
 * `active` the status, the enterprise extension's `employeeNumber` the code. Writes go through
 * the user resource's repository (its rules: unique account, roles and departments of the
 * tenant, the user quota, the caller's data scope, the security log, sessions following the
 * account); a new password follows the password rule and ends the user's sessions.
 */

type Json = Record<string, unknown>;
type UserRow = Selectable<Database['blade_user']>;

/** Attributes a client cannot write: answered, never taken from a PATCH path. */
const READ_ONLY = ['id', 'meta', 'groups', 'schemas'];

const location = (r: ScimRequest, id: string) => `${r.base}/Users/${id}`;

/** The value the platform keeps of emails or phoneNumbers: the (last) primary one, else the first; each must be `{ value: "…" }`. */
function primaryOrFirst(list: unknown[], name: string): string | null {
  for (const item of list) {
    const value = isObject(item) ? item[keyOf(item, 'value') ?? ''] : undefined;
    if (typeof value !== 'string') throw invalidValue(`Each of ${name} is { "value": "…" }`);
  }
  const values = list.filter(isObject);
  // The last primary one: a value added as primary (appended by a PATCH) takes over from the one before.
  const chosen = values.findLast((item) => item[keyOf(item, 'primary') ?? ''] === true) ?? values[0];
  return chosen ? (chosen[keyOf(chosen, 'value') ?? ''] as string) : null;
}

/** The SCIM representation of a user row, with the application's externalId of it when it gave one. */
export function scimUser(r: ScimRequest, row: UserRow, names: GroupNames, externalId: string | undefined): Json {
  const id = String(row.id);
  const depts = splitIds(row.deptId);
  const groups = [
    ...depts.map((deptId) => ({ value: `dept-${deptId}`, display: names.depts.get(deptId) ?? '', type: 'department' })),
    ...splitIds(row.roleId).map((roleId) => ({ value: `role-${roleId}`, display: names.roles.get(roleId) ?? '', type: 'role' })),
  ].map((group) => ({ ...group, $ref: `${r.base}/Groups/${group.value}` }));
  const resource: Json = {
    schemas: [USER_SCHEMA, ENTERPRISE_USER_SCHEMA],
    id,
    ...(externalId !== undefined ? { externalId } : {}),
    userName: row.account,
    name: { formatted: row.realName ?? '' },
    displayName: row.name ?? '',
    active: row.status === 1,
    emails: row.email ? [{ value: row.email, type: 'work', primary: true }] : [],
    phoneNumbers: row.phone ? [{ value: row.phone, type: 'mobile', primary: true }] : [],
    groups,
    [ENTERPRISE_USER_SCHEMA]: {
      employeeNumber: row.code ?? '',
      department: depts[0] ? (names.depts.get(depts[0]) ?? '') : '',
    },
  };
  return withMeta(resource, { resourceType: 'User', created: row.createTime, lastModified: row.updateTime, location: location(r, id) });
}

/** What a full user representation (POST, PUT, or a PATCH's result) asks the platform to hold. */
interface UserInput {
  values: Record<string, unknown>;
  active?: boolean;
  password?: string;
  externalId?: string;
}

const field = (object: Json, name: string) => object[keyOf(object, name) ?? ''];

function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidValue(`${name} is a string`);
  return value;
}

function readBoolean(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  // Some clients (Microsoft Entra among them) send "True"/"False".
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw invalidValue('active is a boolean');
}

/** The widths of blade_user's real name and nickname. */
const REAL_NAME_MAX = 10;
const NICKNAME_MAX = 20;

/** The text cut to at most `max` UTF-16 units without splitting a character. */
function fit(text: string, max: number): string {
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out;
}

const ENTITY_FIELDS = userEntity.pick({ account: true, name: true, realName: true, code: true, phone: true, email: true });

/** Reads a user representation; anything of the wrong shape or refused by the user's field rules is a 400. */
export function readUser(body: unknown): UserInput {
  if (!isObject(body)) throw invalidSyntax('The body must be a JSON object');
  const schemas = field(body, 'schemas');
  if (!Array.isArray(schemas) || !schemas.some((s) => typeof s === 'string' && s.toLowerCase() === USER_SCHEMA.toLowerCase())) {
    throw invalidSyntax(`A user names the schema ${USER_SCHEMA}`);
  }
  const userName = optionalString(field(body, 'userName'), 'userName');
  if (!userName?.trim()) throw invalidValue('userName is required');
  const name = field(body, 'name');
  if (name !== undefined && name !== null && !isObject(name)) throw invalidValue('name is an object');
  const formatted = isObject(name) ? optionalString(field(name, 'formatted'), 'name.formatted') : undefined;
  const parts = isObject(name)
    ? [optionalString(field(name, 'familyName'), 'name.familyName'), optionalString(field(name, 'givenName'), 'name.givenName')]
    : [];
  const displayName = optionalString(field(body, 'displayName'), 'displayName');
  // Display names longer than the platform's columns are cut to fit (as the directory sync does); other values are checked whole.
  const realName = fit(formatted?.trim() || parts.filter(Boolean).join('').trim() || displayName?.trim() || userName, REAL_NAME_MAX);
  const lists = ['emails', 'phoneNumbers'].map((key) => {
    const list = field(body, key);
    if (list === undefined || list === null) return [];
    if (!Array.isArray(list)) throw invalidValue(`${key} is an array`);
    return list;
  });
  const enterprise = field(body, ENTERPRISE_USER_SCHEMA);
  if (enterprise !== undefined && !isObject(enterprise)) throw invalidValue(`${ENTERPRISE_USER_SCHEMA} is an object`);
  const code = isObject(enterprise) ? optionalString(field(enterprise, 'employeeNumber'), 'employeeNumber') : undefined;
  const password = optionalString(field(body, 'password'), 'password');
  const externalId = optionalString(field(body, 'externalId'), 'externalId');
  if (externalId !== undefined && externalId.length > MAX_EXTERNAL_ID)
    throw invalidValue(`externalId is at most ${MAX_EXTERNAL_ID} characters`);
  const parsed = ENTITY_FIELDS.safeParse({
    account: userName,
    name: fit(displayName?.trim() || realName, NICKNAME_MAX),
    realName,
    code: code ?? '',
    email: primaryOrFirst(lists[0] as unknown[], 'emails') ?? '',
    phone: primaryOrFirst(lists[1] as unknown[], 'phoneNumbers') ?? '',
  });
  if (!parsed.success) throw invalidValue(parsed.error.issues[0] ? issueIn(parsed.error.issues[0], 'en') : messageIn(say('badType'), 'en'));
  return { values: { ...parsed.data, code: parsed.data.code || null }, active: readBoolean(field(body, 'active')), password, externalId };
}

/** A platform refusal as SCIM says it: an account taken is a 409 `uniqueness`. */
function refusalOf(error: unknown): unknown {
  if (error instanceof ScimError || !(error instanceof Error) || !('code' in error)) return error;
  if (error.message === userMessages.accountTaken) return new ScimError(409, messageIn(userMessages.say.accountTaken, 'en'), 'uniqueness');
  return error;
}

/** A user the caller may see (locked when a write reads it), else 404. */
async function loadUser(r: ScimRequest, id: string, lock = false): Promise<UserRow> {
  if (!isPlatformId(id)) throw notFound();
  const [row] = await visibleUsers(r, (query) => query.where('id', '=', id), lock);
  if (!row) throw notFound();
  return row;
}

/** A user row as SCIM answers it to this application. */
async function represent(r: ScimRequest, row: UserRow): Promise<Json> {
  const [names, external] = await Promise.all([groupNames(r), externalIds(r, 'user', [String(row.id)])]);
  return scimUser(r, row, names, external.get(String(row.id)));
}

export async function getUser(r: ScimRequest, id: string): Promise<Json> {
  return represent(r, await loadUser(r, id));
}

/** Every user the query's filter matches, before paging (sorting and paging follow in answerList). */
export async function matchingUsers(r: ScimRequest, query: ListQuery): Promise<Json[]> {
  const [rows, names, external] = await Promise.all([visibleUsers(r, narrowUsers(query)), groupNames(r), externalIds(r, 'user')]);
  return filtered(
    rows.map((row) => scimUser(r, row, names, external.get(String(row.id)))),
    query,
  );
}

export async function listUsers(r: ScimRequest, query: ListQuery) {
  return answerList(await matchingUsers(r, query), query);
}

/** The database's narrowing for a list's filter: by account, id or employee number when the filter names one. */
function narrowUsers(query: ListQuery): ((q: AnyQuery) => AnyQuery) | undefined {
  const found = equalities(query.filter);
  const account = equalityOn(found, 'userName');
  const id = equalityOn(found, 'id');
  const code = equalityOn(found, 'employeeNumber', ENTERPRISE_USER_SCHEMA.toLowerCase());
  if (account === undefined && id === undefined && code === undefined) return undefined;
  return (q) => {
    let narrowed = q;
    if (account !== undefined) narrowed = narrowed.where(sql<boolean>`lower(account) = lower(${account})`);
    if (code !== undefined) narrowed = narrowed.where(sql<boolean>`lower(coalesce(code, '')) = lower(${code})`);
    if (id !== undefined) narrowed = isPlatformId(id) ? narrowed.where('id', '=', id) : narrowed.where(sql<boolean>`false`);
    return narrowed;
  };
}

function checkPassword(password: string): void {
  if (!PASSWORD_RULE.test(password)) throw invalidValue(messageIn(say('passwordRule'), 'en'));
}

export async function createUser(r: ScimRequest, body: unknown): Promise<Json> {
  const input = readUser(body);
  if (input.password !== undefined) checkPassword(input.password);
  const values = {
    ...input.values,
    status: input.active === false ? 0 : 1,
    ...(input.password !== undefined ? { password: input.password, password2: input.password } : {}),
  };
  return inWrite(r, async (w) => {
    w.require('user_add');
    try {
      const [saved] = await saveRows(w, 'user', [{ values }]);
      const id = String(saved?.id);
      await keepExternalId(w, 'user', id, input.externalId);
      return await getUser(w, id);
    } catch (error) {
      throw refusalOf(error);
    }
  });
}

/** Saves a full representation over an existing user (PUT, and PATCH after its operations), within the write. */
async function saveOver(w: ScimWrite, row: UserRow, input: UserInput): Promise<Json> {
  w.require('user_edit');
  if (input.password !== undefined) checkPassword(input.password);
  const id = String(row.id);
  const status = input.active === undefined ? row.status : input.active ? 1 : 0;
  if (status !== 1 && id === w.caller.user_id) throw new ScimError(400, messageIn(userMessages.say.removeSelf, 'en'), 'mutability');
  try {
    await saveRows(w, 'user', [{ values: { ...input.values, status }, id }]);
  } catch (error) {
    throw refusalOf(error);
  }
  if (input.password !== undefined) await setPassword(w, row, input.password);
  await keepExternalId(w, 'user', id, input.externalId);
  return getUser(w, id);
}

/** A new password set by the provisioning client: stored hashed, logged, and every session of the user ends once committed. */
async function setPassword(w: ScimWrite, row: UserRow, plain: string): Promise<void> {
  const id = String(row.id);
  const password = await hashPlain(w.ctx, plain);
  await userRepository(w).changeIn(
    w.trx,
    w.caller,
    w.filters.user,
    [id],
    {
      set: { password, mustChangePassword: 0, passwordChangedAt: new Date() },
      event: (rows) => ({
        type: 'user.password-reset',
        actor: w.caller,
        targets: rows.map((changed) => userTarget({ id: String(changed.id), account: String(changed.account) })),
      }),
    },
    w.after,
  );
  // The password it replaces joins the user's earlier ones (the compliance profile's history).
  await rememberReplacedPasswords(w.db, [{ id, tenantId: row.tenantId, password: row.password }]);
  w.after.push(() => w.ctx.sessions.endForUser(id, { reason: 'password-reset' }));
}

/**
 * A write over an existing user, in one transaction: the row locked, read again, its version
 * checked against If-Match under the lock, then `write` given the user as it is now.
 */
function writeOver<T>(
  r: ScimRequest,
  id: string,
  ifMatch: string | undefined,
  write: (w: ScimWrite, row: UserRow, current: Json) => Promise<T>,
) {
  return inWrite(r, async (w) => {
    const row = await loadUser(w, id, true);
    const current = await represent(w, row);
    assertVersion(current, ifMatch);
    return write(w, row, current);
  });
}

export function replaceUser(r: ScimRequest, id: string, body: unknown, ifMatch: string | undefined): Promise<Json> {
  return writeOver(r, id, ifMatch, (w, row) => saveOver(w, row, readUser(body)));
}

export function patchUser(r: ScimRequest, id: string, body: unknown, ifMatch: string | undefined): Promise<Json> {
  const operations = parsePatchBody(body, READ_ONLY);
  return writeOver(r, id, ifMatch, (w, row, current) => saveOver(w, row, readUser(applyPatch(current, operations))));
}

/** DELETE disables the account (removals never delete a person): their sessions end at once, and GET still finds them, inactive. */
export async function disableUser(r: ScimRequest, id: string, ifMatch: string | undefined): Promise<void> {
  await writeOver(r, id, ifMatch, async (w) => {
    w.require('user_delete');
    if (id === w.caller.user_id) throw new ScimError(400, messageIn(userMessages.say.removeSelf, 'en'), 'mutability');
    await userRepository(w).changeIn(w.trx, w.caller, w.filters.user, [id], { set: { status: 0 } }, w.after);
  });
}
