import { datasourceMessages as d, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createTenantWithAdmin,
  createUserWithRole,
  FORBIDDEN,
  failure,
  type TestUser,
  tableSnapshot,
  useTestServer,
} from '../../api-suite.testkit.js';
import { decryptSecret } from '../../db/secrets.js';
import { postgresTarget } from '../../domain/data-sources.js';
import { reachMariadb } from '../code/source-databases.testkit.js';

/** Data sources: passwords kept encrypted and never answered, and the connection test. */
const suite = useTestServer();
let outsider: TestUser;

/** A PostgreSQL server the suite may connect to, when one was named for the run. */
const realPostgres = process.env.SSO_TEST_DATABASE_URL ?? process.env.SSO_TEST_PG_URL;

beforeAll(async () => {
  outsider = await createTenantWithAdmin(suite.server, '100012');
});

const api = () => suite.admin.system.datasource;
const snapshot = () => tableSnapshot(suite.server, 'blade_datasource');
const valid = { name: '业务库', driverClass: 'org.postgresql.Driver', url: 'jdbc:postgresql://127.0.0.1:5432/biz', username: 'postgres' };
const storedPassword = async (id: string) =>
  (await suite.server.ctx.db.selectFrom('blade_datasource').select('password').where('id', '=', id).executeTakeFirstOrThrow()).password;

describe('datasource passwords', () => {
  it('stores the password encrypted, never answers it, and keeps it when an update leaves it empty', async () => {
    const row = await api().submit({ ...valid, password: 'S3cret!pw' });
    expect(row).toMatchObject({ name: '业务库', url: valid.url, username: 'postgres' });
    expect(row).not.toHaveProperty('password');
    const stored = await storedPassword(row.id);
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain('S3cret');
    expect(await decryptSecret(suite.server.ctx.db, stored)).toBe('S3cret!pw');
    expect(await api().detail(row.id)).not.toHaveProperty('password');
    expect((await api().list({ name: '业务库' })).records.every((r) => !('password' in r))).toBe(true);

    await api().submit({ id: row.id, name: '业务库2', password: '' });
    expect(await storedPassword(row.id)).toBe(stored);
    await api().submit({ id: row.id, password: 'N3w!pw' });
    expect(await decryptSecret(suite.server.ctx.db, await storedPassword(row.id))).toBe('N3w!pw');
    expect((await api().submit({ ...valid, name: '无密码库' })).id).toMatch(/^\d+$/);
  });

  it.each([
    ['without name', { name: undefined }, d.name],
    ['without driverClass', { driverClass: '' }, d.driverClass],
    ['without url', { url: undefined }, d.url],
    ['with a url that is no URL', { url: 'not a url' }, d.urlFormat],
    ['without username', { username: ' ' }, d.username],
  ])('refuses an insert %s and changes nothing', async (_name, over, msg) => {
    const before = await snapshot();
    expect(
      await failure(suite.admin, suite.admin.call('POST', '/api/blade-develop/datasource/submit', undefined, { ...valid, ...over })),
    ).toEqual(bad(msg));
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to remove a data source a tenant uses, until it is unbound', async () => {
    const row = await api().submit({ ...valid, name: '绑定库' });
    await suite.admin.system.tenant.datasource(undefined, { tenantId: '100012', datasourceId: row.id });
    const before = await snapshot();
    expect(await failure(suite.admin, api().remove(row.id))).toEqual(bad('数据源正被租户使用，请先解除绑定'));
    expect(await snapshot()).toEqual(before);
    await suite.admin.system.tenant.datasource(undefined, { tenantId: '100012', datasourceId: '' });
    expect(await api().remove(row.id)).toBe(true);
  });
});

describe('testConnection', () => {
  it('reads host, port and database from JDBC and plain PostgreSQL URLs, and nothing from others', () => {
    expect(postgresTarget('jdbc:postgresql://db.steel.test:6543/erp?currentSchema=x')).toEqual({
      host: 'db.steel.test',
      port: 6543,
      database: 'erp',
    });
    expect(postgresTarget('postgres://u:p@[::1]/sso')).toEqual({ host: '::1', port: 5432, database: 'sso' });
    expect(postgresTarget('jdbc:postgresql:local')).toEqual({ host: 'localhost', port: 5432, database: 'local' });
    expect(postgresTarget('jdbc:mysql://127.0.0.1:3306/test')).toBeUndefined();
  });

  it('reports a refused connection in the envelope', async () => {
    const row = await api().submit({ ...valid, name: '关闭端口', url: 'jdbc:postgresql://127.0.0.1:1/none' });
    const result = await failure(suite.admin, api().testConnection({ id: row.id }));
    expect(result).toMatchObject({ status: 400, code: 400 });
    expect(result.msg).toMatch(/^数据源连接失败: .*ECONNREFUSED/);
  });

  it('says plainly which databases it can reach', async () => {
    const row = await api().submit({
      ...valid,
      name: 'Oracle',
      driverClass: 'oracle.jdbc.OracleDriver',
      url: 'jdbc:oracle:thin:@127.0.0.1:1521:orcl',
    });
    expect(await failure(suite.admin, api().testConnection({ id: row.id }))).toEqual(bad('只支持 PostgreSQL 与 MySQL/MariaDB 数据源'));
    expect(await failure(suite.admin, api().testConnection({ id: '1' }))).toEqual(bad(zh('recordMissing')));
  });

  it('connects to a real MySQL/MariaDB server, and reports a refused one', async (test) => {
    const reached = await reachMariadb();
    if (!reached.db) return test.skip(reached.skip);
    try {
      const { jdbcUrl, username, password } = reached.db;
      const good = await api().submit({
        ...valid,
        name: 'MariaDB',
        driverClass: 'com.mysql.cj.jdbc.Driver',
        url: jdbcUrl,
        username,
        password,
      });
      expect(await api().testConnection({ id: good.id })).toBe(true);
      const closed = await api().submit({ ...valid, name: 'MariaDB 关闭端口', url: 'jdbc:mysql://127.0.0.1:1/test', username });
      expect((await failure(suite.admin, api().testConnection({ id: closed.id }))).msg).toMatch(/^数据源连接失败: .*ECONNREFUSED/);
    } finally {
      await reached.db.close();
    }
  });

  it.skipIf(!realPostgres)('connects to a real PostgreSQL server, and reports a missing database', async () => {
    const url = new URL(realPostgres as string);
    const base = `jdbc:postgresql://${url.hostname}:${url.port || 5432}`;
    const login = { username: decodeURIComponent(url.username) || 'postgres', password: decodeURIComponent(url.password) };
    const good = await api().submit({ ...valid, ...login, name: '真实库', url: `${base}${url.pathname}` });
    expect(await api().testConnection({ id: good.id })).toBe(true);
    const missing = await api().submit({ ...valid, ...login, name: '缺失库', url: `${base}/no_such_database_here` });
    expect((await failure(suite.admin, api().testConnection({ id: missing.id }))).msg).toMatch(/^数据源连接失败: .*no_such_database_here/);
  });
});

describe('who manages data sources', () => {
  it('keeps them from other tenants, and the test from users without its button', async () => {
    const row = await api().submit({ ...valid, name: '受限库' });
    const sdk = outsider.sdk;
    expect(await failure(sdk, sdk.system.datasource.list())).toEqual(FORBIDDEN);
    expect(await failure(sdk, sdk.system.datasource.detail(row.id))).toEqual(FORBIDDEN);
    expect(await failure(sdk, sdk.system.datasource.testConnection({ id: row.id }))).toEqual(FORBIDDEN);
    const viewer = await createUserWithRole(suite.server, { account: 'ds_viewer', menuCodes: ['datasource', 'datasource_view'] });
    expect((await viewer.sdk.system.datasource.detail(row.id)).name).toBe('受限库');
    expect(await failure(viewer.sdk, viewer.sdk.system.datasource.testConnection({ id: row.id }))).toEqual(FORBIDDEN);
  });
});
