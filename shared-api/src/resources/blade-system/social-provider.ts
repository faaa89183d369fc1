import { z } from 'zod';
import { idString, optionalText, requiredText } from '../../common.js';
import { defineMessages } from '../../messages.js';
import { defineExtra, defineResource } from '../../resource.js';

/** The kinds of identity provider a tenant can configure (dict `social_kind`). */
export const SOCIAL_KINDS = ['oidc', 'wecom', 'dingtalk', 'feishu'] as const;
export type SocialKind = (typeof SOCIAL_KINDS)[number];

export const socialMessages = defineMessages('social', {
  kind: ['请选择身份源类型', 'Please choose the kind of identity provider'],
  name: ['请输入显示名称', 'Please enter the display name'],
  clientId: ['请输入客户端ID', 'Please enter the client id'],
  enabled: ['请选择是否启用', 'Please choose whether it is enabled'],
  url: ['请输入 http 或 https 地址', 'Please enter an http or https address'],
  discoveryRequired: ['OpenID Connect 身份源需要发现地址', 'An OpenID Connect provider needs its discovery URL'],
  agentRequired: ['企业微信需要应用 AgentId', 'WeCom needs the application AgentId'],
  secretRequired: ['请输入客户端密钥', 'Please enter the client secret'],
  tenantId: ['租户编号格式错误', 'The tenant id is malformed'],
  bindingMissing: ['绑定不存在', 'The binding does not exist'],
});

const url = z
  .string(socialMessages.say.url)
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(v), socialMessages.say.url)
  .nullish();

/** A tenant's enabled providers as the sign-in page lists them: no secrets, no addresses. */
export const socialProviderOption = z.object({ id: z.string(), name: z.string(), kind: z.string() });

/** One of the signed-in user's third-party identities. */
export const socialBinding = z.object({
  id: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  kind: z.string(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  createTime: z.string(),
});

/**
 * Identity providers of a tenant for social sign-in: any OpenID Connect provider (discovery URL,
 * PKCE, state and nonce) and WeCom, DingTalk and Feishu/Lark (their public API hosts unless
 * told otherwise). The client secret is write-only.
 */
export const socialProvider = defineResource({
  service: 'blade-system',
  name: 'social-provider',
  table: 'blade_social_provider',
  tenantScoped: true,
  permission: 'social_provider',
  entity: z.object({
    kind: z.enum(SOCIAL_KINDS, socialMessages.say.kind),
    name: requiredText(socialMessages.say.name, 64),
    /** OpenID Connect client id, WeCom CorpID, DingTalk AppKey (client id) or Feishu App ID. */
    clientId: requiredText(socialMessages.say.clientId, 255),
    clientSecret: optionalText(1000),
    discoveryUrl: url,
    /** Where the browser is sent to sign in, when not the provider's public host (adapters). */
    authorizeUrl: url,
    /** The provider's API host, when not its public one (adapters). */
    apiUrl: url,
    scopes: optionalText(255),
    /** DingTalk corpId or Feishu tenant_key: only members of that organisation are accepted. */
    corpId: optionalText(64),
    /** WeCom application AgentId. */
    agentId: optionalText(64),
    /** 1 offers it on the sign-in page; a new provider is off unless told (the column's default). */
    enabled: z.preprocess(
      (v) => (v === true ? 1 : v === false ? 0 : v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
      z.union([z.literal(0), z.literal(1)], socialMessages.say.enabled).optional(),
    ),
    remark: optionalText(255),
  }),
  filters: { kind: 'eq', name: 'like' },
  sorts: ['kind', 'name'],
  hidden: ['clientSecret'],
  extras: {
    publicList: defineExtra({
      method: 'GET',
      path: 'public-list',
      summary: "The tenant's enabled providers for the sign-in page (id, name, kind; nothing secret)",
      query: z.object({
        tenantId: z
          .string()
          .regex(/^\d{1,12}$/, socialMessages.say.tenantId)
          .optional(),
      }),
      response: z.array(socialProviderOption),
      permission: 'public',
    }),
    bindings: defineExtra({
      method: 'GET',
      path: 'bindings',
      summary: "The signed-in user's third-party identities",
      response: z.array(socialBinding),
      permission: null,
    }),
    unbind: defineExtra({
      method: 'POST',
      fieldsFrom: 'query-or-body',
      path: 'unbind',
      summary: 'Remove one of the signed-in user’s third-party identities',
      query: z.object({ id: idString }),
      response: z.boolean(),
      permission: null,
    }),
  },
  view: {
    title: ['第三方登录', 'Social sign-in'],
    dialogWidth: 720,
    columns: [
      { prop: 'name', label: ['显示名称', 'Display name'], search: true },
      { prop: 'kind', label: ['类型', 'Kind'], type: 'select', dict: 'social_kind', search: true },
      { prop: 'clientId', label: ['客户端ID / AppKey / CorpID', 'Client id / AppKey / CorpID'] },
      { prop: 'clientSecret', label: ['客户端密钥', 'Client secret'], type: 'password', hideInTable: true },
      { prop: 'discoveryUrl', label: ['发现地址 (OIDC)', 'Discovery URL (OIDC)'], hideInTable: true },
      { prop: 'authorizeUrl', label: ['授权地址', 'Authorize host'], hideInTable: true },
      { prop: 'apiUrl', label: ['接口地址', 'API host'], hideInTable: true },
      { prop: 'scopes', label: ['授权范围', 'Scopes'], hideInTable: true },
      { prop: 'agentId', label: ['应用 AgentId (企业微信)', 'AgentId (WeCom)'], hideInTable: true },
      {
        prop: 'corpId',
        label: ['限定组织 (钉钉 corpId / 飞书 tenant_key)', 'Organisation only (DingTalk corpId / Feishu tenant_key)'],
        hideInTable: true,
      },
      { prop: 'enabled', label: ['是否启用', 'Enabled'], type: 'switch' },
      { prop: 'remark', label: ['备注', 'Remark'], type: 'textarea', hideInTable: true },
    ],
  },
});
