import type { ResourceDef } from '@sso/shared-api';
import { strFromU8, unzipSync } from 'fflate';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInAdmin, type TrackedClient, useTestServer } from '../../api-suite.testkit.js';
import type { MenuSeed } from '../../db/seed-data/types.js';
import type { ServerResource } from '../../engine/types.js';
import { startTestServer, type TestServer } from '../../testing.js';
import { makeScratch, type Scratch, SERVER_LINES } from './generated-scratch.testkit.js';
import { type Reached, reachMariadb, reachPostgres } from './source-databases.testkit.js';

/**
 * system=sso end to end: a table in a real PostgreSQL database and one in a real MariaDB database
 * are generated into this platform's resources; the zip is unpacked over a scratch copy of the
 * packages with the README's lines added, type-checked, its migrations run on the second
 * server's database (PGlite unless the run names PostgreSQL), its menus seeded, and rows created,
 * listed and removed through the generated routes with the generated rules.
 */

// The menu tree the seed writes. The generated menus join the 研发工具 group, as the README says,
// before the second server starts and seeds (both servers of this file share the module).
const seeded = vi.hoisted(() => ({ menus: [] as MenuSeed[] }));
vi.mock('../../db/seed-data/menus.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../db/seed-data/menus.js')>();
  seeded.menus.push(...actual.adminMenus);
  return { ...actual, adminMenus: seeded.menus };
});
const addToTools = (menu: MenuSeed) => seeded.menus.find((group) => group.code === 'tool')!.children!.push(menu);

// The generated server folders import their definitions by the contract's name: once generated,
// the contract answers them (from the scratch copy) beside its own exports, as it would with the
// README's lines added. Everything else, ApiError included, stays the one the server uses.
const generatedExports = vi.hoisted(() => ({}) as Record<string, unknown>);
vi.mock('@sso/shared-api', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return new Proxy(actual, {
    get: (target, key) => (typeof key === 'string' && key in generatedExports ? generatedExports[key] : Reflect.get(target, key)),
    has: (target, key) => (typeof key === 'string' && key in generatedExports) || Reflect.has(target, key),
  });
});

const suite = useTestServer();
const SUFFIX = Math.random().toString(36).slice(2, 8);
const sources: { label: string; reached: Reached; table: string; create: string[] }[] = [
  {
    label: 'PostgreSQL',
    reached: await reachPostgres(),
    table: `cg_${SUFFIX}_coil`,
    create: [
      `create table cg_${SUFFIX}_coil (id bigint primary key, tenant_id varchar(12), coil_no varchar(32) not null,
        weight numeric(10, 2), made_on date, checked boolean, user_id bigint, remark text, create_time timestamp,
        is_deleted int default 0, "select" varchar(10), grade varchar(16), dept_id bigint not null)`,
      `comment on column cg_${SUFFIX}_coil.coil_no is '卷号'`,
    ],
  },
  {
    label: 'MariaDB',
    reached: await reachMariadb(),
    table: `cg_${SUFFIX}_slab`,
    create: [
      `create table cg_${SUFFIX}_slab (id bigint primary key, slab_no varchar(40) not null comment '板坯号',
        thickness int comment '厚度', poured_at datetime, passed tinyint(1), note mediumtext, \`order\` int)`,
    ],
  },
];
for (const source of sources) if (source.reached.skip) console.warn(`[code generation] ${source.reached.skip}`);
const reachable = sources.filter((source) => source.reached.db);

let scratch: Scratch;
let served: TestServer;
let admin: TrackedClient;
const generated: { label: string; def: ResourceDef; menuPath: string }[] = [];

beforeAll(async () => {
  if (!reachable.length) return;
  const ids: string[] = [];
  for (const source of reachable) {
    const db = source.reached.db!;
    for (const statement of source.create) await db.run(statement);
    const datasource = await suite.admin.system.datasource.submit({
      name: `${source.label} 源`,
      driverClass: source.label === 'MariaDB' ? 'org.mariadb.jdbc.Driver' : 'org.postgresql.Driver',
      url: db.jdbcUrl,
      username: db.username,
      password: db.password,
    });
    const saved = await suite.admin.system.code.submit({
      datasourceId: datasource.id,
      codeName: source.label === 'MariaDB' ? '板坯' : '钢卷',
      serviceName: 'blade-steel',
      tableName: source.table,
      tablePrefix: `cg_${SUFFIX}_`,
      pkName: 'id',
      packageName: 'org.springblade.steel',
      baseMode: 1,
      wrapMode: 1,
      apiPath: 'sso',
      webPath: 'saber',
      fields:
        source.label === 'MariaDB'
          ? [{ columnName: 'slab_no', search: true, labelEn: 'Slab number' }]
          : [{ columnName: 'grade', label: '钢种', dict: 'yes_no', search: true }],
    });
    ids.push(saved.id);
  }
  const zip = await suite.admin.system.code.genCode({ ids: ids.join(','), system: 'sso' });
  const files = Object.fromEntries(Object.entries(unzipSync(zip)).map(([path, data]) => [path, strFromU8(data)]));
  scratch = makeScratch();
  scratch.unpack(files, 'sso');
  for (const [path, text] of Object.entries(files)) if (/^sso\/README-[^/]+\.md$/.test(path)) scratch.applyReadme(text);
  // The contract as every package reads it: through its index, with the generated definitions registered.
  const contract = await import(scratch.path('shared-api/src/index.ts'));
  const resources: ServerResource[] = [];
  for (const source of reachable) {
    const name = source.label === 'MariaDB' ? 'slab' : 'coil';
    const def = contract.registry.steel[name] as ResourceDef;
    generatedExports[name] = def;
    generatedExports[`${name}Messages`] = contract[`${name}Messages`];
    const folder = await import(scratch.path(`packages/server/src/resources/${name}/index.ts`));
    resources.push(folder[`${name}Resource`] as ServerResource);
    const menu = (await import(scratch.path(`packages/server/src/db/seed-data/menus-${name}.ts`)))[`${name}Menu`] as MenuSeed;
    generated.push({ label: source.label, def, menuPath: menu.path! });
    addToTools(menu);
  }
  served = await startTestServer({}, { testResources: resources });
  const migrations = Object.keys(files)
    .filter((path) => path.includes('/db/migrations/'))
    .sort();
  for (const path of migrations) {
    const migration = await import(scratch.path(path.slice('sso/'.length)));
    await (migration.up as (db: Kysely<unknown>) => Promise<void>)(served.ctx.db as Kysely<unknown>);
  }
  admin = await signInAdmin(served);
}, 300_000);

afterAll(async () => {
  await served?.close();
  if (!process.env.SSO_KEEP_SCRATCH) scratch?.remove();
  else console.warn(`scratch kept: ${scratch?.root}`);
  for (const source of reachable) {
    await source.reached.db?.run(`drop table if exists ${source.table}`);
    await source.reached.db?.close();
  }
});

describe.skipIf(!reachable.length)('a generated resource of this platform', () => {
  it('type-checks with the README lines applied', () => {
    const names = generated.map((g) => (g.label === 'MariaDB' ? 'slab' : 'coil'));
    const files = [
      'shared-api/src/resources/index.ts',
      ...names.flatMap((name) => [
        `shared-api/src/resources/blade-steel/${name}.ts`,
        `packages/server/src/resources/${name}/index.ts`,
        `packages/server/src/resources/${name}/rules.ts`,
        `packages/server/src/db/schema-${name}.ts`,
        `packages/server/src/db/seed-data/menus-${name}.ts`,
      ]),
      SERVER_LINES,
      'packages/server/src/db/migrations/index.ts',
      'packages/server/src/db/schema.ts',
      'packages/server/src/db/seed-data/menus.ts',
    ];
    expect(scratch.typeErrors(files)).toEqual([]);
  }, 300_000);

  it.each(reachable.map((source) => source.label))('creates, lists and removes rows of the table generated from %s', async (label) => {
    const { def } = generated.find((g) => g.label === label)!;
    const base = def.basePath;
    const dept = await served.ctx.db.selectFrom('blade_dept').select('id').where('parentId', '=', '0').executeTakeFirstOrThrow();
    const row =
      label === 'MariaDB'
        ? { slabNo: 'S-001', thickness: '220', pouredAt: '2026-03-01 08:30:00', passed: 1, note: '首批', order: 3 }
        : { coilNo: 'C-001', weight: '12.5', madeOn: '2026-03-01', checked: 1, remark: '首卷', select: 'x', grade: '1', deptId: dept.id };
    const saved = (await admin.call('POST', `${base}/submit`, undefined, row)) as Record<string, unknown>;
    expect(saved.id).toMatch(/^\d+$/);
    const page = (await admin.call('GET', `${base}/list`, {})) as { total: number; records: Record<string, unknown>[] };
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject(
      label === 'MariaDB'
        ? { slabNo: 'S-001', thickness: 220, pouredAt: '2026-03-01 08:30:00', passed: 1, order: 3 }
        : { coilNo: 'C-001', weight: 12.5, checked: 1, remark: '首卷', select: 'x', grade: '1', gradeName: '是', deptId: dept.id },
    );
    if (label === 'PostgreSQL') {
      // The dictionary and the reference are checked: a key outside yes_no, a department that is no row.
      for (const bad of [
        { ...row, grade: '7' },
        { ...row, deptId: '123' },
      ])
        await expect(admin.call('POST', `${base}/submit`, undefined, bad)).rejects.toMatchObject({ code: 400 });
    }
    const missing = label === 'MariaDB' ? { thickness: 1 } : { weight: 1 };
    await expect(admin.call('POST', `${base}/submit`, undefined, missing)).rejects.toMatchObject({ code: 400 });
    expect(await admin.call('POST', `${base}/remove`, { ids: String(saved.id) })).toBe(true);
    expect(((await admin.call('GET', `${base}/list`, {})) as { total: number }).total).toBe(0);
  });

  it('shows the generated menus to the administrator', async () => {
    const routes = JSON.stringify(await admin.call('GET', '/api/blade-system/menu/routes'));
    for (const { menuPath } of generated) expect(routes).toContain(`"path":"${menuPath}"`);
  });
});
