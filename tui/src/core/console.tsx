import { ApiError, type SsoClient } from '@sso/shared-api';
import { createContext, useContext } from 'react';
import type { Lang } from './i18n.js';

export type Notice = { text: string; kind: 'info' | 'error' };

/** What every screen reaches: the signed-in client, the language, the status area and the window size. */
export interface ConsoleApi {
  client: SsoClient;
  lang: Lang;
  notify(text: string, kind?: Notice['kind']): void;
  /**
   * Runs a call: an API error goes to the status area (undefined is answered), a 401 ends the
   * session (the sign-in form comes back over the open screen), and a lost connection is shown and
   * retried until the server answers again.
   */
  run<T>(work: () => Promise<T>): Promise<T | undefined>;
  columns: number;
  rows: number;
}

export const ConsoleContext = createContext<ConsoleApi | undefined>(undefined);

export function useConsole(): ConsoleApi {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole outside the console');
  return value;
}

/** Errors of the connection itself (refused, reset, timed out), not answers of the server. */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof ApiError) return error.code === 502 || error.code === 503 || error.code === 504;
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code;
  return typeof code === 'string' && (/^E[A-Z]+$/.test(code) || code.startsWith('UND_ERR'));
}

export interface RunHooks {
  notify(text: string, kind: Notice['kind']): void;
  sessionEnded(): void;
  offline(retryInSeconds: number | undefined): void;
  /** Waits before the next try; a test may pass a shorter wait. */
  wait(ms: number): Promise<void>;
}

/** The `run` of the console (see ConsoleApi.run), with its effects handed in. */
export function makeRun(hooks: RunHooks) {
  return async function run<T>(work: () => Promise<T>): Promise<T | undefined> {
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await work();
        if (attempt > 0) hooks.offline(undefined);
        return result;
      } catch (error) {
        if (isNetworkError(error)) {
          const seconds = Math.min(2 ** attempt, 10);
          hooks.offline(seconds);
          await hooks.wait(seconds * 1000);
          continue;
        }
        if (attempt > 0) hooks.offline(undefined);
        if (error instanceof ApiError && error.code === 401) {
          hooks.sessionEnded();
          return undefined;
        }
        hooks.notify(error instanceof Error ? error.message : String(error), 'error');
        return undefined;
      }
    }
  };
}
