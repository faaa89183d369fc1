import { badRequest, DEFAULT_TENANT_ID, defineMessages, tenantMessages } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { syncSessionsOfTenants } from '../../domain/account-sessions.js';
import { generateTenantId, paramValue, provisionTenant } from '../../domain/tenant-provision.js';
import type { ResourceRules } from '../../engine/types.js';

export const tenantRuleMessages = defineMessages('tenantRule', {
  platformFixed: ['平台租户不可删除、禁用或设置过期时间', 'The platform tenant cannot be removed, disabled or given an expiry'],
});

/**
 * An expiry as the form sends it: a date means through the end of that day; a date-time is taken
 * as local time (as the API prints it back).
 */
export function toExpiry(text: string | null): Date | null {
  if (text === null) return null;
  const [day, time] = text.split(' ');
  if (!time) return new Date(`${day}T23:59:59`);
  return new Date(`${day}T${time.length === 5 ? `${time}:00` : time}`);
}

/** Domains compare without case, surrounding blanks or a trailing slash; empty means none. */
export function normaliseDomain(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const domain = text.trim().toLowerCase().replace(/\/+$/, '');
  return domain === '' ? null : domain;
}

export function assertPlatformTenantKept(tenantId: unknown, change: { status?: unknown; expireTime?: unknown }): void {
  if (tenantId !== DEFAULT_TENANT_ID) return;
  if ((change.status !== undefined && change.status !== 1) || (change.expireTime !== undefined && change.expireTime !== null)) {
    throw badRequest(tenantRuleMessages.say.platformFixed);
  }
}

/**
 * Tenants: the tenant id is generated on insert and never changes; a new tenant comes with its
 * administrator, root department and `admin` account in the same transaction; switching a tenant
 * off or removing it ends its sessions; the platform tenant can be neither removed nor switched off.
 */
export const tenantRules: ResourceRules = {
  async beforeSave({ ctx, caller, values, existing, trx }) {
    const db = trx as Kysely<Database>;
    const sentId = typeof values.tenantId === 'string' ? values.tenantId : '';
    if (existing ? sentId !== '' && sentId !== existing.tenantId : sentId !== '') throw badRequest(tenantMessages.say.tenantIdFixed);
    delete values.tenantId;
    if ('domain' in values) values.domain = normaliseDomain(values.domain);
    if (values.expireTime !== undefined) values.expireTime = toExpiry(values.expireTime as string | null);
    if (existing) {
      assertPlatformTenantKept(existing.tenantId, values);
      return;
    }
    if (values.accountNumber === undefined) {
      const quota = Number(await paramValue(db, 'tenant.default.accountNumber'));
      values.accountNumber = Number.isInteger(quota) && quota >= -1 ? quota : -1;
    }
    if (values.expireTime === undefined) {
      const text = await paramValue(db, 'tenant.default.expireTime');
      const expiry = text ? toExpiry(text.trim()) : null;
      values.expireTime = expiry && !Number.isNaN(expiry.getTime()) ? expiry : null;
    }
    const tenantId = await generateTenantId(db);
    await provisionTenant(ctx, db, caller, { tenantId, tenantName: values.tenantName as string });
    // The generic insert files a platform-wide row under the tenant a rule chose.
    values.tenantId = tenantId;
  },

  async beforeRemove({ rows }) {
    if (rows.some((row) => row.tenantId === DEFAULT_TENANT_ID)) throw badRequest(tenantRuleMessages.say.platformFixed);
  },

  // Once committed: a tenant switched off (disabled, expiry passed) or removed loses its sessions on every node.
  async afterSave({ ctx, rows }) {
    await syncSessionsOfTenants(
      ctx,
      rows.map((row) => row.tenantId as string),
    );
  },

  async afterRemove({ ctx, rows }) {
    await syncSessionsOfTenants(
      ctx,
      rows.map((row) => row.tenantId as string),
    );
  },
};
