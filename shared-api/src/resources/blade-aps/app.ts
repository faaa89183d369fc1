import { z } from 'zod';
import { commonColumns, emptyAsNull, formNumber, idString, optionalId, optionalText, pageQuery, requiredText } from '../../common.js';
import { defineMessagePatterns, defineMessages, type Message, say } from '../../messages.js';
import { parseRedirectAddress } from '../../redirect.js';
import { redirectUriList } from '../../redirect-contract.js';
import { defineExtra, defineResource } from '../../resource.js';
import { pageOfRows } from '../blade-system/dept-tree.js';

/** How a user signs in to an application: OpenID Connect, CAS, SAML 2.0, the BladeX token hand-off, or none (a plain link). */
export const APP_PROTOCOLS = ['oidc', 'cas', 'saml', 'token', 'link'] as const;
/** How a `token` application receives the user: a token in the address, or a one-time code its server exchanges. */
export const APP_HANDOFF_MODES = ['token', 'code'] as const;
export type AppProtocol = (typeof APP_PROTOCOLS)[number];

/** Protocols that send the user back to the application: they need a registered redirect URI. */
export const REDIRECTING_PROTOCOLS: readonly AppProtocol[] = ['oidc', 'cas', 'saml', 'token'];

/** What a saml application's NameID carries: a stable opaque id per user and application, the e-mail, or the account. */
export const SAML_NAME_ID_FORMATS = ['persistent', 'email', 'unspecified'] as const;
/** What the identity provider signs for a saml application: the response, the assertion, or both. */
export const SAML_SIGNING = ['response', 'assertion', 'both'] as const;

/** The protocols as forms offer them: by name, never by their codes. */
const PROTOCOL_OPTIONS = [
  { value: 'oidc', label: ['OpenID Connect', 'OpenID Connect'] },
  { value: 'cas', label: ['CAS', 'CAS'] },
  { value: 'saml', label: ['SAML 2.0', 'SAML 2.0'] },
  { value: 'token', label: ['BladeX 令牌交接', 'BladeX hand-off'] },
  { value: 'link', label: ['链接（不单点登录）', 'Link (no sign-on)'] },
] as const satisfies readonly { value: AppProtocol; label: readonly [string, string] }[];

const NAME_ID_OPTIONS = [
  { value: 'persistent', label: ['持久标识（每个用户与应用固定不变）', 'Persistent (stable per user and application)'] },
  { value: 'email', label: ['电子邮箱', 'E-mail address'] },
  { value: 'unspecified', label: ['账号', 'Account'] },
] as const satisfies readonly { value: (typeof SAML_NAME_ID_FORMATS)[number]; label: readonly [string, string] }[];

const SIGNING_OPTIONS = [
  { value: 'response', label: ['签名响应', 'Sign the response'] },
  { value: 'assertion', label: ['签名断言', 'Sign the assertion'] },
  { value: 'both', label: ['响应与断言都签名', 'Sign the response and the assertion'] },
] as const satisfies readonly { value: (typeof SAML_SIGNING)[number]; label: readonly [string, string] }[];

const HANDOFF_MODE_OPTIONS = [
  { value: 'token', label: ['令牌：地址中携带访问令牌', 'Token: an access token in the address'] },
  { value: 'code', label: ['一次性授权码：应用服务端换取令牌', 'One-time code: the application server exchanges it'] },
] as const satisfies readonly { value: (typeof APP_HANDOFF_MODES)[number]; label: readonly [string, string] }[];

/** Visibility 1: only those granted (appuser); 2: every user of the tenant. */
export const APP_VISIBLE_TO_GRANTED = 1;
export const APP_VISIBLE_TO_ALL = 2;

export const appMessages = defineMessages('app', {
  appCode: ['请输入应用编码', 'Please enter the application code'],
  appCodeFormat: [
    '应用编码只能包含小写字母、数字、下划线和连字符（2到64位）',
    'The application code may hold lower-case letters, digits, underscores and hyphens (2 to 64)',
  ],
  appCodeTaken: ['应用编码已存在', 'The application code already exists'],
  appName: ['请输入应用名称', 'Please enter the application name'],
  appUrl: ['应用地址须为 http(s) 绝对地址', 'The application address must be an absolute http(s) address'],
  protocol: ['登录协议只能是 oidc、cas、saml、token 或 link', 'The sign-on protocol must be oidc, cas, saml, token or link'],
  samlEntityIdRequired: ['SAML 应用须填写服务提供者实体标识', 'A saml application needs the entity ID of its service provider'],
  samlNameIdFormat: ['NameID 格式只能是 persistent、email 或 unspecified', 'The NameID format must be persistent, email or unspecified'],
  samlSigning: ['签名方式只能是 response、assertion 或 both', 'What is signed must be response, assertion or both'],
  samlEncryptAssertion: ['断言加密只能是 0（不加密）或 1（加密）', 'Assertion encryption must be 0 (plain) or 1 (encrypted)'],
  samlSpCertificate: ['服务提供者证书须为 PEM 格式的 X.509 证书', "The service provider's certificate must be a PEM X.509 certificate"],
  samlEncryptNeedsCertificate: ['加密断言须先填写服务提供者证书', "Encrypting the assertion needs the service provider's certificate"],
  samlMetadataUrl: ['元数据地址须为 http(s) 绝对地址', 'The metadata address must be an absolute http(s) address'],
  samlLogoutUrl: ['单点退出地址须为 http(s) 绝对地址', 'The single logout address must be an absolute http(s) address'],
  samlMetadataUnreadable: ['无法读取服务提供者元数据', "The service provider's metadata could not be read"],
  samlEntityIdTaken: ['本租户已有 SAML 应用使用该实体标识', 'A saml application of this tenant already uses this entity ID'],
  redirectUrisRequired: ['该登录协议须登记至少一个回调地址', 'This sign-on protocol needs at least one registered redirect URI'],
  appUrlRequired: ['链接类应用须填写应用地址', 'A link application needs its address'],
  status: ['请选择应用状态', 'Please choose the application status'],
  visibility: ['可见范围只能是 1（授权用户）或 2（全部用户）', 'Visibility must be 1 (granted users) or 2 (every user)'],
  permissionClaims: [
    '权限声明只能是 0（不携带）或 1（携带 app_roles、app_functions）',
    'Permission claims must be 0 (none) or 1 (app_roles and app_functions)',
  ],
  sort: ['排序须为整数', 'The sort order must be a whole number'],
  datasourceMissing: ['数据源不存在', 'The data source does not exist'],
  secretOnlyOidc: ['只有 oidc 与 token 应用有客户端密钥', 'Only oidc and token applications have a client secret'],
  handoffMode: ['交接方式只能是 token 或 code', 'The hand-off mode must be token or code'],
  linkRequired: ['请提供附件地址', 'Please give the attachment link'],
  backchannelLogoutUri: ['退出通知地址须为 http(s) 绝对地址', 'The back-channel logout address must be an absolute http(s) address'],
  casSingleLogout: ['单点退出通知只能是 0（不通知）或 1（通知）', 'Single logout must be 0 (do not send) or 1 (send)'],
});
const appTaken = defineMessagePatterns('appTaken', {
  oidcCode: [
    '应用编码 {code} 已被其他租户的 oidc 应用使用',
    'The application code {code} is already used by an oidc application of another tenant',
  ],
  casService: [
    'CAS 服务地址 {address} 已被本租户启用的 cas 应用 {appName}（{appCode}）登记',
    'The CAS service address {address} is already registered by the enabled cas application {appName} ({appCode}) of this tenant',
  ],
});
/** An oidc application's code is its client id on the one issuer: no other tenant may use it for an oidc application. */
export const oidcCodeTaken = (code: string): Message => appTaken.oidcCode({ code });
/**
 * A CAS service names no application: two enabled cas applications of one tenant registering the
 * same service address would leave it to chance which one a ticket is issued for.
 */
export const casServiceTaken = (address: string, appName: string, appCode: string): Message =>
  appTaken.casService({ address, appName, appCode });
const m = appMessages;

/** A dictionary key sent as text or as a number. */
const dictKey = z
  .union([z.string(), z.number()], say('badType'))
  .transform((v) => String(v).trim())
  .pipe(z.string().max(32))
  .nullish();

const appUrl = optionalText(1000).refine((v) => !v || parseRedirectAddress(v) !== undefined, m.say.appUrl);

export const appEntity = z.object({
  appCode: requiredText(m.say.appCode, 64).pipe(z.string().regex(/^[a-z0-9_-]{2,64}$/, m.say.appCodeFormat)),
  appName: requiredText(m.say.appName, 255),
  appType: dictKey,
  appCategory: dictKey,
  appUrl,
  redirectUris: redirectUriList(4000),
  /** oidc: where the application receives a logout token when the user's session ends (OpenID back-channel logout). */
  backchannelLogoutUri: optionalText(1000).refine((v) => !v || parseRedirectAddress(v) !== undefined, m.say.backchannelLogoutUri),
  protocol: z.enum(APP_PROTOCOLS, m.say.protocol),
  /** token: `token` puts the access token in the address; `code` a one-time code the application's server exchanges. */
  handoffMode: z.enum(APP_HANDOFF_MODES, m.say.handoffMode).optional(),
  icon: optionalText(1000),
  color: optionalText(32),
  description: optionalText(2000),
  ownerId: optionalId,
  sort: formNumber(m.say.sort).optional(),
  status: formNumber(m.say.status)
    .pipe(z.union([z.literal(0), z.literal(1)], m.say.status))
    .optional(),
  visibility: formNumber(m.say.visibility)
    .pipe(z.union([z.literal(APP_VISIBLE_TO_GRANTED), z.literal(APP_VISIBLE_TO_ALL)], m.say.visibility))
    .optional(),
  /** 1: the application's OpenID Connect tokens (userinfo) carry the user's app_roles and app_functions. */
  permissionClaims: formNumber(m.say.permissionClaims)
    .pipe(z.union([z.literal(0), z.literal(1)], m.say.permissionClaims))
    .optional(),
  /** cas: 1 (default) posts a logout request to the service when the session that signed on ends (CAS single logout); 0 does not. */
  casSingleLogout: formNumber(m.say.casSingleLogout)
    .pipe(z.union([z.literal(0), z.literal(1)], m.say.casSingleLogout))
    .optional(),
  /** saml: the service provider's entity ID (the Issuer of its requests, the Audience of its assertions). */
  samlEntityId: optionalText(1000),
  /** saml: the service provider's certificate (PEM): verifies its signed requests, encrypts assertions when asked. */
  samlSpCertificate: optionalText(10000).refine((v) => !v || looksLikePemCertificate(v), m.say.samlSpCertificate),
  /** saml: what the NameID carries. */
  samlNameIdFormat: emptyAsNull(z.enum(SAML_NAME_ID_FORMATS, m.say.samlNameIdFormat)),
  /** saml: what the identity provider signs (default: both). */
  samlSigning: emptyAsNull(z.enum(SAML_SIGNING, m.say.samlSigning)),
  /** saml: 1 encrypts the assertion with the service provider's certificate. */
  samlEncryptAssertion: formNumber(m.say.samlEncryptAssertion)
    .pipe(z.union([z.literal(0), z.literal(1)], m.say.samlEncryptAssertion))
    .optional(),
  /** saml: where the service provider publishes its metadata; on save, what the form leaves empty is taken from it. */
  samlMetadataUrl: optionalText(1000).refine((v) => !v || parseRedirectAddress(v) !== undefined, m.say.samlMetadataUrl),
  /** saml: the service provider's metadata pasted (a file's content); on save, read like the document at samlMetadataUrl. */
  samlMetadataXml: optionalText(256 * 1024),
  /** saml: where the service provider takes logout requests (its SOAP single logout service), usually from its metadata. */
  samlLogoutUrl: optionalText(1000).refine((v) => !v || parseRedirectAddress(v) !== undefined, m.say.samlLogoutUrl),
});

/** A PEM certificate block (the server parses it for real; this catches a paste of the wrong thing). */
function looksLikePemCertificate(text: string): boolean {
  return /-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----/.test(text);
}

/** Per application: opens per day over the period, distinct users, last open. */
export const appAnalysisRow = z.object({
  appId: z.string(),
  appCode: z.string(),
  appName: z.string(),
  opens: z.number(),
  users: z.number(),
  lastOpen: z.string().nullable(),
  perDay: z.array(z.object({ day: z.string(), opens: z.number() })),
});

/** Analysis query: paging, and `filters` narrowing by application code or name (text contained). */
export const appAnalysisQuery = pageQuery.extend({
  filters: z.string().max(255).optional(),
  days: z.coerce.number().int().min(1).max(366).optional(),
});

/**
 * The application catalogue: what staff open through the platform. Each application signs users
 * on by one protocol; `oidc` and `token` applications get a client secret generated by the
 * server, answered once (on insert and by `reset-secret`) and kept hashed.
 */
export const app = defineResource({
  service: 'blade-aps',
  name: 'app',
  table: 'blade_app',
  tenantScoped: true,
  permission: 'app',
  entity: appEntity,
  names: {
    appTypeName: { field: 'appType', dict: 'app_type' },
    appCategoryName: { field: 'appCategory', dict: 'app_category' },
    ownerName: { field: 'ownerId', table: 'blade_user', column: 'realName', sameTenant: true },
  },
  filters: { appCode: 'like', appName: 'like', appType: 'eq', appCategory: 'eq', protocol: 'eq', status: 'eq' },
  sorts: ['sort', 'appCode', 'appName'],
  defaultSort: { column: 'sort' },
  unique: [{ fields: ['appCode'], message: m.say.appCodeTaken }],
  hidden: ['clientSecret', 'nameInitials', 'namePinyin'],
  extras: {
    resetSecret: defineExtra({
      method: 'POST',
      fieldsFrom: 'query-or-body',
      path: 'reset-secret',
      summary: 'Replace the client secret of an oidc or token application (id); the new secret is answered once',
      query: z.object({ id: idString }),
      response: z.object({ id: z.string(), appCode: z.string(), clientSecret: z.string() }),
      permission: 'app_edit',
    }),
    scimToken: defineExtra({
      method: 'POST',
      fieldsFrom: 'query-or-body',
      path: 'scim-token',
      summary:
        'Mint the SCIM bearer token of an application (id) for provisioning at /scim/v2; answered once, kept as a hash, replacing the previous token',
      query: z.object({ id: idString }),
      response: z.object({ id: z.string(), appCode: z.string(), token: z.string() }),
      permission: 'app_edit',
    }),
    datasource: defineExtra({
      method: 'POST',
      fieldsFrom: 'query-or-body',
      path: 'datasource',
      summary: 'Bind a data source to an application (appId, datasourceId)',
      query: z.object({ appId: idString, datasourceId: idString }),
      response: z.boolean(),
      permission: 'app_datasource',
    }),
    attachRemoveByLink: defineExtra({
      method: 'GET',
      path: 'attachRemoveByLink',
      summary: 'Remove an uploaded icon by its link: the attachment goes, and applications showing it lose their icon',
      query: z.object({ link: z.string(m.say.linkRequired).trim().min(1, m.say.linkRequired).max(1000) }),
      response: z.boolean(),
      permission: 'app_edit',
    }),
    analyzePage: defineExtra({
      method: 'GET',
      path: 'analyzePage',
      summary: 'Per application, paged: opens per day over the last `days` (30), distinct users, last open',
      query: appAnalysisQuery,
      response: pageOfRows(appAnalysisRow),
      permission: 'app',
    }),
  },
  view: {
    title: ['应用信息', 'Applications'],
    // Each protocol's settings show only for applications of that protocol (as identity providers'
    // client editors do), and what a protocol cannot do without is marked required for it.
    columns: [
      { prop: 'appCode', label: ['应用编码', 'Code'], search: true },
      { prop: 'appName', label: ['应用名称', 'Name'], search: true },
      { prop: 'appType', label: ['应用类型', 'Type'], type: 'select', dict: 'app_type', search: true },
      { prop: 'appCategory', label: ['应用分类', 'Category'], type: 'select', dict: 'app_category' },
      { prop: 'protocol', label: ['登录协议', 'Sign-on protocol'], type: 'select', options: PROTOCOL_OPTIONS },
      {
        prop: 'appUrl',
        label: ['应用地址', 'Address'],
        requiredWhen: { field: 'protocol', in: ['link'], message: m.say.appUrlRequired },
      },
      {
        prop: 'redirectUris',
        label: ['回调地址', 'Redirect URIs'],
        type: 'textarea',
        hideInTable: true,
        appliesWhen: { field: 'protocol', in: REDIRECTING_PROTOCOLS },
        requiredWhen: { field: 'protocol', in: REDIRECTING_PROTOCOLS, message: m.say.redirectUrisRequired },
      },
      {
        prop: 'backchannelLogoutUri',
        label: ['退出通知地址', 'Back-channel logout URI'],
        hideInTable: true,
        appliesWhen: { field: 'protocol', in: ['oidc'] },
      },
      {
        prop: 'permissionClaims',
        label: ['令牌携带应用权限', 'Permissions in tokens'],
        type: 'number',
        hideInTable: true,
        appliesWhen: { field: 'protocol', in: ['oidc'] },
      },
      {
        prop: 'handoffMode',
        label: ['交接方式', 'Hand-off mode'],
        type: 'select',
        options: HANDOFF_MODE_OPTIONS,
        hideInTable: true,
        appliesWhen: { field: 'protocol', in: ['token'] },
      },
      {
        prop: 'casSingleLogout',
        label: ['退出时通知应用', 'Single logout to the application'],
        type: 'select',
        dict: 'yes_no',
        hideInTable: true,
        appliesWhen: { field: 'protocol', in: ['cas'] },
      },
      {
        prop: 'samlMetadataUrl',
        label: ['服务提供者元数据地址（导入）', 'Service provider metadata URL (import)'],
        hideInTable: true,
        appliesWhen: { field: 'protocol', in: ['saml'] },
      },
      {
        prop: 'samlMetadataXml',
        label: ['服务提供者元数据（粘贴 XML 导入）', 'Service provider metadata (paste the XML to import)'],
        type: 'textarea',
        hideInTable: true,
        appliesWhen: { field: 'protocol', in: ['saml'] },
      },
      {
        prop: 'samlEntityId',
        label: ['服务提供者实体标识', 'Service provider entity ID'],
        hideInTable: true,
        appliesWhen: { field: 'protocol', in: ['saml'] },
        requiredWhen: { field: 'protocol', in: ['saml'], message: m.say.samlEntityIdRequired },
      },
      {
        prop: 'samlSpCertificate',
        label: ['服务提供者证书（PEM）', 'Service provider certificate (PEM)'],
        type: 'textarea',
        hideInTable: true,
        appliesWhen: { field: 'protocol', in: ['saml'] },
      },
      {
        prop: 'samlNameIdFormat',
        label: ['NameID 格式', 'NameID format'],
        type: 'select',
        options: NAME_ID_OPTIONS,
        hideInTable: true,
        appliesWhen: { field: 'protocol', in: ['saml'] },
      },
      {
        prop: 'samlSigning',
        label: ['签名方式', 'What is signed'],
        type: 'select',
        options: SIGNING_OPTIONS,
        hideInTable: true,
        appliesWhen: { field: 'protocol', in: ['saml'] },
      },
      {
        prop: 'samlLogoutUrl',
        label: ['服务提供者单点退出地址', 'Service provider single logout URL'],
        hideInTable: true,
        appliesWhen: { field: 'protocol', in: ['saml'] },
      },
      {
        prop: 'samlEncryptAssertion',
        label: ['加密断言', 'Encrypt the assertion'],
        type: 'select',
        dict: 'yes_no',
        hideInTable: true,
        appliesWhen: { field: 'protocol', in: ['saml'] },
      },
      { prop: 'icon', label: ['图标', 'Icon'], hideInTable: true },
      { prop: 'color', label: ['颜色', 'Colour'], hideInTable: true },
      { prop: 'description', label: ['应用描述', 'Description'], type: 'textarea', hideInTable: true },
      { prop: 'sort', label: ['排序', 'Sort'], type: 'number' },
      { prop: 'visibility', label: ['可见范围', 'Visibility'], type: 'number', hideInTable: true },
      { prop: 'status', label: ['状态', 'Status'], type: 'select', dict: 'account_status' },
    ],
  },
});

export const appRow = commonColumns.extend({
  appCode: z.string(),
  appName: z.string(),
  appType: z.string(),
  appCategory: z.string(),
  appUrl: z.string(),
  protocol: z.string(),
  icon: z.string(),
  color: z.string(),
  description: z.string(),
  sort: z.number(),
});
