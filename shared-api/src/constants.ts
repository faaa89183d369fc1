/** Facts of the API contract shared by server and every client, as BladeX clients expect them. */
export const PAGE_SIZES = [10, 30, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_TENANT_ID = '000000';
export const TOKEN_HEADER = 'Blade-Auth';
/**
 * The cookie the web app keeps its access token in (beside localStorage). The sign-on endpoints a
 * browser is sent to (OpenID Connect authorization, CAS login) read it to know the browser is
 * already signed in to the platform.
 */
export const ACCESS_TOKEN_COOKIE = 'sso-access-token';
export const ADMINISTRATOR_ROLE = 'administrator';
export const MSG_OK = '操作成功';
export const MSG_NO_DATA = '暂无承载数据';
/** is_init_password values: 否 means the password must still be changed. */
export const INIT_PASSWORD_PENDING = '否';
export const INIT_PASSWORD_DONE = '是';
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[^A-Za-z\d]).{8,30}$/;
