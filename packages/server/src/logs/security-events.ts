import type { FastifyRequest } from 'fastify';
import type { Caller } from '../kernel/caller.js';
import { captureRequest, type RequestFields, requestFields } from './log-rows.js';

/**
 * The fixed vocabulary of security events. Sign-in attempts (every grant type) have their own
 * table, the sign-in log; everything else here is a row of the usual log with the level
 * `security` and the type as its entry id.
 */

/** Resources whose saves and removals are security events (declared `securityAudit` in the contract). */
export type AuditedResource =
  | 'user'
  | 'role'
  | 'client'
  | 'tenant'
  | 'tenant-package'
  | 'topmenu'
  | 'menu'
  | 'data-scope'
  | 'api-scope'
  | 'app'
  | 'appuser'
  | 'appmenu'
  | 'appmenufunction'
  | 'approle'
  | 'approlemenu'
  | 'approlefunction'
  | 'userauthorizedrole'
  | 'userauthorizedmenu'
  | 'userauthorizedfunction'
  | 'appincompatiblerule'
  | 'sync-rule';

export type SecurityEventType =
  | `${AuditedResource}.${'create' | 'update' | 'remove'}`
  // credentials
  | 'user.password-change'
  | 'user.password-reset'
  | 'user.password-random'
  | 'user.password-change-required'
  | 'user.password-change-waived'
  | 'user.password-recover'
  // an account left unused longer than the compliance profile allows, disabled by the platform
  | 'user.dormant-disable'
  | 'user.second-factor-enrol'
  | 'user.second-factor-reset'
  | 'user.passkey-add'
  | 'user.passkey-remove'
  | 'client.secret-regenerate'
  | 'app.secret-reset'
  | 'app.scim-token'
  // locks
  | 'account.lock'
  | 'address.lock'
  | 'user.unlock'
  | 'user.enable'
  | 'user.disable'
  | 'address.unlock'
  // grants and revokes
  | 'user.grant'
  | 'role.grant'
  | 'topmenu.grant'
  | 'tenant.package-setting'
  // self-registration and its review
  | 'user.register'
  | 'user.audit-pass'
  | 'user.audit-refuse'
  // third-party identities bound to or removed from an account
  | 'user.social-bind'
  | 'user.social-unbind'
  // the compliance profile and its limits (a tenant's own, or the platform's for every tenant)
  | 'tenant.compliance-setting'
  // the encryption at rest of personal data turned on, or its key rotated (platform-wide)
  | 'platform.personal-data-key'
  // a log read by the audit administrator (三员分立: their own reading is on record)
  | 'log.read';

/** What an event concerns: one row is written per target. */
export interface SecurityTarget {
  kind: AuditedResource | 'account' | 'address' | 'log';
  id?: string;
  /** Readable name: account, role name, client id… never a secret. */
  name?: string;
  /** The tenant the target belongs to, when it is not the actor's. */
  tenantId?: string;
}

export interface SecurityEvent {
  type: SecurityEventType;
  outcome?: 'success' | 'failure';
  /** Who acted; absent for what the platform does by itself (a lock reached by failed sign-ins). */
  actor?: Caller;
  targets: SecurityTarget[];
  /** Whose log shows the event: the actor's tenant by default. */
  tenantId?: string;
  /** Where it came from when there is no actor with a request (the address of a failed sign-in). */
  ip?: string;
  /** Field names changed, before/after of grant-shaping fields; never passwords or secrets. */
  detail?: Record<string, unknown>;
}

const ORIGIN = Symbol('request of this caller');
type AuditedCaller = Caller & { [ORIGIN]?: FastifyRequest };

/**
 * The caller of a request, carrying the request so that a security event written further down
 * (the repository, a service) records the address, user agent and URL. A new object per request:
 * the shared Caller of a token is not touched.
 */
export function callerWithOrigin(request: FastifyRequest): Caller | undefined {
  const caller = request.caller;
  return caller ? ({ ...caller, [ORIGIN]: request } as AuditedCaller) : undefined;
}

/** Request columns of an event's rows: actor, address, user agent, URL and parameters (secrets as ***). */
export function originFields(event: SecurityEvent): RequestFields {
  const request = (event.actor as AuditedCaller | undefined)?.[ORIGIN];
  const fields: RequestFields = request ? requestFields(captureRequest(request)) : {};
  return {
    ...fields,
    tenantId: event.tenantId ?? event.actor?.tenant_id ?? fields.tenantId,
    createUser: event.actor?.user_id ?? null,
    createBy: event.actor?.account?.slice(0, 64) ?? null,
    remoteIp: fields.remoteIp ?? event.ip,
  };
}

/** The JSON kept in log_data: outcome, target and detail. */
export function eventData(event: SecurityEvent, target: SecurityTarget): string {
  return JSON.stringify({ outcome: event.outcome ?? 'success', target, ...(event.detail ? { detail: event.detail } : {}) });
}

/** A user account as an event target. */
export const userTarget = (user: { id: string; account: string; tenantId?: string }): SecurityTarget => ({
  kind: 'user',
  id: user.id,
  name: user.account,
  ...(user.tenantId ? { tenantId: user.tenantId } : {}),
});
