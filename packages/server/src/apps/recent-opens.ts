import type { AppContext } from '../context.js';

/** A portal open of the same user and application this recent counts as this visit: the protocol does not record a second one. */
export const SAME_VISIT_MS = 30_000;

/** Opens remembered at most; beyond, the memory starts afresh (it is only a shortcut for the query). */
const MAX_REMEMBERED = 10_000;

/**
 * Whether the same user opened the same application within SAME_VISIT_MS. An open found (in the
 * login log, whichever node or path recorded it) or recorded here is remembered until its window
 * closes, so repeated sign-ons within the window ask the database once: an open, once recorded,
 * stays within the window whatever happens later.
 */
export class RecentOpens {
  private readonly lastOpen = new Map<string, number>();

  constructor(private readonly ctx: AppContext) {}

  async openedJustNow(userId: string, appId: string): Promise<boolean> {
    const key = `${userId}:${appId}`;
    const now = Date.now();
    const known = this.lastOpen.get(key);
    if (known !== undefined && now - known < SAME_VISIT_MS) return true;
    const row = await this.ctx.db
      .selectFrom('blade_app_login_log')
      .select('loginTime')
      .where('userId', '=', userId)
      .where('appId', '=', appId)
      .where('loginTime', '>', new Date(now - SAME_VISIT_MS))
      .orderBy('loginTime', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return false;
    this.remember(key, new Date(row.loginTime).getTime());
    return true;
  }

  /** An open recorded at `at` (milliseconds) by this node. */
  recorded(userId: string, appId: string, at: number): void {
    this.remember(`${userId}:${appId}`, at);
  }

  private remember(key: string, at: number): void {
    if (this.lastOpen.size >= MAX_REMEMBERED) this.lastOpen.clear();
    this.lastOpen.set(key, at);
  }
}
