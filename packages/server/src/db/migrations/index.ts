import type { Kysely } from 'kysely';
import type { Notify } from '../migration-notices.js';
import * as tenantsUsersMenus from './0001-tenants-users-menus-dicts-sessions.js';
import * as postsScopesRegions from './0002-posts-scopes-regions-datasources.js';
import * as menuLinkIndexes from './0005-menu-link-indexes.js';
import * as dataKeys from './0006-data-keys.js';
import * as logsNotices from './0007-logs-notices.js';
import * as ossAttachSms from './0008-oss-attach-sms-reports.js';
import * as logOrder from './0009-log-order.js';
import * as sessionTenant from './0010-session-tenant.js';
import * as accountFailures from './0011-account-address-failures.js';
import * as captcha from './0013-captcha.js';
import * as menuEnglishNames from './0014-menu-english-names.js';
import * as applications from './0015-applications.js';
import * as oidc from './0016-oidc.js';
import * as casTickets from './0017-cas-tickets.js';
import * as appLogIndexesTypes from './0018-app-log-indexes-types.js';
import * as appAuthorization from './0019-app-authorization.js';
import * as secondFactorSm2 from './0021-second-factor-sm2.js';
import * as socialSignIn from './0022-social-sign-in.js';
import * as applicationLedger from './0023-application-ledger.js';
import * as appManageBlog from './0024-app-manage-blog.js';
import * as accessRequests from './0025-access-requests.js';
import * as appDailyTotals from './0026-app-daily-totals.js';
import * as appLogOrphanTypes from './0028-app-log-orphan-types.js';
import * as appDailyValueIndexes from './0029-app-daily-value-indexes.js';
import * as dictEnglishValues from './0031-dict-english-values.js';
import * as casSignOns from './0032-cas-sign-ons.js';
import * as oidcGrantSessions from './0033-oidc-grant-sessions.js';
import * as idempotencyKeys from './0034-idempotency-keys.js';
import * as grantExpiryIndexes from './0035-grant-expiry-indexes.js';
import * as workflow from './0036-workflow.js';
import * as flowTimers from './0037-flow-timers.js';
import * as saberFlowRoutes from './0038-saber-flow-routes.js';
import * as deptLeader from './0039-dept-leader.js';
import * as codeGeneration from './0040-code-generation.js';
import * as wechat from './0041-wechat.js';
import * as directorySync from './0042-directory-sync.js';
import * as saml from './0043-saml.js';
import * as scim from './0044-scim.js';
import * as syncCallbacksFiles from './0045-sync-callbacks-files.js';
import * as passkeys from './0046-passkeys.js';
import * as auditChain from './0047-audit-chain.js';
import * as tenantParams from './0048-tenant-params.js';
import * as passwordSessionLimits from './0049-password-session-limits.js';
import * as platformRoles from './0050-platform-roles.js';
import * as syncSchedulesRules from './0051-sync-schedules-rules.js';
import * as personalDataEncryption from './0053-personal-data-encryption.js';
import * as syncReplayGroups from './0054-sync-replay-groups.js';
import * as callbackSeen from './0055-callback-seen.js';
import * as personalDataCopies from './0056-personal-data-copies.js';
import * as personalDataTags from './0057-personal-data-tags.js';
import * as wrappedPersonalKeys from './0060-wrapped-personal-keys.js';
import * as oidcUidModelIndex from './0061-oidc-uid-model-index.js';

export interface Migration {
  version: number;
  name: string;
  up(db: Kysely<unknown>, notify?: Notify): Promise<void>;
}

/**
 * Every migration in order, each named after what it creates. Never edit a released one: add the
 * next version. A database records the versions it has applied, and only the version decides
 * whether one runs: a name may change (as these did) without a migration running twice.
 */
export const migrations: Migration[] = [
  { version: 1, name: 'tenants-users-menus-dicts-sessions', up: tenantsUsersMenus.up },
  { version: 2, name: 'posts-scopes-regions-datasources', up: postsScopesRegions.up },
  { version: 5, name: 'menu-link-indexes', up: menuLinkIndexes.up },
  { version: 6, name: 'data-keys', up: dataKeys.up },
  { version: 7, name: 'logs-notices', up: logsNotices.up },
  { version: 8, name: 'oss-attach-sms-reports', up: ossAttachSms.up },
  { version: 9, name: 'log-order', up: logOrder.up },
  { version: 10, name: 'session-tenant', up: sessionTenant.up },
  { version: 11, name: 'account-address-failures', up: accountFailures.up },
  { version: 13, name: 'captcha', up: captcha.up },
  { version: 14, name: 'menu-english-names', up: menuEnglishNames.up },
  { version: 15, name: 'applications', up: applications.up },
  { version: 16, name: 'oidc', up: oidc.up },
  { version: 17, name: 'cas-tickets', up: casTickets.up },
  { version: 18, name: 'app-log-indexes-types', up: appLogIndexesTypes.up },
  { version: 19, name: 'app-authorization', up: appAuthorization.up },
  { version: 21, name: 'second-factor-sm2', up: secondFactorSm2.up },
  { version: 22, name: 'social-sign-in', up: socialSignIn.up },
  { version: 23, name: 'application-ledger', up: applicationLedger.up },
  { version: 24, name: 'app-manage-blog', up: appManageBlog.up },
  { version: 25, name: 'access-requests', up: accessRequests.up },
  { version: 26, name: 'app-daily-totals', up: appDailyTotals.up },
  { version: 28, name: 'app-log-orphan-types', up: appLogOrphanTypes.up },
  { version: 29, name: 'app-daily-value-indexes', up: appDailyValueIndexes.up },
  { version: 31, name: 'dict-english-values', up: dictEnglishValues.up },
  { version: 32, name: 'cas-sign-ons', up: casSignOns.up },
  { version: 33, name: 'oidc-grant-sessions', up: oidcGrantSessions.up },
  { version: 34, name: 'idempotency-keys', up: idempotencyKeys.up },
  { version: 35, name: 'grant-expiry-indexes', up: grantExpiryIndexes.up },
  { version: 36, name: 'workflow', up: workflow.up },
  { version: 37, name: 'flow-timers', up: flowTimers.up },
  { version: 38, name: 'saber-flow-routes', up: saberFlowRoutes.up },
  { version: 39, name: 'dept-leader', up: deptLeader.up },
  { version: 40, name: 'code-generation', up: codeGeneration.up },
  { version: 41, name: 'wechat', up: wechat.up },
  { version: 42, name: 'directory-sync', up: directorySync.up },
  { version: 43, name: 'saml', up: saml.up },
  { version: 44, name: 'scim', up: scim.up },
  { version: 45, name: 'sync-callbacks-files', up: syncCallbacksFiles.up },
  { version: 46, name: 'passkeys', up: passkeys.up },
  { version: 47, name: 'audit-chain', up: auditChain.up },
  { version: 48, name: 'tenant-params', up: tenantParams.up },
  { version: 49, name: 'password-session-limits', up: passwordSessionLimits.up },
  { version: 50, name: 'platform-roles', up: platformRoles.up },
  { version: 51, name: 'sync-schedules-rules', up: syncSchedulesRules.up },
  { version: 53, name: 'personal-data-encryption', up: personalDataEncryption.up },
  { version: 54, name: 'sync-replay-groups', up: syncReplayGroups.up },
  { version: 55, name: 'callback-seen', up: callbackSeen.up },
  { version: 56, name: 'personal-data-copies', up: personalDataCopies.up },
  { version: 57, name: 'personal-data-tags', up: personalDataTags.up },
  { version: 60, name: 'wrapped-personal-keys', up: wrappedPersonalKeys.up },
  { version: 61, name: 'oidc-uid-model-index', up: oidcUidModelIndex.up },
];
