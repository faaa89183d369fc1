import { issueIn, type Label, storedTextIn } from '@sso/shared-api';
import { createContext, useContext } from 'react';

export type Lang = 'zh' | 'en';

/** Every text the console shows, Chinese first and English second. */
const strings = {
  title: ['SSO 管理控制台', 'SSO admin console'],
  server: ['服务器', 'Server'],
  tenant: ['租户', 'Tenant'],
  account: ['账号', 'Account'],
  password: ['密码', 'Password'],
  signIn: ['登录', 'Sign in'],
  secondFactor: ['验证码', 'Code'],
  secondFactorAsked: ['请输入身份验证器中的 6 位动态码或恢复码', 'Enter the 6-digit code of your authenticator app or a recovery code'],
  signingIn: ['正在登录…', 'Signing in…'],
  captcha: ['图形验证码', 'Captcha'],
  captchaAsked: ['请输入图中的字符（Ctrl+R 换一张）', 'Type the characters in the picture (Ctrl+R for another one)'],
  captchaLoading: ['正在获取验证码…', 'Fetching the captcha…'],
  signInCaptchaHint: [
    'Tab/↑↓ 切换字段 · Enter 登录 · Ctrl+R 换验证码 · Esc 退出',
    'Tab/↑↓ next field · Enter sign in · Ctrl+R new captcha · Esc quit',
  ],
  enrolTitle: ['须先开启双因素认证', 'A second factor is required'],
  enrolSteps: [
    '请在网页的个人信息页（/info/index）绑定身份验证器，然后重新登录；在此之前，其他操作都会被拒绝。',
    'Set up an authenticator on the personal info page of the web app (/info/index), then sign in again; until then everything else is refused.',
  ],
  enrolHint: ['Enter 重新登录 · Esc 退出', 'Enter sign in again · Esc quit'],
  signInHint: ['Tab/↑↓ 切换字段 · Enter 登录 · Esc 退出', 'Tab/↑↓ next field · Enter sign in · Esc quit'],
  sessionEnded: ['会话已结束，请重新登录', 'The session has ended: sign in again'],
  idleSignedOut: ['长时间未操作，已退出登录', 'Signed out after a period without activity: sign in again'],
  mustChange: ['首次登录，请修改初始密码', 'First sign-in: change the initial password'],
  oldPassword: ['原密码', 'Old password'],
  newPassword: ['新密码', 'New password'],
  newPassword1: ['确认密码', 'Confirm password'],
  passwordsDiffer: ['两次输入的密码不一致', 'The two passwords differ'],
  passwordChanged: ['密码已修改', 'Password changed'],
  required: ['必填', 'Required'],
  loading: ['加载中…', 'Loading…'],
  noRows: ['暂无数据', 'No data'],
  total: ['共 {n} 条', '{n} in all'],
  page: ['第 {p}/{n} 页', 'page {p}/{n}'],
  perPage: ['每页 {n} 条', '{n} a page'],
  sortBy: ['排序 {c}', 'sort {c}'],
  selected: ['已选 {n}', '{n} selected'],
  search: ['搜索', 'Search'],
  searchHint: [
    'Enter 查询全部并保留筛选 · Esc 清除筛选 · Ctrl+U 清空字段 · 输入即筛选本页',
    'Enter search all and keep the filter · Esc clear the filter · Ctrl+U clear field · rows narrow as you type',
  ],
  filterHint: [
    'Enter 保留筛选 · Esc 清除筛选 · Ctrl+U 清空 · 输入即筛选',
    'Enter keep the filter · Esc clear it · Ctrl+U clear · rows narrow as you type',
  ],
  anyColumn: ['任意列', 'Any column'],
  narrowed: ['筛选后 {n} 条', '{n} shown'],
  create: ['新增', 'New'],
  edit: ['编辑', 'Edit'],
  detail: ['详情', 'Details'],
  saved: ['保存成功', 'Saved'],
  removed: ['删除成功', 'Removed'],
  formHint: ['↑↓ 字段 · ←→ 选项 · Enter 保存 · Esc 返回', '↑↓ field · ←→ choice · Enter save · Esc back'],
  treeFormHint: [
    '↑↓ 字段 · ←→ 选项 · Enter 保存（树形字段上为选择）· Esc 返回',
    '↑↓ field · ←→ choice · Enter save (on a tree field: pick) · Esc back',
  ],
  treeFieldHint: ['Enter 选择', 'Enter to pick'],
  confirmRemove: ['确定删除 {n} 条数据？(y/n)', 'Remove {n} record(s)? (y/n)'],
  yes: ['是', 'Yes'],
  no: ['否', 'No'],
  listKeys: [
    '↑↓ 行 · ←→ 翻页 · / 筛选 · r 刷新 · Enter 详情 · y JSON · 空格 多选 · s 排序 · z 每页',
    '↑↓ row · ←→ page · / filter · r refresh · Enter details · y JSON · space select · s sort · z page size',
  ],
  treeKeys: [
    '↑↓ 行 · → 展开 · ← 收起 · / 筛选 · r 刷新 · Enter 详情 · y JSON',
    '↑↓ row · → expand · ← collapse · / filter · r refresh · Enter details · y JSON',
  ],
  editKeys: ['n 新增 · e 编辑 · d 删除', 'n new · e edit · d delete'],
  refreshHelp: ['r 或 Ctrl+R 刷新 · 日志每 5 秒自动刷新（f 暂停）', 'r or Ctrl+R refresh · logs every 5 s (f pauses)'],
  filterHelp: ['/ 输入即筛选 · Enter 保留并查询全部 · Esc 清除', '/ filter as you type · Enter keep · Esc clear'],
  rawHelp: ['y 原始 JSON：↑↓ 滚动 · PgUp/PgDn 翻页 · Esc 返回', 'y raw JSON: ↑↓ scroll · PgUp/PgDn page · Esc back'],
  rawKeys: ['↑↓ 滚动 · PgUp/PgDn 翻页 · Esc 返回', '↑↓ scroll · PgUp/PgDn page · Esc back'],
  rawLines: ['第 {a}–{b} 行，共 {n} 行', 'lines {a}–{b} of {n}'],
  shellKeys: ['Tab 侧栏/内容 · : 命令 · ? 帮助 · L 语言 · q 退出', 'Tab sidebar/content · : command · ? help · L language · q quit'],
  menu: ['菜单', 'Menu'],
  noScreen: ['此菜单在终端中没有界面，请在网页端使用', 'This menu has no terminal screen: use the web console'],
  complianceTitle: ['合规报告', 'Compliance report'],
  complianceProfile: ['合规配置：{state}', 'Compliance profile: {state}'],
  complianceKeys: ['r 刷新 · p 开启/关闭合规配置', 'r refresh · p turn the profile on/off'],
  compliancePlatformKeys: [
    'r 刷新 · p 开启/关闭合规配置 · k 轮换个人信息加密密钥',
    'r refresh · p turn the profile on/off · k rotate the personal-data key',
  ],
  personalDataOn: ['个人信息加密：已开启（密钥 {key}）', 'Personal data encryption: on (key {key})'],
  personalDataOff: ['个人信息加密：未开启', 'Personal data encryption: off'],
  personalDataPending: ['待重新加密记录 {n}', '{n} record(s) left to re-encrypt'],
  personalDataRotated: ['已启用新密钥 {key}，用户的手机和邮箱已重新加密', 'Key {key} is now current: phones and emails are re-encrypted'],
  confirmRotate: ['轮换个人信息加密密钥并重新加密全部用户？(y/n)', 'Rotate the personal-data key and re-encrypt every user? (y/n)'],
  confirmEncrypt: [
    '开启个人信息加密（全平台，不可关闭）？(y/n)',
    'Turn on personal data encryption (whole platform, cannot be turned off)? (y/n)',
  ],
  complianceCounts: ['符合 {met} · 不符合 {notMet} · 不适用 {na}', 'met {met} · not met {notMet} · n/a {na}'],
  control: ['控制项', 'Control'],
  controlState: ['状态', 'State'],
  controlDetail: ['说明', 'Detail'],
  on: ['开启', 'on'],
  off: ['关闭', 'off'],
  met: ['符合', 'met'],
  notMet: ['不符合', 'not met'],
  na: ['不适用', 'n/a'],
  welcome: ['从左侧菜单或 : 命令打开一个界面', 'Open a screen from the sidebar or with :'],
  palette: ['跳转到', 'Go to'],
  paletteHint: [
    '输入名称或拼音首字母 · ↑↓ 选择 · Enter 打开 · Esc 关闭',
    'Type a name or pinyin initials · ↑↓ pick · Enter open · Esc close',
  ],
  help: ['键盘帮助', 'Keyboard help'],
  helpClose: ['按任意键关闭', 'Press any key to close'],
  offline: ['无法连接服务器，{s} 秒后重试', 'Cannot reach the server, retrying in {s} s'],
  role: ['角色', 'Role'],
  lang: ['语言', 'Language'],
  todoKeys: ['a 同意 · x 驳回', 'a approve · x reject'],
  claimKeys: ['c 签收', 'c claim'],
  confirmApprove: ['同意“{task}”？(y/n)', 'Approve "{task}"? (y/n)'],
  confirmReject: ['驳回“{task}”？(y/n)', 'Reject "{task}"? (y/n)'],
  taskApproved: ['已同意：{task}', 'Approved: {task}'],
  taskRejected: ['已驳回：{task}', 'Rejected: {task}'],
  taskClaimed: ['已签收：{task}', 'Claimed: {task}'],
  syncKeys: ['Enter 同步记录 · x 试运行 · a 执行同步', 'Enter runs · x dry run · a sync now'],
  syncRuns: ['同步记录', 'Runs'],
  syncDryRun: [
    '试运行 {name}：新增 {c} · 更新 {u} · 移动 {m} · 停用 {d} · 错误 {e}（未做任何变更）',
    'Dry run of {name}: {c} to create · {u} to update · {m} to move · {d} to disable · {e} errors (nothing changed)',
  ],
  syncApplied: [
    '已同步 {name}：新增 {c} · 更新 {u} · 移动 {m} · 停用 {d} · 错误 {e}',
    'Synced {name}: {c} created · {u} updated · {m} moved · {d} disabled · {e} errors',
  ],
  confirmSync: ['立即同步“{name}”？(y/n)', 'Sync "{name}" now? (y/n)'],
  userKeys: ['u 解锁 · p 重置密码 · g 授予角色 · t 部门筛选', 'u unlock · p reset password · g grant roles · t department filter'],
  unlocked: ['已解锁 {n} 个用户', 'Unlocked {n} user(s)'],
  resetDone: ['已重置 {n} 个用户的密码', 'Reset the password of {n} user(s)'],
  confirmReset: ['重置 {n} 个用户的密码为初始密码？(y/n)', 'Reset {n} user(s) to the initial password? (y/n)'],
  granted: ['已授予角色', 'Roles granted'],
  grantRoles: ['授予角色', 'Grant roles'],
  referenceSearch: ['搜索', 'Search'],
  referenceNone: ['没有名称包含“{text}”的记录', 'Nothing named like "{text}"'],
  referenceHint: ['输入名称搜索 · ↑↓ 移动 · Enter 选定 · Esc 取消', 'type to search by name · ↑↓ move · Enter pick · Esc cancel'],
  pickHint: [
    '↑↓ 移动 · 空格 勾选 · →← 展开/收起 · Enter 确定 · Esc 取消',
    '↑↓ move · space check · →← expand/collapse · Enter done · Esc cancel',
  ],
  deptFilter: ['部门', 'Department'],
  allDepts: ['全部部门', 'All departments'],
  refreshing: ['每 {s} 秒自动刷新 (f 暂停)', 'refreshing every {s} s (f to pause)'],
  refreshPaused: ['自动刷新已暂停 (f 继续)', 'auto refresh paused (f to resume)'],
  refreshKey: ['f 暂停/继续自动刷新', 'f pause/resume auto refresh'],
  entries: ['字典项', 'Entries'],
  dictKeys: ['Enter 查看字典项 · Esc 返回字典', 'Enter open entries · Esc back to dictionaries'],
  appKeys: ['Enter 查看授权（n 授权 · d 撤销）', 'Enter show its grants (n grant · d revoke)'],
  grants: ['授权', 'Grants'],
  profile: ['个人信息', 'Personal info'],
  profileKeys: ['e 编辑资料 · w 修改密码', 'e edit profile · w change password'],
  quitConfirm: ['退出？(y/n)', 'Quit? (y/n)'],
} as const satisfies Record<string, readonly [string, string]>;

export type StringKey = keyof typeof strings;
export const LangContext = createContext<Lang>('zh');

/** A text in the language, with `{name}` placeholders filled. */
export function translate(lang: Lang, key: StringKey, vars: Record<string, string | number> = {}): string {
  const text: string = strings[key][lang === 'en' ? 1 : 0];
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** A registry label (view titles, column labels) in the language. */
export const labelOf = (lang: Lang, label: Label): string => label[lang === 'en' ? 1 : 0];

/**
 * A schema's issue in the language, by the message id its schema gave it; an issue raised without
 * one keeps its wording's English.
 */
export function issueMessageIn(lang: Lang, issue: { readonly message: string }): string {
  const translated = issueIn(issue, lang);
  return translated === issue.message ? storedTextIn(issue.message, lang) : translated;
}

export function useLang() {
  const lang = useContext(LangContext);
  return { lang, t: (key: StringKey, vars?: Record<string, string | number>) => translate(lang, key, vars) };
}

/** The language asked for: --lang, else SSO_LANG, else Chinese (the product's first language). */
export function initialLang(env: Record<string, string | undefined>, requested?: string): Lang {
  const value = requested ?? env.SSO_LANG ?? '';
  return /^en/i.test(value) ? 'en' : 'zh';
}
