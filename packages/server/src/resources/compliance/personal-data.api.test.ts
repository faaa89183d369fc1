import { type ComplianceReportAnswer, type PersonalDataStateAnswer, SEND_SMS_PATH, toBase64 } from '@sso/shared-api';
import { sql } from 'kysely';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { createTenantWithAdmin, createUserWithRole, failure, useTestServer } from '../../api-suite.testkit.js';
import { loadPersonalKeys } from '../../db/personal-data.js';
import { createDept } from '../user/users.testkit.js';
import { catchUpPersonalData } from './personal-data.js';

/**
 * Users' phone and email encrypted at rest with SM4, searched through an HMAC-SM3 index, and the
 * key rotated. One server walks the life of the protection: users written in clear, the protection
 * turned on (they are encrypted), users written after, a rotation (all rewritten under the new key),
 * a row left under the old key (still read and found, then caught up). At each step the raw table
 * holds no plain phone or email, and every reader (detail, list search, phone sign-in) still works.
 */
const suite = useTestServer({ SSO_ENCRYPT_PERSONAL_DATA: 'false' });
const SABER = `Basic ${toBase64('saber:saber_secret')}`;
const api = () => suite.admin.user.user;
const raw = () => suite.server.ctx.db.withoutPlugins();

interface RawUser {
  phone: string | null;
  email: string | null;
  phone_index: string | null;
  email_index: string | null;
}
const rawUser = async (id: string) =>
  (await sql<RawUser>`select phone, email, phone_index, email_index from blade_user where id = ${id}`.execute(raw())).rows[0] as RawUser;

/** Rows of the tables holding personal data whose stored text, any column, contains the value. */
const rowsHolding = async (value: string) => {
  const like = `%${value}%`;
  const counted = await sql<{ n: string }>`select
      (select count(*) from blade_user t where t::text like ${like})
    + (select count(*) from blade_sms_log t where t::text like ${like})
    + (select count(*) from blade_sms_code t where t::text like ${like})
    + (select count(*) from blade_user_oauth t where t::text like ${like}) as n`.execute(raw());
  return Number(counted.rows[0]?.n);
};

/** The keys read again, as a node does when another one changed them. */
const reloadKeys = () => loadPersonalKeys(suite.server.ctx.db, suite.server.ctx.database.personalData);
const state = () => suite.admin.system.compliance.personalData() as Promise<PersonalDataStateAnswer>;
const rotate = () => suite.admin.system.compliance.rotatePersonalDataKey() as Promise<PersonalDataStateAnswer>;
const sm4Control = async () =>
  ((await suite.admin.system.compliance.report()) as ComplianceReportAnswer).controls.find((c) => c.id === 'crypto.sm4');

async function post(path: string, query: Record<string, string>, ip: string) {
  const response = await request(`${suite.server.baseUrl}${path}?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers: { authorization: SABER, 'x-forwarded-for': ip },
  });
  return (await response.body.json()) as { code?: number; account?: string; access_token?: string; error_description?: string };
}

let ipCounter = 1;
/** A phone sign-in end to end: the code asked for, read from the SMS log, and exchanged for a token. */
async function phoneSignIn(phone: string): Promise<string | undefined> {
  const ip = `10.53.0.${ipCounter++}`;
  expect(await post(SEND_SMS_PATH, { phone }, ip)).toMatchObject({ code: 200 });
  const logs = await suite.admin.resource.sms.logs({ phone });
  const code = (JSON.parse(logs[0]?.content ?? '{}') as { code?: string }).code ?? '';
  const granted = await post('/api/blade-auth/oauth/token', { tenantId: '000000', grant_type: 'phone', phone, phoneCode: code }, ip);
  return granted.account;
}

const PHONES = { before: '13953000001', after: '13953000002', leftBehind: '13953000003' };
let roleId = '';
const EMAILS = { before: 'before@sm4.example.com', after: 'after@sm4.example.com', leftBehind: 'left@sm4.example.com' };

describe('personal data at rest', () => {
  it('is in clear until turned on; turning it on encrypts the users already there', async () => {
    const before = await createUserWithRole(suite.server, { account: 'pd_before', menuCodes: [] });
    roleId = before.roleId;
    await suite.server.ctx.db
      .updateTable('blade_user')
      .set({ phone: PHONES.before, email: EMAILS.before })
      .where('id', '=', before.id)
      .execute();
    // An SMS sent to the number a day before: its log keeps a copy of the phone (old enough to count
    // against no sending limit of the sign-ins below).
    await sql`insert into blade_sms_log (id, tenant_id, phone, provider, create_time)
      values (9053000001, '000000', ${PHONES.before}, 'log', now() - interval '1 day')`.execute(raw());
    expect(await rowsHolding(PHONES.before)).toBe(2);
    expect(await state()).toMatchObject({ encrypted: false, currentKeyId: null });
    expect((await state()).pending).toBeGreaterThan(0);
    expect(await sm4Control()).toMatchObject({ state: 'not met' });

    const on = await rotate();
    expect(on).toMatchObject({ encrypted: true, currentKeyId: 1, pending: 0 });
    const stored = await rawUser(before.id);
    expect(stored.phone).toMatch(/^sm4:1:[0-9a-f]{64}\.[0-9a-f]{32}$/);
    expect(stored.email).toMatch(/^sm4:1:[0-9a-f]+\.[0-9a-f]{32}$/);
    expect(stored.phone_index).toMatch(/^[0-9a-f]{64}$/);
    expect(await rowsHolding(PHONES.before)).toBe(0);
    expect(await rowsHolding(EMAILS.before)).toBe(0);
    // Every reader gets the plain values back.
    expect(await api().detail(before.id)).toMatchObject({ phone: PHONES.before, email: EMAILS.before });
    expect(await sm4Control()).toMatchObject({ state: 'met' });
    const events = await suite.server.ctx.db
      .selectFrom('blade_log_usual')
      .select('logId')
      .where('logId', '=', 'platform.personal-data-key')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('encrypts what is written after, and search and phone sign-in still find the user', async () => {
    const saved = await api().submit({
      account: 'pd_after',
      roleId,
      deptId: await createDept(suite.server, { name: '加密部' }),
      name: 'pd',
      realName: 'pd',
      phone: PHONES.after,
      email: EMAILS.after,
      password: 'Secret#123',
      password2: 'Secret#123',
    });
    expect(await rowsHolding(PHONES.after)).toBe(0);
    expect(await rowsHolding(EMAILS.after)).toBe(0);
    expect((await rawUser(saved.id)).phone).toMatch(/^sm4:1:/);
    // The list's phone search matches the whole number (a ciphertext has no parts to match).
    const found = await api().page({ phone: PHONES.after });
    expect(found.records.map((r) => r.account)).toEqual(['pd_after']);
    expect(found.records[0]).toMatchObject({ phone: PHONES.after, email: EMAILS.after });
    expect((await api().page({ phone: PHONES.after.slice(0, 7) })).records).toEqual([]);
    // Any query of the table, aliased, joined, by email or by a list, searches through the index.
    const db = suite.server.ctx.db;
    const byList = await db
      .selectFrom('blade_user as u')
      .select('u.account')
      .where('u.phone', 'in', [PHONES.after, '13900000000'])
      .execute();
    expect(byList.map((r) => r.account)).toEqual(['pd_after']);
    const joined = await db
      .selectFrom('blade_user')
      .innerJoin('blade_tenant', 'blade_tenant.tenantId', 'blade_user.tenantId')
      .select(['blade_user.account', 'blade_user.email'])
      .where('blade_user.email', '=', EMAILS.after)
      .execute();
    expect(joined).toEqual([{ account: 'pd_after', email: EMAILS.after }]);
    // An update keeps it encrypted and searchable; the old number no longer matches.
    await api().update({ id: saved.id, phone: PHONES.leftBehind });
    expect((await api().page({ phone: PHONES.after })).records).toEqual([]);
    expect((await api().page({ phone: PHONES.leftBehind })).records.map((r) => r.account)).toEqual(['pd_after']);
    await api().update({ id: saved.id, phone: PHONES.after });
    expect(await phoneSignIn(PHONES.after)).toBe('pd_after');
    // The copies the SMS service keeps (the log, the code) are encrypted too, and still found by
    // phone: the sign-in above read its code from the log searched by phone and spent it by phone.
    expect(await rowsHolding(PHONES.after)).toBe(0);
    const logged = await sql<{ phone: string; phone_index: string }>`select phone, phone_index from blade_sms_log`.execute(raw());
    expect(logged.rows.length).toBeGreaterThan(1);
    for (const row of logged.rows) expect(row).toMatchObject({ phone: expect.stringMatching(/^sm4:1:/), phone_index: expect.any(String) });
    // A social account's email, written by any query of the table, is stored encrypted and read plain.
    await db
      .insertInto('blade_user_oauth')
      .values({ id: '9053000002', tenantId: '000000', uuid: 'gh-9053', source: 'github', email: EMAILS.after })
      .execute();
    expect(await rowsHolding(EMAILS.after)).toBe(0);
    const social = await db.selectFrom('blade_user_oauth').select('email').where('email', '=', EMAILS.after).execute();
    expect(social).toEqual([{ email: EMAILS.after }]);
  });

  it('rotates: every user is rewritten under the new key and still reads and signs in', async () => {
    const beforeId = (await api().page({ account: 'pd_before' })).records[0]?.id as string;
    const underOldKey = await rawUser(beforeId);
    const rotated = await rotate();
    expect(rotated).toMatchObject({ encrypted: true, currentKeyId: 2, pending: 0 });
    expect(rotated.keys.map((k) => [k.id, k.users])).toEqual([
      [1, 0],
      [2, expect.any(Number)],
    ]);
    const now = await rawUser(beforeId);
    expect(now.phone).toMatch(/^sm4:2:/);
    expect(now.phone_index).not.toBe(underOldKey.phone_index);
    expect(await api().detail(beforeId)).toMatchObject({ phone: PHONES.before, email: EMAILS.before });
    // The user encrypted when the protection was turned on, now under the second key.
    expect(await phoneSignIn(PHONES.before)).toBe('pd_before');

    // A row still under the old key (a node that had not heard of the new one): read, found, then caught up.
    await sql`update blade_user set phone = ${underOldKey.phone}, phone_index = ${underOldKey.phone_index} where id = ${beforeId}`.execute(
      raw(),
    );
    expect((await state()).pending).toBe(1);
    expect(await sm4Control()).toMatchObject({ state: 'not met' });
    expect((await api().page({ phone: PHONES.before })).records.map((r) => r.account)).toEqual(['pd_before']);
    expect(await catchUpPersonalData(suite.server.ctx)).toBe(1);
    expect((await rawUser(beforeId)).phone).toMatch(/^sm4:2:/);
    expect(await state()).toMatchObject({ pending: 0 });
    expect(await rowsHolding(PHONES.before)).toBe(0);
  });

  it('carries an integrity tag: an altered or untagged value is not read as personal data; one written before tags is caught up', async () => {
    const beforeId = (await api().page({ account: 'pd_before' })).records[0]?.id as string;
    const stored = (await rawUser(beforeId)).phone as string;
    expect(stored).toMatch(/^sm4:2:[0-9a-f]{32}[0-9a-f]+\.[0-9a-f]{32}$/);
    const setPhone = (phone: string) => sql`update blade_user set phone = ${phone} where id = ${beforeId}`.execute(raw());
    const readPhone = async () =>
      (await suite.server.ctx.db.selectFrom('blade_user').select('phone').where('id', '=', beforeId).executeTakeFirst())?.phone;

    // One hex digit of the ciphertext changed: CBC alone would decrypt it into another number.
    const body = stored.slice(0, stored.indexOf('.'));
    const flipped = `${body.slice(0, -1)}${body.endsWith('0') ? '1' : '0'}${stored.slice(stored.indexOf('.'))}`;
    await setPhone(flipped);
    expect(await readPhone()).toBe(flipped);
    // The tag stripped: a key made since tags exist requires one.
    await setPhone(body);
    expect(await readPhone()).toBe(body);
    // Neither is laundered by the catch-up into a fresh ciphertext of made-up digits.
    await catchUpPersonalData(suite.server.ctx);
    expect((await rawUser(beforeId)).phone).toBe(body);

    // A key made before tags (marked untagged by the migration) still reads its untagged values,
    // and the catch-up writes them back with a tag.
    await setPhone(stored);
    await sql`update sso_personal_key set tagged = 0 where id = 2`.execute(raw());
    await reloadKeys();
    await setPhone(body);
    expect(await readPhone()).toBe(PHONES.before);
    expect((await state()).pending).toBe(1);
    expect(await catchUpPersonalData(suite.server.ctx)).toBe(1);
    expect((await rawUser(beforeId)).phone).toMatch(/^sm4:2:[0-9a-f]+\.[0-9a-f]{32}$/);
    expect(await api().detail(beforeId)).toMatchObject({ phone: PHONES.before });
    await sql`update sso_personal_key set tagged = 1 where id = 2`.execute(raw());
    await reloadKeys();
  });

  it('belongs to the platform: a tenant administrator neither sees nor rotates the keys', async () => {
    const tenantAdmin = await createTenantWithAdmin(suite.server, '530001');
    expect((await failure(tenantAdmin.sdk, tenantAdmin.sdk.system.compliance.personalData())).code).toBe(403);
    expect((await failure(tenantAdmin.sdk, tenantAdmin.sdk.system.compliance.rotatePersonalDataKey())).code).toBe(403);
    // Its own report tells the truth of the platform-wide protection.
    const report = (await tenantAdmin.sdk.system.compliance.report()) as ComplianceReportAnswer;
    expect(report.controls.find((c) => c.id === 'crypto.sm4')).toMatchObject({ state: 'met' });
  });
});
