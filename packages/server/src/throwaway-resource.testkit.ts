import type { SsoClient } from '@sso/shared-api';
import { TEST_TOOL_DDL, TEST_TOOL_MENU } from '@sso/shared-api/testkit';
import { sql } from 'kysely';
import type { Server } from './app.js';
import type { MenuSeed } from './db/seed-data/types.js';

/** The test resource's menu entry, checked against the shape of the menu seed. */
const seed: MenuSeed = TEST_TOOL_MENU;

/** Saves a menu seed entry and its buttons through the menu API; answers the ids saved. */
async function saveMenu(sdk: SsoClient, entry: MenuSeed, parentId: string): Promise<string[]> {
  const { children = [], ...menu } = entry;
  const saved = await sdk.system.menu.submit({ ...menu, parentId });
  const ids = [String(saved.id)];
  for (const child of children) ids.push(...(await saveMenu(sdk, child, String(saved.id))));
  return ids;
}

/** The id of the platform's administrator role, the role the seed grants every seeded menu. */
export async function administratorRole(server: Server): Promise<string> {
  const row = await server.ctx.db
    .selectFrom('blade_role')
    .select('id')
    .where('tenantId', '=', '000000')
    .where('roleAlias', '=', 'administrator')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/**
 * What adding the test-only resource `testtool` writes, done on a running test server: its
 * table (the DDL of its migration), and its menu seed entry saved and granted to the
 * administrator's role (`sdk` signed in as the platform's administrator), as the seed grants every
 * seeded menu. The server must have been started with it among `testResources` (see
 * startServerWithTestTool in testing.ts).
 */
export async function installTestTool(server: Server, sdk: SsoClient): Promise<void> {
  await sql.raw(TEST_TOOL_DDL).execute(server.ctx.db);
  const menuIds = await saveMenu(sdk, seed, '0');
  const role = await administratorRole(server);
  const granted = await sdk.system.menu.roleTreeKeys({ roleIds: role });
  await sdk.system.role.grant({ roleIds: [role], menuIds: [...granted.menu, ...menuIds] });
}
