import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { live } from '../../kernel/live-rows.js';

// biome-ignore lint/suspicious/noExplicitAny: the application role tables are read by name
type AnyDb = Kysely<any>;
const untyped = (db: Kysely<Database>) => db as unknown as AnyDb;

/** An application role of this application and tenant, if it is one. */
export async function appRoleOf(db: Kysely<Database>, tenantId: string, appId: string, appRoleId: string) {
  return (await untyped(db)
    .selectFrom('blade_app_role')
    .select(['id', 'roleName', 'roleAlias'])
    .where('id', '=', appRoleId)
    .where('appId', '=', appId)
    .$call(live(tenantId))
    .executeTakeFirst()) as { id: string; roleName: string; roleAlias: string } | undefined;
}

/** Every role of an application. */
export async function rolesOfApp(db: Kysely<Database>, tenantId: string, appId: string) {
  return (await untyped(db)
    .selectFrom('blade_app_role')
    .select(['id', 'roleName', 'roleAlias'])
    .where('appId', '=', appId)
    .$call(live(tenantId))
    .orderBy('id')
    .execute()) as { id: string; roleName: string; roleAlias: string }[];
}

/** The application roles a user holds directly and unexpired (granted by an administrator or by an approved request). */
export async function heldAppRoleIds(db: Kysely<Database>, tenantId: string, userId: string): Promise<Set<string>> {
  const rows = (await untyped(db)
    .selectFrom('blade_user_authorized_role')
    .select('appRoleId')
    .where('userId', '=', userId)
    // A grant past its expiry is no longer held, even before the sweep removes it.
    .where((eb) => eb.or([eb('expireTime', 'is', null), eb('expireTime', '>', new Date())]))
    .$call(live(tenantId))
    .execute()) as { appRoleId: string }[];
  return new Set(rows.map((r) => String(r.appRoleId)));
}
