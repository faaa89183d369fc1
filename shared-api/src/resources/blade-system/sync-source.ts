import { z } from 'zod';
import { emptyAsNull, idString, optionalText, requiredText, uploadedFile } from '../../common.js';
import { defineMessagePattern, defineMessages } from '../../messages.js';
import { defineExtra, defineResource } from '../../resource.js';

export const syncMessages = defineMessages('sync', {
  name: ['请输入同步源名称', 'Please enter the name of the sync source'],
  kind: ['同步源类型须为 ldap、wecom、dingtalk、feishu 或 file', 'The kind must be ldap, wecom, dingtalk, feishu or file'],
  url: ['目录地址须为 ldap:// 或 ldaps:// 开头的地址', 'The directory address must start with ldap:// or ldaps://'],
  urlRequired: ['请输入目录地址', 'Please enter the directory address'],
  baseDnRequired: ['请输入搜索基准 DN', 'Please enter the base DN to search'],
  filter: [
    '过滤条件须为括号括起的 LDAP 过滤器，如 (objectClass=person)',
    'A filter must be an LDAP filter in parentheses, e.g. (objectClass=person)',
  ],
  attr: ['属性名只能包含字母、数字和连字符', 'An attribute name holds only letters, digits and hyphens'],
  mapping: ['字段映射须为 JSON 对象', 'The field mapping must be a JSON object'],
  mappingField: ['字段映射中的值须为属性名', 'Each value of the field mapping must be an attribute name'],
  mappingRole: ['字段映射中的 roleId 不是本租户的角色', 'The roleId of the field mapping is not a role of this tenant'],
  mappingRootDept: ['字段映射中的 rootDeptId 不是本租户的机构', 'The rootDeptId of the field mapping is not a department of this tenant'],
  schedule: [
    '同步计划须为五段的 cron 表达式(分 时 日 月 周)，如 0 2 * * * 表示每天 2 点',
    'The schedule must be a cron expression of five fields (minute hour day month weekday), e.g. 0 2 * * * for 02:00 every day',
  ],
  leaverGrants: [
    '离职人员的应用授权须为 end(立即收回)或 keep(保留)',
    "A leaver's application grants must be end (revoked at once) or keep",
  ],
  connectionOk: ['连接成功', 'Connected'],
  ruleRefused: ['授权规则未能授予', 'The grant rule could not give'],
  scheduled: ['定时同步', 'scheduled'],
  sourceMissing: ['同步源不存在', 'The sync source does not exist'],
  sourceDisabled: ['同步源已停用', 'The sync source is disabled'],
  kindNotYet: ['该类型的同步源暂不支持同步', 'Syncing this kind of source is not supported'],
  corpIdRequired: ['请输入企业ID(CorpID)', 'Please enter the corp ID'],
  appKeyRequired: ['请输入应用Key(AppKey / App ID)', 'Please enter the app key (AppKey / App ID)'],
  secretRequired: ['请输入应用密钥', 'Please enter the app secret'],
  apiRefused: ['组织接口返回错误', 'The organisation API answered an error'],
  apiUnreachable: ['无法连接组织接口', 'The organisation API cannot be reached'],
  apiRateLimited: [
    '组织接口调用超过频率限制，重试后仍未成功',
    'The organisation API kept refusing calls for their rate; retries did not help',
  ],
  apiBadAnswer: ['组织接口的应答无法识别', 'The answer of the organisation API is not understood'],
  apiTooLarge: ['组织接口返回的部门或人员过多', 'The organisation API answered too many departments or people'],
  callbackKey: [
    '回调密钥须为 43 位的 EncodingAESKey(企业微信、钉钉)',
    'The callback key must be the 43-character EncodingAESKey (WeCom, DingTalk)',
  ],
  callbackNotSet: ['该同步源未配置变更回调', 'This source has no change callback configured'],
  callbackSignature: ['回调签名校验失败', 'The callback signature does not match'],
  callbackStale: ['回调时间戳已过期', 'The callback timestamp is too old'],
  callbackReplay: ['回调已处理过(nonce 重复)，不再处理', 'The callback was seen already (its nonce repeats): it is not taken again'],
  callbackBody: ['回调内容无法解析', 'The callback body cannot be read'],
  fileKind: ['只有人事文件类型的同步源可以上传文件', 'Only an HR file source takes an uploaded file'],
  fileRequired: ['请上传人事文件(CSV 或 xlsx)', 'Please upload the HR file (CSV or xlsx)'],
  fileMissing: ['该同步源尚未上传人事文件', 'No HR file has been uploaded to this source yet'],
  fileUnreadable: ['人事文件无法读取，须为 UTF-8 的 CSV 或 xlsx', 'The HR file cannot be read: it must be a UTF-8 CSV or an xlsx'],
  fileColumn: ['人事文件缺少必需的列', 'The HR file lacks a required column'],
  fileEmpty: ['人事文件没有数据行', 'The HR file has no data rows'],
  fileTooMany: ['人事文件超过 100000 行', 'The HR file has more than 100,000 rows'],
  fileHasErrors: ['人事文件有错误行，未执行任何变更', 'The HR file has broken rows: nothing was applied'],
  rowAccount: ['缺少登录账号', 'the account is missing'],
  rowCode: ['缺少用户编号', 'the employee number is missing'],
  rowDeptPath: ['部门路径格式错误', 'the department path is malformed'],
  rowDuplicateCode: ['用户编号与前面的行重复', 'the employee number repeats an earlier row'],
  rowDuplicateAccount: ['登录账号与前面的行重复', 'the account repeats an earlier row'],
  rowStatus: ['状态须为 在职 或 离职', 'the status must be 在职 (active) or 离职 (left)'],
  rowPost: ['岗位不存在或有重名', 'no single post has this name'],
  rowTooLong: ['值超过字段长度', 'a value is longer than its field allows'],
  rowEmail: ['电子邮箱格式错误', 'the email is malformed'],
  bindRefused: ['目录拒绝了绑定账号或密码', 'The directory refused the bind DN or password'],
  unreachable: ['无法连接目录服务器', 'The directory server cannot be reached'],
  untrusted: ['目录服务器的证书不受信任', "The directory server's certificate is not trusted"],
  slow: ['目录服务器未在时限内应答', 'The directory server did not answer in time'],
  searchFailed: ['目录搜索失败', 'The directory search failed'],
  runMissing: ['试运行记录不存在或不属于该同步源', 'The dry run does not exist or belongs to another source'],
  running: ['该同步源正在同步，请稍后再试', 'A sync of this source is under way: try again once it ends'],
  runUsed: ['该试运行已执行或已过期，请重新试运行', 'That dry run was applied already or is stale; run a new dry run'],
  noKey: ['目录条目没有 entryUUID 或 objectGUID', 'The directory entry has no entryUUID or objectGUID'],
  noAccount: ['目录条目缺少账号属性', 'The directory entry has no account attribute'],
  accountTaken: ['账号已被未关联该同步源的用户使用', 'The account is held by a user not linked to this source'],
  duplicateKey: ['目录中有多个条目使用该唯一标识', 'Several directory entries have this unique key'],
  duplicateAccount: ['目录中有多个条目使用该账号', 'Several directory entries have this account'],
  valueTooLong: ['目录条目的值超过字段长度', 'A value of the directory entry is longer than its field allows'],
});

// Refusals name what failed: `<message>: <server or base DN>[, <code>]`.
defineMessagePattern(/^无法连接目录服务器: (.+)$/, 'The directory server cannot be reached: $1');
defineMessagePattern(/^目录搜索失败: (.+)$/, 'The directory search failed: $1');
defineMessagePattern(/^目录服务器未在时限内应答: (.+)$/, 'The directory server did not answer in time: $1');
defineMessagePattern(/^目录服务器的证书不受信任: (.+)$/, "The directory server's certificate is not trusted: $1");
defineMessagePattern(/^组织接口返回错误: (.+)$/, 'The organisation API answered an error: $1');
defineMessagePattern(/^无法连接组织接口: (.+)$/, 'The organisation API cannot be reached: $1');
defineMessagePattern(
  /^组织接口调用超过频率限制，重试后仍未成功: (.+)$/,
  'The organisation API kept refusing calls for their rate; retries did not help: $1',
);
defineMessagePattern(/^组织接口的应答无法识别: (.+)$/, 'The answer of the organisation API is not understood: $1');
defineMessagePattern(/^授权规则未能授予 (.+?): (.+)$/, 'The grant rule could not give $1: $2');
defineMessagePattern(/^岗位不存在或有重名: (.+)$/, 'no single post has this name: $1');
defineMessagePattern(/^人事文件缺少必需的列: (.+)$/, 'The HR file lacks a required column: $1');
defineMessagePattern(/^人事文件有错误行，未执行任何变更: (.+)$/, 'The HR file has broken rows: nothing was applied: $1');

/** The kinds of source: a directory (LDAP / Active Directory), an organisation API, or an HR file drop. */
export const SYNC_KINDS = ['ldap', 'wecom', 'dingtalk', 'feishu', 'file'] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

/** What a leaver's application grants become: revoked at once (`end`), or kept (`keep`); the account is disabled either way. */
export const LEAVER_GRANTS = ['end', 'keep'] as const;

/** The answer of a connection test: reached and accepted, or the reason it was not. */
export const syncConnectionAnswer = z.object({ ok: z.boolean(), message: z.string() });
export type SyncConnectionAnswer = z.infer<typeof syncConnectionAnswer>;

const ATTRIBUTE = /^[A-Za-z][A-Za-z0-9-]{0,63}$/;
const attribute = emptyAsNull(z.string(syncMessages.say.attr).trim().regex(ATTRIBUTE, syncMessages.say.attr));
/** Balanced parentheses, nothing outside them: what an LDAP filter looks like (the directory parses it). */
const ldapFilter = emptyAsNull(
  z
    .string(syncMessages.say.filter)
    .trim()
    .max(1000)
    .refine((text) => {
      if (!text.startsWith('(') || !text.endsWith(')')) return false;
      let depth = 0;
      for (const [i, ch] of [...text].entries()) {
        if (ch === '(') depth++;
        else if (ch === ')' && --depth === 0 && i !== text.length - 1) return false;
        if (depth < 0) return false;
      }
      return depth === 0;
    }, syncMessages.say.filter),
);

/** The fields whose source can be chosen by priority when several sources feed one person. */
const priorityValue = z.number().int().min(0).max(1000);
export const SYNC_PRIORITY_FIELDS = ['account', 'code', 'name', 'realName', 'phone', 'email', 'dept', 'post'] as const;
export type SyncPriorityField = (typeof SYNC_PRIORITY_FIELDS)[number];

/**
 * The mapping of a source (JSON): attribute names for `name`, `realName`, `phone` and `email`
 * (the account and employee number are `accountAttr` and `codeAttr`), `roleId` given to the
 * users it creates, `rootDeptId` under which its department tree hangs (0: the top), `deptFrom`
 * (`ou`: departments are the entries above a person, the default; `group`: they are groups, nested
 * and joined by membership), `timeoutSeconds` each directory operation may take (default 60), `startTls`
 * to upgrade an ldap:// connection, `tlsVerify: false` to accept any certificate, and
 * `directoryPassword: false` to let the people of an LDAP source sign in with a platform password
 * instead of binding to the directory (the default binds). For the organisation APIs:
 * `rootDepartment`, the id of the department whose whole tree is read (WeCom and DingTalk 1,
 * Feishu 0: the whole organisation), `retries` of a call refused for its rate (default 5) and
 * `retryBaseMs`, the first wait when the API names none (default 1000, doubling). WeCom's
 * `userListing`: `department` (the default, `user/list` per department) or `ids` (`user/list_id`
 * for every member's id, then `user/get` for each: for a contact-sync secret whose `user/list` is
 * refused); `departmentListing`: `list` (the default, `department/list`) or `ids`
 * (`department/simplelist` for the tree's ids, then `department/get` for each: for an app whose
 * `department/list` is refused). LDAP's `groupsFrom` (read while a birthright rule names a group):
 * unset, Active Directory (known by its root DSE) is asked, per group a rule names, for everyone
 * in it through any nesting, in one search by its matching rule in chain; any other directory's
 * groups come from the people's `memberOf` when it answers it (OpenLDAP's memberof overlay), else
 * from the groups' `member`/`uniqueMember` lists. `chain` always asks by the matching rule in
 * chain, `member` always reads the lists, `memberOf` always the attribute.
 *
 * When several sources feed the same person (matched by employee number), `priority` (0–1000,
 * default 0) says which wins their fields: a source leaves a field alone while another enabled
 * source linked to the person has a higher priority for it; `fieldPriority` sets it per field
 * (`account`, `code`, `name`, `realName`, `phone`, `email`, `dept` for the department the
 * person is placed in, `post` for the post an HR file names), e.g. an HR file first for everything but the email the directory holds.
 * Sources of equal priority each write the field (the last run stands).
 */
export const syncMapping = z
  .object({
    name: z.string().regex(ATTRIBUTE, syncMessages.say.mappingField).optional(),
    realName: z.string().regex(ATTRIBUTE, syncMessages.say.mappingField).optional(),
    phone: z.string().regex(ATTRIBUTE, syncMessages.say.mappingField).optional(),
    email: z.string().regex(ATTRIBUTE, syncMessages.say.mappingField).optional(),
    roleId: z
      .string()
      .regex(/^\d{1,20}$/, syncMessages.say.mappingRole)
      .optional(),
    rootDeptId: z
      .string()
      .regex(/^\d{1,20}$/, syncMessages.say.mappingRootDept)
      .optional(),
    startTls: z.boolean().optional(),
    deptFrom: z.enum(['ou', 'group']).optional(),
    timeoutSeconds: z.number().int().min(1).max(600).optional(),
    tlsVerify: z.boolean().optional(),
    directoryPassword: z.boolean().optional(),
    rootDepartment: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, syncMessages.say.mappingField)
      .optional(),
    retryBaseMs: z.number().int().min(0).max(60_000).optional(),
    retries: z.number().int().min(0).max(10).optional(),
    userListing: z.enum(['department', 'ids']).optional(),
    departmentListing: z.enum(['list', 'ids']).optional(),
    groupsFrom: z.enum(['member', 'memberOf', 'chain']).optional(),
    priority: priorityValue.optional(),
    fieldPriority: z
      .object({
        account: priorityValue.optional(),
        code: priorityValue.optional(),
        name: priorityValue.optional(),
        realName: priorityValue.optional(),
        phone: priorityValue.optional(),
        email: priorityValue.optional(),
        dept: priorityValue.optional(),
        post: priorityValue.optional(),
      } satisfies Record<SyncPriorityField, unknown>)
      .strict()
      .optional(),
  })
  .strict();
export type SyncMapping = z.infer<typeof syncMapping>;

/** A stored mapping, read leniently (it was checked when saved): anything unreadable is no mapping. */
export function readSyncMapping(text: string | null | undefined): SyncMapping {
  if (!text) return {};
  try {
    const parsed = syncMapping.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

const mappingText = emptyAsNull(
  z
    .string(syncMessages.say.mapping)
    .max(4000)
    .refine((text) => {
      try {
        return syncMapping.safeParse(JSON.parse(text)).success;
      } catch {
        return false;
      }
    }, syncMessages.say.mapping),
);

/** One change of a run: what it does to which department or user, and the fields it changes. */
export const syncChangeRow = z.object({
  kind: z.enum(['dept', 'user']),
  action: z.enum(['create', 'update', 'move', 'rename', 'disable', 'error']),
  externalId: z.string(),
  label: z.string(),
  localId: z.string().nullable(),
  changes: z.record(z.string(), z.tuple([z.string().nullable(), z.string().nullable()])),
  message: z.string().nullable(),
});
export type SyncChangeRow = z.infer<typeof syncChangeRow>;

/** The answer of a dry run and of an apply: the counts and the rows (errors included). */
export const syncRunAnswer = z.object({
  runId: z.string(),
  creates: z.number(),
  updates: z.number(),
  moves: z.number(),
  disables: z.number(),
  errors: z.number(),
  durationMs: z.number(),
  rows: z.array(syncChangeRow),
});
export type SyncRunAnswer = z.infer<typeof syncRunAnswer>;

const cron = emptyAsNull(
  z
    .string(syncMessages.say.schedule)
    .trim()
    .regex(/^\S+(\s+\S+){4}$/, syncMessages.say.schedule),
);

/** The fields of a source (see `syncSource`). */
const syncSourceEntity = z.object({
  name: requiredText(syncMessages.say.name, 64),
  kind: z.enum(SYNC_KINDS, syncMessages.say.kind),
  status: z.preprocess((v) => (typeof v === 'string' && v !== '' ? Number(v) : v), z.union([z.literal(1), z.literal(2)])).optional(),
  schedule: cron,
  leaverGrants: z.enum(LEAVER_GRANTS, syncMessages.say.leaverGrants).optional(),
  url: emptyAsNull(
    z
      .string(syncMessages.say.url)
      .trim()
      .max(500)
      .regex(/^ldaps?:\/\/[^\s/?#]+\/?$/i, syncMessages.say.url),
  ),
  bindDn: optionalText(500),
  bindPassword: optionalText(500),
  baseDn: optionalText(2000),
  userFilter: ldapFilter,
  groupFilter: ldapFilter,
  accountAttr: attribute,
  codeAttr: attribute,
  corpId: optionalText(128),
  appKey: optionalText(128),
  secret: optionalText(500),
  apiBase: emptyAsNull(z.string().trim().max(500).url()),
  callbackToken: optionalText(128),
  callbackKey: optionalText(128),
  mapping: mappingText,
  remark: optionalText(255),
});

/**
 * Sources of staff and departments, per tenant (同步源). The LDAP / Active Directory fields are
 * `url` (ldap:// or ldaps://), `bindDn`, `bindPassword` (write-only: stored encrypted, never
 * answered; an update leaving it empty keeps it), `baseDn` (one or more, separated by `;` or new
 * lines), `userFilter`, `groupFilter` (the entries that become departments), `accountAttr` and
 * `codeAttr`; the organisation APIs have `corpId` (WeCom's CorpID), `appKey` (DingTalk's AppKey,
 * Feishu's App ID), `secret` (write-only) and `apiBase` (the vendor's own host when empty), and for
 * their change callbacks `callbackToken` and `callbackKey` (WeCom/DingTalk: Token and
 * EncodingAESKey; Feishu: Verification Token and Encrypt Key; both write-only). An HR file source
 * (`file`) reads the CSV or xlsx last given to `upload`.
 * `mapping` holds the remaining field choices (`syncMapping`). status 1 enabled, 2 disabled.
 */
export const syncSource = defineResource({
  service: 'blade-system',
  name: 'sync-source',
  table: 'blade_sync_source',
  tenantScoped: true,
  permission: 'syncsource',
  entity: syncSourceEntity,
  // The lease of the apply under way is the server's own business.
  // The callback's token and key are secrets like the API's; the uploaded HR file is read only by runs.
  // When the schedule is next due is the scheduler's own business too.
  hidden: ['bindPassword', 'secret', 'callbackToken', 'callbackKey', 'runOwner', 'runUntil', 'syncWanted', 'fileData', 'scheduleNext'],
  names: {
    statusName: { field: 'status', labels: { 1: ['启用', 'Enabled'], 2: ['停用', 'Disabled'] } },
  },
  filters: { name: 'like', kind: 'eq' },
  sorts: ['name', 'kind'],
  defaultSort: { column: 'createTime', desc: true },
  extras: {
    dryRun: defineExtra({
      method: 'POST',
      path: 'dry-run',
      summary: 'Read the source and answer what a sync would change (counts and rows); writes nothing but the run record',
      query: z.object({ id: idString }),
      response: syncRunAnswer,
      permission: 'syncsource_dryrun',
    }),
    apply: defineExtra({
      method: 'POST',
      path: 'apply',
      summary: 'Sync now (or apply exactly the dry run runId): creates, updates, moves and disables in batches',
      query: z.object({ id: idString, runId: idString.optional() }),
      response: syncRunAnswer,
      permission: 'syncsource_apply',
    }),
    testConnection: defineExtra({
      method: 'POST',
      path: 'test-connection',
      summary:
        'Check that a source is reachable and takes its credentials (an LDAP bind, the vendor token, the HR file read); answers ok or the reason. ' +
        'The body may carry the values of an unsaved form (over the saved source `id`, or alone for a new one; asks the add or edit permission): ' +
        'a write-only secret left empty is the stored one while the kind and the address stay the saved ones',
      query: z.object({ id: idString.optional() }),
      body: syncSourceEntity.partial().nullish(),
      response: syncConnectionAnswer,
      permission: 'syncsource_dryrun',
    }),
    upload: defineExtra({
      method: 'POST',
      path: 'upload',
      summary:
        'Give an HR file source its file (field "file", CSV or xlsx): answers its row count and every broken row; runs read the file last uploaded',
      query: z.object({ id: idString }),
      body: z.object({ file: uploadedFile(syncMessages.say.fileRequired) }),
      response: z.object({ rows: z.number(), failures: z.array(z.object({ row: z.number(), message: z.string() })) }),
      multipart: true,
      permission: 'syncsource_apply',
    }),
  },
  view: {
    title: ['同步源', 'Sync sources'],
    dialogWidth: 760,
    columns: [
      { prop: 'name', label: ['名称', 'Name'], search: true },
      {
        prop: 'kind',
        label: ['类型', 'Kind'],
        type: 'select',
        search: true,
        options: [
          { value: 'ldap', label: ['LDAP / AD', 'LDAP / AD'] },
          { value: 'wecom', label: ['企业微信', 'WeCom'] },
          { value: 'dingtalk', label: ['钉钉', 'DingTalk'] },
          { value: 'feishu', label: ['飞书', 'Feishu'] },
          { value: 'file', label: ['人事文件', 'HR file'] },
        ],
      },
      { prop: 'url', label: ['目录地址', 'Directory address'], appliesWhen: { field: 'kind', in: ['ldap'] } },
      { prop: 'bindDn', label: ['绑定 DN', 'Bind DN'], hideInTable: true, appliesWhen: { field: 'kind', in: ['ldap'] } },
      {
        prop: 'bindPassword',
        label: ['绑定密码', 'Bind password'],
        type: 'password',
        hideInTable: true,
        appliesWhen: { field: 'kind', in: ['ldap'] },
      },
      {
        prop: 'baseDn',
        label: ['搜索基准 DN', 'Base DN'],
        type: 'textarea',
        hideInTable: true,
        appliesWhen: { field: 'kind', in: ['ldap'] },
      },
      { prop: 'userFilter', label: ['用户过滤器', 'User filter'], hideInTable: true, appliesWhen: { field: 'kind', in: ['ldap'] } },
      { prop: 'groupFilter', label: ['机构过滤器', 'Department filter'], hideInTable: true, appliesWhen: { field: 'kind', in: ['ldap'] } },
      { prop: 'accountAttr', label: ['账号属性', 'Account attribute'], hideInTable: true, appliesWhen: { field: 'kind', in: ['ldap'] } },
      {
        prop: 'codeAttr',
        label: ['工号属性', 'Employee number attribute'],
        hideInTable: true,
        appliesWhen: { field: 'kind', in: ['ldap'] },
      },
      {
        prop: 'corpId',
        label: ['企业ID(CorpID)', 'Corp ID'],
        hideInTable: true,
        appliesWhen: { field: 'kind', in: ['wecom', 'dingtalk'] },
      },
      {
        prop: 'appKey',
        label: ['应用Key(AppKey / App ID)', 'App key (AppKey / App ID)'],
        hideInTable: true,
        appliesWhen: { field: 'kind', in: ['dingtalk', 'feishu'] },
      },
      {
        prop: 'secret',
        label: ['应用密钥', 'Secret'],
        type: 'password',
        hideInTable: true,
        appliesWhen: { field: 'kind', in: ['wecom', 'dingtalk', 'feishu'] },
      },
      {
        prop: 'apiBase',
        label: ['接口地址', 'API base'],
        hideInTable: true,
        appliesWhen: { field: 'kind', in: ['wecom', 'dingtalk', 'feishu'] },
      },
      {
        prop: 'callbackToken',
        label: ['回调Token(Verification Token)', 'Callback token (Verification Token)'],
        type: 'password',
        hideInTable: true,
        appliesWhen: { field: 'kind', in: ['wecom', 'dingtalk', 'feishu'] },
      },
      {
        prop: 'callbackKey',
        label: ['回调密钥(EncodingAESKey / Encrypt Key)', 'Callback key (EncodingAESKey / Encrypt Key)'],
        type: 'password',
        hideInTable: true,
        appliesWhen: { field: 'kind', in: ['wecom', 'dingtalk', 'feishu'] },
      },
      { prop: 'mapping', label: ['字段映射(JSON)', 'Field mapping (JSON)'], type: 'textarea', hideInTable: true },
      { prop: 'schedule', label: ['同步计划(cron)', 'Schedule (cron)'], hideInTable: true },
      {
        prop: 'leaverGrants',
        label: ['离职人员的应用授权', "Leavers' application grants"],
        type: 'select',
        hideInTable: true,
        options: [
          { value: 'end', label: ['立即收回', 'End at once'] },
          { value: 'keep', label: ['保留', 'Keep'] },
        ],
      },
      {
        prop: 'status',
        label: ['状态', 'Status'],
        type: 'select',
        options: [
          { value: '1', label: ['启用', 'Enabled'] },
          { value: '2', label: ['停用', 'Disabled'] },
        ],
      },
      { prop: 'remark', label: ['备注', 'Remark'], type: 'textarea', hideInTable: true },
    ],
  },
});

const recorded = z.string().nullish();
const counted = z.number().nullish();

/**
 * The record of each run of a source (同步记录): dry run or apply, its counts, how long it took,
 * its outcome (`planned`, `applied`, `failed`, `superseded`) and its error rows. Read-only.
 */
export const syncRun = defineResource({
  service: 'blade-system',
  name: 'sync-run',
  table: 'blade_sync_run',
  tenantScoped: true,
  permission: 'syncrun',
  routes: 'read',
  entity: z.object({
    sourceId: z.string().nullish(),
    dryRun: counted,
    outcome: recorded,
    creates: counted,
    updates: counted,
    moves: counted,
    disables: counted,
    errors: counted,
    durationMs: counted,
    message: recorded,
    errorRows: recorded,
  }),
  // A dry run's plan is kept to be applied as it is, never answered (its rows are, by the dry run).
  hidden: ['plan'],
  names: { sourceName: { field: 'sourceId', table: 'blade_sync_source', column: 'name', sameTenant: true } },
  filters: { sourceId: 'eq', outcome: 'eq' },
  sorts: [],
  defaultSort: { column: 'id', desc: true },
  view: {
    title: ['同步记录', 'Sync runs'],
    actions: { add: false, edit: false, remove: false, view: true },
    columns: [
      { prop: 'sourceName', label: ['同步源', 'Source'], hideInForm: true },
      { prop: 'sourceId', label: ['同步源编号', 'Source id'], search: true, hideInTable: true },
      { prop: 'dryRun', label: ['试运行', 'Dry run'], type: 'select', dict: 'yes_no' },
      { prop: 'outcome', label: ['结果', 'Outcome'], search: true },
      { prop: 'creates', label: ['新增', 'Creates'] },
      { prop: 'updates', label: ['更新', 'Updates'] },
      { prop: 'moves', label: ['移动', 'Moves'] },
      { prop: 'disables', label: ['停用', 'Disables'] },
      { prop: 'errors', label: ['错误', 'Errors'] },
      { prop: 'durationMs', label: ['耗时(毫秒)', 'Duration (ms)'] },
      { prop: 'message', label: ['说明', 'Message'], hideInTable: true },
      { prop: 'errorRows', label: ['错误行', 'Error rows'], type: 'textarea', hideInTable: true },
      { prop: 'createTime', label: ['时间', 'Time'], type: 'datetime' },
    ],
  },
});
