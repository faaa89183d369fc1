import { defineMessagePattern, defineMessagePatterns, defineMessages, type Message } from '../../messages.js';

/** Messages of the in-application authorization model (menus, functions, roles, grants). */
export const appAuthzMessages = defineMessages('appAuthz', {
  appId: ['请选择应用', 'Please choose the application'],
  appMissing: ['应用不存在', 'The application does not exist'],
  appChoose: ['请选择应用', 'Please choose the application'],
  menuCode: ['请输入菜单编号', 'Please enter the menu code'],
  menuCodeFormat: [
    '菜单编号只能包含字母、数字、下划线、连字符、点和冒号（1到64位）',
    'The menu code may hold letters, digits, underscores, hyphens, dots and colons (1 to 64)',
  ],
  menuCodeTaken: ['该应用已有此菜单编号', 'The application already has a menu with this code'],
  menuName: ['请输入菜单名称', 'Please enter the menu name'],
  menuMissing: ['菜单不存在', 'The menu does not exist'],
  menuChoose: ['请选择所属菜单', 'Please choose the menu'],
  menuOtherApp: ['上级菜单须属于同一应用', 'The parent menu must belong to the same application'],
  menuCycle: ['上级菜单不能是自身或其下级', 'A menu cannot be placed under itself or one of its children'],
  menuHasChildren: ['请先删除下级菜单', 'Please remove the child menus first'],
  category: ['菜单类型只能是 1（菜单）或 2（按钮）', 'The menu type must be 1 (menu) or 2 (button)'],
  sort: ['排序须为整数', 'The sort order must be a whole number'],
  functionCode: ['请输入功能编码', 'Please enter the function code'],
  functionCodeTaken: ['该应用已有此功能编码', 'The application already has a function with this code'],
  functionName: ['请输入功能名称', 'Please enter the function name'],
  functionMissing: ['功能不存在', 'The function does not exist'],
  roleName: ['请输入角色名称', 'Please enter the role name'],
  roleAlias: ['请输入角色编码', 'Please enter the role code'],
  roleAliasTaken: ['该应用已有此角色编码', 'The application already has a role with this code'],
  roleMissing: ['应用角色不存在', 'The application role does not exist'],
  roleInUse: [
    '该角色仍授予了用户或在不相容规则中，请先撤销',
    'The role is still granted to users or named by a separation-of-duties rule: revoke those first',
  ],
  menuInUse: ['该菜单或功能仍被角色或用户持有，请先撤销', 'The menu or function is still held by roles or users: revoke those first'],
  roleOtherApp: ['所选菜单或功能须属于该角色的应用', "The menus and functions chosen must belong to the role's application"],
  userId: ['请选择用户', 'Please select users'],
  userMissing: ['用户不存在', 'The user does not exist'],
  alreadyGranted: ['该用户已被授予此项', 'The user already holds this grant'],
  notGranted: ['该用户未被授予此项', 'The user does not hold this grant'],
  expireTime: ['到期时间须为将来的时间（yyyy-MM-dd HH:mm:ss）', 'The expiry must be a future time (yyyy-MM-dd HH:mm:ss)'],
  reason: ['请填写授权原因（最多500字）', 'Please give the reason (at most 500 characters)'],
  usersRequired: ['请提供至少一个账号', 'Please give at least one account'],
  tooManyUsers: ['一次最多处理1000个账号', 'At most 1000 accounts at a time'],
  accountMissing: ['账号不存在', 'The account does not exist'],
  appClientAuth: [
    '应用身份验证失败：请使用应用的客户端凭证令牌或 appCode:密钥 的 Basic 认证',
    'The application is not authenticated: send its client-credentials token or Basic appCode:secret',
  ],
  account: ['请提供账号', 'Please give the account'],
  importFile: ['请上传 xlsx 文件', 'Please upload an xlsx file'],
  importEmpty: ['文件中没有授权行', 'The file holds no grants'],
  importTooMany: ['一次最多导入5000行', 'At most 5,000 rows at a time'],
  bulkAction: ['操作只能是 grant 或 revoke', 'The action must be grant or revoke'],
  idsRequired: ['请选择至少一条数据', 'Please select at least one record'],
});

/** The refusal of a grant that breaks a separation-of-duties rule: names the rule and both roles. */
export const sodConflict = (ruleName: string, roleA: string, roleB: string): Message => sodRefusals.conflict({ ruleName, roleA, roleB });
const sodRefusals = defineMessagePatterns('sodRefusal', {
  conflict: [
    '违反不相容规则「{ruleName}」：{roleA} 与 {roleB} 不能由同一用户同时持有',
    'Breaks the separation-of-duties rule "{ruleName}": {roleA} and {roleB} may not be held by the same user',
  ],
});
// The same wording recorded in the database (a refused step's comment, a sync run's rows), translated by its wording.
defineMessagePattern(
  /^违反不相容规则「(.+)」：(.+) 与 (.+) 不能由同一用户同时持有$/,
  'Breaks the separation-of-duties rule "$1": $2 and $3 may not be held by the same user',
);
/** A bulk grant's refusal of one account. */
export const bulkRowFailed = (account: string, reason: string) => `${account}: ${reason}`;
