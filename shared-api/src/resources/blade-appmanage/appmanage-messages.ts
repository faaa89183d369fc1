import { z } from 'zod';
import { isRealDate } from '../../common.js';
import { defineMessages, type Said } from '../../messages.js';

/** Validation and refusal messages of the mobile application resources. */
export const appManageMessages = defineMessages('appManage', {
  appName: ['请输入应用名称', 'Please enter the application name'],
  appCategory: ['请选择应用分类', 'Choose the application category'],
  appId: ['请选择应用', 'Please choose the application'],
  sort: ['排序须为整数', 'The sort order must be a whole number'],
  appMissing: ['应用不存在', 'The application does not exist'],
  appChoose: ['请选择应用', 'Please choose the application'],
  userId: ['请选择成员', 'Choose a member'],
  usersMissing: ['所选用户不存在', 'A chosen user does not exist'],
  usersChoose: ['请选择用户', 'Please select users'],
  memberTaken: ['该用户已是应用成员', 'This user is already a member of the application'],
  whetherCreator: ['是否创建者须为 0 或 1', 'Creator must be 0 or 1'],
  appType: ['安装包类型须为 1(Android) 或 2(iOS)', 'The package type must be 1 (Android) or 2 (iOS)'],
  versionName: ['请输入版本名称', 'Enter the version name'],
  versionCode: ['版本号须为正整数', 'The version code must be a positive whole number'],
  versionTaken: ['该应用同类型下已有此版本号', 'This application already has a version with this code for this package type'],
  versionMissing: ['版本不存在', 'The version does not exist'],
  whetherRealease: ['发布状态须为 0 或 1', 'The release state must be 0 or 1'],
  forceUpdate: ['强制更新须为 0 或 1', 'Forced update must be 0 or 1'],
  packageFile: ['请选择安装包文件', 'Choose a package file'],
  packageType: [
    'Android 版本须上传 .apk 安装包，iOS 版本须上传 .ipa 安装包',
    'An Android version takes an .apk package, an iOS version an .ipa package',
  ],
  packageNotZip: ['安装包内容无效：apk 与 ipa 都是 zip 格式', 'The package is not valid: apk and ipa files are zip archives'],
  packageMissing: ['请先上传安装包再发布', 'Upload the package before releasing the version'],
  packageReleased: [
    '已发布版本的安装包不能更换或删除，请先取消发布',
    'The package of a released version cannot be replaced or removed; withdraw the release first',
  ],
  releasedLocked: ['已发布版本不能修改，请先取消发布', 'A released version cannot be changed; withdraw the release first'],
  linkMissing: ['没有该链接的附件', 'No attachment has this link'],
  link: ['请提供附件链接', 'Give the attachment link'],
  osName: ['请提供操作系统名称', 'Give the operating system name'],
  deviceType: ['请提供设备类型', 'Give the device type'],
  deviceBrand: ['请提供设备品牌', 'Give the device brand'],
  appVersion: ['请提供应用版本', 'Give the application version'],
  tooManyReports: ['上报过于频繁，请稍后再试', 'Too many reports from this address; try again shortly'],
  tooManyDownloads: ['下载过于频繁，请稍后再试', 'Too many downloads from this address; try again shortly'],
  badDay: ['日期须为 yyyy-MM-dd 格式的有效日期', 'Dates must be real days written yyyy-MM-dd'],
  badRange: [
    '开始日期不能晚于结束日期，且跨度不超过 366 天',
    'The start day must not be after the end day, and the range must not exceed 366 days',
  ],
});
const m = appManageMessages;

/** A day written yyyy-MM-dd. */
export const dayText = z
  .string(m.say.badDay)
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.say.badDay)
  .refine(isRealDate, m.say.badDay);

/** 0 or 1, sent as a number or a numeric string. */
export const flag = (message: Said) =>
  z.preprocess((v) => (typeof v === 'string' && v !== '' ? Number(v) : v), z.union([z.literal(0), z.literal(1)], message));

/** Package types: 1 Android (.apk), 2 iOS (.ipa). */
export const APP_TYPES = { 1: 'apk', 2: 'ipa' } as const;
export const appTypeField = z.preprocess(
  (v) => (typeof v === 'string' && v !== '' ? Number(v) : v),
  z.union([z.literal(1), z.literal(2)], m.say.appType),
);
export const appTypeLabels = { 1: 'Android', 2: 'iOS' } as const;
