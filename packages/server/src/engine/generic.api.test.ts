import { defineMessages, defineResource, dict, formNumber, resourceClient, zh } from '@sso/shared-api';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createTenantWithAdmin,
  createUserWithRole,
  failure,
  type TestUser,
  tableSnapshot,
  trackedClient,
  useTestServer,
} from '../api-suite.testkit.js';
import { CREATE_WIDGET_TABLE, widget } from './generic-names.fixture.js';

/** The generic layer, once, against a fake resource: what every resource gets without a rule of its own. */
const M = defineMessages('genericTestGadget', {
  name: ['请输入部件名称', 'Please enter the gadget name'],
  code: ['请输入部件编号', 'Please enter the gadget code'],
  quantity: ['请输入部件数量', 'Please enter the gadget quantity'],
  codeTaken: ['部件编号已存在', 'The gadget code exists'],
});

const gadget = defineResource({
  service: 'blade-test',
  name: 'gadget',
  table: 'test_gadget',
  tenantScoped: true,
  permission: 'gadget',
  cached: false,
  entity: z.object({
    gadgetName: z.string(M.say.name).trim().min(1, M.say.name).max(50, M.say.name),
    code: z.string(M.say.code).trim().min(1, M.say.code).max(50, M.say.code),
    quantity: formNumber(M.say.quantity),
    remark: z.string().max(255).nullish(),
  }),
  filters: { gadgetName: 'like', code: 'eq', quantity: 'eq' },
  sorts: ['gadgetName', 'quantity'],
  unique: [{ fields: ['code'], message: M.say.codeTaken }],
  view: {
    title: ['部件', 'Gadgets'],
    columns: [
      { prop: 'gadgetName', label: ['部件名称', 'Name'], search: true },
      { prop: 'code', label: ['部件编号', 'Code'], search: true },
      { prop: 'quantity', label: ['数量', 'Quantity'], type: 'number' },
      { prop: 'remark', label: ['备注', 'Remark'], type: 'textarea' },
    ],
  },
});

/** The common columns every BladeX table has, then the gadget's own. */
const CREATE_TABLE = `create table test_gadget (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  create_user bigint,
  create_dept bigint,
  create_time timestamptz not null default now(),
  update_user bigint,
  update_time timestamptz not null default now(),
  status int not null default 1,
  is_deleted int not null default 0,
  gadget_name varchar(50) not null,
  code varchar(50) not null,
  quantity int not null,
  remark varchar(255))`;

const BASE = gadget.basePath;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const suite = useTestServer({}, { testResources: [gadget, widget] });
let api: ReturnType<typeof resourceClient<typeof gadget>>;
let serial = 0;

const nextCode = () => `G-${++serial}`;
const newGadget = (over: { gadgetName?: string; code?: string; quantity?: number | string; remark?: string | null } = {}) =>
  api.submit({ gadgetName: '扳手', code: nextCode(), quantity: 1, ...over });
const snapshot = () => tableSnapshot(suite.server, 'test_gadget');
const parseTime = (text: string) => new Date(text.replace(' ', 'T')).getTime();

beforeAll(async () => {
  await sql.raw(CREATE_TABLE).execute(suite.server.ctx.db);
  await sql.raw(CREATE_WIDGET_TABLE).execute(suite.server.ctx.db);
  api = resourceClient(suite.admin, gadget);
});

describe('insert, detail and update', () => {
  it('inserts a row with a string id and the audit columns', async () => {
    const before = Date.now();
    const row = await newGadget({ gadgetName: '  扳手  ', quantity: 3, remark: '常用' });
    const token = suite.admin.session!.token;
    expect(row.id).toMatch(/^[1-9]\d{0,18}$/);
    expect(row).toMatchObject({
      gadgetName: '扳手',
      quantity: 3,
      remark: '常用',
      tenantId: '000000',
      createUser: token.user_id,
      createDept: token.dept_id,
      updateUser: token.user_id,
      status: 1,
      isDeleted: 0,
    });
    expect(row.createTime).toMatch(DATE_TIME);
    expect(row.updateTime).toMatch(DATE_TIME);
    expect(Math.abs(parseTime(row.createTime!) - before)).toBeLessThan(5000);
    const stored = await suite.server.ctx.db
      .selectFrom('test_gadget' as never)
      .selectAll()
      .where('id' as never, '=', row.id as never)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ gadgetName: '扳手', quantity: 3, createUser: token.user_id, tenantId: '000000', isDeleted: 0 });
  });

  it('accepts a number sent as a numeric string, and an empty id as an insert', async () => {
    const row = await api.submit({ id: '', gadgetName: '螺丝刀', code: nextCode(), quantity: '7' });
    expect(row.quantity).toBe(7);
    expect(row.id).toMatch(/^\d+$/);
  });

  it('answers detail with the same row', async () => {
    const row = await newGadget({ remark: null });
    expect(await api.detail(row.id)).toEqual(row);
  });

  it('updates only the fields sent, keeping create columns', async () => {
    const row = await newGadget({ gadgetName: '锤子', quantity: 2, remark: '旧' });
    await new Promise((r) => setTimeout(r, 1100));
    const updated = await api.submit({ id: row.id, quantity: 9 });
    expect(updated).toMatchObject({ id: row.id, gadgetName: '锤子', code: row.code, quantity: 9, remark: '旧' });
    expect(updated.createTime).toBe(row.createTime);
    expect(updated.createUser).toBe(row.createUser);
    expect(parseTime(updated.updateTime!)).toBeGreaterThan(parseTime(row.updateTime!));
    expect(await api.detail(row.id)).toEqual(updated);
    const cleared = await api.submit({ id: row.id, remark: null });
    // Empty text answers "" as BladeX's null-to-empty serialisation does.
    expect(cleared.remark).toBe('');
    expect(cleared.quantity).toBe(9);
  });
});

describe('list paging, sorting and filters', () => {
  const PREFIX = 'page-';
  const COUNT = 35;

  beforeAll(async () => {
    // quantity runs opposite to the insertion order, names sort differently again
    for (let i = 1; i <= COUNT; i++) await newGadget({ gadgetName: `${PREFIX}${i}`, quantity: COUNT - i });
  });
  const names = (records: { gadgetName: string }[]) => records.map((r) => r.gadgetName);

  it('pages with total, pages, size and current', async () => {
    const first = await api.list({ gadgetName: PREFIX });
    expect(first).toMatchObject({ total: COUNT, pages: 4, size: 10, current: 1 });
    expect(first.records).toHaveLength(10);
    const last = await api.list({ gadgetName: PREFIX, current: 4, size: 10 });
    expect(last).toMatchObject({ total: COUNT, pages: 4, size: 10, current: 4 });
    expect(last.records).toHaveLength(5);
    const beyond = await api.list({ gadgetName: PREFIX, current: 9 });
    expect(beyond).toMatchObject({ total: COUNT, current: 9, records: [] });
    const farBeyond = await api.list({ gadgetName: PREFIX, current: Number.MAX_SAFE_INTEGER, size: 200 });
    expect(farBeyond).toMatchObject({ total: COUNT, current: Number.MAX_SAFE_INTEGER, records: [] });
    const all = [1, 2, 3, 4].map((current) => api.list({ gadgetName: PREFIX, current }));
    const ids = (await Promise.all(all)).flatMap((p) => p.records.map((r) => r.id));
    expect(new Set(ids).size).toBe(COUNT);
  });

  it.each([10, 30, 50, 100, 200])('accepts page size %i', async (size) => {
    const page = await api.list({ gadgetName: PREFIX, size });
    expect(page).toMatchObject({ total: COUNT, size, current: 1, pages: Math.ceil(COUNT / size) });
    expect(page.records).toHaveLength(Math.min(size, COUNT));
  });

  it('answers /page like /list', async () => {
    expect(await api.page({ gadgetName: PREFIX, size: 30 })).toEqual(await api.list({ gadgetName: PREFIX, size: 30 }));
  });

  it('sorts by id when nothing is asked', async () => {
    const { records } = await api.list({ gadgetName: PREFIX, size: 50 });
    const ids = records.map((r) => BigInt(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it.each([
    ['ascs', 'quantity', false],
    ['descs', 'quantity', true],
  ] as const)('sorts with %s=%s', async (key, column, desc) => {
    const { records } = await api.list({ gadgetName: PREFIX, size: 50, [key]: column });
    const values = records.map((r) => r.quantity);
    const sorted = [...values].sort((a, b) => (desc ? b - a : a - b));
    expect(values).toEqual(sorted);
    expect(values[0]).toBe(desc ? COUNT - 1 : 0);
  });

  it.each(['gadgetName', 'gadget_name'])('sorts by a camelCase or snake_case column (%s)', async (column) => {
    const asc = names((await api.list({ gadgetName: PREFIX, size: 50, ascs: column })).records);
    expect(asc).toEqual([...asc].sort());
    const desc = names((await api.list({ gadgetName: PREFIX, size: 50, descs: column })).records);
    expect(desc).toEqual([...asc].reverse());
  });

  it.each(['createTime', 'create_time', 'update_time', 'id'])('sorts by the common column %s', async (column) => {
    const asc = (await api.list({ gadgetName: PREFIX, size: 50, ascs: column })).records.map((r) => r.id);
    const desc = (await api.list({ gadgetName: PREFIX, size: 50, descs: column })).records.map((r) => r.id);
    expect(asc).toHaveLength(COUNT);
    // rows made in the same millisecond tie on time; id breaks the tie ascending, so compare sets
    expect(new Set(desc)).toEqual(new Set(asc));
    if (column === 'id') expect(desc).toEqual([...asc].reverse());
  });

  it('combines several sort columns', async () => {
    await newGadget({ gadgetName: 'multi-b', quantity: 1 });
    await newGadget({ gadgetName: 'multi-a', quantity: 1 });
    await newGadget({ gadgetName: 'multi-c', quantity: 0 });
    const { records } = await api.list({ gadgetName: 'multi-', descs: 'quantity', ascs: 'gadget_name' });
    // ascs come first in the order clause, then descs
    expect(names(records)).toEqual(['multi-a', 'multi-b', 'multi-c']);
    const byQuantity = await api.list({ gadgetName: 'multi-', ascs: 'quantity,gadgetName' });
    expect(names(byQuantity.records)).toEqual(['multi-c', 'multi-a', 'multi-b']);
  });

  it('filters with like, case-insensitively, treating % and _ literally', async () => {
    const { records, total } = await api.list({ gadgetName: `${PREFIX}1`, size: 50 });
    expect(total).toBe(11); // page-1, page-10 … page-19
    expect(names(records).every((n) => n.startsWith(`${PREFIX}1`))).toBe(true);
    await newGadget({ gadgetName: 'Sale 50%_OFF' });
    await newGadget({ gadgetName: 'Sale 50xxOFF' });
    expect(names((await api.list({ gadgetName: '50%_off' })).records)).toEqual(['Sale 50%_OFF']);
    expect((await api.list({ gadgetName: 'sale 50' })).total).toBe(2);
  });

  it('filters with eq on a string and on a number', async () => {
    const row = await newGadget({ gadgetName: 'eq-target', quantity: 4242 });
    const byCode = await api.list({ code: row.code });
    expect(byCode.records.map((r) => r.id)).toEqual([row.id]);
    expect((await api.list({ code: row.code.slice(0, -1) })).records.every((r) => r.code !== row.code)).toBe(true);
    const byQuantity = await api.list({ quantity: 4242 });
    expect(byQuantity.records.map((r) => r.id)).toEqual([row.id]);
    expect((await api.list({ quantity: '4242', gadgetName: 'eq-' })).total).toBe(1);
    expect((await api.list({ quantity: 4241 })).total).toBe(0);
  });

  it('ignores empty filters and unknown query parameters', async () => {
    const all = await api.list({ size: 200 });
    expect(await suite.admin.call('GET', `${BASE}/list`, { size: 200, code: '', quantity: '', whatever: 'x' })).toEqual(all);
  });

  it('filters by createTime_dategt and createTime_datelt', async () => {
    const rows = [];
    for (const [day, hour] of [
      [1, 8],
      [5, 12],
      [10, 18],
    ]) {
      const row = await newGadget({ gadgetName: 'dated' });
      await suite.server.ctx.db
        .updateTable('test_gadget' as never)
        .set({ createTime: new Date(2021, 2, day, hour) } as never)
        .where('id' as never, '=', row.id as never)
        .execute();
      rows.push(row.id);
    }
    const query = async (gt?: string, lt?: string) =>
      (await api.list({ gadgetName: 'dated', createTime_dategt: gt, createTime_datelt: lt, ascs: 'createTime' })).records.map((r) => r.id);
    expect(await query('2021-03-02', '2021-03-10')).toEqual([rows[1]]);
    expect(await query('2021-03-01 07:59:59')).toEqual(rows);
    expect(await query('2021-03-05 12:00')).toEqual([rows[2]]);
    expect(await query(undefined, '2021-03-05 12:00:01')).toEqual([rows[0], rows[1]]);
    expect(await query('2021-03-11')).toEqual([]);
    const detail = await api.detail(rows[1]!);
    expect(detail.createTime).toBe('2021-03-05 12:00:00');
  });
});

describe('soft delete', () => {
  it('never lists removed rows, answers null detail and keeps them with isDeleted 1', async () => {
    const a = await newGadget({ gadgetName: 'removed-a' });
    const b = await newGadget({ gadgetName: 'removed-b' });
    const keep = await newGadget({ gadgetName: 'removed-keep' });
    expect(await api.remove([a.id, b.id])).toBe(true);
    expect((await api.list({ gadgetName: 'removed-' })).records.map((r) => r.id)).toEqual([keep.id]);
    expect(await api.detail(a.id)).toBeNull();
    const envelope = (await (
      await fetch(`${suite.server.baseUrl}${BASE}/detail?id=${a.id}`, {
        headers: { 'Blade-Auth': `bearer ${suite.admin.session!.token.access_token}` },
      })
    ).json()) as Record<string, unknown>;
    expect(envelope).toEqual({ code: 200, success: true, data: null, msg: '暂无承载数据' });
    const stored = await suite.server.ctx.db
      .selectFrom('test_gadget' as never)
      .select(['isDeleted', 'updateUser'] as never[])
      .where('id' as never, 'in', [a.id, b.id] as never)
      .execute();
    expect(stored).toEqual([
      { isDeleted: 1, updateUser: suite.admin.session!.token.user_id },
      { isDeleted: 1, updateUser: suite.admin.session!.token.user_id },
    ]);
  });

  it('refuses to remove or update a removed row, and frees its unique key', async () => {
    const row = await newGadget();
    await api.remove(row.id);
    const before = await snapshot();
    expect(await failure(suite.admin, api.remove(row.id))).toEqual({ status: 400, code: 400, msg: zh('recordMissing') });
    expect(await failure(suite.admin, api.submit({ id: row.id, quantity: 5 }))).toEqual({
      status: 400,
      code: 400,
      msg: zh('recordMissing'),
    });
    expect(await snapshot()).toEqual(before);
    const again = await newGadget({ code: row.code });
    expect(again.code).toBe(row.code);
  });

  it('removes a row named twice in ids once', async () => {
    const row = await newGadget();
    expect(await api.remove(`${row.id},${row.id}`)).toBe(true);
    expect(await api.detail(row.id)).toBeNull();
  });

  it('removes all or nothing', async () => {
    const row = await newGadget();
    const before = await snapshot();
    expect(await failure(suite.admin, api.remove([row.id, '123456789']))).toEqual({ status: 400, code: 400, msg: zh('recordMissing') });
    expect(await snapshot()).toEqual(before);
    expect(await api.detail(row.id)).not.toBeNull();
  });
});

describe('unique rule', () => {
  it('refuses a taken key on insert and on update, but not a row keeping its own', async () => {
    const a = await newGadget();
    const b = await newGadget();
    const before = await snapshot();
    expect(await failure(suite.admin, newGadget({ code: a.code }))).toEqual({ status: 400, code: 400, msg: M.codeTaken });
    expect(await failure(suite.admin, newGadget({ code: ` ${a.code} ` }))).toEqual({ status: 400, code: 400, msg: M.codeTaken });
    expect(await failure(suite.admin, api.submit({ id: b.id, code: a.code }))).toEqual({ status: 400, code: 400, msg: M.codeTaken });
    expect(await snapshot()).toEqual(before);
    expect((await api.submit({ id: a.id, code: a.code, quantity: 11 })).quantity).toBe(11);
  });
});

describe('tenant scoping', () => {
  let tenantB: TestUser;
  let apiB: typeof api;

  beforeAll(async () => {
    tenantB = await createTenantWithAdmin(suite.server, '100001');
    apiB = resourceClient(tenantB.sdk, gadget);
  });

  it("tenant B neither sees, updates nor removes tenant A's rows", async () => {
    const row = await newGadget({ gadgetName: 'tenant-a-row' });
    expect((await apiB.list({ size: 200 })).records.map((r) => r.id)).not.toContain(row.id);
    expect((await apiB.list({ gadgetName: 'tenant-a-row' })).total).toBe(0);
    expect((await apiB.list({ code: row.code })).total).toBe(0);
    expect(await apiB.detail(row.id)).toBeNull();
    const before = await snapshot();
    expect(await failure(tenantB.sdk, apiB.submit({ id: row.id, quantity: 99 }))).toEqual({
      status: 400,
      code: 400,
      msg: zh('recordMissing'),
    });
    expect(await failure(tenantB.sdk, apiB.remove(row.id))).toEqual({ status: 400, code: 400, msg: zh('recordMissing') });
    expect(await snapshot()).toEqual(before);
    expect(await api.detail(row.id)).toEqual(row);
  });

  it('keeps unique keys and new rows per tenant', async () => {
    const a = await newGadget({ gadgetName: 'shared-code' });
    const b = await apiB.submit({ gadgetName: 'shared-code', code: a.code, quantity: 1 });
    expect(b).toMatchObject({ tenantId: '100001', code: a.code, createUser: tenantB.id });
    expect((await api.list({ code: a.code })).records.map((r) => r.id)).toEqual([a.id]);
    expect((await apiB.list({ code: a.code })).records.map((r) => r.id)).toEqual([b.id]);
    expect(await api.detail(b.id)).toBeNull();
    expect(await failure(suite.admin, api.remove(b.id))).toEqual({ status: 400, code: 400, msg: zh('recordMissing') });
    expect(await failure(tenantB.sdk, apiB.submit({ gadgetName: 'x', code: a.code, quantity: 1 }))).toMatchObject({ msg: M.codeTaken });
  });
});

describe('bad input: HTTP 400 with a message, and nothing written', () => {
  let existing: string;
  beforeAll(async () => {
    existing = (await newGadget({ gadgetName: 'bad-input-target', quantity: 1 })).id;
  });
  const get = (path: string, query: Record<string, string | number>) => suite.admin.call('GET', `${BASE}/${path}`, query);
  const post = (path: string, query?: Record<string, string>, body?: unknown) => suite.admin.call('POST', `${BASE}/${path}`, query, body);
  const valid = () => ({ gadgetName: '合法', code: nextCode(), quantity: 1 });

  const cases: [string, () => Promise<unknown>, string][] = [
    ['detail id=abc', () => get('detail', { id: 'abc' }), zh('badId')],
    ['detail id=-1', () => get('detail', { id: '-1' }), zh('badId')],
    ['detail id=0', () => get('detail', { id: '0' }), zh('badId')],
    ['detail id of 20 digits', () => get('detail', { id: '12345678901234567890' }), zh('badId')],
    ['detail id above int8', () => get('detail', { id: '9223372036854775808' }), zh('badId')],
    ['detail without id', () => get('detail', {}), zh('badId')],
    ['remove ids=abc', () => post('remove', { ids: 'abc' }), zh('badIds')],
    ['remove ids=-1', () => post('remove', { ids: '-1' }), zh('badIds')],
    ['remove ids of 20 digits', () => post('remove', { ids: '12345678901234567890' }), zh('badIds')],
    ['remove ids above int8', () => post('remove', { ids: `1,9223372036854775808` }), zh('badIds')],
    ['remove ids=1,,2', () => post('remove', { ids: '1,,2' }), zh('badIds')],
    ['remove without ids', () => post('remove', {}), zh('selectOne')],
    ['submit id=abc', () => post('submit', undefined, { ...valid(), id: 'abc' }), zh('badId')],
    ['submit id=-1', () => post('submit', undefined, { ...valid(), id: '-1' }), zh('badId')],
    ['submit id of 20 digits', () => post('submit', undefined, { ...valid(), id: '12345678901234567890' }), zh('badId')],
    ['list ascs=unknown', () => get('list', { ascs: 'unknown' }), `${zh('badSort')}: unknown`],
    ['list descs=password', () => get('list', { descs: 'gadgetName,password' }), `${zh('badSort')}: password`],
    ['list ascs=remark (not sortable)', () => get('list', { ascs: 'remark' }), `${zh('badSort')}: remark`],
    ['list ascs with SQL', () => get('list', { ascs: 'id;drop table test_gadget' }), `${zh('badSort')}: id;drop table test_gadget`],
    ['list size=20', () => get('list', { size: 20 }), zh('badPageSize')],
    ['list size=0', () => get('list', { size: 0 }), zh('badPageSize')],
    ['list size=-1', () => get('list', { size: -1 }), zh('badPageSize')],
    ['list size=abc', () => get('list', { size: 'abc' }), zh('badPageSize')],
    ['list size=10.5', () => get('list', { size: '10.5' }), zh('badPageSize')],
    ['list current=0', () => get('list', { current: 0 }), zh('badPage')],
    ['list current=abc', () => get('list', { current: 'abc' }), zh('badPage')],
    ['list quantity=abc (eq number filter)', () => get('list', { quantity: 'abc' }), M.quantity],
    ['list createTime_dategt=yesterday', () => get('list', { createTime_dategt: 'yesterday' }), zh('badDate')],
    ['list createTime_datelt=2021-13-01', () => get('list', { createTime_datelt: '2021-13-01' }), zh('badDate')],
    ['list createTime_dategt=2021-02-30', () => get('list', { createTime_dategt: '2021-02-30' }), zh('badDate')],
    ['list createTime_dategt=2021-03-01 25:00', () => get('list', { createTime_dategt: '2021-03-01 25:00' }), zh('badDate')],
    ['insert quantity=abc', () => post('submit', undefined, { ...valid(), quantity: 'abc' }), M.quantity],
    ['insert quantity=1.5', () => post('submit', undefined, { ...valid(), quantity: 1.5 }), M.quantity],
    ['insert quantity=true', () => post('submit', undefined, { ...valid(), quantity: true }), M.quantity],
    ['insert quantity=null', () => post('submit', undefined, { ...valid(), quantity: null }), M.quantity],
    ['insert gadgetName=123', () => post('submit', undefined, { ...valid(), gadgetName: 123 }), M.name],
    ['insert gadgetName blank', () => post('submit', undefined, { ...valid(), gadgetName: '   ' }), M.name],
    ['insert gadgetName too long', () => post('submit', undefined, { ...valid(), gadgetName: 'x'.repeat(51) }), M.name],
    ['insert without fields', () => post('submit', undefined, {}), M.name],
    ['insert without code', () => post('submit', undefined, { gadgetName: '甲', quantity: 1 }), M.code],
    ['insert without quantity', () => post('submit', undefined, { gadgetName: '甲', code: nextCode() }), M.quantity],
    ['update quantity=abc', () => post('submit', undefined, { id: existing, quantity: 'abc' }), M.quantity],
    ['update gadgetName empty', () => post('submit', undefined, { id: existing, gadgetName: '' }), M.name],
    ['update code null', () => post('submit', undefined, { id: existing, code: null }), M.code],
  ];

  it.each(cases)('%s', async (_name, call, msg) => {
    const before = await snapshot();
    expect(await failure(suite.admin, call())).toEqual({ status: 400, code: 400, msg });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body that is not an object, with a type message', async () => {
    const before = await snapshot();
    const result = await failure(suite.admin, post('submit', undefined, [1, 2]));
    expect(result).toMatchObject({ status: 400, code: 400 });
    expect(result.msg).toMatch(/期望 object/);
    expect(await snapshot()).toEqual(before);
  });

  it('answers in English with Accept-Language: en', async () => {
    const en = trackedClient(suite.server, { language: 'en' });
    await en.login({ username: 'admin', password: 'admin' });
    expect(await failure(en, en.call('GET', `${BASE}/list`, { size: 20 }))).toEqual({
      status: 400,
      code: 400,
      msg: 'The page size must be 10, 30, 50, 100 or 200',
    });
    expect(await failure(en, en.call('GET', `${BASE}/list`, { ascs: 'nope' }))).toMatchObject({ msg: 'Unsupported sort column: nope' });
  });
});

describe('OpenAPI', () => {
  it('documents the four routes of a registered resource', async () => {
    const response = await fetch(`${suite.server.baseUrl}/doc.html/json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
    for (const path of ['list', 'page', 'detail']) expect(doc.paths[`${BASE}/${path}`]).toHaveProperty('get');
    for (const path of ['submit', 'remove']) expect(doc.paths[`${BASE}/${path}`]).toHaveProperty('post');
  });
});

describe('access', () => {
  let noGrant: TestUser;
  let row: { id: string };
  beforeAll(async () => {
    noGrant = await createUserWithRole(suite.server, { account: 'nogrant' });
    row = await newGadget({ gadgetName: 'access-target' });
  });

  it('answers 403, not 401, to a signed-in user without the screen grant', async () => {
    const own = resourceClient(noGrant.sdk, gadget);
    const before = await snapshot();
    const forbidden = { status: 403, code: 403, msg: zh('forbidden') };
    expect(await failure(noGrant.sdk, own.list())).toEqual(forbidden);
    expect(await failure(noGrant.sdk, own.page())).toEqual(forbidden);
    expect(await failure(noGrant.sdk, own.detail(row.id))).toEqual(forbidden);
    expect(await failure(noGrant.sdk, own.submit({ gadgetName: 'x', code: nextCode(), quantity: 1 }))).toEqual(forbidden);
    expect(await failure(noGrant.sdk, own.submit({ id: row.id, quantity: 2 }))).toEqual(forbidden);
    expect(await failure(noGrant.sdk, own.remove(row.id))).toEqual(forbidden);
    expect(await snapshot()).toEqual(before);
    // still signed in: a 403 must not end the session
    expect(noGrant.sdk.session).toBeDefined();
  });

  it('answers 401 without a token, and with a forged one', async () => {
    const anonymous = trackedClient(suite.server);
    const own = resourceClient(anonymous, gadget);
    const unauthorized = { status: 401, code: 401, msg: zh('unauthorized') };
    const before = await snapshot();
    expect(await failure(anonymous, own.list())).toEqual(unauthorized);
    expect(await failure(anonymous, own.detail(row.id))).toEqual(unauthorized);
    expect(await failure(anonymous, own.submit({ gadgetName: 'x', code: nextCode(), quantity: 1 }))).toEqual(unauthorized);
    expect(await failure(anonymous, own.remove(row.id))).toEqual(unauthorized);
    const forged = await fetch(`${suite.server.baseUrl}${BASE}/list`, { headers: { 'Blade-Auth': 'bearer not.a.token' } });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: 401, success: false, msg: zh('unauthorized') });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 405 to the wrong method', async () => {
    expect(await failure(suite.admin, suite.admin.call('GET', `${BASE}/submit`))).toEqual({
      status: 405,
      code: 405,
      msg: zh('methodNotAllowed'),
    });
    expect(await failure(suite.admin, suite.admin.call('POST', `${BASE}/list`))).toEqual({
      status: 405,
      code: 405,
      msg: zh('methodNotAllowed'),
    });
  });
});

/** The SQL statements the server runs while `run` runs (every query passes through the executor). */
async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  type Executor = { executeQuery(query: { sql: string }, id: unknown): Promise<unknown> };
  const executor = suite.server.ctx.db.getExecutor() as unknown as Executor;
  const original = executor.executeQuery;
  const seen: string[] = [];
  executor.executeQuery = function (this: Executor, query, id) {
    seen.push(query.sql);
    return original.call(this, query, id);
  };
  try {
    await run();
  } finally {
    executor.executeQuery = original;
  }
  return seen;
}

describe('display names beside ids, and empty text', () => {
  const widgets = () => resourceClient(suite.admin, widget);
  const db = () => suite.server.ctx.db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
  const depts: string[] = [];
  let parentId = '';
  let colourEntry = '';
  const ROWS = 12;

  beforeAll(async () => {
    const ids = suite.server.ctx.ids;
    for (let i = 0; i < ROWS; i++) {
      const id = ids.next();
      depts.push(id);
      await db()
        .insertInto('blade_dept')
        .values({ id, tenantId: '000000', parentId: '0', deptName: `名称部门${i}`, fullName: `名称部门${i}`, deptCategory: 1 })
        .execute();
    }
    parentId = ids.next();
    await db().insertInto('test_widget').values({ id: parentId, widgetName: '父件', parentId: '0', kind: 1 }).execute();
    for (let i = 0; i < ROWS; i++) {
      await db()
        .insertInto('test_widget')
        .values({
          id: ids.next(),
          widgetName: `子件${i}`,
          parentId,
          // Two departments, the second first, plus an id naming no department.
          deptId: `${depts[(i + 1) % ROWS]},${depts[i]},1`,
          sex: (i % 3) + 1,
          kind: (i % 2) + 1,
        })
        .execute();
    }
  });

  it('fills every declared name of a page in one query per referenced table, never one per row', async () => {
    let page: Awaited<ReturnType<ReturnType<typeof widgets>['list']>> | undefined;
    const statements = await statementsDuring(async () => {
      page = await widgets().list({ parentId, size: 30 });
    });
    expect(page?.records).toHaveLength(ROWS);
    for (const row of page?.records ?? []) {
      const i = Number(row.widgetName.replace('子件', ''));
      expect(row.deptName).toBe(`名称部门${(i + 1) % ROWS},名称部门${i}`);
      expect(row.parentName).toBe('父件');
      expect(row.sexName).toBe(['男', '女', '未知'][i % 3]);
      expect(row.kindName).toBe(['大件', '小件'][i % 2]);
    }
    const reading = (table: string) => statements.filter((text) => text.includes(`from "${table}"`));
    expect(reading('blade_dept')).toHaveLength(1);
    // The page, its count and the parents' names.
    expect(reading('test_widget')).toHaveLength(3);
    expect(reading('blade_dict').length).toBeLessThanOrEqual(1);
  });

  it('names the root parent and answers empty text as "", numbers as null', async () => {
    const parent = await widgets().detail(parentId);
    expect(parent).toMatchObject({ parentName: '顶级', deptName: '', sexName: '', kindName: '大件' });
    expect(parent).toMatchObject({ deptId: '', remark: '', startTime: '', updateUser: '', weight: null, sex: null });
    const raw = await (await fetch(`${suite.server.baseUrl}${widget.basePath}/list?parentId=0`, { headers: authHeaders() })).text();
    expect(raw).not.toMatch(/"(deptId|remark|startTime|deptName)":null/);
  });

  it('reads dictionaries from the cache and sees a changed entry at once', async () => {
    await widgets().list({ parentId });
    const cached = await statementsDuring(() => widgets().list({ parentId }));
    expect(cached.filter((text) => text.includes('from "blade_dict"'))).toHaveLength(0);
    const entry = await db()
      .selectFrom('blade_dict')
      .select('id')
      .where('code', '=', 'sex')
      .where('dictKey', '=', '2')
      .executeTakeFirstOrThrow();
    colourEntry = String(entry.id);
    await db().updateTable('blade_dict').set({ isSealed: 0 }).where('id', '=', colourEntry).execute();
    try {
      await resourceClient(suite.admin, dict).submit({ id: colourEntry, dictValue: '女士' });
      const rows = (await widgets().list({ parentId, size: 30 })).records;
      expect(rows.filter((row) => row.sex === 2).map((row) => row.sexName)).toEqual(Array(4).fill('女士'));
    } finally {
      await resourceClient(suite.admin, dict).submit({ id: colourEntry, dictValue: '女' });
      await db().updateTable('blade_dict').set({ isSealed: 1 }).where('id', '=', colourEntry).execute();
    }
  });

  it('documents the names and empty text as strings in the row schema', async () => {
    const doc = (await (await fetch(`${suite.server.baseUrl}/doc.html/json`)).json()) as Record<string, never>;
    const text = JSON.stringify(doc);
    for (const name of ['deptName', 'parentName', 'sexName', 'kindName']) expect(text).toContain(`"${name}"`);
  });
});

const authHeaders = () => ({ 'Blade-Auth': `bearer ${suite.admin.session?.token.access_token}` });
