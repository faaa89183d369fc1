/**
 * The token-age check: every 10 s the layouts compare the age of the stored tokens
 * with `tokenTime` (seconds) and ask for one refresh; a flag keeps a second one from starting
 * while the first runs, and is released on success or failure.
 */
interface TokenCheckDeps {
  tokenTime: number;
  /** When the tokens were stored (epoch ms); undefined when signed out. */
  savedAt: () => number | undefined;
  refresh: () => Promise<unknown>;
  now?: () => number;
}

type CheckResult = 'signed-out' | 'fresh' | 'busy' | 'refreshed' | 'failed';

export function createTokenChecker({ tokenTime, savedAt, refresh, now = Date.now }: TokenCheckDeps) {
  let refreshing = false;
  return {
    get refreshing() {
      return refreshing;
    },
    async check(): Promise<CheckResult> {
      const at = savedAt();
      if (at === undefined) return 'signed-out';
      if ((now() - at) / 1000 < tokenTime) return 'fresh';
      if (refreshing) return 'busy';
      refreshing = true;
      try {
        await refresh();
        return 'refreshed';
      } catch {
        return 'failed';
      } finally {
        refreshing = false;
      }
    },
  };
}
