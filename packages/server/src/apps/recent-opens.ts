/** A portal open of the same user and application this recent counts as this visit: the protocol does not record a second one. */
export const SAME_VISIT_MS = 30_000;

/** Opens remembered at most; beyond, the memory starts afresh (it is only a shortcut for the query). */
const MAX_REMEMBERED = 10_000;

/**
 * The opens this node knows of within SAME_VISIT_MS, by user and application: an open recorded
 * here or found in the login log (whichever node or path recorded it) is remembered until its
 * window closes, so repeated sign-ons within the window ask the database nothing. An open, once
 * recorded, stays within the window whatever happens later.
 */
export class RecentOpens {
  private readonly lastOpen = new Map<string, number>();

  /** Whether this node knows of an open of the application by the user within the window. */
  openedJustNow(userId: string, appId: string): boolean {
    const known = this.lastOpen.get(`${userId}:${appId}`);
    return known !== undefined && Date.now() - known < SAME_VISIT_MS;
  }

  /** An open at `at` (milliseconds): recorded by this node, or found recorded. */
  remember(userId: string, appId: string, at: number): void {
    if (this.lastOpen.size >= MAX_REMEMBERED) this.lastOpen.clear();
    this.lastOpen.set(`${userId}:${appId}`, at);
  }
}
