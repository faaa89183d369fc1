import { z } from 'zod';
import { formNumber, optionalText, uploadedFile } from '../../common.js';
import { defineExtra, defineResource } from '../../resource.js';
import { enableExtra } from './enable-extra.js';
import { resourceMessages as m } from './resource-messages.js';

/** Dict `oss`: 1 minio, 2 qiniu, 3 ali, 4 tencent (all through the S3 API), 5 local disk. */
export const OSS_LOCAL = 5;

/** What put-file answers (BladeX BladeFile). */
export const bladeFile = z.object({
  link: z.string(),
  domain: z.string(),
  name: z.string(),
  originalName: z.string(),
  attachId: z.string(),
});

/**
 * Object storage configurations, one enabled per tenant; with none, files go to the local disk.
 * The secret key is never answered: an update without one keeps the stored one.
 */
export const oss = defineResource({
  service: 'blade-resource',
  name: 'oss',
  table: 'blade_oss',
  tenantScoped: true,
  permission: 'oss',
  entity: z.object({
    category: formNumber(m.say.category).pipe(z.number().min(1, m.say.category).max(5, m.say.category)),
    ossCode: optionalText(32),
    endpoint: optionalText(255),
    accessKey: optionalText(255),
    secretKey: optionalText(255),
    bucketName: optionalText(255),
    appId: optionalText(255),
    region: optionalText(255),
    remark: optionalText(255),
  }),
  filters: { category: 'eq', ossCode: 'like', endpoint: 'like', bucketName: 'like' },
  sorts: ['category'],
  hidden: ['secretKey'],
  extras: {
    enable: enableExtra('oss_enable'),
    putFile: defineExtra({
      method: 'POST',
      path: 'endpoint/put-file',
      summary:
        'Store a file through the enabled provider and record an attachment; needs attach_upload or oss, except type=avatar (jpg/png up to 500 KB, public link) for any signed-in user',
      query: z.object({ type: z.enum(['avatar', 'file']).optional() }),
      body: z.object({ file: uploadedFile(m.say.file) }),
      multipart: true,
      response: bladeFile,
      permission: null,
    }),
    putFileAttach: defineExtra({
      method: 'POST',
      path: 'endpoint/put-file-attach',
      summary: "The attachment screen's upload (BladeX): as put-file for a file, recorded as an attachment; needs attach_upload or oss",
      body: z.object({ file: uploadedFile(m.say.file) }),
      multipart: true,
      response: bladeFile,
      permission: null,
    }),
    file: defineExtra({
      method: 'GET',
      path: 'endpoint/file',
      summary:
        'The bytes of a stored file by its name (links of put-file point here): public names to anyone, others with the signed link (expires, signature) or to a signed-in user of the owning tenant',
      query: z.object({
        name: z.string(m.say.badFileName).min(1, m.say.badFileName).max(500),
        expires: z.string().max(20).optional(),
        signature: z.string().max(100).optional(),
      }),
      response: z.instanceof(Uint8Array),
      download: true,
      permission: 'public',
    }),
  },
  view: {
    title: ['对象存储', 'Object storage'],
    columns: [
      { prop: 'category', label: ['分类', 'Category'], type: 'select', dict: 'oss', search: true },
      { prop: 'ossCode', label: ['资源编号', 'Code'], search: true },
      { prop: 'endpoint', label: ['资源地址', 'Endpoint'] },
      { prop: 'bucketName', label: ['空间名', 'Bucket'] },
      { prop: 'accessKey', label: ['accessKey', 'Access key'], hideInTable: true },
      { prop: 'secretKey', label: ['secretKey', 'Secret key'], hideInTable: true },
      { prop: 'appId', label: ['appId', 'App id'], hideInTable: true },
      { prop: 'region', label: ['region', 'Region'], hideInTable: true },
      { prop: 'status', label: ['是否启用', 'Enabled'], hideInForm: true },
      { prop: 'remark', label: ['备注', 'Remark'], type: 'textarea', hideInTable: true },
    ],
  },
});
