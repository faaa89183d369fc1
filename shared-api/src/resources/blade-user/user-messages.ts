import { defineMessagePattern, defineMessagePatterns, defineMessages, type Message, type MessageParam } from '../../messages.js';

/** Messages of the user area: Chinese first, English second. */
export const userMessages = defineMessages('user', {
  account: ['请输入登录账号', 'Please enter the account'],
  accountSpaces: ['登录账号不能包含空格', 'The account cannot contain spaces'],
  name: ['请输入用户昵称', 'Please enter the nickname'],
  realName: ['请输入用户姓名', 'Please enter the real name'],
  roleId: ['请选择所属角色', 'Please choose the roles'],
  deptId: ['请选择所属部门', 'Please choose the departments'],
  sex: ['请选择用户性别', 'Please choose the sex'],
  userType: ['请选择用户平台', 'Please choose the user platform'],
  phoneEmpty: ['手机号码不能为空', 'Please enter the phone number'],
  phoneLength: ['手机号码长度不为11位', 'The phone number must have 11 digits'],
  phoneDigits: ['手机号码只能包含数字', 'The phone number may contain digits only'],
  email: ['邮箱格式不正确', 'The email address is malformed'],
  password: ['请输入密码', 'Please enter the password'],
  passwordMismatch: ['两次密码输入不一致', 'The two passwords do not match'],
  accountTaken: ['当前用户已存在!', 'This account already exists'],
  roleMissing: ['所选角色不存在', 'A chosen role does not exist'],
  deptMissing: ['所选部门不存在', 'A chosen department does not exist'],
  postMissing: ['所选岗位不存在', 'A chosen post does not exist'],
  administratorOnly: ['只有管理员可以分配超级管理员角色', 'Only an administrator may grant the administrator role'],
  removeSelf: ['不能删除本账号!', 'You cannot remove your own account'],
  disableSelf: ['不能停用本账号', 'You cannot disable your own account'],
  notDisabled: ['所选账号不是停用状态', 'A chosen account is not disabled'],
  notEnabled: ['所选账号不是启用状态', 'A chosen account is not enabled'],
  initPasswordMissing: ['未配置账号初始密码（参数 account.initPassword）', 'The parameter account.initPassword is not set'],
  oldPassword: ['请输入原密码', 'Please enter the old password'],
  newPassword: ['请输入新密码', 'Please enter the new password'],
  newPassword1: ['请输入确认密码', 'Please confirm the new password'],
  digestMalformed: ['密码摘要格式错误', 'The password digest is malformed'],
  passwordBase64: ['缺少新密码校验信息', 'The new password check (passwordBase64) is missing'],
  oldPasswordWrong: ['原密码不正确!', 'The old password is wrong'],
  confirmMismatch: ['请输入正确的确认密码!', 'The confirmation does not match the new password'],
  digestMismatch: ['新密码校验失败', 'The new password does not match its digest'],
  passwordUnchanged: ['新密码不能与原密码相同', 'The new password must differ from the old one'],
  tenantId: ['请输入租户编号', 'Please enter the tenant id first'],
  registerAccount: ['请输入账号', 'Please enter the account'],
  registerClosed: ['当前系统暂未开启注册功能', 'Registration is closed'],
  oauthMissing: ['第三方登陆信息错误!', 'The third-party sign-in information is wrong'],
  notPending: ['所选用户不是待审核状态', 'A chosen user is not waiting for approval'],
  importFile: ['请上传 xlsx 格式的用户数据文件', 'Please upload the users as an xlsx file'],
  importEmpty: ['导入文件中没有用户数据', 'The file holds no users'],
  importUnreadable: ['无法读取导入文件，请使用导出的模板', 'The file cannot be read; please use the template'],
  importDuplicate: ['导入文件中账号重复', 'The account appears twice in the file'],
  importTooMany: ['单次最多导入5000个用户', 'At most 5000 users can be imported at once'],
  importColumn: ['导入文件缺少列', 'A column is missing from the file'],
  ambiguousName: ['名称对应多条数据', 'The name matches several records'],
  sexName: ['用户性别只能是男、女或未知', 'The sex must be 男, 女 or 未知'],
  userTypeName: ['用户平台只能是web、app或other', 'The platform must be web, app or other'],
});

/** A problem of one imported row: `第3行: 请输入登录账号` (the English translates both parts). */
export const rowMessage = (row: number, problem: MessageParam): Message => rows.row({ row, problem });
const rows = defineMessagePatterns('rows', { row: ['第{row}行: {problem}', 'Row {row}: {problem}'] });
// The same wording recorded in the database (a sync run's error rows), translated by its wording.
defineMessagePattern(/^第(\d+)行: (.+)$/, 'Row $1: $2');
