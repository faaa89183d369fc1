import { type ComplianceControl, type ComplianceReportAnswer, type ComplianceSettings, PLATFORM_ROLE_ALIASES } from '@sso/shared-api';
import { ADMINISTRATOR_ALIASES } from '../../auth/enrolment.js';
import { captchaRequiredBy } from '../../auth/login-options.js';
import type { AppContext } from '../../context.js';
import { complianceOf } from '../../db/compliance.js';
import { personalDataState } from '../../db/personal-data.js';
import { live } from '../../kernel/live-rows.js';
import { verifyChain } from '../../logs/audit-chain.js';

type Text = readonly [zh: string, en: string];
type State = ComplianceControl['state'];
interface Finding {
  state: State;
  detail: Text;
}

/** The roles 三员分立 asks for: system, security and audit administrators, one person never two of them. */
const SEPARATED_ROLES = PLATFORM_ROLE_ALIASES;
/** Log retention the assessment asks for (six months). */
const RETENTION_FLOOR_DAYS = 180;

const met = (zh: string, en: string): Finding => ({ state: 'met', detail: [zh, en] });
const notMet = (zh: string, en: string): Finding => ({ state: 'not met', detail: [zh, en] });
const notApplicable = (zh: string, en: string): Finding => ({ state: 'n/a', detail: [zh, en] });

/** What the checks read once per report. */
interface Facts {
  tenantId: string;
  settings: ComplianceSettings;
  param: (key: string) => Promise<string | undefined>;
  ctx: AppContext;
}

interface Control {
  id: string;
  title: Text;
  check: (facts: Facts) => Promise<Finding> | Finding;
}

const positive = (value: number, met_: Finding, otherwise: Finding) => (value > 0 ? met_ : otherwise);

/**
 * The controls of classified protection (等保 2.0 level 3) and the commercial cryptography
 * assessment this platform covers, in the order an assessor walks them. Each answers its state for
 * the tenant now and, when not met, what to change; what only the deployment can provide is `n/a`
 * with the reason.
 */
const CONTROLS: Control[] = [
  {
    id: 'profile',
    title: ['合规配置', 'Compliance profile'],
    check: ({ settings }) =>
      settings.profile
        ? met(
            settings.forcedByPlatform ? '平台已为所有租户开启' : '本租户已开启',
            settings.forcedByPlatform ? 'On for every tenant by the platform' : 'On for this tenant',
          )
        : notMet('在「合规配置」中开启', 'Turn the profile on under Compliance profile'),
  },
  {
    id: 'password.complexity',
    title: ['密码复杂度', 'Password complexity'],
    check: () => met('8-30 位，须含字母、数字和特殊字符', '8 to 30 characters with a letter, a digit and a special character'),
  },
  {
    id: 'password.expiry',
    title: ['密码定期更换', 'Password expiry'],
    check: ({ settings: s }) =>
      positive(
        s.passwordExpiryDays,
        met(`每 ${s.passwordExpiryDays} 天须更换`, `Changed every ${s.passwordExpiryDays} days`),
        notMet('设置 password.expiryDays（如 90）', 'Set password.expiryDays (90, say)'),
      ),
  },
  {
    id: 'password.history',
    title: ['密码历史', 'Password history'],
    check: ({ settings: s }) =>
      positive(
        s.passwordHistory,
        met(`不能重复使用最近 ${s.passwordHistory} 次的密码`, `The last ${s.passwordHistory} passwords cannot be reused`),
        notMet('设置 password.history（如 5）', 'Set password.history (5, say)'),
      ),
  },
  {
    id: 'password.minAge',
    title: ['密码最短使用期', 'Minimum password age'],
    check: ({ settings: s }) =>
      positive(
        s.passwordMinAgeDays,
        met(`修改后 ${s.passwordMinAgeDays} 天内不能再改`, `Not changed again within ${s.passwordMinAgeDays} days`),
        notMet('设置 password.minAgeDays（如 1）', 'Set password.minAgeDays (1, say)'),
      ),
  },
  {
    id: 'account.lockout',
    title: ['登录失败锁定', 'Lockout after failed sign-ins'],
    check: async ({ param }) => {
      const count = Number((await param('account.failCount')) ?? 5);
      const minutes = Number((await param('account.lockMinutes')) ?? 30);
      return count > 0 && count <= 10 && minutes > 0
        ? met(`连续失败 ${count} 次锁定 ${minutes} 分钟`, `Locked for ${minutes} minutes after ${count} failures`)
        : notMet(
            'account.failCount 设为 1-10，account.lockMinutes 大于 0',
            'Set account.failCount to 1-10 and account.lockMinutes above 0',
          );
    },
  },
  {
    id: 'account.dormant',
    title: ['休眠账号停用', 'Dormant accounts disabled'],
    check: ({ settings: s }) =>
      positive(
        s.accountDormantDays,
        met(`${s.accountDormantDays} 天未登录的账号停用`, `Accounts unused for ${s.accountDormantDays} days are disabled`),
        notMet('设置 account.dormantDays（如 90）', 'Set account.dormantDays (90, say)'),
      ),
  },
  {
    id: 'sign-in.captcha',
    title: ['登录验证码', 'Sign-in captcha'],
    check: async ({ param, tenantId }) => {
      return captchaRequiredBy(await param('captcha.enabled'), tenantId)
        ? met('登录须输入验证码', 'Sign-in asks for a captcha')
        : notMet('参数 captcha.enabled 设为 true 或加入本租户编号', 'Set captcha.enabled to true or add this tenant id');
    },
  },
  {
    id: 'session.idle',
    title: ['会话空闲超时', 'Idle session timeout'],
    check: ({ settings: s }) =>
      s.sessionIdleMinutes > 0 && s.sessionIdleMinutes <= 30
        ? met(`空闲 ${s.sessionIdleMinutes} 分钟后须重新登录`, `Signed out after ${s.sessionIdleMinutes} idle minutes`)
        : notMet('session.idleMinutes 设为 1-30', 'Set session.idleMinutes to 1-30'),
  },
  {
    id: 'session.maxHours',
    title: ['会话最长时长', 'Absolute session lifetime'],
    check: ({ settings: s }) =>
      positive(
        s.sessionMaxHours,
        met(`登录 ${s.sessionMaxHours} 小时后须重新登录`, `Signed in again after ${s.sessionMaxHours} hours`),
        notMet('设置 session.maxHours（如 12）', 'Set session.maxHours (12, say)'),
      ),
  },
  { id: 'admin.secondFactor', title: ['管理员双因素登录', 'Second factor for administrators'], check: adminSecondFactor },
  { id: 'roles.separation', title: ['三员分立', 'Separation of system, security and audit administrators'], check: separatedRoles },
  { id: 'audit.chain', title: ['审计记录防篡改', 'Tamper-evident audit records'], check: auditChain },
  {
    id: 'audit.retention',
    title: ['审计记录保留六个月', 'Audit records kept six months'],
    check: async ({ param, settings }) => {
      const days = Number((await param('log.retentionDays')) ?? 90);
      if (days >= RETENTION_FLOOR_DAYS) return met(`保留 ${days} 天`, `Kept ${days} days`);
      return settings.profile
        ? met(`合规配置保证至少保留 ${RETENTION_FLOOR_DAYS} 天`, `The profile keeps them at least ${RETENTION_FLOOR_DAYS} days`)
        : notMet(
            `log.retentionDays 设为 ${RETENTION_FLOOR_DAYS} 以上或开启合规配置`,
            `Set log.retentionDays to ${RETENTION_FLOOR_DAYS} or more, or turn the profile on`,
          );
    },
  },
  {
    id: 'audit.coverage',
    title: ['审计覆盖', 'Audit coverage'],
    check: ({ ctx }) =>
      ctx.config.SSO_API_LOG === 'true'
        ? met('记录登录、安全事件和全部接口调用', 'Sign-ins, security events and every API call are recorded')
        : notMet(
            '登录和安全事件已记录；接口日志已关闭（SSO_API_LOG=false），请开启',
            'Sign-ins and security events are recorded; the API log is off (SSO_API_LOG=false): turn it on',
          ),
  },
  {
    id: 'crypto.sm3',
    title: ['SM3 杂凑', 'SM3 digest'],
    check: async ({ param }) =>
      (await param('audit.chainDigest'))?.trim().toLowerCase() === 'sha256'
        ? notMet('审计链使用 SHA-256；参数 audit.chainDigest 设为 sm3', 'The audit chain uses SHA-256: set audit.chainDigest to sm3')
        : met('审计链与签名导出使用 SM3', 'The audit chain and signed exports use SM3'),
  },
  {
    id: 'crypto.sm2',
    title: ['SM2 登录传输', 'SM2 sign-in transport'],
    check: () =>
      met(
        '登录密码以 SM2 公钥加密传输（平台登录页与 SpringBlade 客户端）',
        "Passwords travel SM2-encrypted (the platform's sign-in page and SpringBlade clients)",
      ),
  },
  {
    id: 'crypto.sm4',
    title: ['个人信息 SM4 加密存储', 'Personal data encrypted with SM4 at rest'],
    check: async ({ ctx }) => {
      const state = await personalDataState(ctx.db, ctx.database.personalData);
      if (!state.encrypted) {
        return notMet(
          '用户手机号、邮箱以明文存储：开启合规配置，或执行 sso compliance personal-data-rotate 开启加密',
          "Users' phone and email are stored in clear: turn the compliance profile on, or run sso compliance personal-data-rotate",
        );
      }
      if (state.pending > 0) {
        return notMet(
          `${state.pending} 条个人信息记录（手机号、邮箱）尚未以当前密钥加密：执行 sso compliance personal-data-rotate`,
          `${state.pending} records of personal data (phones, emails) are not yet under the current key: run sso compliance personal-data-rotate`,
        );
      }
      return met(
        `用户手机号、邮箱及其副本（短信记录、第三方账号邮箱）以 SM4 加密存储（当前密钥 ${state.currentKeyId}），精确检索经 HMAC-SM3 索引；平台不保存身份证号`,
        `Users' phone and email and their copies (SMS records, social accounts' emails) are stored SM4-encrypted (current key ${state.currentKeyId}), searched through an HMAC-SM3 index; the platform keeps no identity numbers`,
      );
    },
  },
  {
    id: 'transport.tlcp',
    title: ['国密传输（TLCP）', 'Commercial-cryptography transport (TLCP)'],
    check: () =>
      notApplicable(
        '由部署提供：在反向代理上配置 TLCP 证书',
        'Provided by the deployment: configure TLCP certificates at the reverse proxy',
      ),
  },
  {
    id: 'crypto.module',
    title: ['密码模块', 'Cryptographic module'],
    check: () =>
      notApplicable(
        '由部署提供：密钥置于经认证的密码模块（密码机）',
        'Provided by the deployment: keep the keys in a certified cryptographic module',
      ),
  },
];

/** Administrators of the tenant (by role alias) who have neither a confirmed TOTP nor a passkey. */
async function adminSecondFactor({ ctx, tenantId, settings }: Facts): Promise<Finding> {
  if (!settings.adminRequireSecondFactor) return notMet('设置 admin.requireSecondFactor 为 true', 'Set admin.requireSecondFactor to true');
  const adminRoleIds = (
    await ctx.db
      .selectFrom('blade_role')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('roleAlias', 'in', [...ADMINISTRATOR_ALIASES])
      .$call(live())
      .execute()
  ).map((role) => role.id);
  const users = await ctx.db
    .selectFrom('blade_user')
    .select(['id', 'roleId'])
    .where('tenantId', '=', tenantId)
    .where('status', '=', 1)
    .$call(live())
    .execute();
  const admins = users.filter((user) => (user.roleId ?? '').split(',').some((id) => adminRoleIds.includes(id))).map((user) => user.id);
  if (!admins.length) return met('须以第二因素登录；本租户暂无管理员', 'Required; the tenant has no administrators yet');
  const withTotp = await ctx.db
    .selectFrom('sso_totp')
    .select('userId')
    .where('userId', 'in', admins)
    .where('confirmedAt', 'is not', null)
    .execute();
  const withPasskey = await ctx.db.selectFrom('sso_passkey').select('userId').where('userId', 'in', admins).execute();
  const enrolled = new Set([...withTotp, ...withPasskey].map((row) => row.userId));
  const pending = admins.filter((id) => !enrolled.has(id)).length;
  return pending
    ? met(`须以第二因素登录；${pending} 名管理员将在下次登录时登记`, `Required; ${pending} administrators will enrol at their next sign-in`)
    : met(`须以第二因素登录；${admins.length} 名管理员均已登记`, `Required; all ${admins.length} administrators have enrolled`);
}

/** The three roles exist in the tenant and no active user holds two of them. */
async function separatedRoles({ ctx, tenantId }: Facts): Promise<Finding> {
  const roles = await ctx.db
    .selectFrom('blade_role')
    .select(['id', 'roleAlias'])
    .where('tenantId', '=', tenantId)
    .where('roleAlias', 'in', [...SEPARATED_ROLES])
    .$call(live())
    .execute();
  const missing = SEPARATED_ROLES.filter((alias) => !roles.some((role) => role.roleAlias === alias));
  if (missing.length) return notMet(`缺少角色：${missing.join('、')}`, `Missing roles: ${missing.join(', ')}`);
  const users = await ctx.db
    .selectFrom('blade_user')
    .select(['account', 'roleId'])
    .where('tenantId', '=', tenantId)
    .$call(live())
    .execute();
  const ids = new Set(roles.map((role) => role.id));
  const doubled = users.filter((user) => (user.roleId ?? '').split(',').filter((id) => ids.has(id)).length > 1).map((user) => user.account);
  return doubled.length
    ? notMet(`以下账号兼任两种管理员：${doubled.join('、')}`, `These accounts hold two of the roles: ${doubled.join(', ')}`)
    : met('系统、安全、审计管理员互斥', 'System, security and audit administrators are mutually exclusive');
}

async function auditChain({ ctx, tenantId }: Facts): Promise<Finding> {
  const verdict = await verifyChain(ctx.db, tenantId);
  if (verdict.intact) return met(`${verdict.checked} 条安全记录校验完整`, `${verdict.checked} security records verified intact`);
  const broken = verdict.firstBroken;
  const what = broken ? `${broken.logTable} ${broken.logId} (${broken.problem})` : '';
  return notMet(`审计链在 ${what} 处断开，请调查`, `The chain breaks at ${what}: investigate`);
}

/** The report of the caller's tenant, in the caller's language. */
export async function complianceReportOf(ctx: AppContext, tenantId: string, english: boolean): Promise<ComplianceReportAnswer> {
  const settings = await complianceOf(ctx.params, tenantId);
  const facts: Facts = { ctx, tenantId, settings, param: (key) => ctx.params.forTenant(tenantId, key) };
  const pick = (text: Text) => (english ? text[1] : text[0]);
  const controls: ComplianceControl[] = [];
  for (const control of CONTROLS) {
    const finding = await control.check(facts);
    controls.push({ id: control.id, title: pick(control.title), state: finding.state, detail: pick(finding.detail) });
  }
  return { tenantId, generatedAt: new Date().toISOString(), profile: settings.profile, controls };
}
