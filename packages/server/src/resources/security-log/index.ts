import { DEFAULT_TENANT_ID, forbidden, securityVerifyMessages as m, registry } from '@sso/shared-api';
import { bindEndpoints } from '../../engine/bind.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { verifyChain } from '../../logs/audit-chain.js';

/** Verification of a tenant's chain of security records: the caller's own tenant, or any from the platform tenant. */
export const securityLogEndpoints = bindEndpoints(
  registry.log.security,
  defineExtraHandlers(registry.log.security, {
    verify: ({ ctx, caller, query }) => {
      const tenantId = query.tenantId ?? caller.tenant_id;
      if (tenantId !== caller.tenant_id && caller.tenant_id !== DEFAULT_TENANT_ID) throw forbidden(m.otherTenant);
      return verifyChain(ctx.db, tenantId);
    },
  }),
);
