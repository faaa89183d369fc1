/**
 * The messages every area shares, Chinese first (the default) and English for
 * `Accept-Language: en`. Like every catalogue, each has an id (`common.badType`) that errors and
 * validation carry, and each edge translates by that id.
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
  tooManyLogs: ['日志条数过多', 'Too many log entries'],
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

/** The languages a message is shown in: Chinese, the product's default, and English. */
export type Language = 'zh' | 'en';

/**
 * A parameter of a message: a value shown as it is, another message translated with it, or a text
 * recorded in the database (see `storedText`), translated by its wording.
 */
export type MessageParam = string | number | Message | StoredText;

/** A text recorded in the database, as a parameter: `in` gives it in a language (made by `storedText`). */
export interface StoredText {
  readonly stored: string;
  readonly in: (language: Language) => string;
}

/**
 * A message with its id: what thrown errors, envelopes and validation issues carry, so each edge
 * shows it in the reader's language by the id (`user.accountTaken`), never by its wording. `text`
 * is the Chinese, what Saber clients and every default-language reader see.
 *
 * A message is also a zod check's parameters (`.min(1, m.say.name)`): the issue it raises keeps
 * the Chinese as its message and carries the id beside it (see `messageOfIssue`).
 */
export interface Message {
  readonly id: string;
  readonly text: string;
  readonly params?: Readonly<Record<string, MessageParam>>;
  readonly error: (issue: object) => string;
}

/** Where an issue raised through a message keeps that message (zod copies the issue's own keys). */
const ISSUE_MESSAGE = 'said';

/** Every message by id: [Chinese, English], either may hold `{name}` placeholders for parameters. */
const catalogue = new Map<string, readonly [string, string]>();

/** Each id once: a second definition is a programming error, found when the module loads. */
function register(id: string, pair: readonly [string, string]): void {
  if (catalogue.has(id)) throw new Error(`message ${id} is defined twice`);
  catalogue.set(id, pair);
}

const fill = (template: string, params: Message['params'], language: Language): string =>
  params
    ? template.replace(/\{(\w+)\}/g, (whole, name: string) => {
        const value = params[name];
        if (value === undefined) return whole;
        if (typeof value !== 'object') return String(value);
        return 'stored' in value ? value.in(language) : messageIn(value, language);
      })
    : template;

/** A message by its id and parameters; its text is the Chinese, filled in. */
export function messageOf(id: string, params?: Message['params']): Message {
  const pair = catalogue.get(id);
  if (!pair) throw new Error(`message ${id} is not defined`);
  const said: Message = {
    id,
    text: fill(pair[0], params, 'zh'),
    ...(params ? { params } : {}),
    error: (issue) => {
      // The issue object is the one zod finishes, so the message travels with its Chinese text.
      (issue as Record<string, unknown>)[ISSUE_MESSAGE] = { id, ...(params ? { params } : {}) };
      return said.text;
    },
  };
  return said;
}

/** A message in a language, by its id; a parameter that is a message is translated with it. */
export function messageIn(message: Pick<Message, 'id' | 'text' | 'params'>, language: Language): string {
  const pair = catalogue.get(message.id);
  if (!pair) return message.text;
  return fill(pair[language === 'en' ? 1 : 0], message.params, language);
}

/** The ids of every message defined so far, with their English (for the catalogue's own tests). */
export const definedMessages = (): { id: string; chinese: string; english: string }[] =>
  [...catalogue].map(([id, [chinese, english]]) => ({ id, chinese, english }));

/** The message a validation issue carries (raised through a `Message`), if any. */
export function messageOfIssue(issue: { readonly message: string }): Message | undefined {
  const said = (issue as Record<string, unknown>)[ISSUE_MESSAGE] as { id?: unknown; params?: Message['params'] } | undefined;
  if (!said || typeof said.id !== 'string' || !catalogue.has(said.id)) return undefined;
  return messageOf(said.id, said.params);
}

/** The message and id of an issue a refinement adds itself (`ctx.addIssue({ code: 'custom', ...issueSaying(m) })`). */
export function issueSaying(said: Said): { message: string } {
  if (typeof said === 'string') return { message: said };
  return { message: said.text, [ISSUE_MESSAGE]: { id: said.id, ...(said.params ? { params: said.params } : {}) } } as { message: string };
}

/** A validation issue's message in a language: by its id when it carries one, else as worded. */
export const issueIn = (issue: { readonly message: string }, language: Language): string => {
  const said = messageOfIssue(issue);
  return said ? messageIn(said, language) : issue.message;
};

/** A message, or a text made at run time (a name, a remote server's answer) shown as it is. */
export type Said = string | Message;

/** The Chinese of a message or a text. */
export const textOf = (said: Said): string => (typeof said === 'string' ? said : said.text);

/** A message or a text in a language: a message by its id, a text as it is. */
export const saidIn = (said: Said, language: Language): string => (typeof said === 'string' ? said : messageIn(said, language));

/** A catalogue: each key's Chinese text (what assertions and comparisons read), and `say`, the messages with their ids. */
export type Catalogue<K extends string> = { readonly [k in K]: string } & { readonly say: { readonly [k in K]: Message } };

/**
 * Messages of one area, kept beside its resources: each gets the id `area.key`, and the catalogue
 * answers its Chinese texts by key and its messages by `say`, e.g.
 * `const m = defineMessages('user', { taken: ['账号已存在', 'The account exists'] })`:
 * `m.taken` is '账号已存在', `m.say.taken` the message `user.taken` that errors and schemas carry.
 */
export function defineMessages<T extends Record<string, readonly [string, string]>>(
  area: string,
  catalog: T,
): Catalogue<Extract<keyof T, string>> {
  const texts = {} as Record<string, string>;
  const say = {} as Record<string, Message>;
  for (const [key, pair] of Object.entries(catalog)) {
    if (key === 'say') throw new Error(`message ${area}.say: "say" names the catalogue's messages`);
    register(`${area}.${key}`, pair);
    texts[key] = pair[0];
    say[key] = messageOf(`${area}.${key}`);
  }
  // Not enumerable: a catalogue's entries are its texts, as code that lists them expects.
  Object.defineProperty(texts, 'say', { value: say, enumerable: false });
  return texts as Catalogue<Extract<keyof T, string>>;
}

/**
 * Parametrised messages of one area, by id: `{name}` in either wording is a parameter, e.g.
 * `defineMessagePatterns('lockout', { wait: ['请{minutes}分钟后再试', 'Try again in {minutes} minutes'] })`
 * gives `wait({ minutes: 30 })`, the message `lockout.wait` with its parameter.
 */
export function defineMessagePatterns<T extends Record<string, readonly [string, string]>>(
  area: string,
  catalog: T,
): { readonly [k in keyof T]: (params: Record<string, MessageParam>) => Message } {
  const patterns = {} as Record<string, (params: Record<string, MessageParam>) => Message>;
  for (const [key, pair] of Object.entries(catalog)) {
    register(`${area}.${key}`, pair);
    patterns[key] = (params) => messageOf(`${area}.${key}`, params);
  }
  return patterns as { readonly [k in keyof T]: (params: Record<string, MessageParam>) => Message };
}

const handWorded: [RegExp, string][] = [];

/**
 * A text a module words by hand with a parameter (`无法连接目录服务器: …`), where it has no id:
 * `pattern` matches the Chinese, `english` may use $1… (see `storedTextIn`).
 */
export function defineMessagePattern(pattern: RegExp, english: string): void {
  handWorded.push([pattern, english]);
}

/** The hand-worded patterns, in the order they were declared. */
export const handWordedPatterns = (): readonly (readonly [RegExp, string])[] => handWorded;

/** The messages every area shares, by key (`common.badType`). */
export const commonMessages = defineMessages('common', messages);

/** The Chinese text of a shared message. */
export const zh = (key: MessageKey): string => messages[key][0];

/** A shared message with its id, for errors and schemas. */
export const say = (key: MessageKey): Message => commonMessages.say[key];

const commonPatterns = defineMessagePatterns('common', {
  tooLong: ['长度不能超过{max}个字符', 'Must be at most {max} characters'],
  badTypeOf: ['参数类型错误: {detail}', 'Wrong parameter type: {detail}'],
  // Only placeholders: the words are the message's own, in the reader's language.
  withDetail: ['{message}: {detail}', '{message}: {detail}'],
  asItCame: ['{text}', '{text}'],
});

/** A message about a field's length limit. */
export const tooLong = (max: number): Message => commonPatterns.tooLong({ max });

/** 参数类型错误 naming what is wrong (a field, or the parser's complaint). */
export const badTypeOf = (detail: string): Message => commonPatterns.badTypeOf({ detail });

/**
 * A message followed by a detail made at run time (a host, a row, a remote server's answer):
 * `组织接口返回错误: HTTP 500`, in English `The organisation API answered an error: HTTP 500`.
 */
export const withDetail = (message: Message, detail: MessageParam): Message => commonPatterns.withDetail({ message, detail });

/** A wording made only of placeholders (`{message}: {detail}`): it has no words of its own to translate. */
export const isComposition = (wording: string): boolean => !/\p{L}/u.test(wording.replace(/\{\w+\}/g, ''));

/**
 * A text made elsewhere, shown as it came in either language: a library's own complaint (a
 * validation issue raised without a message, a parser's error). Never for words of this product,
 * which are messages of a catalogue.
 */
export const asItCame = (text: string): Message => commonPatterns.asItCame({ text });

/** A validation issue as a message: by its id when raised through a message, else as zod worded it. */
export const issueMessage = (issue: { readonly message: string }): Message => messageOfIssue(issue) ?? asItCame(issue.message);

/** The message of a failed parse: its first issue's (see `issueMessage`), or `fallback` when it has none. */
export const firstIssueMessage = (issues: readonly { readonly message: string }[], fallback: Message = say('badType')): Message =>
  issues[0] ? issueMessage(issues[0]) : fallback;
