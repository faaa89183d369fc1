import { Activity, type ReactNode, useRef } from 'react';
import { useLocation, useOutlet } from 'react-router-dom';
import { createStore, useStore } from '../lib/store.js';
import { tagsStore } from '../session/tags-store.js';

/** Bumped by "clear cache": every kept page is dropped and the current one starts afresh. */
export const cacheGeneration = createStore(0);
export const clearPageCache = () => cacheGeneration.set((g) => g + 1);

/**
 * keepAlive (a route meta flag): pages of open tabs stay mounted but hidden (React's
 * <Activity>), so a list keeps its search and page when the user comes back to its tab. A page
 * leaves the cache when its tab closes or the cache is cleared. The stored elements carry their
 * own route match, so a hidden page keeps seeing its own path. Each page sits in a box named
 * by its path (`data-tab-path`), so whoever looks for one screen's content (a browser test, just
 * after a tab switch while the old page is still on show) finds that screen's and no other's.
 */
export function KeepAliveOutlet({ keepAlive }: { keepAlive: boolean }) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const generation = useStore(cacheGeneration);
  const tags = useStore(tagsStore);
  const cache = useRef(new Map<string, ReactNode>());
  const seen = useRef(generation);

  if (seen.current !== generation) {
    cache.current.clear();
    seen.current = generation;
  }
  const open = new Set(tags.map((tag) => tag.value));
  for (const path of cache.current.keys()) if (!open.has(path) && path !== pathname) cache.current.delete(path);
  if (keepAlive) cache.current.set(pathname, outlet);

  const current = keepAlive ? null : (
    <div key={`${generation}:${pathname}`} data-tab-path={pathname} style={{ height: '100%' }}>
      {outlet}
    </div>
  );
  return (
    <>
      {[...cache.current.entries()].map(([path, element]) => (
        <Activity key={`${generation}:${path}`} mode={path === pathname ? 'visible' : 'hidden'}>
          <div data-tab-path={path} style={{ height: '100%' }}>
            {element}
          </div>
        </Activity>
      ))}
      {current}
    </>
  );
}
