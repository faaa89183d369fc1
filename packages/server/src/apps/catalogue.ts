import type { AppContext } from '../context.js';

/**
 * The application catalogue's table. Only apps/ names it: every other part of the server asks
 * this module for applications, so that the one table behind every sign-on has one owner.
 */
export const APP_TABLE = 'blade_app';

/**
 * A value made from the catalogue, read through the cache: any write to the catalogue (through
 * the engine or `catalogueChanged`) drops it here and, through the bus, on every node. Keys are
 * shared by every caller, so each names what it holds (`oidc-cors-origins`, `cas:tenant`…).
 */
export function fromCatalogue<T>(ctx: AppContext, key: string, load: () => Promise<T>): Promise<T> {
  return ctx.cache.get(APP_TABLE, key, load);
}

/** Declares that the answers cached under `cacheTable` are made from the catalogue too: a write to it drops them. */
export function followCatalogue(ctx: AppContext, cacheTable: string): void {
  ctx.cache.dependsOn(cacheTable, APP_TABLE);
}

/** After a write to the catalogue outside the engine: drops every answer made from it, here and on the other nodes. */
export function catalogueChanged(ctx: AppContext): void {
  ctx.cache.invalidate(APP_TABLE);
}
