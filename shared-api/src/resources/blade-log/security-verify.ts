import { z } from 'zod';
import { defineMessages } from '../../messages.js';
import { defineEndpoints, defineExtra } from '../../resource.js';

export const securityVerifyMessages = defineMessages('securityVerify', {
  tenantId: ['租户编号须为6位数字', 'The tenant id is 6 digits'],
  exportLog: ['请选择要导出的日志：usual、api、error 或 login', 'Choose the log to export: usual, api, error or login'],
  exportDate: ['日期格式须为 yyyy-MM-dd', 'Dates are yyyy-MM-dd'],
  otherTenant: ['只有平台租户的管理员可以校验其他租户', "Only the platform tenant's administrators verify another tenant"],
});

/**
 * The tamper-evident chain of a tenant's security records (security events and sign-in
 * attempts): `GET /api/blade-log/security/verify` walks it and answers whether it is intact and,
 * if not, the first record altered, missing or slipped in.
 */
export const securityVerifyQuery = z.object({
  /** Another tenant's chain: the platform tenant's administrators only (others verify their own). */
  tenantId: z
    .string()
    .regex(/^\d{6}$/, securityVerifyMessages.say.tenantId)
    .optional(),
});

export const chainVerdict = z.object({
  intact: z.boolean(),
  checked: z.number(),
  firstBroken: z
    .object({
      seq: z.number().nullable(),
      logTable: z.enum(['blade_log_usual', 'blade_log_login']),
      logId: z.string(),
      problem: z.enum(['altered', 'missing', 'inserted']),
    })
    .nullable(),
});
export type ChainVerdictAnswer = z.infer<typeof chainVerdict>;

/** The logs an export covers, each guarded by its screen's menu code (log_usual, log_api, …). */
export const EXPORTED_LOGS = ['usual', 'api', 'error', 'login'] as const;
export type ExportedLog = (typeof EXPORTED_LOGS)[number];

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, securityVerifyMessages.say.exportDate)
  // A real day of the calendar: 2026-02-30 is no date.
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, securityVerifyMessages.say.exportDate);
export const logExportQuery = z.object({
  log: z.enum(EXPORTED_LOGS, securityVerifyMessages.say.exportLog),
  /** Records from this day on (yyyy-MM-dd), up to and including `to`. */
  from: day.optional(),
  to: day.optional(),
});

/**
 * Response headers of a signed export: the digest of the file (`sm3:<hex>`, or `sha256:<hex>` per
 * `audit.chainDigest`) and the platform's SM2 signature of that digest text (`<algorithm>:<DER hex>`,
 * user id 1234567812345678), verifiable with the public key of GET /api/blade-auth/sm2/public-key.
 */
export const EXPORT_DIGEST_HEADER = 'x-export-digest';
export const EXPORT_SIGNATURE_HEADER = 'x-export-signature';

/** A read of a log by the audit administrator (the security event `log.read`). */
export const auditorRead = z.object({
  id: z.string(),
  createTime: z.string(),
  account: z.string(),
  /** The path read: which log, list, detail, export or verification. */
  path: z.string(),
  remoteIp: z.string(),
});
export type AuditorReadRow = z.infer<typeof auditorRead>;
export const auditorReadsQuery = z.object({
  /** The newest this many (100 unless told, at most 1,000). */
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});

export const securityLog = defineEndpoints({
  service: 'blade-log',
  name: 'security',
  permission: 'log_usual',
  endpoints: {
    verify: defineExtra({
      method: 'GET',
      path: 'verify',
      summary: "Verify the tenant's chain of security records: { intact, checked, firstBroken }",
      query: securityVerifyQuery,
      response: chainVerdict,
      permission: 'log_usual',
    }),
    auditorReads: defineExtra({
      method: 'GET',
      path: 'auditor-reads',
      summary:
        "The audit administrator's reads of the tenant's logs, newest first (三员分立: the system and security administrators audit the auditor)",
      query: auditorReadsQuery,
      response: z.array(auditorRead),
      permission: ['role', 'user', 'log_usual'],
    }),
    export: defineExtra({
      method: 'GET',
      path: 'export',
      summary:
        "A log of the caller's tenant as a signed xlsx (newest 10,000 records): X-Export-Digest and X-Export-Signature (SM2) headers; needs that log's menu",
      query: logExportQuery,
      response: z.instanceof(Uint8Array),
      download: true,
      permission: ['log_usual', 'log_api', 'log_error', 'log_login'],
    }),
  },
  title: ['安全记录校验', 'Security record verification'],
});
