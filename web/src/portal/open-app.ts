import { portalApi } from './portal-api.js';

/** Below this width the portal counts as a phone: applications open in the same tab. */
export const PHONE_WIDTH = 768;

/**
 * Opens an application: the server records the open and answers where to go (the sign-on itself
 * happens in the application's protocol). On a desktop it opens in a new tab — created before the
 * call, while the click still allows a pop-up — and on a phone (a workbench web view) in the same tab.
 */
export async function openApp(id: string): Promise<void> {
  const phone = window.innerWidth < PHONE_WIDTH;
  const tab = phone ? null : window.open('', '_blank');
  try {
    const { url } = await portalApi.open(id);
    if (tab) {
      tab.opener = null; // the application gets no handle on the portal
      tab.location.href = url;
    } else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
