import type { ResourceDef } from '@sso/shared-api';
import type { ExtraHandler, ResourceRules, ServerResource } from './types.js';

// biome-ignore lint/suspicious/noExplicitAny: any definition, whatever its entity, extras and names
type AnyDef = ResourceDef<any, any, any>;

/**
 * Binds a contract definition to its rules and extra handlers. Every extra the definition
 * declares must have a handler: a missing one is refused here, when the server starts.
 */
export function bindResource(def: AnyDef, parts: { rules?: ResourceRules; extras?: Record<string, ExtraHandler> } = {}): ServerResource {
  const extras = parts.extras ?? {};
  for (const key of Object.keys(def.extras)) {
    if (!extras[key]) throw new Error(`No server handler for extra "${key}" of ${def.basePath}`);
  }
  return { def: def as ResourceDef, rules: parts.rules ?? {}, extras };
}
