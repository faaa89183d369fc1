import { ACCESS_TOKEN_COOKIE } from '@sso/shared-api/auth';

/**
 * Settings of the web console (BladeX `website.js`): fixed at build time, read everywhere.
 * The values are the product's; the names follow BladeX so its users recognise them.
 */
export const website = {
  title: '钢铁集团单点登录平台',
  /** Prefix of every localStorage / sessionStorage key. */
  key: 'sso',
  /** Token age in seconds after which the 10 s check refreshes it. */
  tokenTime: 3000,
  /** How often the layouts check the token age. */
  tokenCheckMs: 10_000,
  /** Cookie names for the tokens: fixed strings, not configurable. */
  accessCookie: ACCESS_TOKEN_COOKIE,
  refreshCookie: 'sso-refresh-token',
  /** Codes rejected without a toast: callers handle them. */
  statusWhiteList: [] as number[],
  lockPage: '/lock',
  /** Login type: with `user`, is_init_password 否 forces /password-lock. */
  loginType: 'user' as 'user' | 'market',
  /** Department/role switch in the avatar menu: shown only when on. */
  switchMode: true,
  /** Whether the first-page tab may be closed (the last remaining tab never can). */
  isFirstPage: false,
  firstPage: { label: '首页', labelEn: 'Home', value: '/wel/index' },
  /** Icon of menus that have none. */
  defaultMenuIcon: 'AppstoreOutlined',
  defaultColor: '#409EFF',
  defaultTheme: 'theme-default',
  /** Maximum of the error-log badge. */
  logsBadgeMax: 99,
  /**
   * Tenant selection on the login form until the server answers: the server's `tenant.mode`
   * parameter decides (GET oauth/login-options), and a host that names a tenant hides it anyway.
   */
  tenantMode: false as boolean,
  defaultTenantId: '000000',
} as const;
