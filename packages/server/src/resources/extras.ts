import type { ResourceDef } from '@sso/shared-api';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../auth/permissions.js';
import type { AppContext } from '../context.js';
import { attachExtraHandlers } from '../services/attach-extras.js';
import { clientExtraHandlers } from '../services/client-extras.js';
import { dashExtraHandlers } from '../services/dash-extras.js';
import { datasourceExtraHandlers } from '../services/datasource-extras.js';
import { deptExtraHandlers } from '../services/dept-extras.js';
import { dictExtraHandlers } from '../services/dict-extras.js';
import { menuExtraHandlers } from '../services/menu-extras.js';
import { ossExtraHandlers } from '../services/oss-extras.js';
import { postExtraHandlers } from '../services/post-extras.js';
import { regionExtraHandlers } from '../services/region-extras.js';
import { roleExtraHandlers } from '../services/role-extras.js';
import { selectTenantPackages } from '../services/select-extras.js';
import { smsExtraHandlers } from '../services/sms-extras.js';
import { tenantExtraHandlers } from '../services/tenant-extras.js';
import { topMenuExtraHandlers } from '../services/top-menu-extras.js';
import { userExtraHandlers } from '../services/user-extras.js';
import type { Repository } from './repository.js';

export interface ExtraArgs {
  ctx: AppContext;
  def: ResourceDef;
  repo: Repository;
  request: FastifyRequest;
  caller: Caller | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: parsed by the extra's own schema
  query: any;
  // biome-ignore lint/suspicious/noExplicitAny: idem
  body: any;
}
export type ExtraHandler = (args: ExtraArgs) => Promise<unknown>;

/** Handlers of the extras declared in the contract, by resource base path. */
const handlers: Record<string, Record<string, ExtraHandler>> = {
  '/api/blade-system/dict': dictExtraHandlers,
  '/api/blade-system/dict-biz': dictExtraHandlers,
  '/api/blade-system/menu': menuExtraHandlers,
  '/api/blade-system/topmenu': topMenuExtraHandlers,
  '/api/blade-system/region': regionExtraHandlers,
  '/api/blade-system/tenant': tenantExtraHandlers,
  '/api/blade-system/tenant-package': { select: selectTenantPackages },
  '/api/blade-system/client': clientExtraHandlers,
  '/api/blade-develop/datasource': datasourceExtraHandlers,
  '/api/blade-system/dept': deptExtraHandlers,
  '/api/blade-system/post': postExtraHandlers,
  '/api/blade-system/role': roleExtraHandlers,
  '/api/blade-user': userExtraHandlers,
  '/api/blade-desk/dash': dashExtraHandlers,
  '/api/blade-resource/oss': ossExtraHandlers,
  '/api/blade-resource/attach': attachExtraHandlers,
  '/api/blade-resource/sms': smsExtraHandlers,
};

export function extraHandlerFor(def: ResourceDef, key: string): ExtraHandler {
  const handler = handlers[def.basePath]?.[key];
  if (!handler) throw new Error(`No server handler for extra "${key}" of ${def.basePath}`);
  return handler;
}
