/**
 * Navigation from outside React (the 401 handler, logout): the router registers itself here;
 * before it exists, a full page load does the job.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateFn: Navigate = (to) => window.location.assign(to);

export function setNavigator(fn: Navigate): void {
  navigateFn = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateFn(to, options);
}
