import { ApiError } from '@sso/shared-api/auth';
import { createStore } from '../lib/store.js';
import { getStore, removeStore, setStore } from '../session/storage.js';

/** An uncaught UI error kept in the browser until it is uploaded or cleared. */
export interface ErrorLogEntry {
  type: 'error';
  url: string;
  message: string;
  stack: string;
  info: string;
  time: string;
}

/** Entries kept at most; the oldest go first. */
const LIMIT = 500;

export const errorLogStore = createStore<ErrorLogEntry[]>(getStore<ErrorLogEntry[]>('logsList') ?? []);
errorLogStore.subscribe(() => {
  const logs = errorLogStore.get();
  if (logs.length) setStore('logsList', logs);
  else removeStore('logsList');
});

export function addErrorLog(error: unknown, info = ''): void {
  const err = error instanceof Error ? error : new Error(String(error));
  const entry: ErrorLogEntry = {
    type: 'error',
    // Cut to what the server's log table takes (clientErrorLog).
    url: (typeof window === 'undefined' ? '' : window.location.href).slice(0, 2000),
    message: err.message.slice(0, 4000),
    stack: (err.stack ?? '').slice(0, 20000),
    info: info.slice(0, 4000),
    time: new Date().toLocaleString(),
  };
  errorLogStore.set((logs) => [entry, ...logs].slice(0, LIMIT));
}

export const clearErrorLogs = () => errorLogStore.set([]);

/**
 * Uncaught errors and rejections of the page. Failed API calls (ApiError) are not UI errors:
 * the user saw their toast already, and the server logs them.
 */
export function installErrorCapture(): void {
  window.addEventListener('error', (event) => addErrorLog(event.error ?? event.message, 'window.onerror'));
  window.addEventListener('unhandledrejection', (event) => {
    if (event.reason instanceof ApiError) return;
    addErrorLog(event.reason, 'unhandledrejection');
  });
}
