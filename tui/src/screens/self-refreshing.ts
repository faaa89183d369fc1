import { type ResourceDef, registry } from '@sso/shared-api';

/** How long a screen of rows that change by themselves waits after an answer before reading again. */
export const SELF_REFRESH_MS = 5000;

/**
 * Resources whose rows the platform writes as things happen (sign-ins, requests, errors,
 * application sign-ins and starts, directory sync runs), never by their own screen: their screens read them again by
 * themselves. Keyed by the typed definition, as every customisation of the console is.
 */
export const SELF_CHANGING: ReadonlySet<ResourceDef> = new Set<ResourceDef>([
  registry.log.login,
  registry.log.api,
  registry.log.error,
  registry.log.usual,
  registry.aps.appLoginLog,
  registry.appmanage.appStartLog,
  // Schedules and change callbacks add runs while nobody watches.
  registry.system.syncRun,
]);

/** The pause between reads of a resource's screen, if it refreshes by itself. */
export const refreshMsOf = (def: ResourceDef): number | undefined => (SELF_CHANGING.has(def) ? SELF_REFRESH_MS : undefined);
