import { z } from 'zod';
import { defineMessages, type Said } from '../../messages.js';
import { defineEndpoints, defineExtra } from '../../resource.js';

/**
 * The compliance profile for classified protection (等保 2.0 level 3) and the commercial
 * cryptography standards: one switch per tenant (`compliance.profile`) and the limits it brings.
 * Each is a parameter a tenant may set for itself; the platform's value (the parameter screen)
 * is every tenant's default, and the platform's `compliance.profile = true` turns the profile on
 * for every tenant, which none can then turn off.
 */
export const COMPLIANCE_PARAMS = {
  profile: 'compliance.profile',
  passwordExpiryDays: 'password.expiryDays',
  passwordHistory: 'password.history',
  passwordMinAgeDays: 'password.minAgeDays',
  accountDormantDays: 'account.dormantDays',
  sessionIdleMinutes: 'session.idleMinutes',
  sessionMaxHours: 'session.maxHours',
  adminRequireSecondFactor: 'admin.requireSecondFactor',
  adminRequirePasskey: 'admin.requirePasskey',
} as const;

export type ComplianceSetting = keyof typeof COMPLIANCE_PARAMS;

/** The profile's limits that are counts (0 turns one off) and those that are switches. */
export const COMPLIANCE_LIMITS = [
  'passwordExpiryDays',
  'passwordHistory',
  'passwordMinAgeDays',
  'accountDormantDays',
  'sessionIdleMinutes',
  'sessionMaxHours',
] as const;
export const COMPLIANCE_SWITCHES = ['adminRequireSecondFactor', 'adminRequirePasskey'] as const;

/**
 * What a setting is while the profile is on and neither the tenant nor the platform chose a
 * value (0 or false: that control is off). With the profile off, no setting applies.
 */
export const COMPLIANCE_DEFAULTS = {
  passwordExpiryDays: 90,
  passwordHistory: 5,
  passwordMinAgeDays: 1,
  accountDormantDays: 90,
  sessionIdleMinutes: 30,
  sessionMaxHours: 12,
  adminRequireSecondFactor: true,
  adminRequirePasskey: false,
} as const;

export const complianceMessages = defineMessages('compliance', {
  days: ['天数须为0到3650之间的整数', 'Days are a whole number from 0 to 3650'],
  count: ['次数须为0到24之间的整数', 'The count is a whole number from 0 to 24'],
  minutes: ['分钟数须为0到1440之间的整数', 'Minutes are a whole number from 0 to 1440'],
  hours: ['小时数须为0到720之间的整数', 'Hours are a whole number from 0 to 720'],
  forcedOn: [
    '平台已为所有租户开启合规配置，租户不能关闭',
    'The platform has turned the profile on for every tenant; a tenant cannot turn it off',
  ],
  forAllPlatformOnly: ['只有平台租户可以为所有租户开启合规配置', 'Only the platform tenant turns the profile on for every tenant'],
  personalDataPlatformOnly: [
    '个人信息加密密钥属于整个平台，只有平台租户可以查看和轮换',
    'The personal-data keys belong to the whole platform: only the platform tenant sees and rotates them',
  ],
});

const whole = (max: number, message: Said) => z.number(message).int(message).min(0, message).max(max, message);

/** A tenant's effective settings: what every check of the profile reads. */
export const complianceSettings = z.object({
  profile: z.boolean(),
  /** The platform turned the profile on for every tenant. */
  forcedByPlatform: z.boolean(),
  passwordExpiryDays: whole(3650, complianceMessages.say.days),
  passwordHistory: whole(24, complianceMessages.say.count),
  passwordMinAgeDays: whole(3650, complianceMessages.say.days),
  accountDormantDays: whole(3650, complianceMessages.say.days),
  sessionIdleMinutes: whole(1440, complianceMessages.say.minutes),
  sessionMaxHours: whole(720, complianceMessages.say.hours),
  adminRequireSecondFactor: z.boolean(),
  adminRequirePasskey: z.boolean(),
});
export type ComplianceSettings = z.infer<typeof complianceSettings>;

/**
 * A tenant's choice: a field left out keeps its value, `null` returns it to the platform's value
 * (or the default). `forAllTenants` (platform tenant only) turns the profile on for every tenant.
 */
export const complianceSettingsInput = z
  .object({
    profile: complianceSettings.shape.profile.nullable(),
    passwordExpiryDays: complianceSettings.shape.passwordExpiryDays.nullable(),
    passwordHistory: complianceSettings.shape.passwordHistory.nullable(),
    passwordMinAgeDays: complianceSettings.shape.passwordMinAgeDays.nullable(),
    accountDormantDays: complianceSettings.shape.accountDormantDays.nullable(),
    sessionIdleMinutes: complianceSettings.shape.sessionIdleMinutes.nullable(),
    sessionMaxHours: complianceSettings.shape.sessionMaxHours.nullable(),
    adminRequireSecondFactor: complianceSettings.shape.adminRequireSecondFactor.nullable(),
    adminRequirePasskey: complianceSettings.shape.adminRequirePasskey.nullable(),
    forAllTenants: z.boolean(),
  })
  .partial()
  .strict();
export type ComplianceSettingsInput = z.infer<typeof complianceSettingsInput>;

/** One control of the report: whether the tenant meets it now and, when not, what to change. */
export const complianceControl = z.object({
  id: z.string(),
  title: z.string(),
  state: z.enum(['met', 'not met', 'n/a']),
  detail: z.string(),
});
export type ComplianceControl = z.infer<typeof complianceControl>;

export const complianceReport = z.object({
  tenantId: z.string(),
  generatedAt: z.string(),
  profile: z.boolean(),
  controls: z.array(complianceControl),
});
export type ComplianceReportAnswer = z.infer<typeof complianceReport>;

/** The encryption at rest of users' phone and email (platform-wide): its keys and how many users each still holds. */
export const personalDataState = z.object({
  encrypted: z.boolean(),
  currentKeyId: z.number().nullable(),
  keys: z.array(z.object({ id: z.number(), createdAt: z.string(), users: z.number() })),
  pending: z.number(),
});
export type PersonalDataStateAnswer = z.infer<typeof personalDataState>;

export const compliance = defineEndpoints({
  service: 'blade-system',
  name: 'compliance',
  permission: 'compliance',
  endpoints: {
    report: defineExtra({
      method: 'GET',
      path: 'report',
      summary: "Each control of the compliance profile with its state for the caller's tenant and what to change",
      response: complianceReport,
      permission: 'compliance',
    }),
    settings: defineExtra({
      method: 'GET',
      path: 'settings',
      summary: "The caller's tenant's compliance profile and limits, as they apply",
      response: complianceSettings,
      permission: 'compliance',
    }),
    saveSettings: defineExtra({
      method: 'POST',
      path: 'submit',
      summary: 'Sets the tenant’s compliance profile and limits (null returns one to the platform value)',
      body: complianceSettingsInput,
      response: complianceSettings,
      permission: 'compliance',
    }),
    personalData: defineExtra({
      method: 'GET',
      path: 'personal-data',
      summary:
        "Platform tenant only: whether users' phone and email are stored SM4-encrypted, the keys and the users left under older keys",
      response: personalDataState,
      permission: 'compliance',
    }),
    rotatePersonalDataKey: defineExtra({
      method: 'POST',
      path: 'personal-data-rotate',
      summary:
        "Platform tenant only: makes a new personal-data key current (the first turns the encryption on) and re-encrypts every user's phone and email under it",
      response: personalDataState,
      permission: 'compliance',
    }),
  },
  title: ['合规配置', 'Compliance profile'],
});
