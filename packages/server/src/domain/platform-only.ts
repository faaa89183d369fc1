import { DEFAULT_TENANT_ID, forbidden, say } from '@sso/shared-api';
import type { Caller } from '../kernel/caller.js';

/** Platform-wide tables (data sources, packages) are configured from the platform tenant only. */
export function requirePlatform(caller: Caller | undefined): void {
  if (caller?.tenant_id !== DEFAULT_TENANT_ID) throw forbidden(say('forbidden'));
}
