/** How long a screen of rows that change by themselves waits after an answer before reading again. */
export const SELF_REFRESH_MS = 5000;

/**
 * Menus whose rows the platform writes as things happen (sign-ins, requests, errors, application
 * sign-ins and starts), never by their own screen: those screens read them again by themselves.
 * There is no task screen in the terminal to add (the workflow inboxes have none).
 */
export const SELF_CHANGING_MENUS: ReadonlySet<string> = new Set([
  'log_login',
  'log_api',
  'log_error',
  'log_usual',
  'apploginlog',
  'appstartlog',
]);

/** The pause between reads of the screen a menu opens, if it refreshes by itself. */
export const refreshMsOf = (menuCode: string): number | undefined => (SELF_CHANGING_MENUS.has(menuCode) ? SELF_REFRESH_MS : undefined);
