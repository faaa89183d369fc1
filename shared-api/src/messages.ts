/**
 * Every message a person may read, Chinese first (the default) and English for
 * `Accept-Language: en`. Schemas use the Chinese text; the server translates on the way out.
 */
export const messages = {
  ok: ['操作成功', 'Operation succeeded'],
  noData: ['暂无承载数据', 'No data'],
  unauthorized: ['请求未授权', 'Not signed in or the session has ended'],
  forbidden: ['缺失访问权限', 'You are not allowed to do this'],
  passwordChangeRequired: ['请先修改初始密码后再进行其他操作', 'Change your password before doing anything else'],
  notFound: ['资源不存在', 'Not found'],
  methodNotAllowed: ['请求方法不支持', 'Method not allowed'],
  serverError: ['服务器异常', 'Internal server error'],
  serviceUnavailable: ['服务暂不可用，请稍后重试', 'The service is unavailable for a moment, try again shortly'],
  idempotencyKeyBad: ['Idempotency-Key 须为 1 到 255 个可见字符', 'The Idempotency-Key must be 1 to 255 visible characters'],
  idempotencyKeyReused: ['该 Idempotency-Key 已用于另一个请求', 'This Idempotency-Key was already used for another request'],
  idempotencyInProgress: [
    '使用该 Idempotency-Key 的请求正在处理或已中断，请确认其结果',
    'A request with this Idempotency-Key is still running or was interrupted: check its outcome',
  ],
  badClient: ['客户端认证失败', 'Client authentication failed'],
  badCredentials: ['用户名或密码错误', 'Wrong account or password'],
  accountLocked: ['登录错误次数过多，请30分钟后再试', 'Too many failed sign-ins, try again in 30 minutes'],
  accountDisabled: ['账号已被禁用', 'This account is disabled'],
  accountPending: ['账号正在等待管理员审核', 'This account is waiting for administrator approval'],
  tenantMissing: ['租户信息错误', 'Unknown tenant'],
  tenantDisabled: ['租户已被禁用', 'This tenant is disabled'],
  tenantExpired: ['租户授权已过期', 'This tenant has expired'],
  badGrant: ['不支持的授权类型', 'Unsupported grant type'],
  badRefresh: ['刷新令牌无效或已过期', 'The refresh token is invalid or expired'],
  refreshReused: ['刷新令牌已被使用，会话已撤销', 'The refresh token was reused; the session is revoked'],
  missingParam: ['缺少必要的请求参数', 'A required parameter is missing'],
  badId: ['编号格式错误', 'The id is malformed'],
  badIds: ['编号列表格式错误', 'The id list is malformed'],
  badPageSize: ['每页条数只能是10、30、50、100或200', 'The page size must be 10, 30, 50, 100 or 200'],
  badPage: ['页码必须是正整数', 'The page number must be a positive integer'],
  badSort: ['不支持的排序字段', 'Unsupported sort column'],
  badDate: ['日期格式错误', 'The date is malformed'],
  badNumber: ['必须是数字', 'Must be a number'],
  badType: ['参数类型错误', 'Wrong parameter type'],
  selectOne: ['请选择至少一条数据', 'Please select at least one record'],
  recordMissing: ['数据不存在或已删除', 'The record does not exist or was removed'],
  duplicate: ['数据已存在，请勿重复提交', 'The record already exists'],
  paramName: ['请输入参数名称', 'Please enter the parameter name'],
  paramKey: ['请输入参数键名', 'Please enter the parameter key'],
  paramValue: ['请输入参数键值', 'Please enter the parameter value'],
  paramKeyTaken: ['参数键名已存在', 'The parameter key already exists'],
  dictCode: ['请输入字典编号', 'Please enter the dictionary code'],
  dictValue: ['请输入字典名称', 'Please enter the dictionary name'],
  dictSort: ['请输入字典排序', 'Please enter the dictionary sort order'],
  dictSealed: ['请选择封存', 'Please choose whether it is sealed'],
  dictKey: ['请输入字典键值', 'Please enter the dictionary key'],
  dictKeyTaken: ['当前字典键值已存在', 'This dictionary key already exists'],
  dictIsSealed: ['封存的字典不可修改或删除', 'A sealed dictionary entry cannot be changed or removed'],
  dictParentMissing: ['上级字典不存在', 'The parent dictionary does not exist'],
  dictHasChildren: ['请先删除子字典', 'Remove the child entries first'],
  packageName: ['请输入产品包名称', 'Please enter the package name'],
  packageMenu: ['请选择菜单', 'Please choose menus'],
  packageMenuMissing: ['所选菜单不存在', 'A chosen menu does not exist'],
  passwordRule: [
    '密码不满足复杂度（8位以上，字母+数字+特殊符号组合）!',
    'The password must be 8 to 30 characters with a letter, a digit and a special character',
  ],
} as const satisfies Record<string, readonly [string, string]>;

export type MessageKey = keyof typeof messages;

/** The Chinese text of a message: what schemas and the server emit. */
export const zh = (key: MessageKey): string => messages[key][0];

/** A message about a field's length limit. */
export const tooLong = (max: number) => `长度不能超过${max}个字符`;

const englishByChinese = new Map<string, string>(Object.values(messages).map(([c, e]) => [c, e]));
const englishPatterns: [RegExp, string][] = [[/^长度不能超过(\d+)个字符$/, 'Must be at most $1 characters']];

/**
 * Messages of one area, kept beside its resources: registers the English of each and returns
 * the Chinese texts by key, e.g. `const m = defineMessages({ taken: ['账号已存在', 'The account exists'] })`.
 */
/** Chinese texts defined twice with different English (see defineMessages). */
export const translationConflicts: string[] = [];

export function defineMessages<T extends Record<string, readonly [string, string]>>(catalog: T): { [K in keyof T]: string } {
  const chinese = {} as { [K in keyof T]: string };
  for (const [key, [c, e]] of Object.entries(catalog)) {
    const known = englishByChinese.get(c);
    // The English is found by the Chinese: one Chinese text with two translations would answer
    // whichever module loaded last. Tests read this list and require it empty.
    if (known !== undefined && known !== e) translationConflicts.push(`${c}: "${known}" / "${e}"`);
    englishByChinese.set(c, e);
    chinese[key as keyof T] = c;
  }
  return chinese;
}

/** A parametrised message's English: `pattern` matches the Chinese, `english` may use $1… */
export function defineMessagePattern(pattern: RegExp, english: string): void {
  englishPatterns.push([pattern, english]);
}

/** English for a Chinese message, or the message unchanged when it has no translation. */
export function toEnglish(message: string): string {
  const exact = englishByChinese.get(message);
  if (exact) return exact;
  // Captured parts are translated too, so a pattern can wrap another message (`第3行: 请输入…`).
  for (const [pattern, english] of englishPatterns) {
    const match = pattern.exec(message);
    if (match) return english.replace(/\$(\d)/g, (_m, i: string) => toEnglish(match[Number(i)] ?? ''));
  }
  return message;
}
