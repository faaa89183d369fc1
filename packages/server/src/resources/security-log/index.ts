import { DEFAULT_TENANT_ID, type ExportedLog, forbidden, securityVerifyMessages as m, registry, say } from '@sso/shared-api';
import { bindEndpoints } from '../../engine/bind.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { verifyChain } from '../../logs/audit-chain.js';
import { auditorReads } from './auditor-reads.js';
import { exportLog } from './log-export.js';

const LOG_MENU: Record<ExportedLog, string> = { usual: 'log_usual', api: 'log_api', error: 'log_error', login: 'log_login' };

/**
 * Verification of a tenant's chain of security records (the caller's own tenant, or any from the
 * platform tenant), and the signed export of a log of the caller's tenant (its screen's menu needed).
 */
export const securityLogEndpoints = bindEndpoints(
  registry.log.security,
  defineExtraHandlers(registry.log.security, {
    verify: ({ ctx, caller, query }) => {
      const tenantId = query.tenantId ?? caller.tenant_id;
      if (tenantId !== caller.tenant_id && caller.tenant_id !== DEFAULT_TENANT_ID) throw forbidden(m.say.otherTenant);
      return verifyChain(ctx.db, tenantId);
    },
    auditorReads: ({ ctx, caller, query }) => auditorReads(ctx, caller.tenant_id, query.limit ?? 100),
    export: async ({ ctx, caller, query }) => {
      if (!(await ctx.permissions.allows(caller, LOG_MENU[query.log]))) throw forbidden(say('forbidden'));
      return exportLog(ctx, caller.tenant_id, query);
    },
  }),
);
