import type { Insertable, Updateable } from 'kysely';
import { tableSnapshot } from '../api-suite.testkit.js';
import type { Database } from '../db/schema.js';
import type { TestServer } from '../testing.js';
import { APP_TABLE } from './catalogue.js';

// Tests reach the catalogue through the HTTP API; these helpers are for what the API never
// shows or refuses by rule: the stored row itself, rows of another tenant, rows saved before a rule.

/** The stored row of an application (every column, the secret's hash included), by id or by code; undefined when none. */
export async function storedApp(server: TestServer, key: { id: string } | { appCode: string }) {
  const query = server.ctx.db.selectFrom('blade_app').selectAll();
  return ('id' in key ? query.where('id', '=', key.id) : query.where('appCode', '=', key.appCode)).executeTakeFirst();
}

/** Every row of the catalogue, removed ones included, by id: for a test that an answer changed nothing. */
export const catalogueSnapshot = (server: TestServer) => tableSnapshot(server, APP_TABLE);

/** Writes an application row as it stands, past the catalogue's rules (another tenant's, say); the cache is dropped. */
export async function insertAppRow(server: TestServer, row: Insertable<Database['blade_app']>): Promise<void> {
  await server.ctx.db.insertInto('blade_app').values(row).execute();
  server.ctx.cache.invalidate(APP_TABLE);
}

/** Changes a stored application as a row saved before a rule existed would stand; the cache is dropped. */
export async function patchAppRow(server: TestServer, id: string, values: Updateable<Database['blade_app']>): Promise<void> {
  await server.ctx.db.updateTable('blade_app').set(values).where('id', '=', id).execute();
  server.ctx.cache.invalidate(APP_TABLE);
}
