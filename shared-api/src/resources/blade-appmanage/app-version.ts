import { z } from 'zod';
import { formNumber, idString, optionalText, requiredText, uploadedFile } from '../../common.js';
import type { Said } from '../../messages.js';
import { defineExtra, defineResource } from '../../resource.js';
import { appManage, attachLinkQuery } from './app-manage.js';
import { appTypeField, flag, appManageMessages as m } from './appmanage-messages.js';

const idField = (message: Said) => z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string(message).pipe(idString));

/** What a client's update check reads: the newest released version of its application and package type. */
export const latestVersionRow = z.object({
  id: z.string(),
  appId: z.string(),
  appType: z.number(),
  versionName: z.string(),
  versionCode: z.number(),
  updateContent: z.string(),
  forceUpdate: z.number(),
  releaseTime: z.string(),
  packageSize: z.number(),
  packageSha256: z.string(),
  /** The download link: it records the download, then redirects to the package. */
  downloadUrl: z.string(),
});

/** The public download link of a version's package (records the download, then redirects). */
export const APP_DOWNLOAD_PATH = '/api/blade-appmanage/appversionmanage/download';

/**
 * Versions of a mobile application per package type (1 Android, 2 iOS): name, code (a whole
 * number, newer is larger), notes and whether clients must update. The package is uploaded with
 * `upload` (stored in object storage, its SHA-256 recorded); `realease` makes a version the answer
 * of `lastest`, the public update check.
 */
export const appVersion = defineResource({
  service: 'blade-appmanage',
  name: 'appversionmanage',
  table: 'blade_app_version_manage',
  tenantScoped: true,
  permission: 'appversionmanage',
  entity: z.object({
    appId: idField(m.say.appId),
    appType: appTypeField,
    versionName: requiredText(m.say.versionName, 64),
    versionCode: formNumber(m.say.versionCode).pipe(
      z.number().int(m.say.versionCode).min(1, m.say.versionCode).max(2_000_000_000, m.say.versionCode),
    ),
    updateContent: optionalText(2000),
    forceUpdate: flag(m.say.forceUpdate).optional(),
  }),
  references: { appId: { to: () => appManage, label: 'appName', missing: m.say.appMissing, choose: m.say.appChoose } },
  names: {
    appName: { field: 'appId', table: 'blade_app_manage', column: 'appName', sameTenant: true },
    appTypeName: { field: 'appType', labels: { 1: 'Android', 2: 'iOS' } },
    whetherRealeaseName: { field: 'whetherRealease', dict: 'yes_no' },
  },
  filters: { appId: 'eq', appType: 'eq', versionName: 'like' },
  sorts: ['versionCode'],
  defaultSort: { column: 'versionCode', desc: true },
  unique: [{ fields: ['appId', 'appType', 'versionCode'], message: m.say.versionTaken }],
  extras: {
    lastest: defineExtra({
      method: 'GET',
      path: 'lastest',
      summary:
        'Public update check: the newest released version (highest versionCode) of appId for appType (1 Android, 2 iOS), null when none; cacheable (Cache-Control, ETag)',
      query: z.object({ appId: idField(m.say.appId), appType: appTypeField }),
      response: latestVersionRow.nullable(),
      permission: 'public',
      cacheSeconds: 60,
    }),
    realease: defineExtra({
      method: 'GET',
      path: 'realease',
      summary: 'Release (whetherRealease=1) or withdraw (0) a version; releasing needs an uploaded package',
      query: z.object({ id: idField(m.say.versionMissing), whetherRealease: flag(m.say.whetherRealease) }),
      response: z.boolean(),
      permission: 'appversionmanage_release',
    }),
    upload: defineExtra({
      method: 'POST',
      path: 'upload',
      summary: 'Upload the package of a version (id): .apk for Android, .ipa for iOS; stored with its SHA-256; not while released',
      query: z.object({ id: idField(m.say.versionMissing) }),
      body: z.object({ file: uploadedFile(m.say.packageFile) }),
      multipart: true,
      response: z.object({ packageLink: z.string(), packageSize: z.number(), packageSha256: z.string(), packageOriginalName: z.string() }),
      permission: 'appversionmanage_edit',
    }),
    attachRemoveByLink: defineExtra({
      method: 'GET',
      path: 'attachRemoveByLink',
      summary: 'Remove an uploaded package by its link; versions holding it lose it (refused while one is released)',
      query: attachLinkQuery,
      response: z.boolean(),
      permission: 'appversionmanage_edit',
    }),
  },
  view: {
    title: ['版本管理', 'Versions'],
    columns: [
      { prop: 'appName', label: ['应用名称', 'Application'], hideInForm: true },
      { prop: 'appId', label: ['应用', 'Application'], type: 'tree', hideInTable: true, search: true },
      { prop: 'appType', label: ['安装包类型', 'Package type'], type: 'select', dict: 'app_package_type', search: true },
      { prop: 'versionName', label: ['版本名称', 'Version'], search: true },
      { prop: 'versionCode', label: ['版本号', 'Version code'], type: 'number' },
      { prop: 'forceUpdate', label: ['强制更新', 'Forced update'], type: 'select', dict: 'yes_no' },
      { prop: 'updateContent', label: ['更新内容', 'What is new'], type: 'textarea', hideInTable: true },
      { prop: 'packageOriginalName', label: ['安装包', 'Package'], hideInForm: true },
      { prop: 'packageSize', label: ['大小(字节)', 'Size (bytes)'], type: 'number', hideInForm: true, hideInTable: true },
      { prop: 'packageSha256', label: ['SHA-256', 'SHA-256'], hideInForm: true, hideInTable: true },
      { prop: 'whetherRealease', label: ['已发布', 'Released'], type: 'select', dict: 'yes_no', hideInForm: true },
      { prop: 'releaseTime', label: ['发布时间', 'Released at'], type: 'datetime', hideInForm: true },
    ],
  },
});
