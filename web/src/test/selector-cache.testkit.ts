/**
 * Keeps every CSS selector jsdom has compiled for the page's style rules.
 *
 * jsdom computes an element's style by matching each rule of every style sheet against it, and
 * walks up to the root for the inherited properties; testing-library asks for that style on every
 * role query (hidden or not) and user-event on every pointer action (pointer-events). The selector
 * engine (nwsapi) keeps compiled selectors in a cache of 1000, least recently used first out, while
 * antd's CSS-in-JS puts some 2,500 distinct selectors in the page: the sheets are matched in the
 * same order every time, so each selector had always just been dropped and was parsed and compiled
 * again, on every element, for every style asked (some 140 ms each on this screen). A cache without
 * a bound gives the same answers (a compiled selector depends on its text only) at a sixteenth of
 * the cost.
 */
interface SelectorCache {
  get(key: string): unknown;
  set(key: string, value: unknown): unknown;
  has(key: string): boolean;
  clear(): void;
  size(): number;
}

/** The caches of compiled selectors that matching (not querying) uses. */
const MATCH_CACHES = ['matchResolvers', 'matchLambdas'] as const;

type Engine = Partial<Record<(typeof MATCH_CACHES)[number], SelectorCache>>;

/** The compiled selectors kept for each document, by the text of their selector. */
const keptByDocument = new WeakMap<Document, Map<string, unknown>>();

/** The selectors kept compiled for `document` (none when its engine could not be reached). */
export const keptSelectors = (document: Document): ReadonlyMap<string, unknown> | undefined => keptByDocument.get(document);

export function keepCompiledSelectors(document: Document): void {
  // jsdom makes the engine that matches style rules the first time a style is computed.
  window.getComputedStyle(document.body);
  const impl = Object.getOwnPropertySymbols(document).find((symbol) => symbol.description === 'impl');
  const engine = impl && (document as unknown as Record<symbol, { _nwsapiDontThrow?: Engine }>)[impl]?._nwsapiDontThrow;
  // Another jsdom or nwsapi may keep its selectors otherwise: styles are then computed as it does.
  if (!engine) return;
  for (const name of MATCH_CACHES) {
    const cache = engine[name];
    if (!cache) continue;
    const kept = new Map<string, unknown>();
    if (name === 'matchResolvers') keptByDocument.set(document, kept);
    Object.assign(cache, {
      get: (key: string) => kept.get(key),
      set: (key: string, value: unknown) => {
        kept.set(key, value);
        return value;
      },
      has: (key: string) => kept.has(key),
      clear: () => kept.clear(),
      size: () => kept.size,
    } satisfies SelectorCache);
  }
}
