import { z } from 'zod';
import { defineMessages } from '../../messages.js';
import { defineEndpoints, defineExtra } from '../../resource.js';

export const securityVerifyMessages = defineMessages({
  tenantId: ['租户编号须为6位数字', 'The tenant id is 6 digits'],
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
    .regex(/^\d{6}$/, securityVerifyMessages.tenantId)
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
  },
  title: ['安全记录校验', 'Security record verification'],
});
