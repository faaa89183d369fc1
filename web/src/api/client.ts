import { navigateTo } from '../lib/navigation.js';
import { fedLogout } from '../session/clear.js';
import { tokenStore } from '../session/token-store.js';
import { fetchTransport } from './fetch-transport.js';
import { WebClient } from './web-client.js';

/**
 * The one SDK client of the web app: same origin, tokens in cookies and localStorage. A 401 that
 * a refresh cannot cure ends the session locally and sends the user to /login.
 */
export const client = new WebClient({
  baseUrl: '',
  transport: fetchTransport(),
  store: tokenStore,
  onSignedOut: () => {
    fedLogout();
    if (typeof window !== 'undefined' && window.location.pathname !== '/login') navigateTo('/login', { replace: true });
  },
});
