import {
  ADMINISTRATOR_ROLE,
  badRequest,
  firstIssueMessage,
  type Message,
  userMessages as m,
  messageIn,
  rowMessage,
  type UploadedFile,
  user,
  userEntity,
  withDetail,
} from '@sso/shared-api';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { profileOn } from '../../db/compliance.js';
import { paramsThrough } from '../../db/params.js';
import type { Database } from '../../db/schema.js';
import { loadRoleFacts, refusal, roleSetRefusal } from '../../domain/platform-roles.js';
import { someExtraHandlers } from '../../engine/extra-handlers.js';
import { type FileDownload, XLSX_TYPE } from '../../engine/multipart.js';
import { toListRequest } from '../../engine/query.js';
import { languageOf } from '../../http/language.js';
import { live } from '../../kernel/live-rows.js';
import { type ExcelRow, readUsers, SEX_NAMES, USER_TYPE_NAMES, writeUsers } from './excel.js';
import { dryRunImport, type ImportFailure, type ImportRow, importUsers } from './import.js';

/** export-user, export-template and import-user (xlsx). */

const MAX_EXPORT = 10_000;
const MAX_IMPORT = 5_000;

type Db = Kysely<Database>;
interface Named {
  id: string;
  name: string;
}
/** Roles, departments and posts of a tenant, to turn ids into names and back. */
interface TenantNames {
  roles: Named[];
  depts: Named[];
  posts: Named[];
  administratorRoles: Set<string>;
}

async function tenantNames(db: Db, tenantId: string): Promise<TenantNames> {
  const roles = await db.selectFrom('blade_role').select(['id', 'roleName as name', 'roleAlias']).$call(live(tenantId)).execute();
  const depts = await db.selectFrom('blade_dept').select(['id', 'deptName as name']).$call(live(tenantId)).execute();
  const posts = await db.selectFrom('blade_post').select(['id', 'postName as name']).$call(live(tenantId)).execute();
  return { roles, depts, posts, administratorRoles: new Set(roles.filter((r) => r.roleAlias === ADMINISTRATOR_ROLE).map((r) => r.id)) };
}

const idsToNames = (ids: unknown, list: Named[]) =>
  String(ids ?? '')
    .split(',')
    .map((id) => list.find((n) => n.id === id)?.name)
    .filter(Boolean)
    .join(',');

const today = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');

export const userExcelHandlers = someExtraHandlers(user, {
  async exportUser({ ctx, def, repo, query, caller: who }): Promise<FileDownload> {
    const page = await repo.list(who, { ...toListRequest(def, query), current: 1, size: MAX_EXPORT });
    const names = await tenantNames(ctx.db, who.tenant_id);
    const rows: ExcelRow[] = page.records.map((r) => ({
      account: String(r.account),
      name: String(r.name ?? ''),
      realName: String(r.realName ?? ''),
      code: String(r.code ?? ''),
      userType: USER_TYPE_NAMES[Number(r.userType)] ?? '',
      roleName: idsToNames(r.roleId, names.roles),
      deptName: idsToNames(r.deptId, names.depts),
      postName: idsToNames(r.postId, names.posts),
      phone: String(r.phone ?? ''),
      email: String(r.email ?? ''),
      sex: SEX_NAMES[Number(r.sex)] ?? '',
      birthday: r.birthday ? String(r.birthday).slice(0, 10) : '',
    }));
    return { filename: `用户数据${today()}.xlsx`, contentType: XLSX_TYPE, data: await writeUsers(rows) };
  },

  async exportTemplate(): Promise<FileDownload> {
    return { filename: '用户数据模板.xlsx', contentType: XLSX_TYPE, data: await writeUsers([]) };
  },

  /**
   * Every row is checked before anything is written; one transaction writes them all. The import
   * stops at the first refused row; a dry run (dryRun=1) answers every refused row and writes nothing.
   */
  async importUser({ ctx, repo, query, body, caller: who, request }) {
    const sheet = await readUsers((body.file as UploadedFile).data);
    if (!sheet.length) throw badRequest(m.say.importEmpty);
    if (sheet.length > MAX_IMPORT) throw badRequest(m.say.importTooMany);
    // 三员分立: a row may not give two of the three administrators, nor (profile on) granting and audit-log rights together.
    const facts = await loadRoleFacts(ctx.db, who.tenant_id);
    const profile = await profileOn(paramsThrough(ctx.db), who.tenant_id);
    const platformRefusal = (roleIds: string[]) => roleSetRefusal(facts, roleIds, [], profile);
    const { rows, refused } = checkSheet(sheet, await tenantNames(ctx.db, who.tenant_id), who.isAdministrator, platformRefusal);
    const args = { ctx, repo, caller: who, rows, covered: Number(query.isCovered) === 1 };
    if (Number(query.dryRun) === 1)
      return failuresInLanguage(request, await dryRunImport({ ...args, refused: refused.map(({ row, message }) => ({ row, message })) }));
    const first = refused[0];
    if (first?.roleIds) {
      const target = { kind: 'user' as const, name: first.account };
      throw refusal(first.message, { tenantId: who.tenant_id, actor: who, targets: [target] }, first.roleIds);
    }
    if (first) throw badRequest(first.message);
    return importUsers(args);
  },
});

/** The sheet's rows as the import writes them, and the rows it refuses with the reason of each. */
function checkSheet(
  sheet: { row: number; values: ExcelRow }[],
  names: TenantNames,
  byAdministrator: boolean,
  platformRefusal: (roleIds: string[]) => Message | undefined,
) {
  const entity = userEntity.omit({ password: true, password2: true });
  const seen = new Set<string>();
  const rows: ImportRow[] = [];
  // A row refused by the separation of the administrators names its roles: its refusal is a security event.
  const refused: (ImportFailure & { roleIds?: string[]; account?: string })[] = [];
  for (const { row, values } of sheet) {
    try {
      const candidate = toCandidate(values, names);
      const parsed = entity.safeParse(candidate);
      if (!parsed.success) throw new RowRefused(firstIssueMessage(parsed.error.issues));
      // Accounts are unique regardless of case, within the sheet as in the tenant.
      const account = parsed.data.account.toLowerCase();
      if (seen.has(account)) throw new RowRefused(m.say.importDuplicate);
      seen.add(account);
      const roles = parsed.data.roleId.split(',');
      if (!byAdministrator && roles.some((id) => names.administratorRoles.has(id))) throw new RowRefused(m.say.administratorOnly);
      const platform = platformRefusal(roles);
      if (platform) {
        refused.push({ row, message: rowMessage(row, platform), roleIds: roles, account: parsed.data.account });
        continue;
      }
      rows.push({ row, values: parsed.data as ImportRow['values'] });
    } catch (error) {
      if (!(error instanceof RowRefused)) throw error;
      refused.push({ row, message: rowMessage(row, error.said) });
    }
  }
  return { rows, refused };
}

/**
 * The refused rows' messages sit in the data, past the envelope's translation: an English caller
 * gets each one translated here as the import's own refusal of that row would be.
 */
function failuresInLanguage<T extends { failures: ImportFailure[] }>(request: FastifyRequest, answer: T) {
  const language = languageOf(request);
  return { ...answer, failures: answer.failures.map((f) => ({ ...f, message: messageIn(f.message, language) })) };
}

/** A row of the sheet the import refuses, with the reason. */
class RowRefused extends Error {
  constructor(readonly said: Message) {
    super(said.text);
  }
}

/** Names to comma-joined ids: each must name exactly one record of the tenant. */
function namesToIds(text: string, list: Named[], missing: Message): string {
  const wanted = text
    .split(/[,，]/)
    .map((n) => n.trim())
    .filter(Boolean);
  return wanted
    .map((name) => {
      const found = list.filter((n) => n.name === name);
      if (found.length > 1) throw new RowRefused(withDetail(m.say.ambiguousName, name));
      if (!found.length) throw new RowRefused(withDetail(missing, name));
      return found[0].id;
    })
    .join(',');
}

function fromDictionary(text: string, names: Record<number, string>, message: Message): number | undefined {
  if (text === '') return undefined;
  const entry = Object.entries(names).find(([key, name]) => key === text || name.toLowerCase() === text.toLowerCase());
  if (!entry) throw new RowRefused(message);
  return Number(entry[0]);
}

function toCandidate(values: ExcelRow, names: TenantNames): Record<string, unknown> {
  return {
    account: values.account,
    name: values.name,
    realName: values.realName,
    code: values.code || null,
    userType: fromDictionary(values.userType, USER_TYPE_NAMES, m.say.userTypeName),
    roleId: namesToIds(values.roleName, names.roles, m.say.roleMissing),
    deptId: namesToIds(values.deptName, names.depts, m.say.deptMissing),
    postId: namesToIds(values.postName, names.posts, m.say.postMissing),
    phone: values.phone,
    email: values.email,
    sex: fromDictionary(values.sex, SEX_NAMES, m.say.sexName),
    birthday: values.birthday,
  };
}
