import type { EndpointsDef, ResourceDef } from '@sso/shared-api';
import type { AnyEndpointsDef, AnyResourceDef, ExtraHandlers } from './extra-handlers.js';
import type { ExtraHandler, ResourceRules, ServedEndpoints, ServerResource } from './types.js';

type Nothing = Record<never, never>;
/** Handlers may be left out only when the definition declares no extra. */
type Parts<D extends AnyResourceDef> = { rules?: ResourceRules } & (Nothing extends ExtraHandlers<D>
  ? { extras?: ExtraHandlers<D> }
  : { extras: ExtraHandlers<D> });

/**
 * Binds a contract definition to its rules and extra handlers. Every extra the definition
 * declares must have a handler: the types say so, and a missing one is refused here too, when
 * the server starts (a definition built at run time, as tests build fakes, has no literal keys).
 */
export function bindResource<D extends AnyResourceDef>(
  def: D,
  ...[parts]: Nothing extends ExtraHandlers<D> ? [Parts<D>?] : [Parts<D>]
): ServerResource {
  const extras = (parts?.extras ?? {}) as Record<string, ExtraHandler>;
  assertEveryHandler(def, extras);
  return { def: def as ResourceDef, rules: parts?.rules ?? {}, extras };
}

/** Binds an endpoint group to a handler for each of its endpoints, checked as `bindResource` checks extras. */
export function bindEndpoints<D extends AnyEndpointsDef>(def: D, handlers: ExtraHandlers<D>): ServedEndpoints {
  const extras = handlers as unknown as Record<string, ExtraHandler>;
  assertEveryHandler(def, extras);
  return { def: def as EndpointsDef, extras };
}

function assertEveryHandler(def: AnyResourceDef | AnyEndpointsDef, extras: Record<string, ExtraHandler>): void {
  for (const key of Object.keys(def.extras)) {
    if (!extras[key]) throw new Error(`No server handler for extra "${key}" of ${def.basePath}`);
  }
}
