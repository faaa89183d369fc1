import {
  CamelCasePlugin,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryId,
  sql,
  type UnknownRow,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { newPersonalKey, PersonalDataKeys } from './personal-data-keys.js';
import { PersonalDataPlugin } from './personal-data-plugin.js';
import type { Database } from './schema.js';

/**
 * The personal-data plugin decrypts only the result columns that may hold a protected value, read
 * from the query's shape: none of a query that names no protected table, the protected columns of
 * `*`, a protected column under any alias and computed columns; every column when the shape does
 * not say. Rows are handed to it as the camel-case plugin leaves them.
 */
const keys = new PersonalDataKeys({ hex: '0123456789abcdef0123456789abcdef', source: 'a test key' });
keys.use([newPersonalKey(1)]);
const plugin = new PersonalDataPlugin(keys);
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: [new CamelCasePlugin(), plugin],
});

const secret = keys.encrypt('13800001234');
/** Raw SQL compiled as this handle compiles it. */
const raw = (query: ReturnType<typeof sql>) => ({ compile: () => query.compile(db) });

/** The keys of a row of `query`'s result (every one holding a ciphertext) that come back decrypted. */
async function decrypted(query: { compile(): { queryId: QueryId } }, rowKeys: string[]): Promise<string[]> {
  const row: UnknownRow = Object.fromEntries(rowKeys.map((key) => [key, secret]));
  const { rows } = await plugin.transformResult({ queryId: query.compile().queryId, result: { rows: [row] } });
  return Object.entries(rows[0] ?? {})
    .filter(([, value]) => value === '13800001234')
    .map(([key]) => key)
    .sort();
}

describe('the columns the personal-data plugin decrypts', () => {
  it('are none of a query that names no protected table', async () => {
    expect(await decrypted(db.selectFrom('blade_menu').selectAll(), ['name', 'path'])).toEqual([]);
    expect(await decrypted(raw(sql`select name from blade_role`), ['name'])).toEqual([]);
  });

  it('are the protected columns of a protected table, under their own name or an alias', async () => {
    expect(await decrypted(db.selectFrom('blade_user').selectAll(), ['phone', 'email', 'realName'])).toEqual(['email', 'phone']);
    expect(
      await decrypted(
        db.selectFrom('blade_user as u').innerJoin('blade_role as r', 'r.id', 'u.roleId').select(['u.phone as mobile', 'r.roleName']),
        ['mobile', 'roleName'],
      ),
    ).toEqual(['mobile']);
    expect(await decrypted(db.selectFrom('blade_user as u').selectAll('u'), ['phone', 'account'])).toEqual(['phone']);
    expect(
      await decrypted(db.updateTable('blade_user').set({ realName: 'x' }).returning(['email', 'account']), ['email', 'account']),
    ).toEqual(['email']);
  });

  it('include any computed column, and every column when the shape does not say', async () => {
    const computed = db.selectFrom('blade_user').select((eb) => [eb.fn.coalesce('phone', eb.val('')).as('contact'), 'id']);
    expect(await decrypted(computed, ['contact', 'id'])).toEqual(['contact']);
    const fromSubquery = db.selectFrom((eb) => eb.selectFrom('blade_user').select('phone as mobile').as('s')).selectAll();
    expect(await decrypted(fromSubquery, ['mobile'])).toEqual(['mobile']);
    expect(await decrypted(raw(sql`select phone as anything from blade_user`), ['anything'])).toEqual(['anything']);
  });
});
