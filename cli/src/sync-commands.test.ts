import { existsSync } from 'node:fs';
import { startTestServer, type TestServer } from '@sso/server/testing';
import { ldifOf, ROOT_DN, ROOT_PASSWORD, SLAPD, type Slapd, startSlapd } from '@sso/server/testing/slapd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHome } from './cli-home.testkit.js';

/** `sso sync dry-run|apply|runs|test` against a server reading a real slapd the suite starts. */
const skipped = !existsSync(SLAPD);
if (skipped) console.warn(`no ${SLAPD} (Debian's slapd): the sso sync cases are skipped`);
let server: TestServer;
let slapd: Slapd | undefined;
let home: Awaited<ReturnType<typeof adminHome>>;

const PEOPLE = ['alice', 'bruno', 'chen'].map((uid, i) => ({
  uid,
  cn: uid,
  employeeNumber: `C${i + 1}`,
  mail: `${uid}@example.com`,
  mobile: `1390000000${i}`,
  ou: ['Plant'],
}));

beforeAll(async () => {
  if (skipped) return;
  const started = await startSlapd(ldifOf([{ path: ['Plant'] }], PEOPLE));
  if (typeof started === 'string') throw new Error(started);
  slapd = started;
  server = await startTestServer();
  home = await adminHome(server);
  const admin = await server.admin();
  await admin.system.syncSource.submit({
    name: '工厂目录',
    kind: 'ldap',
    url: slapd.url,
    bindDn: ROOT_DN,
    bindPassword: ROOT_PASSWORD,
    baseDn: 'dc=example,dc=com',
  } as never);
});
afterAll(async () => {
  home?.cleanup();
  await server?.close();
  await slapd?.stop();
});

describe('sso sync', () => {
  it.skipIf(skipped)('prints the counts and rows of a dry run, applies, and a second apply changes nothing', async () => {
    const dry = await home.sso(['sync', 'dry-run', '工厂目录']);
    expect(dry.code).toBe(0);
    expect(dry.err).toContain('creates 4, updates 0, moves 0, disables 0, errors 0');
    expect(dry.out).toContain('alice');
    expect(dry.out).not.toContain(ROOT_PASSWORD);

    const applied = await home.sso(['sync', 'apply', '工厂目录', '--json']);
    expect(applied.code).toBe(0);
    expect(JSON.parse(applied.out)).toMatchObject({ creates: 4, updates: 0, moves: 0, disables: 0, errors: 0 });
    const again = await home.sso(['sync', 'run', '工厂目录']);
    expect(again.err).toContain('creates 0, updates 0, moves 0, disables 0, errors 0');
    expect(again.out).toBe('');

    const runs = await home.sso(['sync', 'runs', '工厂目录', '--json']);
    expect((JSON.parse(runs.out) as { outcome: string }[]).map((r) => r.outcome)).toEqual(['applied', 'applied', 'planned']);
    const tested = await home.sso(['sync', 'test', '工厂目录']);
    expect([tested.code, tested.err]).toEqual([0, '工厂目录: 连接成功\n']);
    const unknown = await home.sso(['sync', 'dry-run', '没有这个']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('没有该同步源');
  });
});
