import type { ResourceDef } from '../resource.js';
import { dict } from './blade-system/dict.js';
import { dictBiz } from './blade-system/dict-biz.js';
import { menu } from './blade-system/menu.js';
import { param } from './blade-system/param.js';
import { tenantPackage } from './blade-system/tenant-package.js';

/** Every resource, grouped by SDK namespace. Add a resource here and every front end follows. */
export const registry = {
  system: { param, dict, dictBiz, tenantPackage, menu },
} as const;

export type Registry = typeof registry;

export const allResources: ResourceDef[] = Object.values(registry).flatMap((group) => Object.values(group) as unknown as ResourceDef[]);

export * from './blade-system/dict-shape.js';
export * from './blade-system/menu.js';
export { dict, dictBiz, menu, param, tenantPackage };
