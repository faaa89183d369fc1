import { navigateTo } from '../lib/navigation.js';
import { fedLogout } from '../session/clear.js';
import { tokenStore } from '../session/token-store.js';
import { fetchTransport } from './fetch-transport.js';
import { inScreenLanguage } from './screen-language.js';
import { WebClient } from './web-client.js';

/**
 * The one SDK client of the web app: same origin, tokens in cookies and localStorage. A 401 that
 * a refresh cannot cure ends the session locally and sends the user to /login.
 */
export const client = new WebClient({
  baseUrl: '',
  transport: inScreenLanguage(fetchTransport()),
  store: tokenStore,
  onSignedOut: () => {
    fedLogout();
    if (typeof window !== 'undefined' && window.location.pathname !== '/login') navigateTo('/login', { replace: true });
  },
});

let resources: Promise<void> | undefined;

/**
 * Attaches the registry's resource namespaces to `client` (a chunk of its own, loaded once);
 * signed-in pages wait for it (sign-on/load-user.ts) so the sign-in page never loads it.
 */
export function loadResources(): Promise<void> {
  resources ??= import('./resources.js').then(
    ({ attachResources }) => attachResources(client),
    (error: unknown) => {
      resources = undefined; // a failed fetch of the chunk is tried again on the next call
      throw error;
    },
  );
  return resources;
}

/** A lazy signed-in page's loader: its chunk and the resource namespaces, fetched side by side. */
export function withResources<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadResources()]).then(([module]) => module);
}
